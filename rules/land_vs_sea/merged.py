"""A whole placement as one pick (issue 28, fewer taps): tile and side, spot and rotation together.

The turn's placement steps (choose -> spot -> rotate) stay as they are for the offline table and the
AI; a front end may offer these merged moves instead, one list per tile side. Each option names the
spot by its label and the rotation by the compass directions its land edges face, and says in
words what it scores at once (worked out only for the options shown), so rotations of one spot
read apart without a picture. Rotations that give the same placed face are one option already
(``data.distinct_rotations``).
"""

from __future__ import annotations

from functools import partial

from rules.base import plain_copy
from rules.land_vs_sea import turn
from rules.land_vs_sea.data import oriented
from rules.land_vs_sea.labels import place_label
from rules.land_vs_sea.text import ROLE_NAMES, _dirs_text, describe_action
from rules.text import Msg, T, join


def merged_moves(state: dict, seat: int, view: dict) -> list[dict]:
    """Every placement of the choose step as ``[choose, spot, place]`` (see ``Engine.merged_moves``)."""
    if state["phase"] != "choose" or seat not in turn.to_act(state):
        return []
    out: list[dict] = []
    base = plain_copy(state)  # the words are worked out later: from the state as it is now
    for group, choose in enumerate(turn.choices(state, seat)):
        # the spots and rotations read the map and the pending tile only: no copy of the state
        chosen = {"map": state["map"], "pending": {"tile": choose["tile"], "side": choose["side"]}}
        group_label = describe_action(choose, view)
        for spot in turn.spots(chosen):
            places = turn.rotations({"map": state["map"], "pending": {**chosen["pending"], "at": spot["at"]}})
            for n, place in enumerate(places, 1):
                o = oriented(place["tile"], place["side"], place["rot"])
                where = place_label(place["at"])
                dirs = _dirs_text(o.terrain, "L")
                if len(places) == 1:
                    label = T("{place}: land faces {dirs}", place=where, dirs=dirs)
                else:
                    label = T("{place}, turn {n}: land faces {dirs}", place=where, n=n, dirs=dirs)
                steps = [choose, spot, place]
                out.append({"steps": steps, "group": group, "group_label": group_label, "label": label,
                            "detail": partial(outcome_of, base, seat, steps)})
    return out


def outcome_of(state: dict, seat: int, steps: list[dict]) -> Msg:
    """What the placement ``steps`` would do from ``state``, in words (tried on a copy)."""
    trial = plain_copy(state)
    events: list[dict] = []
    for step in steps:
        events = turn.apply(trial, seat, step)
    return outcome(events, trial)


def outcome(events: list[dict], after: dict) -> Msg:
    """What a placement does at once, in words: the areas it completes, the chains it links, a
    hole for the special tile; "scores nothing now" otherwise."""
    bits: list[Msg] = []
    for e in events:
        kind = e.get("type")
        if kind == "area_completed":
            team = ROLE_NAMES.get(e["terrain"], e["terrain"])
            if e["terrain"] == "land":
                bits.append(T("completes a land area: {team} +{tiles}", team=team, tiles=e["tiles"]))
            else:
                bits.append(T("completes a sea area: {team} +{tiles}", team=team, tiles=e["tiles"]))
            if e["bonus"]:
                bits.append(T("you +{bonus} bonus", bonus=e["bonus"]))
        elif kind == "chain_scored":
            team = ROLE_NAMES.get(e["to"], e["to"])
            if e["kind"] == "mountains":
                bits.append(T("links a mountain chain: {team} +{size}", team=team, size=e["size"]))
            else:
                bits.append(T("links a coral chain: {team} +{size}", team=team, size=e["size"]))
        elif kind == "trade_adjacent":
            bits.append(T("caravan/ship next to another: +2"))
        elif kind in ("waypoint_surrounded", "waypoint_returned"):
            bits.append(T("surrounds a waypoint"))
    if after["phase"] == "special":
        bits.append(T("leaves a hole for the special tile"))
    return join("; ", bits) if bits else T("scores nothing now")
