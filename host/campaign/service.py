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
"""

from __future__ import annotations

import asyncio
import builtins
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from db.campaign_store import CampaignPlayerRow, CampaignRow, CampaignStore, EpisodeRow
from db.store import Store
from host.errors import BadOptions, NotAllowed, NotFound
from host.i18n import _, reason, tr
from host.logging_setup import log_event
from host.models import GameInfo, MoveOutcome, PlayerRef, Scope
from rules import ENGINES
from rules.my_island import campaign as camp
from rules.my_island.modules import N_EPISODES

log = logging.getLogger("host.campaign")

GAME_KEY = "my_island"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
EPISODE_SETTINGS = {"on_timeout": "ai"}  # a forfeit would leave an episode without a result


@dataclass
class CampaignPlayer:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    island_name: str


@dataclass
class EpisodeInfo:
    episode: int
    game_id: int
    status: str  # playing | finished | void
    scores: builtins.list[int] | None = None
    ranks: builtins.list[int] | None = None


@dataclass
class CampaignInfo:
    id: int
    guild_id: int | None
    channel_id: int | None
    creator_id: int | None
    status: str  # forming | running | finished | abandoned
    episode: int  # the next episode (25 once all are played)
    players: builtins.list[CampaignPlayer]
    carry: dict | None
    episodes: builtins.list[EpisodeInfo] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    message_channel_id: int | None = None
    message_id: int | None = None

    @property
    def current(self) -> EpisodeInfo | None:
        """The episode game being played now, if any."""
        return next((e for e in reversed(self.episodes) if e.status == "playing"), None)

    @property
    def is_full(self) -> bool:
        return len(self.players) >= MAX_PLAYERS

    def player_of(self, user_id: int) -> CampaignPlayer | None:
        return next((p for p in self.players if p.user_id == user_id and not p.is_ai), None)


@dataclass
class EpisodeStart:
    campaign: CampaignInfo
    episode: int
    outcome: MoveOutcome


CreatedHook = Callable[[GameInfo], Awaitable[None]]


def _island_default(p: CampaignPlayerRow) -> str:
    return p.island_name or _("{name}'s island", name=p.name)


def _translated(status: dict) -> dict:
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


class CampaignService:
    def __init__(self, host: Any, store: Store | None = None, clock: Callable[[], float] | None = None) -> None:
        self.host = host
        self.db = CampaignStore(store or host.store)
        self.clock: Callable[[], float] = clock if clock is not None else getattr(host, "clock", time.time)
        self._locks: dict[int, asyncio.Lock] = {}
        host.on_game_finished(self._game_finished)

    def _lock(self, campaign_id: int) -> asyncio.Lock:
        return self._locks.setdefault(campaign_id, asyncio.Lock())

    # -- reading -------------------------------------------------------------------------------
    async def _row(self, campaign_id: int) -> CampaignRow:
        row = await self.db.get(campaign_id)
        if row is None:
            raise NotFound(_("Campaign #{id} does not exist.", id=campaign_id))
        return row

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

    async def find(self, campaign_id: int, scope: Scope) -> CampaignInfo:
        """Campaign ``campaign_id`` as seen from ``scope`` (a server: its own; a DM: the user's);
        out of scope is answered exactly like a campaign that does not exist."""
        info = await self.get(campaign_id)
        if not scope.allows(info.guild_id, [p.user_id for p in info.players if not p.is_ai]):
            raise NotFound(_("Campaign #{id} does not exist.", id=campaign_id))
        return info

    async def list_for(self, scope: Scope, statuses: tuple[str, ...] = ("forming", "running")) -> builtins.list[CampaignInfo]:
        """The campaigns ``scope`` can reach: the server's, or in a DM the user's own."""
        if scope.guild_id is not None:
            return await self.list(scope.guild_id, statuses=statuses)
        return [c for c in await self.for_user(scope.user_id) if c.status in statuses]

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

    # -- forming -------------------------------------------------------------------------------
    async def create(self, guild_id: int | None, channel_id: int | None, creator: PlayerRef,
                     players: builtins.list[PlayerRef | None] | None = None, creator_plays: bool = True,
                     settings: dict | None = None) -> CampaignInfo:
        """A new campaign: the creator's seat first (unless ``creator_plays`` is false), then
        ``players`` in order (``None`` = an AI seat). More can join until episode 1 starts."""
        seats: builtins.list[PlayerRef | None] = [creator] if creator_plays else []
        seats.extend(players or [])
        if len(seats) > MAX_PLAYERS:
            raise BadOptions(_("A campaign has at most {n} players.", n=MAX_PLAYERS))
        users = [p.user_id for p in seats if p is not None]
        if len(users) != len(set(users)):
            raise BadOptions(_("Each player can take only one seat."))
        from host import deadlines

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
            self._check_manager(row, by_user_id, is_admin, any(p.user_id == by_user_id for p in players))
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

    @staticmethod
    def _check_manager(row: CampaignRow, by_user_id: int | None, is_admin: bool, seated: bool = False) -> None:
        if by_user_id is not None and by_user_id != row.creator_id and not is_admin and not seated:
            raise NotAllowed(_("Only the campaign's creator or a server manager can do that."))

    # -- episodes ------------------------------------------------------------------------------
    async def next_episode(self, campaign_id: int, by_user_id: int | None, is_admin: bool = False,
                           on_created: CreatedHook | None = None, seed: int | str | None = None) -> EpisodeStart:
        """Create and start the next episode's game. ``on_created(game)`` runs after the game
        exists and before it starts (a front end opens its thread there)."""
        async with self._lock(campaign_id):
            await self.reconcile(campaign_id)
            row = await self._row(campaign_id)
            if by_user_id is not None and by_user_id != row.creator_id and not is_admin:
                raise NotAllowed(_("Only the campaign's creator or a server manager can start an episode."))
            if row.status == "abandoned":
                raise NotAllowed(_("Campaign #{id} was abandoned.", id=campaign_id))
            if row.status == "finished" or row.episode > N_EPISODES:
                raise NotAllowed(_("Campaign #{id} is finished: all {n} episodes have been played.",
                                   id=campaign_id, n=N_EPISODES))
            playing = [e for e in await self.db.episodes(campaign_id) if e.status == "playing"]
            if playing:
                game = await self.host.get(playing[-1].game_id)
                if game.status == "lobby":  # a crash between creating and starting it: start it now
                    return await self._start(row, playing[-1].episode, game, on_created)
                raise NotAllowed(_("Episode {k} (game #{game}) is still being played: finish it first.",
                                   k=playing[-1].episode, game=playing[-1].game_id))
            players = await self.db.players(campaign_id)
            if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
                raise NotAllowed(_("A campaign needs {lo} to {hi} players; {n} seated.", lo=MIN_PLAYERS,
                                   hi=MAX_PLAYERS, n=len(players)))
            carry = row.carry
            first = carry is None
            if first:
                carry = camp.new_carry(len(players), [_island_default(p) for p in players])
            assert carry is not None, "a running campaign has its carry; the first episode makes one"
            try:
                camp.validate_carry(carry, len(players))
                options = camp.episode_options(carry)
            except ValueError as exc:
                raise BadOptions(_("The campaign's saved state is unusable: {why}", why=reason(exc))) from None
            episode = options["episode"]
            creator = PlayerRef(row.creator_id, "") if row.creator_id is not None else None
            settings = dict(row.settings, **EPISODE_SETTINGS)
            game = await self.host.create_game(GAME_KEY, options, creator, row.guild_id, row.channel_id,
                                               settings=settings, seed=seed, creator_plays=False)
            for p in players:
                if p.is_ai:
                    await self.host.add_ai(game.id, None)
                else:
                    await self.host.join(game.id, PlayerRef(p.user_id, p.name))  # type: ignore[arg-type]
            await self.db.add_episode(campaign_id, episode, game.id, self.clock(), carry=carry if first else None)
            log_event(log, "campaign episode created", campaign=campaign_id, episode=episode, game=game.id)
            return await self._start(row, episode, await self.host.get(game.id), on_created)

    async def _start(self, row: CampaignRow, episode: int, game: GameInfo,
                     on_created: CreatedHook | None) -> EpisodeStart:
        if on_created is not None:
            await on_created(game)
        outcome = await self.host.start(game.id, None)
        if outcome.finished:  # an all-AI episode ends inside start()
            await self.reconcile(row.id)
        return EpisodeStart(await self._info(await self._row(row.id)), episode, outcome)

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
            state, _v = await self.db.store.load_state(game.id, engine)
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

    # -- status, renaming, abandoning ----------------------------------------------------------
    async def status(self, campaign_id: int) -> dict:
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
            elif seat != mine and by_user_id != row.creator_id and not is_admin:
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

    async def abandon(self, campaign_id: int, by_user_id: int | None, is_admin: bool = False) -> CampaignInfo:
        row = await self._row(campaign_id)
        self._check_manager(row, by_user_id, is_admin)
        if row.status in ("finished", "abandoned"):
            raise NotAllowed(_("Campaign #{id} is already over.", id=campaign_id))
        await self.db.update(campaign_id, self.clock(), status="abandoned")
        for ep in await self.db.episodes(campaign_id):
            if ep.status == "playing":
                try:
                    await self.host.abandon(ep.game_id, None)
                except (NotAllowed, NotFound):
                    pass
                await self.db.finish_episode(campaign_id, ep.game_id, ep.episode, None, None, self.clock())
        log_event(log, "campaign abandoned", campaign=campaign_id)
        return await self._info(await self._row(campaign_id))
