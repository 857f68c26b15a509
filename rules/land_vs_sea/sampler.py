"""Land vs Sea worlds for the expert level (``rules/expert.py``): a full state from one seat's view.

A tile shows one printed face; its other face is unseen unless the seat held it (R9). A world gives
every face in sight (the map, each hand's shown faces, the stacks' tops) a tile that has that face,
the faces the seat knows their hidden side of a tile with both, and shuffles the tiles left over
into the stacks below their tops; the game seed is fresh.
"""

from __future__ import annotations

import random
from collections import defaultdict

from rules.base import IllegalAction, canonical
from rules.sampling import seed_of

from . import board as B
from . import turn
from .ai import choose, evaluator
from .data import REGULAR_IDS, SIDES, SPECIAL, START, distinct_rotations, orient_sig, public_face, sig_of

ROLLOUT = "strong"
"""The level that plays on in the rollouts."""
RETREATS = ("back",)
"""Steps back the expert takes only where the strong level does (a search would undo and redo)."""
LEFT_BUCKETS = (10, 20, 40)
"""The leaf's weights change with the tiles left: fewer than 10, 10-19, 20-39, 40 or more."""
CELL_WORTH = ((0.27, 0.07, -0.03), (0.70, 0.43, 0.12), (0.33, 0.25, 0.33), (0.28, -0.07, -0.34))
EDGE_WORTH = (-0.03, -0.37, -1.12, -0.64)
BONUS_WORTH = (0.05, 0.55, 1.53, 1.09)
"""What a tile of an open area is worth to its terrain's team at the end (strong play), by the tiles
left (``LEFT_BUCKETS``) and how many empty cells the area borders (1, 2, 3 or more), plus
``EDGE_WORTH`` (below zero) times its open edges (up to 6) over 6: a sprawling area seldom closes,
and the tiles in it are tiles not in an area that does; a bonus mark is worth ``BONUS_WORTH``. Fitted by least squares
on 300 strong-vs-strong 2-player games (each team's points still to come at every turn's start
against its open areas; ``bench/lvs_leaf_fit.py``, seeds 10000-10299): on held-out games (fitted on two thirds) they explain 9.5 % of the margin
still to come, where the weights by empty cells alone (0.6, 0.5, 0.15 a tile, 0.6 a bonus mark: the
leaf before) explained 7.2 %; the rest is the tiles still to come."""
SPREAD_END, SPREAD_A_TILE, SPREAD_MOST = 7.0, 0.9, 27.0
"""The standard deviation of the margin still to come, in points, against the tiles left (same games:
~10 with 0-5 left, ~20 with 12-17, ~27 with 30 or more)."""
LOGISTIC = 1.7
"""A logistic with scale s has about the spread of a normal of deviation 1.7 s."""
SETTLED_AFTER = 4
"""The search ends after this many worlds where every candidate still searched scored the same in
each (rules/expert.py): at 2 players the rival's reply seldom turns on what the seat cannot see
(tiles' hidden faces, the stacks below their tops). At 64 rollouts, 41 decisions of two games
(placements, steals, second placements) were the same with this stop as without, on half the
rollouts (1,304 against 2,624)."""
CANDIDATES = 10
"""The most whole placements compared at a decision (the strong level's ranking decides which)."""
_PLACING = ("choose", "spot", "place")
_BY_FACE: dict[str, list[tuple[str, str]]] = defaultdict(list)
for _t in REGULAR_IDS:
    for _s in SIDES:
        _BY_FACE[canonical(public_face(_t, _s))].append((_t, _s))
_FIXED = {canonical(public_face(t, s)): (t, s) for t in (START, SPECIAL) for s in SIDES}


