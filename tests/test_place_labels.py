"""Spots you can name (issue 28, point 2): every game names its places with labels that stay the
same for a whole game, are distinct, and are short where a board draws them on a spot."""

from __future__ import annotations

import random

import pytest

from rules import ENGINES
from rules.ai import choose_action
from rules.geometry import column_letters
from rules.island_siege.data import CARDS, fort_slots
from rules.island_siege.labels import place_label as siege_label
from rules.isle_of_skye.labels import place_label as skye_label
from rules.islebound.labels import place_label as islebound_label
from rules.islebound.labels import slot_label
from rules.land_vs_sea.labels import place_label as lvs_label
from rules.my_island.data import TERRAIN
from rules.my_island.labels import place_label as my_island_label


def test_column_letters_are_distinct_and_skip_letters_that_read_as_digits_or_ids():
    names = [column_letters(i) for i in range(-60, 200)]
    assert len(set(names)) == len(names)
    assert not any(ch in "IOGL" for n in names for ch in n)
    assert column_letters(0) == "A" and column_letters(21) == "Z" and column_letters(22) == "ZA"


@pytest.mark.parametrize("label, origin", [(skye_label, "M10"), (lvs_label, "M50")])
def test_open_grids_name_every_cell_once_around_the_origin(label, origin):
    cells = [(x, y) for x in range(-60, 61) for y in range(-60, 61)]
    names = [label(c) for c in cells]
    assert len(set(names)) == len(names)
    assert label((0, 0)) == origin
    near = [label(c) for c in cells if _columns_and_rows_from_origin(label, c) <= 9]
    assert len(near) > 300 and max(len(n) for n in near) <= 3  # drawn on a spot: short


def _columns_and_rows_from_origin(label, cell) -> int:
    """How many columns or rows away from the origin's a cell lies (its grid's own columns)."""
    x, y = cell
    col = x if label is skye_label else x + (y - (y & 1)) // 2
    return max(abs(col), abs(y))


def test_skye_columns_run_west_to_east_and_rows_north_to_south():
    assert skye_label((1, 0)) == "N10" and skye_label((-1, 0)) == "K10"
    assert skye_label((0, -1)) == "M9" and skye_label((0, 1)) == "M11"


def test_land_vs_sea_rows_are_the_map_rows_and_odd_rows_sit_half_a_hex_east():
    assert lvs_label((0, -1)) == "K49"  # north-west of the start tile
    assert lvs_label((1, -1)) == "M49"  # north-east
    assert lvs_label("1,0") == "N50" and lvs_label((-1, 2)) == "M52"  # straight below


def test_land_vs_sea_names_stay_short_on_a_long_map():
    """A map grown 49 rows and 30 columns from the start (greedy games reach 48 and 23) has 4-character names."""
    cells = [(q, r) for r in range(-49, 50) for q in range(-60, 61) if abs(q + (r - (r & 1)) // 2) <= 30]
    assert max(len(lvs_label(c)) for c in cells) <= 4


def test_my_island_names_every_cell_of_the_board_with_a_letter_and_a_row():
    names = {my_island_label(c) for c in TERRAIN}
    assert len(names) == len(TERRAIN)
    assert max(len(n) for n in names) <= 3
    assert my_island_label((0, 1)) == "B1" and my_island_label((10, 12)) == "Q11"


def test_island_siege_names_a_fort_spot_by_the_number_drawn_on_it():
    for card, c in CARDS.items():
        if not c.get("fort"):
            continue
        slots = fort_slots(card)
        assert [siege_label(card, s) for s in slots] == [str(i + 1) for i in range(len(slots))]
        assert siege_label(card, (9, 9)) is None
    assert siege_label("START-1", fort_slots("START")[0]) == "1"


def test_islebound_names_regions_by_their_cities_and_row_slots_as_printed():
    assert str(islebound_label("sans_rest")) == "Sans Rest"
    assert slot_label("main", 4) == "4" and slot_label("metro", 1) == "M1"


@pytest.mark.parametrize("key", ["isle_of_skye", "land_vs_sea"])
def test_every_legal_spot_of_a_game_has_a_short_label(key):
    """Over whole greedy games: the spots offered are named in at most 4 characters."""
    engine = ENGINES[key]
    for seed in (1, 2):
        state = engine.setup(4, {}, seed)
        rnd = random.Random(seed)
        seq = 0
        while engine.result(state) is None and seq < 2000:
            seat = rnd.choice(sorted(engine.to_act(state)))
            for a in engine.legal_actions(state, seat):
                if "at" in a:
                    label = skye_label(a["at"]) if key == "isle_of_skye" else lvs_label(a["at"])
                    assert len(label) <= 4, (a, label)
            engine.apply(state, seat, choose_action(engine, state, seat, seed, seq, level="greedy"))
            seq += 1
