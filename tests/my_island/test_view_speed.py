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
