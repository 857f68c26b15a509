"""What a seat may see.

Public: every island, scores, the revealed card, the discard pile, who still has to
decide, the last resolved round.  Hidden: the deck order, and every choice of the current
simultaneous step (pending orientation, page, a confirmed but unresolved placement or
sticker) — those appear only in the deciding seat's own view (spec §12, §13).
"""

from __future__ import annotations

from rules.base import canonical
from rules.my_island import menus
from rules.my_island.data import (
    ALL_TILES,
    CARD_TILE,
    ROW_MAPS,
    SHAPE_NAMES,
    TOTEMS,
    footprint,
    shape_picture,
    unkey,
)
from rules.my_island.island import debt_now, track
from rules.my_island.modules import CHAPTERS, EPISODES, chapter_of, module_lines
from rules.my_island.turn import seats_to_act
from rules.text import Msg, T


def _island_public(state: dict, seat: int) -> dict:
    isl = state["islands"][seat]
    rules = state["rules"]
    cells = [[*unkey(k), v[0], v[1], v[2]] for k, v in sorted(isl["cells"].items())]
    out = {
        "seat": seat,
        "name": isl["name"],
        "score": track(isl, rules),  # the marker: the legacy track stops at 0 (spec §10.4)
        "signed_score": isl["score"],
        "debt": debt_now(isl, rules),
        "frozen": isl["frozen"],
        "participating": isl["in"],
        "placed": len(isl["placed"]),
        "passes": isl["passes"],
        "cells": cells,
        "huts": [list(unkey(k)) for k in isl["huts"]],
        "harbours": [list(unkey(k)) for k in isl["harbours"]],
        "doubles": [list(d) for d in isl["doubles"]],
        "markers": {sym: [list(unkey(k)) for k in ks] for sym, ks in isl["markers"].items()},
        "totems": list(isl["totems"]),
        "categories": dict(isl["cat"]),
        "largest": dict(isl["largest"]),
    }
    if rules["legacy"]:
        out["prosperity_episode"] = isl["prosperity"]
        out["prosperity_total"] = isl.get("carry_prosperity", 0) + isl["prosperity"]
    return out


_RULE_LINES: dict[str, list[Msg]] = {}
_RULE_LINES_KEPT = 64


def _rule_lines(rules: dict) -> list[Msg]:
    """``module_lines(rules)``, worked out once per rule set (every view shows them; a game's
    rules never change): a new list of the same texts each time."""
    key = canonical(rules)
    lines = _RULE_LINES.get(key)
    if lines is None:
        if len(_RULE_LINES) >= _RULE_LINES_KEPT:
            _RULE_LINES.clear()
        lines = _RULE_LINES[key] = module_lines(rules)
    return list(lines)


def _tile_info(tile: str) -> dict:
    t = ALL_TILES[tile]
    return {"tile": tile, "shape": t["shape"], "shape_name": T(SHAPE_NAMES.get(t["shape"], t["shape"])),
            "code": t["code"], "cells": shape_picture(tile, 0)}


def public_view(state: dict) -> dict:
    rules = state["rules"]
    view = {
        "game": "my_island",
        "mode": state["mode"],
        "episode": state["episode"],
        "n_players": state["n"],
        "phase": state["phase"],
        "round": state["round"],
        "deck_left": len(state["deck"]),
        "deck_size": len(state["deck"]) + len(state["discard"]) + (1 if state["card"] else 0),
        "card": ({"id": state["card"], **_tile_info(CARD_TILE[state["card"]])} if state["card"] else None),
        "discard": [CARD_TILE[c] for c in state["discard"]],
        "to_act": sorted(seats_to_act(state)),
        "board": {"rows": ROW_MAPS, "totems": [{"id": t["id"], "at": list(t["at"])} for t in TOTEMS]},
        "open_terrain": list(rules["open"]),
        "flip_allowed": state["flip"],
        "rules": _rule_lines(rules),
        "ruleset": {k: v for k, v in rules.items() if k not in ("modules",)},
        "islands": [_island_public(state, s) for s in range(state["n"])],
        "last_move": state["last"],
    }
    if state["mode"] == "campaign":
        ch = chapter_of(state["episode"])
        view["chapter"] = ch
        view["chapter_title"] = T(CHAPTERS[ch]["title"])
        view["episode_source"] = EPISODES[state["episode"]]["source"]  # "rulebook" or "reconstructed"
    if state["phase"] in ("end_stickers", "over"):
        view["outcome"] = state["outcome"]
    if state["phase"] in ("start_stickers", "end_stickers"):
        view["sticker_tasks"] = {s: list(t) for s, t in state["tasks"].items()}
    return view


def seat_view(state: dict, seat: int) -> dict:
    view = public_view(state)
    view["seat"] = seat
    mine: dict = {}
    s = str(seat)
    if state["phase"] == "choose" and s in state["submitted"]:
        act = state["submitted"][s]
        mine = {"step": "waiting", "submitted": _submitted_summary(state, act)}
    elif state["phase"] == "choose" and seat in seats_to_act(state):
        menu = menus.place_menu(state, seat)
        first = menu["page"] * menu["size"]
        last = min(len(menu["spots"]), first + menu["size"])
        mine = {
            "step": "place",
            "tile": menu["tile"],
            "orient": menu["orient"],
            "rot": menu["orient"] % 6,
            "flipped": menu["orient"] >= 6,
            "shape": shape_picture(menu["tile"], menu["orient"]),
            # every usable orientation, numbered as the choices name them ("orientation 3")
            "shapes": [shape_picture(menu["tile"], o) for o in menu["orients"]],
            "orientations": len(menu["orients"]),
            "orientation_index": (menu["orients"].index(menu["orient"]) + 1) if menu["orients"] else 0,
            "spots": [{"n": i + 1, "at": [at[0], at[1]], "cells": [[c[0], c[1], sym] for c, sym in fp]}
                      for i, (at, fp) in enumerate(menu["spots"])],
            "page": menu["page"],
            "pages": menu["pages"],
            "page_spots": [first + 1, last] if last > first else [],
            "can_pass": menus.can_pass(state["islands"][seat]),
        }
    elif state["phase"] in ("start_stickers", "end_stickers") and s in state["tasks"]:
        picks = state["picks"].get(s, [])
        mine = {"step": "waiting" if len(picks) >= len(state["tasks"][s]) else "sticker",
                "picks": [dict(p) for p in picks], "tasks": list(state["tasks"][s])}
        if mine["step"] == "sticker":
            menu = menus.sticker_menu(state, seat)
            first = menu["page"] * menu["size"]
            last = min(len(menu["spots"]), first + menu["size"])
            mine["sticker"] = menu["sticker"]
            if menu["sticker"] == "double_wall":
                mine["spots"] = [{"n": i + 1, "tile": t, "cell": c} for i, (t, c) in enumerate(menu["spots"])]
            else:
                mine["spots"] = [{"n": i + 1, "at": [r, c]} for i, (r, c) in enumerate(menu["spots"])]
            mine["page"], mine["pages"] = menu["page"], menu["pages"]
            mine["page_spots"] = [first + 1, last] if last > first else []
    view["private"] = mine
    return view


def _submitted_summary(state: dict, act: dict) -> dict:
    out = {"type": act["type"]}
    if act["type"] == "place":
        tile = CARD_TILE[state["card"]]
        orient = act["rot"] + (6 if act.get("flip") else 0)
        fp = footprint(tile, tuple(act["at"]), orient)
        out.update({"tile": tile, "at": act["at"], "cells": [[c[0], c[1], sym] for c, sym in fp]})
    return out
