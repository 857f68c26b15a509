"""What a seat may see, and the words for actions and events.

Public: every island, scores, the revealed card, the discard pile, who still has to
decide, the last resolved round.  Hidden: the deck order, and every choice of the current
simultaneous step (pending orientation, page, a confirmed but unresolved placement or
sticker) — those appear only in the deciding seat's own view (spec §12, §13).
"""

from __future__ import annotations

from rules.my_island import steps
from rules.my_island.data import ALL_TILES, CARD_TILE, ROW_MAPS, SHAPE_NAMES, TOTEMS, footprint, shape_picture, unkey
from rules.my_island.modules import CHAPTERS, EPISODES, chapter_of, module_lines

SYMBOL_WORD = {"field": "field", "house": "house", "wall": "wall", "road": "road"}


def _island_public(state: dict, seat: int) -> dict:
    isl = state["islands"][seat]
    rules = state["rules"]
    cells = [[*unkey(k), v[0], v[1], v[2]] for k, v in sorted(isl["cells"].items())]
    out = {
        "seat": seat,
        "name": isl["name"],
        "score": isl["score"],
        "debt": isl["debt"],
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


def _tile_info(tile: str) -> dict:
    t = ALL_TILES[tile]
    return {"tile": tile, "shape": t["shape"], "shape_name": SHAPE_NAMES.get(t["shape"], t["shape"]),
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
        "to_act": sorted(steps.seats_to_act(state)),
        "board": {"rows": ROW_MAPS, "totems": [{"id": t["id"], "at": list(t["at"])} for t in TOTEMS]},
        "open_terrain": list(rules["open"]),
        "flip_allowed": state["flip"],
        "rules": module_lines(rules),
        "ruleset": {k: v for k, v in rules.items() if k not in ("modules",)},
        "islands": [_island_public(state, s) for s in range(state["n"])],
        "last_move": state["last"],
    }
    if state["mode"] == "campaign":
        ch = chapter_of(state["episode"])
        view["chapter"] = ch
        view["chapter_title"] = CHAPTERS[ch]["title"]
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
    elif state["phase"] == "choose" and seat in steps.seats_to_act(state):
        menu = steps.place_menu(state, seat)
        first = menu["page"] * menu["size"]
        last = min(len(menu["spots"]), first + menu["size"])
        mine = {
            "step": "place",
            "tile": menu["tile"],
            "orient": menu["orient"],
            "rot": menu["orient"] % 6,
            "flipped": menu["orient"] >= 6,
            "shape": shape_picture(menu["tile"], menu["orient"]),
            "orientations": len(menu["orients"]),
            "orientation_index": (menu["orients"].index(menu["orient"]) + 1) if menu["orients"] else 0,
            "spots": [{"n": i + 1, "at": [at[0], at[1]], "cells": [[c[0], c[1], sym] for c, sym in fp]}
                      for i, (at, fp) in enumerate(menu["spots"])],
            "page": menu["page"],
            "pages": menu["pages"],
            "page_spots": [first + 1, last] if last > first else [],
            "can_pass": steps.can_pass(state["islands"][seat]),
        }
    elif state["phase"] in ("start_stickers", "end_stickers") and s in state["tasks"]:
        picks = state["picks"].get(s, [])
        mine = {"step": "waiting" if len(picks) >= len(state["tasks"][s]) else "sticker",
                "picks": [dict(p) for p in picks], "tasks": list(state["tasks"][s])}
        if mine["step"] == "sticker":
            menu = steps.sticker_menu(state, seat)
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


# -- words -----------------------------------------------------------------------------

def describe_action(action: dict, view: dict | None = None) -> str:
    if not isinstance(action, dict):
        return "?"
    kind = action.get("type")
    if kind == "place":
        if "spot" in action:
            r, c = action["at"]
            return f"Spot {action['spot']} (row {r + 1})"
        return f"Place {action.get('tile')} at {action.get('at')} turned {action.get('rot')}"
    if kind == "rotate":
        return "Rotate the tile (60° clockwise)"
    if kind == "flip":
        return "Turn the tile over"
    if kind == "page":
        return f"Show spots {action['first']}-{action['last']}"
    if kind == "pass":
        return "Pass: skip this tile (-1 point)"
    if kind == "end":
        return "End participation (no loss, no more tiles)"
    if kind == "back":
        return "Undo the last sticker"
    if kind == "sticker":
        name = action["sticker"].replace("_", " ")
        if action["sticker"] == "double_wall":
            return f"Spot {action['spot']}: double wall on {action['tile']} cell {action['cell'] + 1}"
        return f"Spot {action['spot']}: {name} (row {action['at'][0] + 1})"
    return str(kind)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def describe_event(event: dict, names: list[str]) -> str:
    kind = event.get("type")
    seat = event.get("seat", -1)
    who = _name(names, seat) if isinstance(seat, int) else "?"
    if kind == "reveal":
        t = ALL_TILES[event["tile"]]
        return (f"Round {event['round']}: card {event['card']} shows tile {event['tile']} "
                f"({SHAPE_NAMES.get(t['shape'], t['shape'])}, {t['code']}); {event['deck_left']} cards left")
    if kind == "decided":
        return f"{who} has decided."
    if kind == "place":
        pts = sum(a[1] for a in event.get("awards", []))
        extra = f", scoring {pts:+d}" if pts else ""
        return f"{who} placed {event['tile']}{extra} (now {event['score']})"
    if kind == "pass":
        return f"{who} passed on {event['tile']} (-1, now {event['score']})"
    if kind == "end":
        return f"{who} ended participation"
    if kind == "end_score":
        return f"{who}: {event['category']} {event['points']:+d} ({event['what']})"
    if kind == "game_end":
        winners = ", ".join(_name(names, s) for s in event["winners"])
        scores = ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(event["scores"]))
        return f"Game over. Winner: {winners}. Scores: {scores}"
    if kind == "sticker":
        if event["sticker"] == "double_wall":
            return f"{who} put a double wall on tile {event['tile']}"
        r, c = event["at"]
        return f"{who} put a {event['sticker']} sticker on row {r + 1}, column {c + 1}"
    return str(kind)
