"""The expert level (rules/expert.py): its worlds agree with what the seat sees, it never peeks at
what the seat cannot see, it is reproducible with a rollout budget, and all-expert tables finish."""

from __future__ import annotations

import random

import pytest

from rules import ENGINES
from rules.ai import choose_action, chooser_for
from rules.base import canonical, rng_for
from rules.expert import Budget, sampler_for

FEW = Budget(seconds=None, iterations=16)
"""A rollout budget: the same choice on any machine."""


def _positions(key: str, n: int, seed: int, every: int, limit: int):
    """(state, seat) at every ``every``-th step of a strong/random game (copies)."""
    eng = ENGINES[key]
    state = eng.setup(n, {}, seed)
    rng = random.Random(seed)
    found = 0
    for seq in range(5000):
        if eng.result(state) is not None or found >= limit:
            return
        to_act = sorted(eng.to_act(state))
        if seq % every == every - 1:
            for seat in to_act:
                if len(eng.legal_actions(state, seat)) > 1:
                    found += 1
                    yield eng.load(eng.dump(state)), seat, seq
        seat = to_act[0]
        legal = eng.legal_actions(state, seat)
        strong = chooser_for(key, "strong")
        action = rng.choice(legal) if seq % 5 == 0 else (strong(eng.view(state, seat), legal, rng_for("t", seq))
                                                         if len(legal) > 1 else legal[0])
        eng.apply(state, seat, action)


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_a_sampled_world_shows_the_seat_exactly_what_it_sees(key):
    """Every world is consistent with the seat's view: the same view and the same legal actions,
    at two players and at the most, through whole games."""
    eng = ENGINES[key]
    sampler = sampler_for(key)
    checked = 0
    for n, seed in [(n, seed) for n in sorted({eng.min_players, eng.max_players}) for seed in (11, 12)]:
        for state, seat, seq in _positions(key, n, seed=seed, every=3, limit=30):
            view = eng.view(state, seat)
            world = sampler.determinise(eng, view, random.Random(seq), eng.legal_actions(state, seat))
            assert canonical(eng.view(world, seat)) == canonical(view), f"{key}: the world shows another view at {seq}"
            assert eng.legal_actions(world, seat) == eng.legal_actions(state, seat)
            checked += 1
    assert checked >= 40


def _reshuffled(key: str, state, seat: int, seq: int):
    """The same position with what ``seat`` cannot see drawn again: another world consistent with
    its view (other hands, piles, sealed choices) and another seed (every future draw or roll)."""
    eng = ENGINES[key]
    return sampler_for(key).determinise(eng, eng.view(state, seat), random.Random(f"reshuffle:{seq}"),
                                        eng.legal_actions(state, seat))


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_the_expert_does_not_peek(key):
    """Same seed, same view, same move: the choice does not change when the hidden information
    is reshuffled (the hidden part of the state differs, the seat's view does not)."""
    eng = ENGINES[key]
    compared = differed = 0
    for state, seat, seq in _positions(key, 2, seed=5, every=5, limit=5):
        other = _reshuffled(key, state, seat, seq)
        assert canonical(eng.view(other, seat)) == canonical(eng.view(state, seat))
        hidden_differs = canonical(eng.dump(other)) != canonical(eng.dump(state))
        differed += hidden_differs
        first = choose_action(eng, state, seat, 77, seq, "expert", FEW)
        assert choose_action(eng, other, seat, 77, seq, "expert", FEW) == first, f"{key}: the expert peeked at {seq}"
        assert first in eng.legal_actions(state, seat)
        compared += 1
    assert compared == 5 and differed >= 4


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_an_all_expert_table_finishes(key):
    """Every seat expert (a small rollout budget): the game ends, every move legal."""
    eng = ENGINES[key]
    state = eng.setup(2, {}, 3)
    budget = Budget(seconds=None, iterations=2)
    for seq in range(3000):
        if eng.result(state) is not None:
            break
        seat = min(eng.to_act(state))
        eng.apply(state, seat, choose_action(eng, state, seat, 3, seq, "expert", budget))
    assert eng.result(state) is not None


def test_the_expert_says_nothing_of_its_worlds(caplog):
    """A decision is an action of the legal list and nothing else: no log record, no world kept."""
    import logging

    eng = ENGINES["isle_of_skye"]
    state = eng.setup(3, {}, 8)
    seat = min(eng.to_act(state))
    with caplog.at_level(logging.DEBUG):
        chosen = choose_action(eng, state, seat, 8, 0, "expert", FEW)
    assert caplog.records == []
    assert chosen in eng.legal_actions(state, seat)


