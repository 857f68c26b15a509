"""Six tiny games for testing the host and the front ends without depending on a real game
(and proof that both are generic): one registry, registered per test with ``register``.

- ``toy_race``: turn-based; each turn a seat adds 1 or 2 to its counter; first to 5 wins.
- ``toy_sealed``: each round all seats secretly pick 1..3 at once (a sealed step), then the
  picks are revealed and added to scores; three rounds. A private "secret" note per seat.
- ``count_up``: turn-based; seats add 1 or 2 to one shared total; whoever reaches the goal
  option (6 or 9) wins.
- ``two_step``: ``count_up`` whose turns take two steps (add twice), to 12.
- ``sealed_lead``: ``toy_sealed`` where the highest pick then leads on alone before the next round.
- ``pick_number``: simultaneous and sealed; every seat picks 1..30 in secret, the highest wins.
  30 choices need a paginated select; sealing needs a confirmation.
"""

from __future__ import annotations

import copy

from rules.base import Engine


class ToyEngine(Engine):
    """States are plain JSON dicts already."""

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def seals(self, state, seat, action):
        return False  # turn-based unless a game says otherwise

    def check_options(self, options, n_players):
        return dict(options or {})  # ignored unless a game says otherwise

class ToyRace(ToyEngine):
    key, title, min_players, max_players = "toy_race", "Toy Race", 2, 3

    def check_options(self, options, n_players):
        if options:
            raise ValueError(f"unknown options {sorted(options)}")
        return {}

    def setup(self, n_players, options, seed):
        self.check_options(options, n_players)
        return {"n": n_players, "turn": 0, "counters": [0] * n_players, "seq": 0, "seed": str(seed)}

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


class ToySealed(ToyEngine):
    key, title, min_players, max_players = "toy_sealed", "Toy Sealed", 2, 4

    def setup(self, n_players, options, seed):
        return {"n": n_players, "round": 1, "picks": {}, "scores": [0] * n_players,
                "secret": [f"secret-{seed}-{s}" for s in range(n_players)], "last": []}

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

    def seals(self, state, seat, action):
        # a pick ends the seat's round; the last one reveals it, and the seat picks again next round
        return len(self.to_act(state)) > 1 or state["round"] == 3

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


class CountUp(ToyEngine):
    key, title, min_players, max_players = "count_up", "Count Up", 2, 3
    options_schema = {"goal": {"type": "int", "choices": [6, 9], "default": 6, "help": "Total that wins"}}

    def check_options(self, options, n_players):
        options = dict(options or {})
        goal = options.pop("goal", 6)
        if options or goal not in (6, 9):
            raise ValueError(f"Unknown options: {sorted(options)}" if options else "goal must be 6 or 9")
        return {"goal": goal}

    def setup(self, n_players, options, seed):
        goal = self.check_options(options, n_players)["goal"]
        return {"n": n_players, "total": 0, "turn": 0, "goal": goal, "winner": None, "last": None}

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


class PickNumber(ToyEngine):
    key, title, min_players, max_players = "pick_number", "Pick a Number", 2, 2
    options_schema: dict = {}

    def check_options(self, options, n_players):
        if options:
            raise ValueError("Pick a Number has no options.")
        return {}

    def setup(self, n_players, options, seed):
        self.check_options(options, n_players)
        return {"n": n_players, "picks": [None] * n_players, "revealed": False}

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

    def seals(self, state, seat, action):
        return True

    def describe_action(self, action, view=None):
        return f"Secret number {action['n']}"

    def describe_event(self, event, names):
        if event["type"] == "picked":
            return f"You picked the secret number {event['n']}."
        if event["type"] == "sealed":
            return f"{names[event['seat']]} has picked."
        return "Revealed: " + ", ".join(f"{names[s]} {n}" for s, n in enumerate(event["picks"]))


class TwoStep(CountUp):
    """``count_up`` with two-step turns: a seat adds twice (1 or 2 each time), then the next seat goes."""

    key, title, min_players, max_players = "two_step", "Two Step", 2, 3
    options_schema: dict = {}

    def check_options(self, options, n_players):
        if options:
            raise ValueError("Two Step has no options.")
        return {}

    def setup(self, n_players, options, seed):
        self.check_options(options, n_players)
        return {"n": n_players, "total": 0, "turn": 0, "goal": 12, "winner": None, "last": None, "step": 0}

    def apply(self, state, seat, action):
        self.check_legal(state, seat, action)
        state["total"] += action["n"]
        state["last"] = {"seat": seat, "n": action["n"]}
        events = [{"type": "added", "seat": seat, "n": action["n"], "total": state["total"]}]
        if state["total"] >= state["goal"]:
            state["winner"] = seat
            events.append({"type": "won", "seat": seat})
        elif state["step"] == 0:
            state["step"] = 1
        else:
            state["step"] = 0
            state["turn"] = (state["turn"] + 1) % state["n"]
        return events


