"""The numbered menus of a seat's private, phone-sized steps: turn the tile, page through
numbered spots, place; the sticker spots.

A seat's menu is computed from the state alone, so the legal list and the private view
(which the renderer turns into numbered markers) always agree: "Spot 7" in the select is
the marker 7 on the picture.  Every list stays within one Discord select (25 entries).
"""

from __future__ import annotations

from rules.my_island.data import CARD_TILE, key, unkey
from rules.my_island.island import (
    double_wall_candidates,
    harbour_candidates,
    hut_candidates,
    legal_anchors,
    orientations_with_spots,
)

MAX_LIST = 25


def pages_for(n_items: int, n_fixed: int) -> tuple[int, int]:
    """(page size, number of pages) so that spots + fixed actions + page buttons <= 25."""
    if n_items + n_fixed <= MAX_LIST:
        return max(n_items, 1), 1
    size = MAX_LIST - n_fixed - 2
    return size, (n_items + size - 1) // size


def can_pass(isl: dict) -> bool:
    """Spec §6.2: pass only while the marker is not on 0 (a frozen 55 marker may pass)."""
    return isl["score"] >= 1


# -- the placement step (spec §6, §13) --------------------------------------------------

def current_tile(state: dict) -> str | None:
    return CARD_TILE[state["card"]] if state["card"] else None


def usable_orientations(state: dict, seat: int) -> list[int]:
    return orientations_with_spots(state["islands"][seat], state["rules"], current_tile(state), state["flip"])


def first_orientation(state: dict, seat: int) -> int:
    orients = usable_orientations(state, seat)
    return orients[0] if orients else 0


def place_menu(state: dict, seat: int) -> dict:
    isl = state["islands"][seat]
    rules = state["rules"]
    tile = current_tile(state)
    pending = state["pending"].get(str(seat), {"orient": 0, "page": 0})
    orients = usable_orientations(state, seat)
    orient = pending["orient"] if pending["orient"] in orients else (orients[0] if orients else 0)
    spots = legal_anchors(isl, rules, tile, orient) if orients else []
    fixed: list[dict] = []
    side = [o for o in orients if (o >= 6) == (orient >= 6)]
    if len(side) > 1:
        fixed.append({"type": "rotate"})
    if state["flip"] and any((o >= 6) != (orient >= 6) for o in orients):
        fixed.append({"type": "flip"})
    if can_pass(isl):
        fixed.append({"type": "pass"})
    fixed.append({"type": "end"})
    size, pages = pages_for(len(spots), len(fixed))
    page = min(pending.get("page", 0), pages - 1)
    return {"tile": tile, "orients": orients, "orient": orient, "spots": spots, "fixed": fixed,
            "page": page, "pages": pages, "size": size}


def place_action(menu: dict, n: int) -> dict:
    at, _ = menu["spots"][n - 1]
    action = {"type": "place", "spot": n, "tile": menu["tile"], "at": [at[0], at[1]], "rot": menu["orient"] % 6}
    if menu["orient"] >= 6:
        action["flip"] = True
    return action


def page_actions(menu: dict) -> list[dict]:
    out = []
    size, page, pages, total = menu["size"], menu["page"], menu["pages"], len(menu["spots"])
    if pages <= 1:
        return out
    if page > 0:
        out.append({"type": "page", "page": page - 1, "first": (page - 1) * size + 1, "last": page * size})
    if page < pages - 1:
        out.append({"type": "page", "page": page + 1, "first": (page + 1) * size + 1,
                    "last": min(total, (page + 2) * size)})
    return out


def place_legal(state: dict, seat: int) -> list[dict]:
    menu = place_menu(state, seat)
    first = menu["page"] * menu["size"]
    last = min(len(menu["spots"]), first + menu["size"])
    spots = [place_action(menu, n) for n in range(first + 1, last + 1)]
    return spots + page_actions(menu) + menu["fixed"]


def rotate_to(menu: dict, flip: bool) -> int:
    """The next orientation after a 'rotate' (same side) or a 'flip' (other side)."""
    orients, orient = menu["orients"], menu["orient"]
    if flip:
        other = [o for o in orients if (o >= 6) != (orient >= 6)]
        mirror = (orient + 6) % 12
        return mirror if mirror in other else other[0]
    side = [o for o in orients if (o >= 6) == (orient >= 6)]
    return side[(side.index(orient) + 1) % len(side)]


# -- sticker steps (legacy, spec §11.2, §13) --------------------------------------------

def sticker_candidates(state: dict, seat: int) -> tuple[str, list]:
    isl = state["islands"][seat]
    tasks = state["tasks"].get(str(seat), [])
    picks = state["picks"].get(str(seat), [])
    sticker = tasks[len(picks)]
    if sticker == "hut":
        taken = {p["at"] and key(tuple(p["at"])) for p in picks if p["sticker"] == "hut"}
        return sticker, [c for c in hut_candidates(isl) if key(c) not in taken]
    if sticker == "harbour":
        taken = {key(tuple(p["at"])) for p in picks if p["sticker"] == "harbour"}
        return sticker, harbour_candidates(isl, taken)
    taken = {(p["tile"], p["cell"]) for p in picks if p["sticker"] == "double_wall"}
    return sticker, double_wall_candidates(isl, state["tiles"], taken)


def sticker_action(sticker: str, n: int, cand) -> dict:
    if sticker == "double_wall":
        return {"type": "sticker", "sticker": sticker, "spot": n, "tile": cand[0], "cell": cand[1]}
    return {"type": "sticker", "sticker": sticker, "spot": n, "at": [cand[0], cand[1]]}


def sticker_menu(state: dict, seat: int) -> dict:
    sticker, cands = sticker_candidates(state, seat)
    fixed = [{"type": "back"}] if state["picks"].get(str(seat)) else []
    size, pages = pages_for(len(cands), len(fixed))
    pending = state["pending"].get(str(seat), {"page": 0})
    page = min(pending.get("page", 0), pages - 1)
    return {"sticker": sticker, "spots": cands, "fixed": fixed, "page": page, "pages": pages, "size": size}


def sticker_legal(state: dict, seat: int) -> list[dict]:
    menu = sticker_menu(state, seat)
    first = menu["page"] * menu["size"]
    last = min(len(menu["spots"]), first + menu["size"])
    acts = [sticker_action(menu["sticker"], n, menu["spots"][n - 1]) for n in range(first + 1, last + 1)]
    return acts + page_actions(menu) + menu["fixed"]


def unkey_list(keys: list[str]) -> list[list[int]]:
    return [list(unkey(k)) for k in keys]