def _match(rng: random.Random, slots: list[tuple[dict, dict | None]], free: set[str]) -> list[tuple[str, str]]:
    """A tile (and the side up) for every slot, a face to show (and, where known, the face below),
    drawn at random among the tiles that fit: a bipartite matching by augmenting paths, tried in a
    random order so that every consistent world can come out."""
    fits: list[list[tuple[str, str]]] = []
    for face, hidden in slots:
        options = [(t, s) for t, s in _BY_FACE[canonical(face)] if t in free
                   and (hidden is None or canonical(public_face(t, turn.other_side(s))) == canonical(hidden))]
        rng.shuffle(options)
        fits.append(options)
    owner: dict[str, int] = {}
    chosen: list[tuple[str, str] | None] = [None] * len(slots)

    def place(i: int, visited: set[str]) -> bool:
        for tile, side in fits[i]:
            if tile in visited:
                continue
            visited.add(tile)
            if tile not in owner or place(owner[tile], visited):
                owner[tile] = i
                chosen[i] = (tile, side)
                return True
        return False

    order = sorted(range(len(slots)), key=lambda i: len(fits[i]))
    for i in order:
        place(i, set())
    left = sorted(free - set(owner))
    rng.shuffle(left)
    out = []
    for i, pick in enumerate(chosen):
        if pick is None or owner.get(pick[0]) != i:  # no consistent tile: any free one (the world is a little off)
            pick = (left.pop(), rng.choice(SIDES)) if left else (REGULAR_IDS[0], SIDES[0])
        out.append(pick)
    return out


def determinise(engine, view: dict, rng: random.Random, legal: list[dict] | None = None) -> dict:
    """A full state that shows ``view`` to its seat (whose ``legal`` actions, when given, settle what
    the view leaves open about its own sub-steps)."""
    me = view["seat"]
    n = view["n_players"]
    mine = [{"tile": h["tile"], "up": h["shown_side"]} for h in view["my_hand"]]
    known = {(k["seat"], k["slot"]): k["hidden"] for k in view.get("known_hidden", [])}
    slots: list[tuple[dict, dict | None]] = []
    where: list[tuple[str, object]] = []
    for seat, hand in enumerate(view["hands"]):
        if seat != me:
            for h in hand:
                slots.append((h["shown"], known.get((seat, h["slot"]))))
                where.append(("hand", (seat, h["slot"])))
    for i, stack in enumerate(view["stacks"]):
        if stack["top"]:
            slots.append((stack["top"], None))
            where.append(("top", i))
    fixed: dict[str, tuple[str, str]] = {}
    for cell, entry in view["map"].items():
        special = _FIXED.get(canonical(entry["face"]))
        if special:
            fixed[cell] = special
        else:
            slots.append((entry["face"], None))
            where.append(("map", cell))
    free = {t for t in REGULAR_IDS} - {h["tile"] for h in mine}
    picks = _match(rng, slots, free)
    hands: list[list[dict]] = [[] for _ in range(n)]
    hands[me] = mine
    knowledge: dict[str, list[int]] = {}
    tops: list[tuple[str, str] | None] = [None] * len(view["stacks"])
    board = {cell: {"tile": t, "side": s_, "rot": view["map"][cell]["rot"]} for cell, (t, s_) in fixed.items()}
    for (kind, at), (tile, side) in zip(where, picks, strict=True):
        if kind == "hand":
            seat, slot = at  # type: ignore[misc]
            hands[seat].append({"tile": tile, "up": side})
            if (seat, slot) in known:
                knowledge[tile] = [me]
        elif kind == "top":
            tops[at] = (tile, side)  # type: ignore[index]
        else:
            board[at] = {"tile": tile, "side": side, "rot": view["map"][at]["rot"]}  # type: ignore[index]
    board = {cell: board[cell] for cell in view["map"]}
    rest = sorted(free - {t for t, _s in picks})
    rng.shuffle(rest)
    stacks = []
    for s, top in zip(view["stacks"], tops, strict=True):
        below = [{"tile": t, "up": rng.choice(SIDES)} for t in rest[: max(0, s["size"] - 1)]]
        del rest[: max(0, s["size"] - 1)]
        stacks.append(below + ([{"tile": top[0], "up": top[1]}] if top else []))
    phase = view.get("my_phase") or view["phase"]
    current = view["current"]
    stolen = None
    if view["stolen_this_turn"]:
        held = hands[current] if current is not None else []
        stolen = next((h["tile"] for h in view.get("my_hand", []) if h["stolen_this_turn"]), None) if current == me \
            else (held[-1]["tile"] if held else None)
    pending = None
    if view.get("pending"):
        p = view["pending"]
        pending = {"tile": p["tile"], "side": p["side"]}
        if "at" in p:
            pending["at"] = list(p["at"])
    state = {
        "n": n, "seed": seed_of(rng), "seq": 0, "options": dict(view["options"]), "roles": list(view["roles"]),
        "order": list(view["order"]), "turn": view["order"].index(current) if current is not None else 0,
        "phase": phase, "draft_left": 2 * n - sum(len(h) for h in view["hands"]) if phase == "draft" else 0,
        "hands": hands, "stacks": stacks, "known": knowledge, "map": board, "history": list(view["history"]),
        "special_used": view["special_used"],
        "waypoints": [{"owner": w["owner"], "terrain": w["terrain"], "at": B.key(*w["at"]), "region": w["region"]}
                      for w in view["waypoints"]],
        "scores": dict(view["scores"]), "categories": {t: dict(c) for t, c in view["categories"].items()},
        "pending": pending,
        "turn_info": {"placed": [], "stolen": stolen, "second": False,
                      "action_tile": view.get("action_pending"),
                      "holes": [{"at": B.key(*h["at"]), "side": "front" if h["face"] == "volcano" else "back"}
                                for h in view.get("holes", [])]},
        "last": view["last_move"], "routes": [dict(r) for r in view.get("routes", [])], "stuck": 0,
        "completed": [list(c) for c in view["completed"]],
    }
    if pending and "at" in pending:
        pending["n"] = next((a["n"] for a in turn.spots(state) if a["at"] == pending["at"]), 1)
    return state