def test_the_my_island_expert_weighs_placements_on_every_page_and_turn():
    """A My Island placement is chosen in steps (turn the tile, page, place): the expert compares
    whole placements in every orientation and on every page (not only the spots on the current
    page), and walking its steps towards any of them places the tile exactly there."""
    eng = ENGINES["my_island"]
    sampler = sampler_for("my_island")
    walked = other_turns = 0
    for state, seat, _seq in _positions("my_island", 2, seed=4, every=2, limit=12):
        view = eng.view(state, seat)
        legal = eng.legal_actions(state, seat)
        plan = sampler.plan(view, legal, legal[0])
        if plan is None:
            continue
        candidates, prior, decision = plan
        assert candidates[0] == prior and len({canonical(c) for c in candidates}) == len(candidates)
        orient = view["private"]["orient"]
        other_turns += any(c["type"] == "place" and c["rot"] + 6 * bool(c.get("flip")) != orient for c in candidates)
        for choice in [c for c in candidates if c["type"] == "place"][-2:]:
            trial = eng.load(eng.dump(state))
            for _step in range(40):  # turn, page, place
                step = sampler.step(eng.view(trial, seat), eng.legal_actions(trial, seat), choice)
                assert step in eng.legal_actions(trial, seat)
                eng.apply(trial, seat, step)
                if step["type"] == "place":
                    assert (step["at"], step["rot"], bool(step.get("flip"))) == (
                        choice["at"], choice["rot"], bool(choice.get("flip")))
                    walked += 1
                    break
            else:
                raise AssertionError(f"the steps never reached {choice}")
        assert canonical(sampler.plan(eng.view(state, seat), legal, legal[0])[2]) == canonical(decision)
    assert walked >= 6 and other_turns >= 2


def test_the_island_siege_expert_weighs_whole_actions_and_plays_the_one_chosen():
    """Island Siege's turn action is chosen in steps (menu, card, fort): the expert compares whole
    actions (the strong level's first, every rival fort to attack, each card on each fort that can
    crew it); playing one in a world commits exactly that action, and walking the real steps towards
    it reaches the same action."""
    eng = ENGINES["island_siege"]
    sampler = sampler_for("island_siege")
    kinds: set[str] = set()
    played = 0
    for state, seat, _seq in _positions("island_siege", 2, seed=6, every=2, limit=40):
        view = eng.view(state, seat)
        legal = eng.legal_actions(state, seat)
        plan = sampler.plan(view, legal, legal[0])
        if plan is None:
            assert not sampler._main_step(view)
            continue
        candidates, prior, decision = plan
        assert candidates[0] == prior and len({canonical(c) for c in candidates}) == len(candidates)
        # with a menu open (a search in another worker process opened it) only its choices: no step back
        assert all(sampler._on_the_way(view.get("pending"), tuple(c["plan"])) for c in candidates)
        for choice in candidates:
            kind, *rest = choice["plan"]
            kinds.add(kind)
            for walk in ("world", "steps"):
                trial = eng.load(eng.dump(state))
                if walk == "world":
                    sampler.play_choice(eng, trial, seat, choice)
                else:
                    for _step in range(40):
                        if trial["stage"] != "action" or seat not in eng.to_act(trial):
                            break
                        tview, tlegal = eng.view(trial, seat), eng.legal_actions(trial, seat)
                        if sampler._main_step(tview):  # every step of the decision is the same decision
                            assert sampler.plan(tview, tlegal, tlegal[0])[2] == decision
                            step = sampler.step(tview, tlegal, choice)
                        else:
                            step = chooser_for("island_siege", "strong")(tview, tlegal, random.Random(0))
                        assert step in tlegal
                        eng.apply(trial, seat, step)
                if kind == "attack":
                    assert trial["attack"] is not None and trial["attack"]["target"] == rest[0]
                elif kind == "draw":
                    assert trial["stage"] == "draw_give" or len(trial["players"][seat]["hand"]) > len(
                        state["players"][seat]["hand"])
                else:
                    before = state["players"][seat]["hand"].count(rest[0])
                    assert trial["players"][seat]["hand"].count(rest[0]) == before - 1
                    if kind != "fort":
                        fort = next(f for f in trial["players"][seat]["forts"] if f["id"] == rest[1])
                        built = [b["card"] for b in fort["buildings"]] + [s["card"] for s in trial["players"][seat]["ships"]]
                        assert rest[0] in built
                played += 1
        again = sampler.plan(eng.view(state, seat), legal, legal[0])
        assert again is not None and again[2] == decision
    assert played >= 20 and {"attack", "draw", "fort"} <= kinds


