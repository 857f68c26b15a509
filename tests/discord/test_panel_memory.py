"""What an open panel leaves alive (issue 32, event-loop lag at Discord's limit): a sent panel is not
kept by discord.py (its controls answer by custom id), and one list of choices is kept a game and
player, for the game's current version. Everything the process keeps, every full garbage
collection walks while every click waits."""

from __future__ import annotations

import gc

from discord import ui

from cogs.components import ChoiceSelect
from cogs.kept_choices import KeptChoices
from host import Choice
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table
from tests.discord.test_whole_move import _to_choose


def _views_with_selects(collect: bool = True) -> list[ui.View]:
    """Views holding a select of choices; ``collect=False``: garbage not yet collected counts too."""
    if collect:
        gc.collect()
    return [o for o in gc.get_objects()
            if isinstance(o, ui.View) and any(isinstance(i, (ChoiceSelect, ui.Select)) for i in o.walk_children())]


async def _land_vs_sea(h, db_path, clock):
    """The bot started and a two-player Land vs Sea table (its many placements make big panels)."""
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    return await new_table(h, ana, [bo], key="land_vs_sea")


async def test_a_sent_panel_is_freed_and_still_answers(harness, db_path, clock):
    h = harness
    table = await _land_vs_sea(h, db_path, clock)
    user = await _to_choose(table)
    assert _views_with_selects() == []
    panel = await table.open_panel(user)
    selects = [c for c in iter_components(panel.payload) if c.get("type") == 3]
    assert selects, "the placements are offered as selects"
    # discord.py gives an ephemeral view a 15-minute timeout and a task holding it (and its options)
    # until then; a view whose controls all answer by custom id is released as it is sent
    assert _views_with_selects() == [], "the panel's view (its selects and their options) is still alive"
    version = (await table.host.get(table.game_id)).version
    select = selects[0]
    await h.select(user, panel.id, [select["options"][0]["value"]], custom_id=select["custom_id"])
    assert (await table.host.get(table.game_id)).version > version, "a pick on the released panel still moves"
    assert "Done: " in message_text(h.fake.messages[panel.id].payload)
    assert _views_with_selects() == []
    assert not h.problems()


async def test_a_panel_and_its_pick_leave_no_view_for_the_collector(harness, db_path, clock):
    """Freed by reference counting as they are done with, not by a full garbage collection: the view
    the panel was sent in, and the view discord.py builds from the clicked message for the pick (each
    control points back at its view: a cycle that, at Discord's limit, outlived the young
    collections and waited for a full one, ~220 views and their options each time)."""
    h = harness
    table = await _land_vs_sea(h, db_path, clock)
    user = await _to_choose(table)
    assert _views_with_selects() == []
    gc.disable()
    try:
        panel = await table.open_panel(user)
        assert _views_with_selects(collect=False) == [], "the sent panel's view waits for a collection"
        select = next(c for c in iter_components(panel.payload) if c.get("type") == 3)
        version = (await table.host.get(table.game_id)).version
        await h.select(user, panel.id, [select["options"][0]["value"]], custom_id=select["custom_id"])
        assert (await table.host.get(table.game_id)).version > version
        assert _views_with_selects(collect=False) == [], "the view rebuilt for the pick waits for a collection"
    finally:
        gc.enable()
    assert not h.problems()


async def test_only_the_current_choices_of_a_player_are_kept(harness, db_path, clock):
    h = harness
    table = await _land_vs_sea(h, db_path, clock)
    host = table.host
    shown = set()
    for _turn in range(6):
        info = await host.get(table.game_id)
        user = info.users_to_act()[0].user_id
        panel = await table.open_panel(user)
        shown.add(info.version)
        assert await table.act_once(user, panel) is not None
    assert len(shown) >= 4, "panels of several versions were shown"
    kept = h.bot.choices_cache
    assert len(kept) <= 2, "one list of choices a game and player, not one a version"
    current = (await host.get(table.game_id)).version
    assert all(version <= current for version in kept.versions().values())
    assert not h.problems()


def test_kept_choices_replace_older_versions_and_stay_bounded():
    kept = KeptChoices(limit=3)
    old, new = [Choice(0, "old", {"type": "a"})], [Choice(0, "new", {"type": "b"})]
    kept.put(1, 10, 5, old)
    assert kept.get(1, 10, 5) is old
    kept.put(1, 10, 6, new)
    assert kept.get(1, 10, 5) is None, "an older version's choices are never picked again"
    assert kept.get(1, 10, 6) is new
    for game in range(2, 7):
        kept.put(game, 10, 1, old)
    assert len(kept) == 3
    assert kept.get(1, 10, 6) is None, "the least recently used go first"
    assert kept.get(6, 10, 1) is old


def test_choices_of_an_older_version_go_when_another_player_of_the_game_gets_newer_ones():
    kept = KeptChoices()
    old, new = [Choice(0, "old", {"type": "a"})], [Choice(0, "new", {"type": "b"})]
    kept.put(1, 10, 5, old)  # Ana's panel, then Bo moves: version 6
    kept.put(2, 10, 5, old)  # another game
    kept.put(1, 11, 6, new)  # Bo's next panel
    assert kept.versions() == {(2, 10): 5, (1, 11): 6}, "Ana's list of version 5 is never picked again"
    kept.put(1, 10, 6, new)  # both at the same version (a simultaneous step): both kept
    assert kept.versions() == {(2, 10): 5, (1, 11): 6, (1, 10): 6}


async def test_land_vs_sea_placements_are_worded_off_the_event_loop(harness, db_path, clock, monkeypatch):
    """A Land vs Sea panel words every placement (5-9 ms of Python early in a game, more later: the
    loop's longest holds at Discord's limit): a game whose lists are known to take 5 ms has them
    worked out in the panel thread, on a copy of the state (the estimate is set here, as measured,
    so that the test does not hang on this machine's speed)."""
    import threading

    from rules import ENGINES
    from rules.land_vs_sea import merged

    h = harness
    table = await _land_vs_sea(h, db_path, clock)
    user = await _to_choose(table)
    table.host._choices_cpu["land_vs_sea"] = 0.005
    loop_thread = threading.get_ident()
    worded: list[tuple[int, int]] = []  # (thread, id of the state)
    original = merged.merged_moves

    def watched(state, seat, view):  # noqa: ANN001, ANN202
        worded.append((threading.get_ident(), id(state)))
        return original(state, seat, view)

    monkeypatch.setattr(merged, "merged_moves", watched)
    held = await table.host.states.load_state(table.game_id, ENGINES["land_vs_sea"])
    panel = await table.open_panel(user)
    assert worded and all(thread != loop_thread for thread, _ in worded), "worded on the event loop's thread"
    assert all(state != id(held[0]) for _, state in worded), "on a copy, not the state the host holds"
    selects = [c for c in iter_components(panel.payload) if c.get("type") == 3]
    assert selects and all("land faces" in o["label"] for s in selects for o in s["options"])
    assert not h.problems()