def values(state: dict) -> list[float]:
    """Each seat's team score at the end as strong play makes it on average, from where the map
    stands: its score now and what its terrain's open areas promise (``CELL_WORTH``, ``EDGE_WORTH``
    and ``BONUS_WORTH`` by the tiles left)."""
    board = state["map"]
    left = sum(turn.tiles_left(state) >= b for b in LEFT_BUCKETS)
    cell_worth, edge_worth, bonus_worth = CELL_WORTH[left], EDGE_WORTH[left], BONUS_WORTH[left]
    promised = {terrain: 0.0 for terrain in state["scores"]}
    for area in B.areas(board):
        terrain = area["terrain"]
        if not area["open"] or terrain not in promised:
            continue
        empty = {B.neighbour(cell, d) for cell, region in area["nodes"]
                 for d in B.placed(board[cell]).region_dirs[region] if B.neighbour(cell, d) not in board}
        worth = cell_worth[min(len(empty), 3) - 1] + edge_worth * min(area["open"], 6) / 6
        promised[terrain] += worth * len(area["cells"]) + bonus_worth * area["bonus"]
    return [state["scores"][role] + promised[role] for role in state["roles"]]


def scale(state: dict) -> float:
    """The spread of the final margin still to come (logistic units): wide early (a lead of a few
    points means little with most tiles to come), narrow near the end."""
    return min(SPREAD_MOST, SPREAD_END + SPREAD_A_TILE * turn.tiles_left(state)) / LOGISTIC


def horizon(view: dict, world: dict) -> bool:
    """The rollout has gone far enough: the seat's next turn begins (every other seat has played a
    turn since), before its first step; every candidate is scored at the same point of play."""
    return (world["phase"] == "choose" and turn.current_seat(world) == view["seat"]
            and not world["turn_info"]["placed"])


def same_side(state: dict, a: int, b: int) -> bool:
    return state["roles"][a] == state["roles"][b]


def depth(view: dict) -> int:
    """The most moves a rollout plays (its ``horizon`` ends it first unless turns run long)."""
    return 8 * view["n_players"]


