"""Buying (spec section 7): in turn order each seat alone buys one tile offered by another
seat, paying its price to the owner (who also gets the stake back), or passes."""

from __future__ import annotations

from rules.isle_of_skye.state import turn_order


def buyer(state: dict) -> int:
    return state["buyers"][state["buy_step"]]


def buy_actions(state: dict, seat: int) -> list[dict]:
    if seat != buyer(state):
        return []
    coins = state["players"][seat]["coins"]
    acts = []
    for owner in turn_order(state):
        if owner == seat:
            continue
        for o in state["players"][owner]["offer"]:
            if o["price"] <= coins:
                acts.append({"type": "buy", "tile": o["tile"], "from": owner, "price": o["price"]})
    return acts + [{"type": "pass"}]


def buy_apply(state: dict, seat: int, action: dict, events: list) -> None:
    if action["type"] == "buy":
        owner = state["players"][action["from"]]
        price = action["price"]
        owner["offer"] = [o for o in owner["offer"] if o["tile"] != action["tile"]]
        state["players"][seat]["coins"] -= price
        owner["coins"] += 2 * price  # payment plus the returned stake
        state["players"][seat]["bought"].append(action["tile"])
        events.append({"type": "buy", "seat": seat, "from": action["from"], "tile": action["tile"],
                       "price": price})
    else:
        events.append({"type": "pass", "seat": seat})
    state["buy_step"] += 1


def skip_forced_passes(state: dict, events: list) -> None:
    """A buyer with nothing on offer they can pay for must pass (spec 7): do it for them, so
    an asynchronous game never waits hours for a forced click."""
    while state["buy_step"] < state["n"] and buy_actions(state, buyer(state)) == [{"type": "pass"}]:
        events.append({"type": "pass", "seat": buyer(state), "forced": True})
        state["buy_step"] += 1


def all_bought(state: dict) -> bool:
    return state["buy_step"] >= state["n"]
