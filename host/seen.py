"""What people see: the public and private views, the log as text and the score sheet (a part
of ``host.service.Host``; the pictures are drawn in ``host.service``).
"""

from __future__ import annotations

import logging
from typing import Any

from db.store import (
    GameDamaged,
    GameRow,
)
from host.core import HostCore, engine_for
from host.errors import GameBroken, NotAllowed
from host.i18n import _, tr, tr_data
from host.replay import LogReplay
from host.views import broken_text, private_lines_of, public_lines_of, with_names

log = logging.getLogger("host")


class Seen(HostCore):
    # -- what people see ---------------------------------------------------------------------
    async def public_view(self, game_id: int) -> dict[str, Any]:
        row, engine, state = await self._any_state(game_id)
        return with_names(engine.view(state, None), await self._seats(game_id), None)

    async def private_view(self, game_id: int, user_id: int) -> dict[str, Any]:
        row, engine, state = await self._any_state(game_id)
        seat = await self._seat_for(game_id, user_id)
        return with_names(engine.view(state, seat.seat), await self._seats(game_id), seat.seat)

    async def _any_state(self, game_id: int) -> tuple[GameRow, Any, Any]:
        row = await self._row(game_id)
        if row.status == "lobby" or row.n_players is None:
            raise NotAllowed(_("Game #{id} has not started yet.", id=game_id))
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        engine = engine_for(row.game_key)
        state, _v = await self._load_state(game_id, engine)
        return row, engine, state

    async def log_lines(self, game_id: int, limit: int = 15, user_id: int | None = None) -> list[str]:
        """The game's log as text (public lines, plus the asking player's own private lines)."""
        row = await self._row(game_id)
        if row.status == "lobby":
            return []
        if row.broken:
            raise GameBroken(broken_text(game_id, row.broken))
        if "options" in row.damage:
            raise await self._damaged(game_id, GameDamaged(game_id, "options"))
        engine = engine_for(row.game_key)
        seats = await self._seats(game_id)
        names = [self.text_name(s.display_name) for s in seats]
        mine = next((s.seat for s in seats if user_id is not None and s.user_id == user_id and not s.is_ai), None)
        lines: list[str] = []
        try:
            walk = LogReplay(engine, row.n_players or 0, dict(row.options), row.seed_value)
            entries = await self._log(game_id)
            steps = [(e, walk.step(e["seq"], e["seat"], e["action"])) for e in entries]
        except GameBroken:
            raise
        except Exception as exc:  # noqa: BLE001 - a log the engine cannot replay is damaged
            raise await self._damaged(game_id, GameDamaged(game_id, "log", f"the log does not replay: {exc}")) from None
        for _entry, events in steps:
            lines += public_lines_of(engine, events, names)
            if mine is not None:
                lines += private_lines_of(engine, events, names).get(mine, [])
        return [tr(line) for line in lines[-limit:]]

    async def score_sheet(self, game_id: int) -> dict[str, Any] | None:
        """The final result for a front end: rows by rank, category names and the tie-break, translated."""
        row = await self._row(game_id)
        if not row.result:
            return None
        engine = engine_for(row.game_key)
        seats = await self._seats(game_id)
        res = dict(row.result)
        if "forfeit" not in res and row.status == "finished":
            # the engine's own texts (the tie-break) come back as translatable messages
            state, _version = await self._load_state(game_id, engine)
            res["tiebreak"] = (engine.result(state) or res).get("tiebreak", "")
        # a category nobody scored in (a module not played, e.g. Land vs Sea's waypoints) is left out
        categories = {tr_data(k): v for k, v in res.get("categories", {}).items()
                      if not (isinstance(v, list) and all(x in (0, None) for x in v))}
        team_of = {seat: tr_data(str(res.get("team_names", {}).get(team, "")))
                   for team, members in (res.get("teams") or {}).items() for seat in members}
        rows = []
        for s in seats:
            rows.append({"seat": s.seat, "name": s.display_name, "is_ai": s.is_ai, "team": team_of.get(s.seat, ""),
                         "score": res.get("scores", [None] * len(seats))[s.seat],
                         "rank": res.get("ranks", [None] * len(seats))[s.seat],
                         "categories": {k: v[s.seat] for k, v in categories.items()
                                        if isinstance(v, list) and len(v) > s.seat}})
        rows.sort(key=lambda r: (r["rank"] if r["rank"] is not None else 99, r["seat"]))
        return {"game_id": game_id, "title": tr_data(engine.title), "rows": rows,
                "categories": list(categories), "tiebreak": tr(res.get("tiebreak", "")),
                # a game won outright (Island Siege's win kinds) says how it was won, not a tie-break
                "won_by": bool(res.get("win_kind")), "forfeit": res.get("forfeit")}
