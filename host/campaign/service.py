"""My Island campaigns: 24 episodes for a fixed group of seats (no Discord types).

A campaign is a guild/channel, its seats (people and AI seats, fixed once episode 1
starts), the carry JSON of ``rules.my_island.campaign`` and one host game per episode.
``next_episode`` creates and starts the episode's game through the host with
``episode_options(carry)``; when the host reports that game's end (``on_game_finished``),
the service loads the final state through the store, computes ``next_carry`` and stores
it together with the episode's result in one guarded transaction. An abandoned (or
forfeited) episode game is void: the same episode is played again. Everything lives in
SQLite, so a restarted bot carries on; a finish that was missed (a crash between the
game's end and the notice) is picked up by :meth:`reconcile`, which every read runs.

The service is composed of parts, one idea each: ``host.campaign.models`` (the values front
ends get), ``host.campaign.core`` (reading, episode ends), ``host.campaign.episodes``
(starting episodes, abandoning) and ``host.campaign.islands`` (status, island names).
``CampaignService`` here adds forming the group of seats.
"""

from __future__ import annotations

import builtins
from typing import Any

from db.campaign_store import CampaignPlayerRow, CampaignRow
from host import deadlines
from host.campaign.core import CampaignCore, log
from host.campaign.episodes import Episodes
from host.campaign.islands import Islands
from host.campaign.models import (
    EPISODE_SETTINGS,
    GAME_KEY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CampaignInfo,
    CampaignPlayer,
    CreatedHook,
    EpisodeInfo,
    EpisodeStart,
)
from host.errors import BadOptions, NotAllowed
from host.i18n import _
from host.logging_setup import log_event
from host.models import PlayerRef

__all__ = ["CampaignService", "CampaignCore", "CampaignInfo", "CampaignPlayer", "EpisodeInfo", "EpisodeStart",
           "CreatedHook", "GAME_KEY", "MIN_PLAYERS", "MAX_PLAYERS", "EPISODE_SETTINGS"]


class CampaignService(Episodes, Islands):
    """The one facade front ends use: forming the seats here, the rest from its parts."""

    # -- forming -------------------------------------------------------------------------------
    async def create(self, guild_id: int | None, channel_id: int | None, creator: PlayerRef,
                     players: builtins.list[PlayerRef | None] | None = None, creator_plays: bool = True,
                     settings: dict[str, Any] | None = None) -> CampaignInfo:
        """A new campaign: the creator's seat first (unless ``creator_plays`` is false), then
        ``players`` in order (``None`` = an AI seat). More can join until episode 1 starts."""
        seats: builtins.list[PlayerRef | None] = [creator] if creator_plays else []
        seats.extend(players or [])
        if len(seats) > MAX_PLAYERS:
            raise BadOptions(_("A campaign has at most {n} players.", n=MAX_PLAYERS))
        users = [p.user_id for p in seats if p is not None]
        if len(users) != len(set(users)):
            raise BadOptions(_("Each player can take only one seat."))
        checked = deadlines.validate_settings(dict(settings or {}))
        cid = await self.db.create(guild_id=guild_id, channel_id=channel_id, creator_id=creator.user_id,
                                   settings=checked, now=self.clock(), game_key=GAME_KEY)
        await self.db.set_players(cid, self._rows(seats), self.clock())
        log_event(log, "campaign created", campaign=cid, guild=guild_id, players=len(seats))
        return await self.get(cid)

    @staticmethod
    def _rows(seats: builtins.list[PlayerRef | None], old: builtins.list[CampaignPlayerRow] | None = None) -> builtins.list[CampaignPlayerRow]:
        islands = {p.user_id: p.island_name for p in old or [] if not p.is_ai}
        rows, n_ai = [], 0
        for i, p in enumerate(seats):
            if p is None:
                n_ai += 1
                rows.append(CampaignPlayerRow(i, None, _("AI {n}", n=n_ai), True, None))
            else:
                rows.append(CampaignPlayerRow(i, p.user_id, p.name, False, islands.get(p.user_id)))
        return rows

    async def _forming(self, campaign_id: int) -> tuple[CampaignRow, builtins.list[CampaignPlayerRow]]:
        row = await self._row(campaign_id)
        if row.status != "forming":
            raise NotAllowed(_("Campaign #{id} has already begun: its seats are fixed.", id=campaign_id)
                             if row.status == "running" else _("Campaign #{id} is over.", id=campaign_id))
        return row, await self.db.players(campaign_id)

    async def _reseat(self, campaign_id: int, seats: builtins.list[PlayerRef | None],
                      old: builtins.list[CampaignPlayerRow]) -> CampaignInfo:
        # AI seats keep their place; renumbering names them AI 1, AI 2 ... in seat order
        await self.db.set_players(campaign_id, self._rows(seats, old), self.clock())
        return await self.get(campaign_id)

    @staticmethod
    def _refs(players: builtins.list[CampaignPlayerRow]) -> builtins.list[PlayerRef | None]:
        return [None if p.is_ai else PlayerRef(p.user_id, p.name) for p in players]  # type: ignore[arg-type]

    async def join(self, campaign_id: int, player: PlayerRef) -> CampaignInfo:
        async with self._lock(campaign_id):
            _row, players = await self._forming(campaign_id)
            if any(p.user_id == player.user_id and not p.is_ai for p in players):
                raise NotAllowed(_("You are already in campaign #{id}.", id=campaign_id))
            if len(players) >= MAX_PLAYERS:
                raise NotAllowed(_("Campaign #{id} is full ({n} players).", id=campaign_id, n=MAX_PLAYERS))
            return await self._reseat(campaign_id, self._refs(players) + [player], players)

    async def add_ai(self, campaign_id: int, by_user_id: int | None, is_admin: bool = False) -> CampaignInfo:
        async with self._lock(campaign_id):
            row, players = await self._forming(campaign_id)
            self._check_manager(row, by_user_id, is_admin)  # as a game's Add AI: not any seated player
            if len(players) >= MAX_PLAYERS:
                raise NotAllowed(_("Campaign #{id} is full ({n} players).", id=campaign_id, n=MAX_PLAYERS))
            return await self._reseat(campaign_id, self._refs(players) + [None], players)

    async def leave(self, campaign_id: int, user_id: int) -> CampaignInfo:
        async with self._lock(campaign_id):
            _row, players = await self._forming(campaign_id)
            if not any(p.user_id == user_id and not p.is_ai for p in players):
                raise NotAllowed(_("You are not in campaign #{id}.", id=campaign_id))
            kept = [p for p in players if not (p.user_id == user_id and not p.is_ai)]
            return await self._reseat(campaign_id, self._refs(kept), players)
