"""A whole placement as one pick (issue 28, fewer taps): the tile's orientation, the page of spots
and the spot together.

The round's steps (turn the tile, turn it over, page, place) stay as they are for the offline table
and the AI. A front end may offer these merged moves instead, in two lists: the best placements,
best first as the strong AI weighs them (and the one that scores most at once), each naming the spot
by its label, the orientation by the number the card shows ("Orientation 3 of 6") and the cells
by their symbols and terrain, with what it scores at once; and the current step's own choices (turn
the tile, the numbered spots of the orientation shown, pass, end), so whatever is not listed stays
one step at a time, as the card shows it.
"""

from __future__ import annotations

from functools import partial

from rules.base import plain_copy
from rules.my_island import ai, menus, turn
from rules.my_island.data import footprint
from rules.my_island.island import immediate_awards, put_tile
from rules.my_island.labels import place_label
from rules.my_island.text import cells_words, describe_action
from rules.text import Msg, T, join

LISTED = 25
"""Whole placements listed (one select's options)."""


def merged_moves(state: dict, seat: int, view: dict) -> list[dict]:
    """The best whole placements (group 0) and the step's own choices one by one (group 1); none
    outside a placement step or where the tile fits nowhere."""
    if state["phase"] != "choose" or seat not in turn.seats_to_act(state) or not view.get("card"):
        return []
    menu = menus.place_menu(state, seat)
    if not menu["spots"]:
        return []
    out: list[dict] = []
    # the words are worked out later (for the options shown): from the island as it is now
    island, rules = plain_copy(state["islands"][seat]), plain_copy(state["rules"])
    best = T("Whole placement, best first")
    menus_seen: dict = {}
    for orient, at in shortlist(view):
        steps = path_to(state, seat, orient, at, menus_seen)
        if steps is None:
            continue
        fp = footprint(menu["tile"], (at[0], at[1]), orient)
        label = T("{place}, orientation {n}: {cells}", place=place_label(at), n=menu["orients"].index(orient) + 1,
                  cells=cells_words([(c[0], c[1], sym) for c, sym in fp or ()]))
        out.append({"steps": steps, "group": 0, "group_label": best, "label": label,
                    "detail": partial(gain_text, island, rules, menu["tile"], orient, at)})
    step = T("Or step by step: the tile as the card shows it")
    for action in menus.place_legal(state, seat):
        out.append({"steps": [action], "group": 1, "group_label": step, "label": describe_action(action, view),
                    "detail": ""})
    return out


def shortlist(view: dict) -> list[tuple[int, list[int]]]:
    """The placements listed, best first: the strong AI's ranking, and the placement that scores most at
    once (the greedy level's) where the ranking left it out."""
    ranked, most = ai.ranked_and_greedy(view)
    ranked = ranked[:LISTED]
    if most is not None and list(most) not in [list(p) for p in ranked]:
        ranked = ranked[:LISTED - 1] + [most]
    return ranked


def path_to(state: dict, seat: int, orient: int, at: list[int], seen: dict | None = None) -> list[dict] | None:
    """The steps from the seat's menu as it is now to placing the tile at ``at`` in ``orient``: turn
    it over if the side differs, turn it, page to the spot, place (as the AI walks them); ``None``
    when that placement is not legal. ``seen``: the menus worked out so far, by (orientation, page).
    """
    seen = {} if seen is None else seen
    pending = dict(state["pending"].get(str(seat)) or {"orient": None, "page": 0})
    steps: list[dict] = []
    for _ in range(32):
        key = (pending["orient"], pending["page"])
        if key not in seen:
            seen[key] = menus.place_menu({**state, "pending": {**state["pending"], str(seat): pending}}, seat)
        menu = seen[key]
        if orient not in menu["orients"]:
            return None
        if menu["orient"] != orient:
            flip = (orient >= 6) != (menu["orient"] >= 6)
            steps.append({"type": "flip" if flip else "rotate"})
            pending = {"orient": menus.rotate_to(menu, flip), "page": 0}
            continue
        n = next((i + 1 for i, (spot, _) in enumerate(menu["spots"]) if list(spot) == list(at)), None)
        if n is None:
            return None
        page = (n - 1) // menu["size"]
        if page == menu["page"]:
            return steps + [menus.place_action(menu, n)]
        turn = next(a for a in menus.page_actions(menu) if (a["page"] > menu["page"]) == (page > menu["page"]))
        steps.append(turn)
        pending = {"orient": orient, "page": turn["page"]}
    return None


def gain_text(island: dict, rules: dict, tile: str, orient: int, at: list[int]) -> Msg:
    """What placing the tile there scores at once, in words (tried on a scratch copy of ``island``)."""
    fp = footprint(tile, (at[0], at[1]), orient)
    if fp is None:
        return T("scores nothing now")
    isl = ai.scratch_island(island)
    put_tile(isl, tile, fp)
    awards = immediate_awards(isl, rules, fp)
    points = sum(p for _, p, _ in awards)
    if not awards:
        return T("scores nothing now")
    return T("{points} now: {what}", points=f"{points:+d}", what=join(", ", [w for _, _, w in awards]))
