"""Hand-built Islebound positions for the rule tests (default map, standard side)."""

from __future__ import annotations

from rules.islebound import ENGINE


def fresh(n: int = 2, options: dict | None = None, seed: int = 1, homes: list[str] | None = None) -> dict:
    """A game after the home-port picks; seat 0 is made the first player and is to move."""
    state = ENGINE.setup(n, options or {}, seed)
    if state["phase"] == "draft":  # Architect: the draft skipped, hands empty (tests set them)
        state["phase"] = "home"
        for p in state["players"]:
            state["deck"] += p["packet"]
            p["packet"] = []
    state["first"] = 0
    state["order"] = list(range(n))
    state["home_queue"] = list(reversed(range(n)))
    homes = homes or ["tandrake", "marhaven", "krazsk", "crimsica"][:n]
    for seat in reversed(range(n)):
        ENGINE.apply(state, seat, {"type": "home", "port": homes[seat]})
    assert state["phase"] == "move" and ENGINE.to_act(state) == {0}
    return state


def at(state: dict, seat: int, region: str, phase: str = "act") -> dict:
    """Put ``seat``'s ship in ``region`` as the active player, after its move."""
    state["players"][seat]["region"] = region
    state["turn_index"] = state["order"].index(seat)
    state["turn"] = {"seat": seat, "moved": phase != "move", "main": False, "fish_spent": 0,
                     "start": region, "trades": 0}
    state["phase"] = phase
    return state


def sailor(state: dict, seat: int, sid: str, deck: bool = True) -> None:
    state["players"][seat]["sailors"].append({"id": sid, "deck": deck, "wounded": False})


def act(state: dict, seat: int, action: dict) -> list[dict]:
    return ENGINE.apply(state, seat, action)
