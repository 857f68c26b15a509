"""The deck and the Draw action (spec 6.1): draw three, keep two and pass one to the opponent
(or discard it with an Observatory); an empty deck is refilled from the discard pile."""

from __future__ import annotations

from .cards import in_play_with
from .state import Ctx, opponent


def draw_card(ctx: Ctx) -> str | None:
    """Top card of the deck; an empty deck is refilled by shuffling the discard pile."""
    state = ctx.state
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        ctx.rng.shuffle(state["deck"])
        ctx.emit("reshuffle", cards=len(state["deck"]))
    return state["deck"].pop(0)


def do_draw(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    drawn = []
    for _ in range(3):
        card = draw_card(ctx)
        if card is None:
            break
        drawn.append(card)
    ctx.emit("draw", seat=seat, count=len(drawn))
    ctx.emit("drew_cards", seat=seat, cards=list(drawn), private_to=seat)
    if len(drawn) >= 2:
        state["draw_choice"] = {"seat": seat, "cards": drawn}
        state["stage"] = "draw_give"
    else:
        state["players"][seat]["hand"].extend(drawn)
        state["stage"] = "end"


def draw_give_options(state: dict, seat: int) -> list[dict]:
    kind = "draw_discard" if in_play_with(state["players"][seat], "discard_instead_of_give") else "draw_give"
    return [{"type": kind, "card": c} for c in state["draw_choice"]["cards"]]


def apply_draw_give(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    cards = state["draw_choice"]["cards"]
    state["draw_choice"] = None
    given = action["card"]
    kept = [c for c in cards if c != given]
    state["players"][seat]["hand"].extend(kept)
    if action["type"] == "draw_discard":
        state["discard"].append(given)
        ctx.emit("draw_discarded", seat=seat, card=given, kept=len(kept))
    else:
        opp = opponent(seat)
        state["players"][opp]["hand"].append(given)
        ctx.emit("draw_gave", seat=seat, to=opp, kept=len(kept))
        ctx.emit("received_card", seat=opp, card=given, by=seat, private_to=opp)
        ctx.emit("gave_card", seat=seat, card=given, to=opp, private_to=seat)
    state["stage"] = "end"
