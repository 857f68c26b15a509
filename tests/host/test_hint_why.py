"""Issue 31: a hint's why is computed from the seat's own view (what the move scores or prevents, in
the rulebook's terms), never from what the seat cannot see: reshuffling the hidden information
behind the same view (the bag, the deck, the other hands, the other seats' sealed choices) changes
neither the hinted move nor its why; and what the why says holds in the real game too."""

from __future__ import annotations

import random

import pytest

from host.i18n import speaking
from host.tutorial import hint as hint_module
from host.tutorial.hint import GENERIC_WHY, hint_for
from host.tutorial.standing import seat_count, standing
from host.tutorial.why import computed_why, effects
from rules import ENGINES
from rules.ai import choose_action
from rules.base import plain_copy
from rules.expert import Budget, sampler_for

GAMES = ["isle_of_skye", "islebound", "land_vs_sea", "island_siege", "my_island"]
NAMES = ["Ana", "Bo"]


def positions(key: str, seed: int, every: int, limit: int):
    """States of a greedy game where seat 0 is to act, every ``every`` moves, at most ``limit``."""
    engine = ENGINES[key]
    state = engine.setup(2, {}, seed)
    seq = found = 0
    while engine.to_act(state) and found < limit and seq < 600:
        seat = min(engine.to_act(state))
        if seat == 0 and seq % every == 0:
            found += 1
            yield state, seq
        engine.apply(state, seat, choose_action(engine, state, seat, seed, seq, "greedy"))
        seq += 1


def reshuffled(engine, state, seat: int, salt: int):
    """Another full state behind the same view of ``seat`` (the game's sampler, another seed), or None
    where the sampler cannot rebuild this view exactly."""
    view = engine.view(state, seat)
    other = sampler_for(engine.key).determinise(engine, plain_copy(view), random.Random(salt),
                                                engine.legal_actions(state, seat))
    return other if engine.view(other, seat) == view else None


@pytest.mark.parametrize("key", GAMES)
def test_the_why_does_not_change_when_hidden_information_is_reshuffled(key, monkeypatch):
    monkeypatch.setattr(hint_module, "HINT_BUDGET", Budget(seconds=None, iterations=6))  # reproducible
    engine = ENGINES[key]
    compared = computed = versus = 0
    for state, seq in positions(key, 7, 3, 10):
        named = dict(engine.view(state, 0), seat_names=NAMES)
        dumped = engine.dump(state)
        first = hint_for(engine, state, 0, 7, seq, {}, named)
        assert engine.dump(state) == dumped, "asking for a hint changes nothing"
        for salt in (1, 2):
            other = reshuffled(engine, state, 0, salt)
            if other is None:
                continue
            again = hint_for(engine, other, 0, 7, seq, {}, named)
            assert (again.action, again.label, again.why) == (first.action, first.label, first.why), (key, seq)
            compared += 1
        computed += first.why != GENERIC_WHY
        versus += "over the next best move" in first.why or "Against the next best move" in first.why
    assert compared >= 3, f"{key}: the sampler rebuilt too few views to compare"
    assert computed >= 1, f"{key}: no why was computed"
    assert versus >= 1, f"{key}: no why compared the move with the next best"


@pytest.mark.parametrize("key", GAMES)
def test_what_the_why_says_holds_in_the_real_game(key):
    """Every exact difference said holds in the real state too (the real state is one of the worlds the
    seat cannot tell apart from the sampled ones), whenever the move alone makes it (no follow-up)."""
    engine = ENGINES[key]
    sampler = sampler_for(key)
    checked = 0
    for state, seq in positions(key, 3, 2, 20):
        legal = engine.legal_actions(state, 0)
        action = choose_action(engine, state, 0, 3, seq, "greedy")
        said = effects(engine, engine.view(state, 0), legal, action, 3, seq)
        if said is None or said.follow_up:
            continue
        real = plain_copy(state)
        before = standing(key, real, 0)
        rivals = {s: standing(key, real, s) for s in range(seat_count(key, real))
                  if s != 0 and not sampler.same_side(real, s, 0)}
        engine.apply(real, 0, action)
        after = standing(key, real, 0)
        for effect in said.own:
            if effect.exact:
                real_delta = after[effect.key].points - (before[effect.key].points if effect.key in before else 0)
                assert real_delta == effect.points, (key, seq, effect)
                checked += 1
            else:
                real_delta = after[effect.key].points - (before[effect.key].points if effect.key in before else 0)
                assert abs(real_delta) >= abs(effect.points) and real_delta * effect.points > 0, (key, seq, effect)
        for seat, points, _exact in said.rivals:
            lost = sum(x.points for x in standing(key, real, seat).values() if x.counted) - \
                sum(x.points for x in rivals[seat].values() if x.counted)
            assert lost * points > 0, (key, seq, seat, points, lost)
    if key in ("land_vs_sea", "islebound", "island_siege"):
        assert checked, f"{key}: no exact claim came up to check"


