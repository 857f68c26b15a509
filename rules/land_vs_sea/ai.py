"""The Land vs Sea AI seat: greedy one-placement lookahead with an area heuristic.

It decides from its own view only: the public map, its hand (both faces of its own tiles),
the shown faces of stack tops and of other hands. Placements are scored incrementally from
the areas/chains of the current map, so a full decision over every tile, side, spot and
rotation stays in the tens of milliseconds.
"""

from __future__ import annotations

import json
import random

from rules.land_vs_sea import board as B
from rules.land_vs_sea.data import SPECIAL, face_sig, orient_sig, sig_of


class Evaluator:
    """Value of a placement for ``team`` on the map of a view (immediate points + potential)."""

    potential_weight = 1.0

    def __init__(self, view: dict, seat: int) -> None:
        self.board = {c: {"sig": face_sig(e["face"]), "rot": e["rot"]} for c, e in view["map"].items()}
        self.team = view["roles"][seat]
        self.teams = list(view["scores"])
        self.n = view["n_players"]
        self.opts = view["options"]
        self.node_area: dict = {}
        self.area_list: list = []
        self.waypoints = {(B.key(*w["at"]), w["region"]): w for w in view.get("waypoints", [])}
        self.waypoint_cells = {B.key(*w["at"]) for w in view.get("waypoints", [])}
        self.chain_of = {}
        if self.opts.get("mountains_corals"):
            for kind in ("mountains", "corals"):
                for ch in B.chains(self.board, kind):
                    for c, i in ch["nodes"]:
                        self.chain_of[(kind, c, i)] = (id(ch), len(ch["nodes"]))
        self.patterns: dict = {}
        self.memo: dict = {}

    def area_index(self, cell: str, region: int) -> int:
        idx = self.node_area.get((cell, region))
        if idx is None:
            area = B.area_from(self.board, cell, region)
            idx = len(self.area_list)
            self.area_list.append(area)
            for c, r in area["nodes"]:
                self.node_area[(c, r)] = idx
        return idx

    def pattern(self, cell: str) -> str:
        p = self.patterns.get(cell)
        if p is None:
            p = self.patterns[cell] = B.required(self.board, cell)
        return p

    def weight(self, team: str) -> float:
        if team == self.team:
            return 1.0
        return -1.0 if self.n != 3 else -0.6

    def value(self, sig: str, cell: str, rot: int) -> float:
        """The placement of the face ``sig`` (data.face_sig) at ``cell`` turned ``rot``."""
        o = orient_sig(sig, rot)
        gains: dict = {t: 0.0 for t in self.teams}
        potential = 0.0
        nbs = B.neighbours(cell)
        # group the new tile's regions with the areas they join
        groups: dict = {}
        for rid, dirs in o.region_dirs.items():
            touched = set()
            for d in dirs:
                other = self.board.get(nbs[d])
                if other is not None:
                    touched.add(self.area_index(nbs[d], B.placed(other).region_at[(d + 3) % 6]))
            groups[rid] = touched
        merged: list = []
        for rid, touched in groups.items():
            for g in merged:
                if g["areas"] & touched:
                    g["areas"] |= touched
                    g["regions"].append(rid)
                    break
            else:
                merged.append({"areas": set(touched), "regions": [rid]})
        # merge groups that now share areas transitively
        changed = True
        while changed:
            changed = False
            for i in range(len(merged)):
                for j in range(i + 1, len(merged)):
                    if merged[i]["areas"] & merged[j]["areas"]:
                        merged[i]["areas"] |= merged[j]["areas"]
                        merged[i]["regions"] += merged[j]["regions"]
                        del merged[j]
                        changed = True
                        break
                if changed:
                    break
        for g in merged:
            terrain = o.region_terrain[g["regions"][0]]
            open_edges = sum(self.area_list[a]["open"] for a in g["areas"])
            cells = {cell}
            bonus = 0
            for a in g["areas"]:
                cells.update(self.area_list[a]["cells"])
                bonus += self.area_list[a]["bonus"]
            for rid in g["regions"]:
                bonus += o.region_bonus[rid]
                for d in o.region_dirs[rid]:
                    if nbs[d] in self.board:
                        open_edges -= 1
                    else:
                        open_edges += 1
            if open_edges == 0:
                gains[terrain] = gains.get(terrain, 0) + len(cells)
                gains[self.team] += bonus
                for a in g["areas"]:
                    for c, r in self.area_list[a]["nodes"]:
                        if (c, r) in self.waypoints:
                            gains[self.team] += 1
            else:
                w = 1.0 if terrain == self.team else (-1.0 if self.n != 3 else -0.5)
                if terrain in self.teams:
                    # an open area of my terrain is worth more the closer it is to completion
                    potential += w * (0.35 * len(cells) + 0.6 * bonus) / (1.0 + 0.5 * open_edges)
                if bonus and terrain != self.team:
                    potential -= 0.15 * bonus / open_edges
        for n in nbs:
            if n in self.waypoint_cells and all(x in self.board or x == cell for x in B.neighbours(n)):
                gains[self.team] += 1
        if self.opts.get("mountains_corals"):
            for kind, feats, to in (("mountains", o.mountains, "land"), ("corals", o.corals, "sea")):
                to = "cartographer" if self.n == 3 else to
                for dirs in feats:
                    seen, size = set(), 1
                    for d in dirs:
                        other = self.board.get(nbs[d])
                        if other is None:
                            continue
                        ofeats = B.placed(other).mountains if kind == "mountains" else B.placed(other).corals
                        for j, od in enumerate(ofeats):
                            if (d + 3) % 6 in od:
                                cid, csize = self.chain_of[(kind, nbs[d], j)]
                                if cid not in seen:
                                    seen.add(cid)
                                    size += csize
                    if seen:
                        gains[to] = gains.get(to, 0) + size
                    else:
                        open_feat = sum(1 for d in dirs if nbs[d] not in self.board)
                        potential += 0.2 * self.weight(to) * min(open_feat, 1)
        if self.opts.get("caravans_ships") and o.trade:
            if any(self.board.get(n) is not None and B.placed(self.board[n]).trade for n in nbs):
                gains[self.team] += 2
            mine = (o.caravans if self.team == "land" else o.ships) if self.team in ("land", "sea") else 0
            potential += 0.3 * mine
        total = sum(self.weight(t) * v for t, v in gains.items() if t in self.teams)
        return total + self.potential_weight * potential

    def best_for(self, sig: str, cells: list[str] | None = None) -> tuple[float, str | None, int]:
        if cells is None:
            hit = self.memo.get(sig)
            if hit is None:
                hit = self.memo[sig] = self._best_for(sig, None)
            return hit
        return self._best_for(sig, cells)

    def _best_for(self, sig: str, cells: list[str] | None) -> tuple[float, str | None, int]:
        best = (-1e9, None, 0)
        for cell in cells if cells is not None else B.frontier(self.board):
            pattern = self.pattern(cell)
            if pattern == "??????":
                continue
            for rot in range(6):
                if B.fits(pattern, orient_sig(sig, rot).terrain):
                    v = self.value(sig, cell, rot)
                    if v > best[0]:
                        best = (v, cell, rot)
        return best


