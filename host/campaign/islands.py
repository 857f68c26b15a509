"""The islands: where the campaign stands (``campaign_status`` of its carry, in the caller's
language) and naming an island.
"""

from __future__ import annotations

from typing import Any

from host.campaign.core import CampaignCore
from host.campaign.models import MAX_PLAYERS, MIN_PLAYERS, CampaignInfo
from host.errors import BadOptions, NotAllowed
from host.i18n import _, reason, tr
from host.permissions import may_direct
from rules.my_island import campaign as camp


def _translated(status: dict[str, Any]) -> dict[str, Any]:
    """The status's game words (rule lines, chapter titles, module names) in the caller's language."""
    if "next_rules" in status:
        status["next_rules"] = [tr(line) for line in status["next_rules"]]
    for chapter in status.get("chapters", []):
        chapter["title"] = tr(chapter["title"])
        if "rules" in chapter:
            chapter["rules"] = {e: [tr(line) for line in lines] for e, lines in chapter["rules"].items()}
    if "unlocked_module_names" in status:
        status["unlocked_module_names"] = [tr(name) for name in status["unlocked_module_names"]]
    return status


class Islands(CampaignCore):
    """A campaign's status and its islands' names."""

    async def status(self, campaign_id: int) -> dict[str, Any]:
        """``campaign_status(carry)`` plus the seats, the episode games and the campaign's state."""
        info = await self.get(campaign_id)
        carry = info.carry
        if carry is None and MIN_PLAYERS <= len(info.players) <= MAX_PLAYERS:
            carry = camp.new_carry(len(info.players), [p.island_name for p in info.players])
        out = camp.campaign_status(carry) if carry is not None else {
            "players": len(info.players), "next_episode": 1, "finished": False, "standings": [], "islands": [],
            "chapters": [], "unlocked_modules": [], "history": [], "episodes_played": 0}
        out["campaign"] = {"id": info.id, "status": info.status, "creator_id": info.creator_id,
                           "current_game_id": info.current.game_id if info.current else None}
        out["seats"] = [{"seat": p.seat, "user_id": p.user_id, "name": p.name, "is_ai": p.is_ai,
                         "island": p.island_name} for p in info.players]
        out["episodes"] = [{"episode": e.episode, "game_id": e.game_id, "status": e.status, "scores": e.scores,
                            "ranks": e.ranks} for e in info.episodes]
        return _translated(out)

    async def rename(self, campaign_id: int, by_user_id: int, name: str, seat: int | None = None,
                     is_admin: bool = False) -> CampaignInfo:
        """Name an island: your own, or (creator / server manager) any seat's."""
        async with self._lock(campaign_id):
            row = await self._row(campaign_id)
            players = await self.db.players(campaign_id)
            mine = next((p.seat for p in players if p.user_id == by_user_id and not p.is_ai), None)
            if seat is None:
                if mine is None:
                    raise NotAllowed(_("You have no island in campaign #{id}.", id=campaign_id))
                seat = mine
            elif seat != mine and not may_direct(row.creator_id, by_user_id, is_admin):
                raise NotAllowed(_("You can only rename your own island."))
            if not 0 <= seat < len(players):
                raise NotAllowed(_("Campaign #{id} has no seat {n}.", id=campaign_id, n=seat + 1))
            if row.status in ("finished", "abandoned"):
                raise NotAllowed(_("Campaign #{id} is over.", id=campaign_id))
            try:
                if row.carry is None:
                    camp.rename_island(camp.new_carry(MAX_PLAYERS), 0, name)  # the same checks
                    players[seat].island_name = name.strip()
                    await self.db.set_players(campaign_id, players, self.clock())
                else:
                    await self.db.update(campaign_id, self.clock(), carry=camp.rename_island(row.carry, seat, name))
            except ValueError as exc:
                raise BadOptions(_("That name doesn't work: {why}", why=reason(exc))) from None
        return await self.get(campaign_id)