def test_the_why_is_said_in_the_readers_language():
    engine = ENGINES["land_vs_sea"]
    for state, seq in positions("land_vs_sea", 3, 1, 60):
        legal = engine.legal_actions(state, 0)
        action = choose_action(engine, state, 0, 3, seq, "greedy")
        why = computed_why(engine, engine.view(state, 0), legal, action, 3, seq, NAMES)
        if why is not None and "now" in str(why):
            from host.i18n import tr

            with speaking("ru"):
                ru = tr(why)
            with speaking("uk"):
                uk = tr(why)
            assert "now" not in ru and "now" not in uk and ru != uk, (ru, uk)
            return
    pytest.fail("no why scoring now came up")


def _total(key: str, state, seat: int) -> int:
    return sum(line.points for line in standing(key, state, seat).values() if line.counted)


@pytest.mark.parametrize("key", GAMES)
def test_what_the_move_gains_over_the_next_best_holds_in_the_real_game(key):
    """'+N over the next best move' (and what it keeps from a rival) is true in the real game: the
    hinted move and the next best are both played on the real state, and the seat's total (the
    rival's) differs by exactly N where the why says N, by at least N where it says 'at least'. Only
    where neither move needed further steps (those depend on what comes next, as in the game)."""
    engine = ENGINES[key]
    sampler = sampler_for(key)
    checked = compared = 0
    for state, seq in positions(key, 5, 2, 24):
        legal = engine.legal_actions(state, 0)
        action = choose_action(engine, state, 0, 5, seq, "greedy")
        said = effects(engine, engine.view(state, 0), legal, action, 5, seq)
        if said is None or said.versus is None:
            continue
        versus = said.versus
        assert versus.move in legal and versus.move != action, "the next best is another legal move"
        compared += 1
        if versus.follow_up:
            continue
        hinted, other = plain_copy(state), plain_copy(state)
        engine.apply(hinted, 0, action)
        engine.apply(other, 0, versus.move)
        if versus.gain is not None:
            real = _total(key, hinted, 0) - _total(key, other, 0)
            points, exact = versus.gain
            assert (real == points) if exact else (real >= points > 0), (key, seq, versus, real)
            checked += 1
        for seat, points, exact in versus.prevents:
            assert not sampler.same_side(state, seat, 0)
            real = _total(key, other, seat) - _total(key, hinted, seat)
            assert (real == points) if exact else (real >= points > 0), (key, seq, seat, versus, real)
            checked += 1
    if key != "island_siege":
        assert compared, f"{key}: no comparison with the next best came up"
    if key in ("land_vs_sea", "isle_of_skye", "islebound"):
        assert checked, f"{key}: no exact comparison came up to check"


def test_the_next_best_is_named_in_the_why_and_translated():
    engine = ENGINES["isle_of_skye"]
    for state, seq in positions("isle_of_skye", 7, 1, 40):
        legal = engine.legal_actions(state, 0)
        action = choose_action(engine, state, 0, 7, seq, "greedy")
        found = effects(engine, engine.view(state, 0), legal, action, 7, seq)
        if found is None or found.versus is None or found.versus.gain is None:
            continue
        why = computed_why(engine, engine.view(state, 0), legal, action, 7, seq, NAMES)
        label = engine.describe_action(found.versus.move, engine.view(state, 0))
        assert why is not None and f"over the next best move, “{label}”" in why
        from host.i18n import tr

        for lang in ("ru", "uk"):
            with speaking(lang):
                text, move = tr(why), tr(label)
            assert "next best" not in text and f"«{move}»" in text, (lang, text)
        return
    pytest.fail("no gain over the next best came up")


# -- whys of moves whose gain shows later (host/tutorial/move_whys.py) ------------------------------------


def _skye_end_total(state, seat: int) -> int:
    """The goals still to score and the scrolls, as host.tutorial.standing reads them from a full state."""
    return sum(line.points for key, line in standing("isle_of_skye", state, seat).items()
               if key.startswith("goal:") or key == "scrolls")