class SealedLead(ToySealed):
    """``toy_sealed`` where, after each reveal, the highest pick (ties: the later seat) leads on
    alone before the next round: the last seat to seal may be the one to act next."""

    key, title = "sealed_lead", "Sealed Lead"

    def setup(self, n_players, options, seed):
        return {**super().setup(n_players, options, seed), "leader": None}

    def to_act(self, state):
        if state["round"] > 3:
            return set()
        if state["leader"] is not None:
            return {state["leader"]}
        return super().to_act(state)

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["leader"] is not None:  # two ways, so the panel asks (a lone step would be taken for the player)
            return [{"type": "lead"}, {"type": "lead", "quietly": True}]
        return super().legal_actions(state, seat)

    def apply(self, state, seat, action):
        if state["leader"] is not None:
            self.check_legal(state, seat, action)
            state["leader"] = None
            return [{"type": "lead", "seat": seat}]
        events = super().apply(state, seat, action)
        if events[-1]["type"] == "reveal" and state["round"] <= 3:
            picks = events[-1]["picks"]
            state["leader"] = max(range(len(picks)), key=lambda s: (picks[s], s))
        return events

    def view(self, state, seat):
        return {**super().view(state, seat), "leader": state["leader"]}

    def describe_action(self, action, view=None):
        if action["type"] == "lead":
            return "Lead on quietly" if action.get("quietly") else "Lead on"
        return super().describe_action(action, view)

    def seals(self, state, seat, action):
        if action["type"] == "lead" or len(self.to_act(state)) == 1 and state["round"] < 3:
            # leading on is a turn of its own; the last pick reveals, and the highest leads on
            picks = {**{int(k): v for k, v in state["picks"].items()}, seat: action.get("n", 0)}
            return action["type"] == "pick" and max(picks, key=lambda s: (picks[s], s)) != seat
        return True

    def describe_event(self, event, names):
        if event["type"] == "lead":
            return f"{names[event['seat']]} leads on."
        return super().describe_event(event, names)


# Games with safe undo points (issue 18), registered by the tests that use them.
class StepUp(ToyEngine):
    """Each turn a seat adds 1 or 2 to a shared total (as often as it likes, each a safe undo
    point: a post in the thread) and then ends its turn; a total of 9 wins."""

    key, title, min_players, max_players = "step_up", "Step Up", 2, 2
    undo_safe_events = frozenset({"added"})

    def setup(self, n_players, options, seed):
        return {"n": n_players, "total": 0, "turn": 0, "winner": None}

    def to_act(self, state):
        return set() if state["winner"] is not None else {state["turn"]}

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}, {"type": "end"}]

    def apply(self, state, seat, action):
        self.check_legal(state, seat, action)
        if action["type"] == "end":
            state["turn"] = (state["turn"] + 1) % state["n"]
            return [{"type": "ended", "seat": seat}]
        state["total"] += action["n"]
        if state["total"] >= 9:
            state["winner"] = seat
        return [{"type": "added", "seat": seat, "n": action["n"], "total": state["total"]}]

    def view(self, state, seat):
        return dict(state)

    def result(self, state):
        if state["winner"] is None:
            return None
        w = state["winner"]
        return {"scores": [int(s == w) for s in range(state["n"])], "ranks": [1 if s == w else 2 for s in range(state["n"])],
                "winners": [w], "categories": {}}

    def describe_action(self, action, view=None):
        return f"Add {action['n']}" if action["type"] == "add" else "End turn"

    def describe_event(self, event, names):
        if event["type"] == "added":
            return f"{names[event['seat']]} adds {event['n']}: the total is {event['total']}."
        return f"{names[event['seat']]} ends their turn."


class PickUndo(PickNumber):
    """Pick a Number whose sealed pick may be taken back until the other has picked."""

    key = "pick_undo"
    undo_safe_events = frozenset({"picked", "sealed"})


TOYS = {e.key: e for e in (ToyRace(), ToySealed(), CountUp(), PickNumber(), TwoStep(), SealedLead())}


def register(monkeypatch) -> None:
    """Make the toy games available to the host for one test."""
    from rules import ENGINES

    for key, engine in TOYS.items():
        monkeypatch.setitem(ENGINES, key, engine)