def test_an_island_siege_rollout_stops_at_its_horizon():
    """A rollout plays until the seat's action phase two turns on, then the evaluation scores it."""
    from rules.expert import rollout

    eng = ENGINES["island_siege"]
    sampler = sampler_for("island_siege")
    for state, seat, _seq in _positions("island_siege", 2, seed=7, every=3, limit=8):
        view = eng.view(state, seat)
        world = sampler.determinise(eng, view, random.Random(1), eng.legal_actions(state, seat))
        rollout(eng, world, chooser_for("island_siege", "strong"), 400, random.Random(2),
                lambda w, v=view: bool(sampler.horizon(v, w)))
        assert eng.result(world) is not None or (
            world["turn_number"] == view["turn_number"] + sampler.TURNS and world["stage"] == "action")


def test_the_land_vs_sea_expert_weighs_whole_placements_and_places_the_one_chosen():
    """A Land vs Sea placement is chosen in steps (tile and side, spot, turn): the expert compares
    whole placements, the strong level's best first; playing one in a world, or walking the real
    steps towards it, places that tile on that spot in that turn."""
    eng = ENGINES["land_vs_sea"]
    sampler = sampler_for("land_vs_sea")
    placed = sides = 0
    for state, seat, _seq in _positions("land_vs_sea", 2, seed=4, every=2, limit=30):
        view = eng.view(state, seat)
        legal = eng.legal_actions(state, seat)
        plan = sampler.plan(view, legal, legal[0])
        if plan is None:
            assert legal[0]["type"] not in ("choose", "spot", "place")
            continue
        candidates, prior, decision = plan
        assert candidates[0] == prior and len({canonical(c) for c in candidates}) == len(candidates)
        sides += len({(c["tile"], c["side"]) for c in candidates}) > 1
        for choice in candidates[:4]:
            for walk in ("world", "steps"):
                trial = eng.load(eng.dump(state))
                if walk == "world":
                    sampler.play_choice(eng, trial, seat, choice)
                else:
                    for _step in range(8):
                        tview, tlegal = eng.view(trial, seat), eng.legal_actions(trial, seat)
                        assert sampler.plan(tview, tlegal, tlegal[0])[2] == decision
                        step = sampler.step(tview, tlegal, choice)
                        assert step in eng.legal_actions(trial, seat)
                        eng.apply(trial, seat, step)
                        if step["type"] == "place":
                            break
                at = ",".join(map(str, choice["at"]))
                assert at not in state["map"]
                assert trial["map"][at] == {"tile": choice["tile"], "side": choice["side"], "rot": choice["rot"]}
                placed += 1
        again = sampler.plan(eng.view(state, seat), legal, legal[0])
        assert again is not None and again[2] == decision
    assert placed >= 20 and sides >= 2


def test_island_siege_re_roll_values_remembered_between_decisions_change_no_choice():
    """The strong level's re-roll choice (the expert's rollouts meet the same forts and dice again and
    again, so their values are remembered) is the same with a warm memory as computed afresh."""
    from rules.island_siege import ai as siege_ai

    eng = ENGINES["island_siege"]
    strong = chooser_for("island_siege", "strong")
    warm = []
    fresh = []
    for seed in (3, 4, 5, 6):
        state = eng.setup(2, {}, seed)
        for seq in range(600):
            if eng.result(state) is not None:
                break
            seat = min(eng.to_act(state))
            legal = eng.legal_actions(state, seat)
            view = eng.view(state, seat)
            if any(a["type"] == "reroll" for a in legal):
                warm.append(siege_ai.choose_reroll(view, legal))
                siege_ai._WAVES.clear()
                siege_ai._EXPECTED.clear()
                fresh.append(siege_ai.choose_reroll(view, legal))
            action = strong(view, legal, rng_for("memo", seq)) if len(legal) > 1 else legal[0]
            eng.apply(state, seat, action)
    assert len(warm) >= 20 and warm == fresh
    assert any(a["type"] == "reroll" for a in warm) and any(a["type"] == "stop_rolling" for a in warm)