def _skye_real_worth(state, seat: int, tile: str):
    """The most ``tile`` adds to the seat's goals and scrolls built now, tried on the real state."""
    from rules.isle_of_skye.territory import grid_from, legal_spots

    base = _skye_end_total(state, seat)
    best = None
    for (x, y), rots in legal_spots(grid_from(state["players"][seat]["territory"]), tile):
        for rot in rots:
            trial = plain_copy(state)
            trial["players"][seat]["territory"].append([x, y, tile, rot])
            gained = _skye_end_total(trial, seat) - base
            best = gained if best is None else max(best, gained)
    return best


def test_isle_of_skye_discard_and_price_whys_say_what_the_tiles_are_worth_in_the_real_game():
    """The discard's and the price's why (no longer the general line) name what each tile would bring the
    seat and the other chief built now; every number is what building it in the real state gives."""
    from host.tutorial.move_whys import skye_discard, skye_price, skye_worth

    engine = ENGINES["isle_of_skye"]
    said = {"discard": 0, "price": 0}
    for state, seq in positions("isle_of_skye", 7, 1, 60):
        legal = engine.legal_actions(state, 0)
        if legal[0]["type"] not in said:
            continue
        view = engine.view(state, 0)
        for seat in (0, 1):
            for tile in state["players"][0]["drawn"]:
                assert skye_worth(view, seat, tile) == _skye_real_worth(state, seat, tile), (seq, seat, tile)
        action = next(a for a in legal if a["type"] in said)
        why = (skye_discard if action["type"] == "discard" else skye_price)(view, action, NAMES)
        assert why is not None and "Built now" in why
        hint = hint_for(engine, state, 0, 7, seq, {}, dict(view, seat_names=NAMES))
        if hint.action["type"] in said:
            assert hint.why.startswith("Built now"), hint.why
        said[action["type"]] += 1
    assert said["discard"] >= 2 and said["price"] >= 2, said


def _lvs_real_closing(state, seat: int, stack: int) -> int:
    """The most points the top of ``stack``, shown side up, gives the seat's side completing areas when
    placed now: every fitting spot and turn tried on the real state with the engine's scoring."""
    from rules.land_vs_sea import board as B
    from rules.land_vs_sea.scoring import resolve_placement

    top = state["stacks"][stack][-1]
    team = state["roles"][seat]
    best = 0
    for cell in B.frontier(state["map"]):
        for rot in B.legal_rotations(state["map"], cell, top["tile"], top["up"]):
            trial = plain_copy(state)
            trial["map"][cell] = {"tile": top["tile"], "side": top["up"], "rot": rot}
            before = trial["scores"][team]
            resolve_placement(trial, seat, cell)
            best = max(best, trial["scores"][team] - before)
    return best


def test_land_vs_sea_draw_why_compares_the_shown_sides_of_the_stacks_as_the_real_game_scores_them():
    from host.tutorial.move_whys import lvs_closing, lvs_draw

    engine = ENGINES["land_vs_sea"]
    draws = closing = 0
    for seed in (3, 7):
        for state, seq in positions("land_vs_sea", seed, 1, 80):
            legal = engine.legal_actions(state, 0)
            if legal[0]["type"] != "draw" or len(legal) != 2:
                continue
            view = engine.view(state, 0)
            team = state["roles"][0]
            for stack in (0, 1):
                real = _lvs_real_closing(state, 0, stack)
                assert lvs_closing(view, view["stacks"][stack]["top"], team) == real, (seed, seq, stack)
                closing += real > 0
            for action in legal:
                why = lvs_draw(view, action, NAMES)
                assert why is not None and f"tack {'AB'[action['stack']]}'s top" in why
                assert "hidden" not in why  # the other side is never named
            draws += 1
    assert draws >= 6 and closing >= 1, (draws, closing)


def test_isle_of_skye_a_page_of_prices_gets_the_price_why_with_its_range():
    """A rich chief's prices come in pages ("prices" from-to): the why of turning to a page says what the
    tile being priced is worth and the page's range as the price."""
    from host.tutorial.move_whys import skye_price, skye_worth

    engine = ENGINES["isle_of_skye"]
    for state, _seq in positions("isle_of_skye", 7, 1, 60):
        if engine.legal_actions(state, 0)[0]["type"] != "price":
            continue
        state["players"][0]["coins"] = 60  # more than one page of prices
        pages = [a for a in engine.legal_actions(state, 0) if a["type"] == "prices"]
        assert pages, "a chief with 60 coins has a second page of prices"
        view = engine.view(state, 0)
        tile = view["private"]["pricing"]["next_tile"]
        why = skye_price(view, pages[0], NAMES)
        assert why is not None and f"{pages[0]['from']} to {pages[0]['to']} coins" in why
        assert f"{skye_worth(view, 0, tile)} VP" in why
        return
    pytest.fail("no pricing came up")
