"""What a seat sees: the state with the hidden piles, hands and draft packets of others left out,
and what the board shows beside it (the seats to act, the scores now, the reachable regions)."""

from __future__ import annotations

from rules.base import plain_copy

from . import scoring, turn
from .sailing import destinations
from .text import toll_text


def view(state: dict, seat: int | None) -> dict:
    """What ``seat`` may see (``None``: the public view); hidden things are absent."""
    v = plain_copy(state)  # a view shares nothing mutable with the state
    v.pop("seed", None)
    v["deck_count"] = len(v.pop("deck"))
    v["metro_deck_count"] = len(v.pop("metro_deck"))
    v["event_active"] = [d[0] if d else None for d in v["event_decks"]]
    v["event_counts"] = [len(d) for d in v.pop("event_decks")]
    v["rep_active"] = [d[0] if d else None for d in v["rep_decks"]]
    v["rep_counts"] = [len(d) for d in v.pop("rep_decks")]
    stack = v.pop("sailor_stack")
    v["sailor_stack_top"] = stack[0] if stack else None
    v["sailor_stack_count"] = len(stack)
    tokens = v.pop("tokens")
    v["token_top"] = tokens[0] if tokens else None
    v["token_count"] = len(tokens)
    v["discard_count"] = len(v.pop("discard"))
    for s, p in enumerate(v["players"]):
        p["hand_count"] = len(p["hand"])
        packet, pick, hand = p.pop("packet"), p.pop("pick"), p.pop("hand")
        if s == seat:
            p["hand"] = hand
            if state["phase"] == "draft":
                p["packet"] = packet
                p["pick"] = pick
    for entry in v["pending"]:  # cards chosen from a hand to pay books are that hand's secret
        if "discard" in entry and entry["seat"] != seat:
            entry["discard"] = len(entry["discard"])
    v["to_act"] = sorted(turn.to_act(state))
    v["active"] = turn.active(state) if state["phase"] not in ("home", "draft", "over") else None
    v["scores_now"] = scoring.final_scores(state)
    v["seat"] = seat
    if state["phase"] == "over":
        v["result"] = scoring.result(state)
    if seat is not None and seat in turn.to_act(state) and state["phase"] == "move":
        v["reachable"] = [dict(d, toll=toll_text(state, seat, d["to"]))
                          for d in destinations(state, seat)]
    return v
