"""Two tiny throwaway games for fast adapter tests (and proof that the adapter is generic).

- ``count_up``: turn-based; seats take turns adding 1 or 2; whoever reaches 6 wins.
- ``pick_number``: simultaneous and sealed; every seat picks 1..30 in secret, the highest wins.
  30 choices need a paginated select; sealing needs a confirmation.
"""

from __future__ import annotations

import copy

from rules.base import Engine


class CountUp(Engine):
    key, title, min_players, max_players = "count_up", "Count Up", 2, 3
    options_schema = {"goal": {"type": "int", "choices": [6, 9], "default": 6, "help": "Total that wins"}}

    def setup(self, n_players, options, seed):
        options = dict(options or {})
        goal = options.pop("goal", 6)
        if options or goal not in (6, 9):
            raise ValueError(f"Unknown options: {sorted(options)}" if options else "goal must be 6 or 9")
        return {"n": n_players, "total": 0, "turn": 0, "goal": goal, "winner": None, "last": None}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def to_act(self, state):
        return set() if state["winner"] is not None else {state["turn"]}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def apply(self, state, seat, action):
        self.check_legal(state, seat, action)
        state["total"] += action["n"]
        state["last"] = {"seat": seat, "n": action["n"]}
        events = [{"type": "added", "seat": seat, "n": action["n"], "total": state["total"]}]
        if state["total"] >= state["goal"]:
            state["winner"] = seat
            events.append({"type": "won", "seat": seat})
        else:
            state["turn"] = (state["turn"] + 1) % state["n"]
        return events

    def view(self, state, seat):
        return copy.deepcopy(state)

    def result(self, state):
        if state["winner"] is None:
            return None
        w = state["winner"]
        ranks = [1 if s == w else 2 for s in range(state["n"])]
        return {"scores": [1 if s == w else 0 for s in range(state["n"])], "ranks": ranks, "winners": [w],
                "categories": {"Wins": [1 if s == w else 0 for s in range(state["n"])]}}

    def describe_action(self, action, view=None):
        return f"Add {action['n']}"

    def describe_event(self, event, names):
        if event["type"] == "added":
            return f"{names[event['seat']]} adds {event['n']}: the total is {event['total']}."
        return f"{names[event['seat']]} wins!"


class PickNumber(Engine):
    key, title, min_players, max_players = "pick_number", "Pick a Number", 2, 2
    options_schema: dict = {}

    def setup(self, n_players, options, seed):
        if options:
            raise ValueError("Pick a Number has no options.")
        return {"n": n_players, "picks": [None] * n_players, "revealed": False}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def to_act(self, state):
        return {s for s, p in enumerate(state["picks"]) if p is None}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "pick", "n": n} for n in range(1, 31)]

    def apply(self, state, seat, action):
        self.check_legal(state, seat, action)
        state["picks"][seat] = action["n"]
        events = [{"type": "picked", "seat": seat, "n": action["n"], "private_to": seat},
                  {"type": "sealed", "seat": seat}]
        if all(p is not None for p in state["picks"]):
            state["revealed"] = True
            events.append({"type": "reveal", "picks": list(state["picks"])})
        return events

    def view(self, state, seat):
        view = {"n": state["n"], "revealed": state["revealed"],
                "chosen": sum(p is not None for p in state["picks"])}
        if state["revealed"]:
            view["picks"] = list(state["picks"])
        elif seat is not None:
            view["my_pick"] = state["picks"][seat]
        return view

    def result(self, state):
        if not state["revealed"]:
            return None
        picks = state["picks"]
        best = max(picks)
        ranks = [1 if p == best else 2 for p in picks]
        return {"scores": list(picks), "ranks": ranks, "winners": [s for s, p in enumerate(picks) if p == best],
                "categories": {"Number": list(picks)}}

    def describe_action(self, action, view=None):
        return f"Secret number {action['n']}"

    def describe_event(self, event, names):
        if event["type"] == "picked":
            return f"You picked the secret number {event['n']}."
        if event["type"] == "sealed":
            return f"{names[event['seat']]} has picked."
        return "Revealed: " + ", ".join(f"{names[s]} {n}" for s, n in enumerate(event["picks"]))


TEST_ENGINES = {e.key: e for e in (CountUp(), PickNumber())}
