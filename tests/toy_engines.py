"""Two tiny games for testing the host and the adapters without depending on a real game.

``toy_race``: turn-based; each turn a seat adds 1 or 2 to its counter; first to 5 wins.
``toy_sealed``: each round all seats secretly pick 1..3 at once (a sealed step), then the
picks are revealed and added to scores; three rounds. A private "secret" note per seat.
"""

from __future__ import annotations

import copy

from rules.base import Engine


class ToyRace(Engine):
    key, title, min_players, max_players = "toy_race", "Toy Race", 2, 3

    def setup(self, n_players, options, seed):
        if options:
            raise ValueError(f"unknown options {sorted(options)}")
        return {"n": n_players, "turn": 0, "counters": [0] * n_players, "seq": 0, "seed": str(seed)}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def to_act(self, state):
        return set() if self.result(state) else {state["turn"]}

    def legal_actions(self, state, seat):
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}] if seat in self.to_act(state) else []

    def apply(self, state, seat, action):
        action = self.check_legal(state, seat, action)
        state["counters"][seat] += action["n"]
        state["turn"] = (state["turn"] + 1) % state["n"]
        state["seq"] += 1
        return [{"type": "add", "seat": seat, "n": action["n"]}]

    def view(self, state, seat):
        return {"counters": list(state["counters"]), "turn": state["turn"]}

    def result(self, state):
        best = max(state["counters"])
        if best < 5:
            return None
        ranks = [1 + sum(1 for o in state["counters"] if o > c) for c in state["counters"]]
        return {"scores": list(state["counters"]), "ranks": ranks,
                "winners": [s for s, r in enumerate(ranks) if r == 1], "categories": {"Steps": list(state["counters"])}}

    def describe_action(self, action, view=None):
        return f"Add {action['n']}"

    def describe_event(self, event, names):
        return f"{names[event['seat']]} added {event['n']}"


class ToySealed(Engine):
    key, title, min_players, max_players = "toy_sealed", "Toy Sealed", 2, 4

    def setup(self, n_players, options, seed):
        return {"n": n_players, "round": 1, "picks": {}, "scores": [0] * n_players,
                "secret": [f"secret-{seed}-{s}" for s in range(n_players)], "last": []}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def to_act(self, state):
        if state["round"] > 3:
            return set()
        return {s for s in range(state["n"]) if str(s) not in state["picks"]}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "pick", "n": k} for k in (1, 2, 3)]

    def apply(self, state, seat, action):
        action = self.check_legal(state, seat, action)
        state["picks"][str(seat)] = action["n"]
        events = [{"type": "picked", "seat": seat, "n": action["n"], "private_to": seat}]
        if len(state["picks"]) == state["n"]:
            picks = [state["picks"][str(s)] for s in range(state["n"])]
            for s, k in enumerate(picks):
                state["scores"][s] += k
            state["last"] = picks
            state["picks"] = {}
            state["round"] += 1
            events.append({"type": "reveal", "picks": picks})
        return events

    def view(self, state, seat):
        v = {"round": state["round"], "scores": list(state["scores"]), "last": list(state["last"]),
             "waiting": len(self.to_act(state))}
        if seat is not None:
            v["secret"] = state["secret"][seat]
            if str(seat) in state["picks"]:
                v["my_pick"] = state["picks"][str(seat)]
        return v

    def result(self, state):
        if state["round"] <= 3:
            return None
        sc = state["scores"]
        ranks = [1 + sum(1 for o in sc if o > c) for c in sc]
        return {"scores": list(sc), "ranks": ranks, "winners": [s for s, r in enumerate(ranks) if r == 1],
                "categories": {"Picks": list(sc)}}

    def describe_action(self, action, view=None):
        return f"Pick {action['n']}"

    def describe_event(self, event, names):
        if event["type"] == "picked":
            return f"You picked {event['n']}"
        return "Revealed: " + ", ".join(f"{names[s]} {k}" for s, k in enumerate(event["picks"]))


TOYS = {e.key: e for e in (ToyRace(), ToySealed())}


def register(monkeypatch) -> None:
    """Make the toy games available to the host for one test."""
    from rules import ENGINES

    for key, engine in TOYS.items():
        monkeypatch.setitem(ENGINES, key, engine)
