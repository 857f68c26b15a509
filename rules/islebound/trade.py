"""The Trade variant (spec 15.2): ships in one region swap goods. The offer is built one good at a
time; the partner accepts or declines."""

from __future__ import annotations

from . import decisions
from .state import GOODS_FIELD, architect, player

TRADE_GOODS = ["wood", "fish", "book", "pirate", "serpent"]
MAX_TRADE_OFFERS = 3


def trade_partners(state: dict, seat: int) -> list[int]:
    if not state["options"]["trade"] or state["turn"].get("trades", 0) >= MAX_TRADE_OFFERS:
        return []
    here = player(state, seat)["region"]
    return [s for s, q in enumerate(state["players"]) if s != seat and q["region"] == here]


def tradable_goods(state: dict, p: dict) -> list[str]:
    return [g for g in TRADE_GOODS if not (g == "book" and architect(state)) and p[GOODS_FIELD[g]] > 0]


def _trade_ok(give: dict, get: dict) -> bool:
    """Both sides give something and each receives a type it did not give (spec 15.2, R28)."""
    return bool(give) and bool(get) and bool(set(get) - set(give)) and bool(set(give) - set(get))


def trade_build_choices(state: dict, seat: int) -> list[dict]:
    tr = state["trade"]
    me, them = player(state, seat), player(state, tr["with"])
    out = [{"type": "give", "good": g} for g in tradable_goods(state, me) if me[GOODS_FIELD[g]] > tr["give"].get(g, 0)]
    out += [{"type": "ask", "good": g} for g in tradable_goods(state, them) if them[GOODS_FIELD[g]] > tr["get"].get(g, 0)]
    if _trade_ok(tr["give"], tr["get"]):
        out.append({"type": "send"})
    return out + [{"type": "cancel"}]


def trade_reply_choices(state: dict, seat: int) -> list[dict]:
    return [{"type": "accept"}, {"type": "decline"}]


def trade_apply(state: dict, seat: int, action: dict, events: list) -> None:
    tr = state["trade"]
    t = action["type"]
    if t == "cancel":
        state["trade"] = None
        state["phase"] = "act"
    elif t in ("give", "ask"):
        side = tr["give" if t == "give" else "get"]
        side[action["good"]] = side.get(action["good"], 0) + 1
    elif t == "send":
        state["phase"] = "trade_reply"
        events.append({"type": "trade_offer", "seat": seat, "with": tr["with"], "give": dict(tr["give"]),
                       "get": dict(tr["get"])})
    elif t == "accept":
        a, b = player(state, tr["from"]), player(state, tr["with"])
        for good, n in tr["give"].items():
            a[GOODS_FIELD[good]] -= n
            b[GOODS_FIELD[good]] += n
        for good, n in tr["get"].items():
            b[GOODS_FIELD[good]] -= n
            a[GOODS_FIELD[good]] += n
        events.append({"type": "trade", "seat": tr["from"], "with": tr["with"], "give": dict(tr["give"]),
                       "get": dict(tr["get"])})
        state["trade"] = None
        state["phase"] = "act"
        for s in (tr["from"], tr["with"]):
            decisions.queue_hold(state, s, events)
    elif t == "decline":
        events.append({"type": "trade_declined", "seat": seat, "with": tr["from"]})
        state["trade"] = None
        state["phase"] = "act"
