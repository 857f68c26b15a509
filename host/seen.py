"""What people see: the public and private views, the log as text and the score sheet (a part
of ``host.service.Host``; the pictures are drawn in ``host.service``).
"""

from __future__ import annotations

import logging
from typing import Any

from db.store import (
    GameDamaged,
    GameMissing,
    GameRow,
)
from host.core import HostCore, engine_for
from host.errors import GameBroken, NotAllowed, NotFound
from host.i18n import _, tr, tr_data
from host.replay import LogReplay
from host.rules_topics import topic_title
from host.score_breakdown import Part, breakdown, needs_events
from host.views import broken_text, private_lines_of, public_lines_of, with_names

log = logging.getLogger("host")


class Seen(HostCore):
    # -- what people see ---------------------------------------------------------------------
    async def public_view(self, game_id: int) -> dict[str, Any]:
        (_row, engine, state), seats = await self.store.together(self._any_state(game_id), self._seats(game_id))
        return with_names(engine.view(state, None), seats, None)

    async def private_view(self, game_id: int, user_id: int) -> dict[str, Any]:
        (_row, engine, state), seats = await self.store.together(self._any_state(game_id), self._seats(game_id))
        seat = next((s for s in seats if s.user_id == user_id and not s.is_ai), None)
        if seat is None:
            raise NotAllowed(_("You are not playing in game #{id}.", id=game_id))
        return with_names(engine.view(state, seat.seat), seats, seat.seat)

    async def _any_state(self, game_id: int) -> tuple[GameRow, Any, Any]:
        """A started game's row and state, read in one statement (its key is kept once known)."""
        key, _guild = await self._identity(game_id)
        engine = engine_for(key)

        def check(row: GameRow) -> None:
            if row.status == "lobby" or row.n_players is None:
                raise NotAllowed(_("Game #{id} has not started yet.", id=game_id))
            if row.broken:
                raise GameBroken(broken_text(game_id, row.broken))

        try:
            loaded = await self._load(game_id, engine, check)
        except GameMissing:  # gone since its key was kept (a discarded lobby)
            raise NotFound(_("Game #{id} does not exist.", id=game_id)) from None
        return loaded.row, engine, loaded.state

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
        """The final result for a front end: rows by rank, category names, the tie-break and the win
        condition (a game won by a condition, not by scores), translated."""
        row = await self._row(game_id)
        if not row.result:
            return None
        engine = engine_for(row.game_key)
        seats = await self._seats(game_id)
        res = dict(row.result)
        if "forfeit" not in res and row.status == "finished":
            # the engine's own texts (the tie-break) come back as translatable messages
            state, _version = await self._load_state(game_id, engine)
            fresh = engine.result(state) or res
            res["tiebreak"] = fresh.get("tiebreak", "")
            res["win_condition"] = fresh.get("win_condition", "")
        # a category nobody scored in (a module not played, e.g. Land vs Sea's waypoints) is left out
        categories = {tr_data(k): v for k, v in res.get("categories", {}).items()
                      if not (isinstance(v, list) and all(x in (0, None) for x in v))}
        team_of = {seat: tr_data(str(res.get("team_names", {}).get(team, "")))
                   for team, members in (res.get("teams") or {}).items() for seat in members}
        parts = [] if "forfeit" in res else breakdown(
            row.game_key, res, await self._events_in_force(game_id, row, engine) if needs_events(row.game_key) else ())
        rows = []
        for s in seats:
            rows.append({"seat": s.seat, "name": s.display_name, "is_ai": s.is_ai, "team": team_of.get(s.seat, ""),
                         "score": res.get("scores", [None] * len(seats))[s.seat],
                         "rank": res.get("ranks", [None] * len(seats))[s.seat],
                         "categories": {k: v[s.seat] for k, v in categories.items()
                                        if isinstance(v, list) and len(v) > s.seat},
                         "parts": [shown_part(row.game_key, p) for p in (parts[s.seat] if s.seat < len(parts) else [])]})
        rows.sort(key=lambda r: (r["rank"] if r["rank"] is not None else 99, r["seat"]))
        return {"game_id": game_id, "title": tr_data(engine.title), "rows": rows,
                "categories": list(categories), "tiebreak": tr(res.get("tiebreak", "")),
                "win_condition": tr(res.get("win_condition", "")),
                "forfeit": res.get("forfeit")}

    async def _events_in_force(self, game_id: int, row: GameRow, engine: Any) -> list[dict[str, Any]]:
        """The events of the moves still in force (undone moves left out), for a breakdown summed from them."""
        walk = LogReplay(engine, row.n_players or 0, dict(row.options), row.seed_value)
        for entry in await self._log(game_id):
            walk.step(entry["seq"], entry["seat"], entry["action"])
        again = LogReplay(engine, row.n_players or 0, dict(row.options), row.seed_value)
        events: list[dict[str, Any]] = []
        for entry in list(walk.kept):
            events += again.step(entry["seq"], entry["seat"], entry["action"])
        return events


def shown_part(game_key: str, part: Part) -> dict[str, Any]:
    """One breakdown line for a front end, translated: label, points, the rule and its /rules topic."""
    return {"label": tr_data(part.label), "points": part.points, "rule": _(part.rule) if part.rule else "",
            "topic": topic_title(game_key, part.topic) if part.topic else "", "counted": part.counted,
            "details": [{"label": tr(d.label), "points": d.points} for d in part.details]}


def breakdown_lines(row: dict[str, Any], compact: bool = False) -> list[str]:
    """A score sheet row's breakdown as lines of text (the Why? answer, the offline table; ``compact``:
    the rules' topics without their wording, a part's scoring events on one line, for /game status's
    1024-character fields when the full lines do not fit).
    A part made of several scoring events lists them below it, one line each."""
    lines = []
    for part in row.get("parts", []):
        details = part.get("details") or []
        if part["counted"] and compact:
            events = ", ".join(f"{d['label']} {d['points']:+d}" for d in details)
            lines.append(f"{part['label']}: {part['points']:+d}" + (f" ({events})" if events else "")
                         + (f" · /rules: {part['topic']}" if part["topic"] else ""))
        elif part["counted"]:
            lines.append(_("{label}: {points} — {rule} (/rules: {topic})", label=part["label"],
                           points=f"{part['points']:+d}", rule=part["rule"], topic=part["topic"]))
            lines += [f"  ◦ {d['label']}: {d['points']:+d}" for d in details]
        else:
            lines.append(_("{label}: {points} (shown for the tie-break, not scored)", label=part["label"],
                           points=part["points"]))
    return lines
