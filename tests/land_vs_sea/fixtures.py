"""Fixture tiles and hand-built positions for the rule tests (spec 13: scenarios use their own tiles)."""

from __future__ import annotations

from rules import ENGINES
from rules.land_vs_sea import board as B
from rules.land_vs_sea.data import FACES

ENGINE = ENGINES["land_vs_sea"]


def runs(edges: str) -> list[list[int]]:
    """Maximal cyclic runs of one terrain: the default regions of a face."""
    if len(set(edges)) == 1:
        return [list(range(6))]
    start = next(i for i in range(6) if edges[i] != edges[i - 1])
    out, cur = [], [start]
    for k in range(1, 6):
        i = (start + k) % 6
        if edges[i] == edges[cur[-1]]:
            cur.append(i)
        else:
            out.append(cur)
            cur = [i]
    out.append(cur)
    return out


def make_face(edges: str, regions=None, bonus=None, mountains=(), corals=(), caravans=(), ships=(), action=None) -> dict:
    """A face from its edge string; ``regions`` lists edge groups (default: one per run).

    ``bonus`` maps an edge to marks in that edge's region; features are given by edges, too.
    """
    groups = [sorted(g) for g in (regions or runs(edges))]
    regs = []
    for rid, g in enumerate(sorted(groups, key=min)):
        regs.append({"id": rid, "terrain": "land" if edges[g[0]] == "L" else "sea", "edges": g, "bonus": 0})

    def rid_of(edge):
        return next(r["id"] for r in regs if edge in r["edges"])

    for edge, n in (bonus or {}).items():
        regs[rid_of(edge)]["bonus"] += n
    return {"edges": edges, "regions": regs,
            "mountains": [{"region": rid_of(m[0]), "edges": list(m)} for m in mountains],
            "corals": [{"region": rid_of(c[0]), "edges": list(c)} for c in corals],
            "caravans": [rid_of(e) for e in caravans], "ships": [rid_of(e) for e in ships],
            "action": action, "shape": "fixture"}


def tile(name: str, front: dict, back: dict | None = None) -> str:
    FACES[name] = {"front": front, "back": back or front}
    return name


def game(n=2, options=None, seed=1, board=None, hands=None, stacks=None, turn_seat=0) -> dict:
    """A running game in the 'choose' step of ``turn_seat`` with the given map/hands/stacks.

    ``board``: {(q, r): (tile, side, rot)}; ``hands``: per seat list of (tile, up side).
    Roles by seat: 0 land, 1 sea, 2 cartographer (3p) or land (4p), 3 sea.
    """
    opts = {"roles": "by_seat", **(options or {})}
    state = ENGINE.setup(n, opts, seed)
    if board is not None:
        state["map"] = {B.key(*at): {"tile": t, "side": s, "rot": r} for at, (t, s, r) in board.items()}
        state["history"] = list(state["map"])
    if hands is not None:
        state["hands"] = [[{"tile": t, "up": up} for t, up in h] for h in hands]
        state["known"] = {}
    if stacks is not None:
        state["stacks"] = [[{"tile": t, "up": up} for t, up in st] for st in stacks]
    state["completed"] = sorted(([c, r] for c, r in B.completed_nodes(state["map"])),
                                key=lambda n: (B.reading_order(n[0]), n[1]))
    state["draft_left"] = 0
    state["turn"] = state["order"].index(turn_seat)
    state["phase"] = "choose"
    return state


def place(state: dict, seat: int, tile_id: str, side: str, at, rot: int) -> list[dict]:
    """Play a tile through the three phone steps: choose, spot, rotation."""
    events = ENGINE.apply(state, seat, {"type": "choose", "tile": tile_id, "side": side})
    spot = next(a for a in ENGINE.legal_actions(state, seat) if a["type"] == "spot" and a["at"] == list(at))
    events += ENGINE.apply(state, seat, spot)
    events += ENGINE.apply(state, seat, {"type": "place", "tile": tile_id, "side": side, "at": list(at), "rot": rot})
    return events
