"""Hints in casual games (issue 31; a part of ``host.service.Host``): with the game setting
``hints`` on, a player may ask for the move the strongest AI would make from their own view
(``host.tutorial.hint``). Never in a rated game nor at a tournament table: the setting is refused
there, and a hint is refused there whatever a stored setting says."""

from __future__ import annotations

import asyncio
from typing import Any

from db.store import GameRow
from db.tournament_store import TournamentStore
from host.core import HostCore, engine_for
from host.errors import BadOptions, NotAllowed, NotYourTurn
from host.i18n import _
from host.tutorial import TUTORIALS
from host.tutorial.hint import Hint, hint_for
from host.views import with_names


class Hints(HostCore):
    async def _in_tournament(self, game_id: int) -> bool:
        return await TournamentStore(self.store).table_for_game(game_id) is not None

    async def hints_allowed(self, game_id: int, settings: dict[str, Any] | None = None) -> bool:
        """Whether a player of ``game_id`` may ask for hints (its ``settings``: as stored, unless given)."""
        if settings is None:
            settings = dict((await self._row(game_id)).settings)
        if not settings.get("hints") or settings.get("rated"):
            return False
        return not await self._in_tournament(game_id)

    async def check_hints_setting(self, game_id: int, settings: dict[str, Any]) -> None:
        """Refuse settings that would turn hints on in a rated game or at a tournament table."""
        if not settings.get("hints"):
            return
        if settings.get("rated"):
            raise BadOptions(_("Hints are only for unrated casual games; this game is rated."))
        if await self._in_tournament(game_id):
            raise BadOptions(_("Hints are only for unrated casual games, never at a tournament table."))

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The strongest AI's move for this player now, computed from their seat's view only."""
        row: GameRow = await self._row(game_id)
        if not await self.hints_allowed(game_id, dict(row.settings)):
            raise NotAllowed(_("Hints are off in this game (an unrated casual game can turn them on in /game settings)."))
        if row.status != "active":
            raise NotAllowed(_("Game #{id} is not being played right now.", id=game_id))
        engine = engine_for(row.game_key)
        state, version = await self._load_state(game_id, engine)
        seats = await self._seats(game_id)
        seat = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))
        if seat.seat not in engine.to_act(state):
            raise NotYourTurn(_("It is not your turn in game #{id}.", id=game_id))
        view = with_names(engine.view(state, seat.seat), seats, seat.seat)
        why = TUTORIALS[row.game_key].why if row.game_key in TUTORIALS else {}
        # a short search (the expert's): in a worker thread, never on the event loop
        return await asyncio.to_thread(hint_for, engine, state, seat.seat, row.seed_value, version, why, view)