def _face_value(ev: Evaluator, f: dict | None) -> float:
    if not f:
        return -1e9
    return ev.best_for(face_sig(f))[0] + (1.5 if f.get("action") else 0.0)


_CACHE: dict = {}


def evaluator(view: dict, seat: int) -> Evaluator:
    """Evaluators are pure functions of the public map and the seat's role: reuse them across the
    steps of one placement (choose, spot, rotation) instead of re-tracing the map each time."""
    sig = json.dumps([view["map"], view.get("waypoints"), view["roles"][seat], view["n_players"], view["options"]],
                     sort_keys=True)
    ev = _CACHE.get(sig)
    if ev is None:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        ev = _CACHE[sig] = Evaluator(view, seat)
    return ev


class ImmediateEvaluator(Evaluator):
    """Only the points a placement scores at once (the greedy level)."""

    potential_weight = 0.0


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    return _choose_with(evaluator(view, view["seat"]), view, legal)


def _choose_with(ev: Evaluator, view: dict, legal: list[dict]) -> dict:
    kind = legal[0]["type"]
    kinds = {a["type"] for a in legal}
    if kind == "draw":
        return max(legal, key=lambda a: _face_value(ev, view["stacks"][a["stack"]]["top"]))
    if kind == "choose":
        scored = []
        for a in legal:
            v = ev.best_for(sig_of(a["tile"], a["side"]))[0]
            scored.append((v, a))
        return max(scored, key=lambda x: x[0])[1]
    if kind == "spot":
        p = view["pending"]
        cells = [B.key(*a["at"]) for a in legal if a["type"] == "spot"]
        _, cell, _ = ev.best_for(sig_of(p["tile"], p["side"]))
        if cell not in cells:
            _, cell, _ = ev.best_for(sig_of(p["tile"], p["side"]), cells)
        return next(a for a in legal if a["type"] == "spot" and B.key(*a["at"]) == cell)
    if kind == "place":
        places = [a for a in legal if a["type"] == "place"]
        return max(places, key=lambda a: ev.value(sig_of(a["tile"], a["side"]), B.key(*a["at"]), a["rot"]))
    if kind == "place_special":
        def special_value(a):
            side = "front" if view["special_spots"][0]["face"] == "volcano" else "back"
            for h in view.get("special_spots", []):
                if h["at"] == a["at"]:
                    side = "front" if h["face"] == "volcano" else "back"
            return ev.value(sig_of(SPECIAL, side), B.key(*a["at"]), a["rot"])
        return max(legal, key=special_value)
    if "play_again" in kinds:
        tiles = [h for h in view["my_hand"] if not h["stolen_this_turn"]]
        best = max((ev.best_for(sig_of(h["tile"], s))[0] for h in tiles for s in ("front", "back")), default=-1e9)
        return {"type": "play_again"} if best > -1.0 else {"type": "decline_action"}
    if "steal" in kinds:
        steals = [a for a in legal if a["type"] == "steal"]
        return max(steals, key=lambda a: _face_value(ev, view["hands"][a["from"]][a["slot"]]["shown"]))
    if "place_waypoint" in kinds:
        spots = [a for a in legal if a["type"] == "place_waypoint"]
        def open_of(a):
            return ev.area_list[ev.area_index(B.key(*a["at"]), a["region"])]["open"]
        return min(spots, key=open_of)
    return legal[0]


def greedy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The greedy level: the tile and the place that score most at once (nothing for open areas
    and their prospects); draws, steals and second actions (choices about later turns) blindly."""
    kinds = {a["type"] for a in legal}
    if kinds & {"draw", "steal", "play_again", "decline_action", "place_waypoint"}:
        return rng.choice(legal)
    return _choose_with(ImmediateEvaluator(view, view["seat"]), view, legal)
