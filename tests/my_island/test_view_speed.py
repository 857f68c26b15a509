"""The view's rule lines are worked out once per rule set (issue 21): the same texts, a new list."""

from rules.my_island.modules import N_EPISODES, episode_rules, module_lines, regular_rules
from rules.my_island.views import _rule_lines


def test_rule_lines_are_the_module_lines_of_every_rule_set():
    for rules in [regular_rules(), *(episode_rules(e) for e in range(1, N_EPISODES + 1))]:
        for _ in range(2):  # worked out, then reused
            lines = _rule_lines(rules)
            expected = module_lines(rules)
            assert lines == expected
            assert [(m.template, m.params) for m in lines] == [(m.template, m.params) for m in expected]
        assert _rule_lines(rules) is not _rule_lines(rules)  # a caller may change its list


def test_legal_anchors_are_every_footprint_the_placement_rule_allows_spec_6_1():
    """The anchor search (found from the cells a tile can touch) gives, in reading order, exactly the
    anchors whose footprint spec §6.1 allows (``placement_ok`` over every island cell), on the islands
    of random games (flipped tiles and later episodes' open terrain included)."""
    import random

    from rules import ENGINES
    from rules.ai import choose_action
    from rules.my_island.data import ALL_TILES, TERRAIN, distinct_orientations, footprint
    from rules.my_island.island import legal_anchors, occupancy, placement_ok

    engine = ENGINES["my_island"]
    tiles = sorted(ALL_TILES)
    checked = 0
    for seed in range(4):
        options = {"flip": True} if seed % 2 else {}
        state = engine.setup(2 + seed % 3, options, seed)
        rnd = random.Random(seed)
        for seq in range(200):
            if not engine.to_act(state):
                break
            seat = min(engine.to_act(state))
            engine.apply(state, seat, choose_action(engine, state, seat, seed, seq, "random"))
            if seq % 7:
                continue
            for isl in state["islands"]:
                occ = occupancy(isl)
                for rules in (state["rules"], episode_rules(rnd.randint(1, N_EPISODES))):
                    for tile in rnd.sample(tiles, 3):
                        for orient in distinct_orientations(tile, True):
                            expected = []
                            for at in sorted(TERRAIN):
                                fp = footprint(tile, at, orient)
                                if fp is not None and placement_ok(isl, rules, fp, occ):
                                    expected.append((at, tuple(fp)))
                            assert legal_anchors(isl, rules, tile, orient) == expected, (seed, seq, tile, orient)
                            checked += 1
    assert checked > 500


def test_the_anchor_search_memo_is_nothing_the_collector_walks():
    """The anchor search's memo (``_anchors``, ``_frontier``: hundreds of islands at 32 busy games) is
    tuples of numbers and words only, which the garbage collector stops tracking: every full
    collection of the bot's process walked its footprint lists before (issue 32, loop lag)."""
    import gc

    from rules import ENGINES
    from rules.my_island.data import distinct_orientations
    from rules.my_island.island import _anchors, _frontier, legal_anchors, signature
    from rules.my_island.menus import current_tile

    engine = ENGINES["my_island"]
    state = engine.setup(2, {}, 5)
    while len(state["islands"][0]["placed"]) < 3:  # each seat places its tile of the round, then ends
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        engine.apply(state, seat, next((a for a in legal if a["type"] == "place"), {"type": "end"}))
    isl, rules, tile = state["islands"][0], state["rules"], current_tile(state)
    assert isl["placed"], "a later tile: the search from the frontier"
    found = [legal_anchors(isl, rules, tile, o) for o in distinct_orientations(tile, True)]
    assert any(found)
    for _ in range(4):  # a collection untracks a tuple once all it holds is untracked: one level of nesting each time at worst
        gc.collect()
    sig = signature(isl)
    for orient in distinct_orientations(tile, True):
        memo = _anchors(tile, orient, tuple(rules["open"]), False, sig)
        assert not gc.is_tracked(memo), memo[:2]
    assert not gc.is_tracked(_frontier(tuple(rules["open"]), sig))