def test_a_land_vs_sea_rollout_stops_where_the_seats_next_turn_begins():
    """A rollout plays until the seat's next turn begins (every other seat has had a turn), then the
    evaluation scores it: every candidate at the same point of play."""
    from rules.expert import rollout

    eng = ENGINES["land_vs_sea"]
    sampler = sampler_for("land_vs_sea")
    strong = chooser_for("land_vs_sea", "strong")
    stopped = 0
    for n in (2, 4):
        for state, seat, _seq in _positions("land_vs_sea", n, seed=9, every=3, limit=8):
            view = eng.view(state, seat)
            legal = eng.legal_actions(state, seat)
            world = sampler.determinise(eng, view, random.Random(1), legal)
            eng.apply(world, seat, strong(view, legal, random.Random(0)))  # the candidate, then the rollout
            movers: set[int] = set()

            def policy(v, lg, rng, movers=movers):
                movers.add(v["seat"])
                return strong(v, lg, rng)

            rollout(eng, world, policy, sampler.depth(view), random.Random(2),
                    lambda w, v=view: bool(sampler.horizon(v, w)))
            if eng.result(world) is None and world["phase"] != "draft":
                assert world["phase"] == "choose" and world["order"][world["turn"]] == seat
                assert not world["turn_info"]["placed"] and movers - {seat}
                stopped += 1
    assert stopped >= 12


def test_the_land_vs_sea_leaf_is_each_teams_expected_score_with_a_spread_that_narrows():
    """The evaluation at a rollout's end: each seat's team score and what its open areas promise
    (teammates alike; nothing without open areas), by the tiles left (the same map promises otherwise
    near the end), judged with a spread that narrows as tiles run out."""
    from rules.land_vs_sea import board as B

    eng = ENGINES["land_vs_sea"]
    sampler = sampler_for("land_vs_sea")
    for n in (2, 4):
        spreads = []
        by_tiles_left = 0
        state = eng.setup(n, {}, 13)
        strong = chooser_for("land_vs_sea", "strong")
        for seq in range(3000):
            if eng.result(state) is not None:
                break
            values = sampler.values(state)
            scores = [state["scores"][role] for role in state["roles"]]
            if not [a for a in B.areas(state["map"]) if a["open"]]:
                assert values == scores
            for a, b in [(a, b) for a in range(n) for b in range(n) if state["roles"][a] == state["roles"][b]]:
                assert values[a] == values[b]
            late = {**state, "stacks": []}  # the same map with only the hands left to play
            late_values = sampler.values(late)
            by_tiles_left += late_values != values
            spreads.append(sampler.scale(state))
            seat = min(eng.to_act(state))
            legal = eng.legal_actions(state, seat)
            eng.apply(state, seat, strong(eng.view(state, seat), legal, random.Random(seq)) if len(legal) > 1 else legal[0])
        assert eng.result(state) is not None
        assert spreads == sorted(spreads, reverse=True) and spreads[0] > 2 * spreads[-1]
        assert by_tiles_left > 20


def test_the_land_vs_sea_expert_draws_as_the_strong_level_without_searching():
    """Which stack to draw from is the strong level's choice, with no search (no rollout spent)."""
    from rules.expert import search

    eng = ENGINES["land_vs_sea"]
    draws = 0
    for state, seat, seq in _positions("land_vs_sea", 2, seed=3, every=2, limit=40):
        legal = eng.legal_actions(state, seat)
        if legal[0]["type"] != "draw":
            continue
        view = eng.view(state, seat)
        stats: dict[str, int] = {}
        chosen = search(eng, view, legal, random.Random(seq), FEW, stats=stats)
        assert stats == {} and chosen == chooser_for("land_vs_sea", "strong")(view, legal, random.Random(0))
        draws += 1
    assert draws >= 3


def test_the_land_vs_sea_search_ends_when_its_worlds_agree_with_the_same_choice():
    """Where every candidate scored the same in each of the first worlds (the rival's reply did not
    turn on anything the seat cannot see), the search ends there: the same choice as with every
    rollout of the budget spent, on fewer rollouts."""
    from rules import expert

    eng = ENGINES["land_vs_sea"]
    sampler = sampler_for("land_vs_sea")
    budget = Budget(seconds=None, iterations=48)
    spent = {"settled": 0, "full": 0}
    decisions = 0
    for state, seat, seq in _positions("land_vs_sea", 2, seed=21, every=7, limit=8):
        legal = eng.legal_actions(state, seat)
        if legal[0]["type"] == "draw":
            continue
        view = eng.view(state, seat)
        chosen = {}
        for name, after in (("settled", sampler.SETTLED_AFTER), ("full", None)):
            stats: dict[str, int] = {}
            expert._DECIDED.clear()
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(sampler, "SETTLED_AFTER", after)
                step = expert.search(eng, view, legal, random.Random(seq), budget, stats=stats)
            chosen[name] = (step, list(expert._DECIDED.values()))
            spent[name] += stats.get("rollouts", 0)
        assert chosen["settled"] == chosen["full"]
        decisions += 1
    assert decisions >= 4 and spent["settled"] < 0.8 * spent["full"]
