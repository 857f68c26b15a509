"""The tournament service: sign-up, rounds of host games, standings, ratings (no Discord types).

Every round's tables are games created through the host (``Host.create_table``) with
the tournament's settings; the host tells us when a game ends (``on_game_finished``) and
the service then records the result, updates ratings and, once every table of the round
is done, plans and starts the next round. All state lives in the store, so after a
restart :meth:`resume` picks up exactly where things were; the same :meth:`tick` also
catches games that ended without a notice (an abandoned thread, a crash mid-round).

Advancing is serialised: a finish notice that arrives while a round is being set up
(an all-AI table can end inside ``create_table``) only marks the tournament for another
pass, so nothing runs re-entrantly.

The service is composed of parts, one idea each: ``host.tournament.core`` (reading, notices),
``host.tournament.results`` (results, ratings, profiles), ``host.tournament.rounds``
(advancing rounds) and ``host.tournament.organiser`` (drops, reports, cancelling).
``TournamentService`` here adds the sign-up.
"""

from __future__ import annotations

import asyncio
import builtins
import random
from typing import Any

from db.tournament_store import EntrantRow, TournamentRow
from host.core import engine_for
from host.errors import BadOptions, NotAllowed
from host.i18n import _
from host.models import PlayerRef
from host.tournament import formats, pairing, ratings
from host.tournament.core import NoticeListener, TournamentCore, _guild, log
from host.tournament.models import TournamentInfo
from host.tournament.organiser import Organiser

__all__ = ["TournamentService", "TournamentCore", "NoticeListener"]


class TournamentService(Organiser):
    """The one facade front ends use: the sign-up here, the rest from its parts."""

    # -- sign-up -------------------------------------------------------------------------------
    async def create(self, game_key: str, creator: PlayerRef, guild_id: int | None, channel_id: int | None,
                     options: dict[str, Any] | None = None, name: str | None = None,
                     seed: int | str | None = None) -> TournamentInfo:
        engine = engine_for(game_key)
        options = dict(options or {})
        try:
            config = formats.make_config(engine.min_players, engine.max_players, options)
        except ValueError as exc:
            raise BadOptions(_("Those tournament options don't work: {why}", why=exc)) from None
        if config.game_options:
            try:
                engine.check_options(dict(config.game_options), config.table_size)
            except ValueError as exc:
                raise BadOptions(_("Those game options don't work: {why}", why=exc)) from None
        seed = str(random.SystemRandom().randrange(2**31) if seed is None else seed)
        name = (name or "").strip()[:80] or _("{title} tournament", title=engine.title)
        tid = await self.db.create(guild_id=guild_id, channel_id=channel_id, game_key=game_key, name=name,
                                   config=config.to_json(), seed=seed, creator_id=creator.user_id, now=self.clock())
        log.info("tournament created", extra={"fields": {"tournament": tid, "guild": guild_id, "key": game_key}})
        return await self.get(tid)

    async def set_signup_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self.db.update(tournament_id, self.clock(), signup_channel_id=channel_id, signup_message_id=message_id)

    async def join(self, tournament_id: int, player: PlayerRef, is_ai: bool = False) -> TournamentInfo:
        row = await self._row(tournament_id)
        if row.status != "signup":
            raise NotAllowed(_("Sign-up for tournament #{id} is closed.", id=tournament_id))
        config = formats.Config.from_json(row.config)
        if len(await self.db.entrants(tournament_id)) >= config.max_players:
            raise NotAllowed(_("Tournament #{id} is full ({n} players).", id=tournament_id, n=config.max_players))
        if not await self.db.add_entrant(tournament_id, player.user_id, player.name[:80], is_ai):
            raise NotAllowed(_("You are already signed up for tournament #{id}.", id=tournament_id))
        return await self.get(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Before the start: off the list. Once running: a drop (the AI finishes your current game)."""
        row = await self._row(tournament_id)
        if row.status == "running":
            return await self.drop(tournament_id, user_id, by_user_id=user_id, is_admin=False)
        if row.status != "signup":
            raise NotAllowed(_("Tournament #{id} is over.", id=tournament_id))
        if not await self.db.remove_entrant(tournament_id, user_id):
            raise NotAllowed(_("You are not signed up for tournament #{id}.", id=tournament_id))
        return await self.get(tournament_id)

    async def start(self, tournament_id: int, by_user_id: int | None, is_admin: bool = False) -> TournamentInfo:
        row = await self._row(tournament_id)
        self._check_organiser(row, by_user_id, is_admin)
        if row.status != "signup":
            raise NotAllowed(_("Tournament #{id} has already started.", id=tournament_id))
        config = formats.Config.from_json(row.config)
        entrants = await self.db.entrants(tournament_id)
        need = formats.min_players_to_start(config)
        if len(entrants) < need:
            raise NotAllowed(_("A tournament needs at least {n} players; {have} signed up.", n=need,
                               have=len(entrants)))
        seeds = await self._seed_order(row, entrants)
        schedule = None
        if config.format == "swiss" and config.rounds is None:
            config.rounds = formats.swiss_rounds(len(entrants))
        if config.format == "round_robin":
            plans = await asyncio.to_thread(pairing.round_robin_schedule, seeds, config.table_size,
                                            config.min_table)
            schedule = [{"tables": p.tables, "byes": p.byes} for p in plans]
        await self.db.update(tournament_id, self.clock(), status="running", seeds=seeds, schedule=schedule,
                             config=config.to_json())
        log.info("tournament started", extra={"fields": {"tournament": tournament_id, "players": len(entrants)}})
        await self._kick(tournament_id)
        return await self.get(tournament_id)

    async def _seed_order(self, row: TournamentRow, entrants: builtins.list[EntrantRow]) -> builtins.list[int]:
        """By rating in this game on this server (best first); equal ratings by lot."""
        ids = [e.user_id for e in entrants]
        random.Random(f"seeds:{row.seed}").shuffle(ids)
        known = await self.db.ratings_of(_guild(row.guild_id), row.game_key, ids)
        start = ratings.initial().ordinal
        return sorted(ids, key=lambda u: -(known[u].ordinal if u in known else start))
