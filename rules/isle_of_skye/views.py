"""What a seat may see (spec section 13).

Public: territories, VP, coin totals, round, goals, first player, bag size, drawn tiles,
revealed offers, tiles to build. Private (own seat only): the undecided discard and
prices, and this round's unrevealed build (placements, numbered spots). The bag order,
other seats' sealed choices and their unrevealed builds are absent.
"""

from __future__ import annotations

from rules.base import plain_copy
from rules.isle_of_skye import building, pricing, purchase
from rules.isle_of_skye.data import GOAL_NAMES, GOAL_RULES, SLOTS, board_side
from rules.isle_of_skye.scoring import result
from rules.isle_of_skye.state import round_info, turn_order
from rules.isle_of_skye.turn import to_act


def _goals(state: dict) -> list[dict]:
    rounds = board_side(state["n"])["rounds"]
    now = set(round_info(state)["score"]) if state["phase"] != "over" else set()
    return [{"slot": s, "id": g, "name": GOAL_NAMES[g], "rule": GOAL_RULES[g],
             "rounds": [r["round"] for r in rounds if s in r["score"]], "now": s in now}
            for s, g in zip(SLOTS, state["goals"], strict=False)]


def _player(state: dict, seat: int) -> dict:
    p = state["players"][seat]
    return {
        "seat": seat, "castle": p["castle"], "vp": p["vp"], "coins": p["coins"],
        "territory": [{"at": [x, y], "tile": t, "rot": r} for x, y, t, r in p["territory"]],
        "drawn": list(p["drawn"]), "offer": [dict(o) for o in p["offer"]], "bought": list(p["bought"]),
        "to_build": list(p["to_build"]), "breakdown": dict(p["breakdown"]),
    }


def _private(state: dict, seat: int) -> dict:
    p = state["players"][seat]
    out: dict = {"seat": seat}
    if state["phase"] == "price" and p["sealed"] is not None:
        s = p["sealed"]
        nxt = pricing.next_to_price(p) if (s["discard"] is not None or not pricing.must_discard(p)) else None
        out["pricing"] = {"discard": s["discard"], "prices": dict(s["prices"]), "done": s["done"],
                          "next_tile": None if s["done"] else nxt,
                          "max_price": pricing.max_price(p) if nxt and not s["done"] else None,
                          "page": list(pricing.price_page(p)) if nxt and not s["done"] else None}
    if state["phase"] == "build" and p["build"] is not None:
        b = p["build"]
        tile, _picked = building.current_tile(p) if not b["done"] else (None, False)
        spots = building.spots_for(p, tile) if tile and not building.needs_castle_choice(state, p) else []
        if b["cell"]:
            spots = [s for s in spots if s["at"] == b["cell"]]
        elif tile is None and not b["done"] and not building.needs_castle_choice(state, p):
            spots = any_tile_spots(p)  # a whole build is picked at once: the card labels every spot
        out["build"] = {"left": list(b["left"]), "placed": [{"at": [x, y], "tile": t, "rot": r}
                                                           for x, y, t, r in b["placed"]],
                        "returned": list(b["returned"]), "tile": tile, "cell": b["cell"],
                        "castle_rot": b["castle_rot"], "done": b["done"],
                        "castle_choice": building.needs_castle_choice(state, p), "spots": spots}
    return out


def build_view(state: dict, seat: int | None) -> dict:
    acting = sorted(to_act(state))
    view = {
        "game": "isle_of_skye", "n_players": state["n"], "round": state["round"], "rounds": state["rounds"],
        "phase": state["phase"], "phase_name": {"price": "Secret pricing", "buy": "Purchase", "build": "Build",
                                                "over": "Game over"}[state["phase"]],
        "first_player": state["first"], "turn_order": turn_order(state), "to_act": acting,
        "goals": _goals(state),
        "schedule": [{"round": r["round"], "score": list(r["score"]), "catch_up": r["catch_up_per_leader"]}
                     for r in board_side(state["n"])["rounds"]],
        "bag_size": len(state["bag"]),
        "players": [_player(state, s) for s in range(state["n"])],
        "last_move": plain_copy(state["last"]),
        "castle_rotation_variant": state["options"]["castle_rotation"],
    }
    if state["phase"] == "buy":
        view["buyer"] = purchase.buyer(state)
    if state["phase"] == "over":
        view["result"] = result(state)
    if isinstance(seat, int) and 0 <= seat < state["n"]:
        view["seat"] = seat
        view["private"] = _private(state, seat)
    return view


def any_tile_spots(player: dict) -> list[dict]:
    """Every spot where one of the tiles left to build fits, north to south, west to east, numbered."""
    rots: dict[tuple[int, int], set[int]] = {}
    for t in building.placeable_left(player):
        for s in building.spots_for(player, t):
            rots.setdefault((s["at"][0], s["at"][1]), set()).update(s["rots"])
    cells = sorted(rots, key=lambda c: (c[1], c[0]))
    return [{"n": i + 1, "at": [x, y], "rots": sorted(rots[(x, y)])} for i, (x, y) in enumerate(cells)]