def worth_searching(view: dict, legal: list[dict]) -> bool:
    """Placements, steals and a second placement are searched; which stack to draw from follows the
    strong level (the best top face): a drawn tile is placed after the rollout's horizon, so the
    search saw no difference (it kept the strong draw in 58 of 58 decisions of two games) and spent
    half its time there."""
    return legal[0]["type"] != "draw"


def _placing(legal: list[dict]) -> bool:
    return legal[0]["type"] in _PLACING


def plan(view: dict, legal: list[dict], prior: dict) -> tuple[list[dict], dict, str] | None:
    """A placement is one choice made in steps (tile and side, spot, turn): the search compares whole
    placements, the strong level's best ``CANDIDATES`` (by its evaluation of the spot at once and
    what it promises; the best one of every tile side among them), its own first; the key names the
    decision, the same at each of its steps."""
    if not _placing(legal):
        return None
    seat = view["seat"]
    ev = evaluator(view, seat)
    pending = view.get("pending")
    if pending:
        sides = [(pending["tile"], pending["side"])]
    else:
        sides = [(a["tile"], a["side"]) for a in legal if a["type"] == "choose"]
    scored: list[tuple[float, dict]] = []
    for tile, side in sides:
        sig = sig_of(tile, side)
        cells = [B.key(*pending["at"])] if pending and "at" in pending else B.frontier(ev.board)
        for cell in cells:
            pattern = ev.pattern(cell)
            if pattern == "??????":
                continue
            for rot in distinct_rotations(tile, side):
                if B.fits(pattern, orient_sig(sig, rot).terrain):
                    choice = {"type": "plan", "tile": tile, "side": side, "at": list(B.parse(cell)), "rot": rot}
                    scored.append((ev.value(sig, cell, rot), choice))
    if not scored:
        return None
    scored.sort(key=lambda x: -x[0])  # stable: ties keep the reading order
    out = [scored[0][1]]
    best_of_side = {}
    for _v, c in scored:
        best_of_side.setdefault((c["tile"], c["side"]), c)
    for c in [*best_of_side.values(), *(c for _v, c in scored)]:
        if c not in out and len(out) < CANDIDATES:
            out.append(c)
    decision = canonical({"seat": seat, "map": view["map"], "hand": view["my_hand"], "history": len(view["history"]),
                          "scores": view["scores"]})
    return out, out[0], decision


def _toward(legal: list[dict], choice: dict, pending: dict | None) -> dict | None:
    """The step towards the placement ``choice`` (tile and side, spot, turn), or None where the tile
    or spot taken already (``pending``) leads elsewhere: never back out of it. With AI_WORKERS > 1 a
    later step may be searched again in another process, whose choice can differ; stepping back
    there could undo and redo a placement between the processes for ever."""
    if pending and ((pending["tile"], pending["side"]) != (choice["tile"], choice["side"])
                    or ("at" in pending and list(pending["at"]) != list(choice["at"]))):
        return None
    for a in legal:
        t = a["type"]
        if t == "choose" and (a["tile"], a["side"]) == (choice["tile"], choice["side"]):
            return a
        if t == "spot" and a["at"] == choice["at"]:
            return a
        if t == "place" and a["at"] == choice["at"] and a["rot"] == choice["rot"]:
            return a
    return None


def step(view: dict, legal: list[dict], choice: dict) -> dict:
    """The step towards ``choice``; the strong level's own (forward, within the tile and spot taken)
    where none leads there."""
    if choice.get("type") != "plan":
        return choice
    return _toward(legal, choice, view.get("pending")) or choose(view, legal, random.Random(0))


def play_choice(engine, world: dict, seat: int, choice: dict) -> None:
    """Play ``choice`` in ``world``: an action, or a whole placement walked step by step."""
    if choice.get("type") != "plan":
        engine.apply(world, seat, choice)
        return
    for _i in range(6):
        action = _toward(engine.legal_actions(world, seat), choice, world["pending"])
        if action is None:
            break
        engine.apply(world, seat, action)
        if action["type"] == "place":
            return
    raise IllegalAction("the placement was not reached")
