"""What each seat may see (spec section 13).

Hands, the cards drawn in a Draw action, the draft offers and gifts, the Spy Outpost peek
and a player's half-made build are private; everything else is public.
"""

from __future__ import annotations

from rules.base import plain_copy

from . import attack, build, data
from .data import spot_number
from .fort import cubes, protected
from .turn import to_act

NO_ABILITY = "No ability."
"""The text of the starting fort in a view (a data string: listed in the engine's catalog texts)."""


def fort_view(fort: dict) -> dict:
    cube_map = cubes(fort)
    cells = []
    for cell in data.fort_slots(fort["card"]):
        colour = fort["cells"][f"{cell[0]},{cell[1]}"]
        cells.append({"cell": list(cell), "color": colour, "spot": spot_number(fort["card"], cell),
                      "protected": bool(colour) and protected(cube_map, cell)})
    pr = data.printed(fort["card"])
    return {"id": fort["id"], "card": fort["card"], "name": data.name(fort["card"]),
            "text": data.CARDS[fort["card"]]["effect_text"] if fort["card"] != "START" else NO_ABILITY,
            "capacity": data.capacity(fort["card"]), "colonists": fort["colonists"], "cells": cells,
            "printed": list(pr["cell"]) if pr else None,
            "buildings": [{"card": b["card"], "name": data.name(b["card"]), "colonists": b["colonists"],
                           "text": data.CARDS[b["card"]]["effect_text"]} for b in fort["buildings"]]}


def player_view(state: dict, seat: int, show_hand: bool) -> dict:
    p = state["players"][seat]
    out = {"seat": seat, "coins": p["coins"], "bank": dict(p["bank"]), "imperial": p["imperial"],
           "hand_size": len(p["hand"]), "fleet_at": p["fleet_at"],
           "forts": [fort_view(f) for f in p["forts"]],
           "ships": [{"card": s["card"], "name": data.name(s["card"]), "colonists": s["colonists"],
                      "reroll_symbols": int(data.CARDS[s["card"]].get("reroll_symbols", 0)),
                      "text": data.CARDS[s["card"]]["effect_text"]} for s in p["ships"]],
           "imperial_bonus": {"rerolls": 1 if p["imperial"] <= 6 else 0, "dice": 1 if p["imperial"] <= 3 else 0}}
    if show_hand:
        out["hand"] = [data.summary(c) for c in p["hand"]]
    return out


def public_view(state: dict) -> dict:
    open_hands = state["options"]["open_hands"] and state["stage"] != "draft"  # the draft stays sealed
    att = state["attack"]
    view = {
        "game": "island_siege", "stage": state["stage"], "to_act": sorted(to_act(state)),
        "turn_player": state["turn_player"], "first_player": state["first_player"],
        "turn_number": state["turn_number"], "round": (state["turn_number"] + 1) // 2,
        "first_turn": state["first_turn"], "options": dict(state["options"]),
        "common_bank": dict(state["common_bank"]), "deck_size": len(state["deck"]),
        "discard": list(state["discard"]),
        "players": [player_view(state, s, open_hands) for s in range(2)],
        "attack": attack.public(att) if att else None,
        "last_attack": state["last_attack"], "last_move": state["last_move"],
        "winner": state["winner"], "win_kind": state["win_kind"],
        "colonize": state["colonize"], "build": state["build"],
        "infirmary": state["infirmary_queue"][0] if state["infirmary_queue"] else None,
    }
    if state["stage"] == "draft":
        view["draft_chosen"] = sum(1 for g in state["draft"]["gifts"] if g is not None)
    if state["stage"] == "draw_give":
        view["drawing"] = {"seat": state["draw_choice"]["seat"], "count": len(state["draw_choice"]["cards"])}
    return view


def seat_view(state: dict, seat: int) -> dict:
    view = public_view(state)
    view["seat"] = seat
    me = state["players"][seat]
    view["hand"] = [data.summary(c) for c in me["hand"]]
    if state["stage"] == "draft":
        view["draft"] = {"offer": [data.summary(c) for c in state["draft"]["offers"][seat]],
                         "gift": state["draft"]["gifts"][seat]}
    choice = state["draw_choice"]
    if choice and choice["seat"] == seat:
        view["draw_choice"] = [data.summary(c) for c in choice["cards"]]
    if state["peek"] and state["peek"]["seat"] == seat:
        view["peek"] = [data.summary(c) for c in state["peek"]["cards"]]
    pending = state["pending"]
    if pending and state["turn_player"] == seat:
        view["pending"] = pending_view(state, seat, pending)
    return view


def pending_view(state: dict, seat: int, pending: dict) -> dict:
    out = dict(pending)
    if pending["kind"] == "fort_cubes":
        card = pending["card"]
        preview = {"id": card, "card": card, "colonists": 0, "buildings": [],
                   "cells": {f"{r},{c}": None for r, c in data.fort_slots(card)}}
        pr = data.printed(card)
        if pr and state["common_bank"][pr["color"]] > 0:
            preview["cells"][f"{pr['cell'][0]},{pr['cell'][1]}"] = pr["color"]
        for p in pending["placed"]:
            preview["cells"][f"{p['cell'][0]},{p['cell'][1]}"] = p["color"]
        out["preview"] = fort_view(preview)
        out["spots"] = [{"n": spot_number(card, c), "cell": list(c)} for c in build.placement_cells(state, pending)]
        out["coins"] = len(pending["placed"])
    return out


def view(state: dict, seat: int | None) -> dict:
    """What ``seat`` may see (``None``: the public view), as a copy that shares nothing with the state."""
    return plain_copy(public_view(state) if seat is None else seat_view(state, seat))
