"""What every part of the campaign service shares: the host, the store and the clock, one lock
per campaign, and reading campaigns (scoped as the host scopes games), with each episode
game that ended applied first: its result and the carry it leaves, or void if abandoned.
"""

from __future__ import annotations

import asyncio
import builtins
import logging
import time
from collections.abc import Callable
from typing import Any

from db.campaign_store import CampaignPlayerRow, CampaignRow, CampaignStore, EpisodeRow
from db.store import Store
from host.campaign.models import GAME_KEY, CampaignInfo, CampaignPlayer, EpisodeInfo
from host.errors import NotFound
from host.i18n import _
from host.locks import KeyedLocks
from host.logging_setup import log_event
from host.models import GameInfo
from host.permissions import require_director
from host.replay import GameStates
from host.scoped import ScopedLookups
from rules import ENGINES
from rules.my_island import campaign as camp
from rules.my_island.modules import N_EPISODES

log = logging.getLogger("host.campaign")


def _island_default(p: CampaignPlayerRow) -> str:
    return p.island_name or _("{name}'s island", name=p.name)


class CampaignCore(ScopedLookups[CampaignRow, CampaignInfo]):
    """What the parts of ``host.campaign.service.CampaignService`` share (the state, reading, episode ends)."""

    OPEN = ("forming", "running")

    def __init__(self, host: Any, store: Store | None = None, clock: Callable[[], float] | None = None) -> None:
        self.host = host
        self.db = CampaignStore(store or host.store)
        self.clock: Callable[[], float] = clock if clock is not None else getattr(host, "clock", time.time)
        self._locks = KeyedLocks()
        host.on_game_finished(self._game_finished)

    def _lock(self, campaign_id: int) -> asyncio.Lock:
        return self._locks(campaign_id)

    # -- reading -------------------------------------------------------------------------------
    def _missing(self, number: int) -> str:
        return _("Campaign #{id} does not exist.", id=number)

    async def _load(self, number: int) -> CampaignRow | None:
        return await self.db.get(number)

    async def _info(self, row: CampaignRow) -> CampaignInfo:
        players = await self.db.players(row.id)
        carry = row.carry
        out_players = []
        for p in players:
            island = _island_default(p)
            if carry is not None and p.seat < len(carry["islands"]):
                island = carry["islands"][p.seat].get("name") or island
            out_players.append(CampaignPlayer(p.seat, p.user_id, p.name, p.is_ai, island))
        episodes = []
        for e in await self.db.episodes(row.id):
            res = e.result or {}
            episodes.append(EpisodeInfo(e.episode, e.game_id, e.status, res.get("scores"), res.get("ranks")))
        return CampaignInfo(id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, creator_id=row.creator_id,
                            status=row.status, episode=row.episode, players=out_players, carry=carry,
                            episodes=episodes, settings=row.settings, message_channel_id=row.message_channel_id,
                            message_id=row.message_id)

    async def get(self, campaign_id: int) -> CampaignInfo:
        await self.reconcile(campaign_id)
        return await self._info(await self._row(campaign_id))

    async def list(self, guild_id: int | None, channel_id: int | None = None,
                   statuses: tuple[str, ...] = ("forming", "running")) -> builtins.list[CampaignInfo]:
        return [await self._info(r) for r in await self.db.list(guild_id, channel_id, statuses)]

    async def _of_server(self, guild_id: int, statuses: tuple[str, ...]) -> builtins.list[CampaignInfo]:
        return await self.list(guild_id, statuses=statuses)

    async def _of_user(self, user_id: int, statuses: tuple[str, ...]) -> builtins.list[CampaignInfo]:
        return [c for c in await self.for_user(user_id) if c.status in statuses]

    async def _number_for_game(self, game_id: int) -> int | None:
        ep = await self.db.episode_for_game(game_id)
        return ep.campaign_id if ep else None

    async def for_user(self, user_id: int) -> builtins.list[CampaignInfo]:
        return [await self._info(r) for r in await self.db.for_user(user_id)]

    async def for_game(self, game_id: int) -> CampaignInfo | None:
        ep = await self.db.episode_for_game(game_id)
        return await self.get(ep.campaign_id) if ep else None

    async def for_message(self, message_id: int) -> CampaignInfo | None:
        row = await self.db.for_message(message_id)
        return await self._info(row) if row else None

    async def set_message(self, campaign_id: int, channel_id: int, message_id: int) -> None:
        await self.db.update(campaign_id, self.clock(), message_channel_id=channel_id, message_id=message_id)

    @staticmethod
    def _check_manager(row: CampaignRow, by_user_id: int | None, is_admin: bool) -> None:
        require_director(row.creator_id, by_user_id, is_admin,
                         _("Only the campaign's creator or a server manager can do that."))

    # -- episode ends ----------------------------------------------------------------------------
    async def _game_finished(self, game: GameInfo) -> None:
        if game.key != GAME_KEY or game.status not in ("finished", "abandoned"):
            return
        ep = await self.db.episode_for_game(game.id)
        if ep is None or ep.status != "playing":
            return
        await self._close(ep, game)

    async def reconcile(self, campaign_id: int) -> None:
        """Apply any episode game that ended without its notice being handled."""
        for ep in await self.db.episodes(campaign_id):
            if ep.status != "playing":
                continue
            try:
                game = await self.host.get(ep.game_id)
            except NotFound:
                await self.db.finish_episode(campaign_id, ep.game_id, ep.episode, None, None, self.clock())
                continue
            if game.status in ("finished", "abandoned"):
                await self._close(ep, game)

    async def _close(self, ep: EpisodeRow, game: GameInfo) -> None:
        row = await self._row(ep.campaign_id)
        carry = None
        result = game.result
        if game.status == "finished" and result and "forfeit" not in result and row.carry is not None:
            engine = ENGINES[GAME_KEY]
            state, _v = await GameStates.of(self.db.store).load_state(game.id, engine)
            try:
                carry = camp.next_carry(row.carry, result, engine.dump(state))
            except (ValueError, KeyError) as exc:
                log.warning("campaign episode could not be applied", extra={"fields": {
                    "campaign": row.id, "game": game.id, "why": str(exc)}})
                carry = None
            if carry is not None:
                started_with = game.options.get("carry", {}).get("islands", [])
                for seat, isl in enumerate(carry["islands"]):  # a rename during the episode wins
                    now_name = row.carry["islands"][seat].get("name")
                    if seat < len(started_with) and now_name != started_with[seat].get("name"):
                        isl["name"] = now_name
        status = "running"
        if carry is not None and carry["episode"] > N_EPISODES:
            status = "finished"
        done = await self.db.finish_episode(row.id, game.id, ep.episode, result, carry, self.clock(),
                                            campaign_status=status)
        if done:
            log_event(log, "campaign episode " + ("applied" if carry is not None else "void"), campaign=row.id,
                      episode=ep.episode, game=game.id)
