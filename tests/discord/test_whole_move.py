"""A whole Land vs Sea placement (and an Isle of Skye build of one tile) in one pick (issue 28, fewer taps): tile side, spot and turn as
one select option per tile side, named in words; stale, racing and foreign picks change nothing."""

from __future__ import annotations

from rules.base import rng_for
from rules.isle_of_skye.labels import place_label as skye_place
from rules.land_vs_sea.labels import place_label
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table


async def _to_choose(table) -> int:
    """Draft until a player is to choose a tile to place: that player."""
    host = table.host
    for _ in range(20):
        info = await host.get(table.game_id)
        user = info.users_to_act()[0].user_id
        if (await host.private_view(table.game_id, user)).get("my_phase") == "choose":
            return user
        panel = await table.open_panel(user)
        assert await table.act_once(user, panel) is not None
    raise AssertionError("nobody came to place a tile")


def _selects(panel) -> list[dict]:
    return [c for c in iter_components(panel.payload) if c.get("type") == 3]


async def _table(h, db_path, clock):
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    return table, await _to_choose(table)


async def test_one_pick_places_the_tile_where_its_words_say(harness, db_path, clock):
    h = harness
    table, user = await _table(h, db_path, clock)
    host = table.host
    info = await host.get(table.game_id)
    panel = await table.open_panel(user)
    selects = _selects(panel)
    assert 1 <= len(selects) <= 4, "one select per tile side the player may place"
    assert all(s["custom_id"].startswith(f"isle:pick:{table.game_id}:{info.version}:0:") for s in selects)
    assert all(s["placeholder"].startswith("Tile ") for s in selects), [s["placeholder"] for s in selects]
    assert "Pick your whole move below" in message_text(panel.payload)
    options = [o for s in selects for o in s["options"]]
    assert all(o.get("description") for o in options), "each option says what it does"
    assert all("land faces" in o["label"] for o in options)
    labels = [(s["custom_id"], o["label"]) for s in selects for o in s["options"]]
    assert len(set(labels)) == len(labels), "no two options of one list read alike"
    select, option = selects[-1], selects[-1]["options"][-1]
    place = option["label"].split(":")[0].split(",")[0]
    before = await host.public_view(table.game_id)
    await h.select(user, panel.id, [option["value"]], custom_id=select["custom_id"])
    after = await host.public_view(table.game_id)
    assert len(after["map"]) == len(before["map"]) + 1
    assert place_label(after["last_move"]["at"]) == place
    text = message_text(h.fake.messages[panel.id].payload)
    assert text.count("Done: " + option["label"]) == 1, text
    post = h.fake.messages[await table.turn_message_id()]
    assert f"at {place}" in message_text(post.payload), "the turn post names the spot as the option did"
    assert not h.problems()


async def test_stale_racing_and_foreign_picks_change_nothing(harness, db_path, clock):
    h = harness
    table, user = await _table(h, db_path, clock)
    host = table.host
    panel = await table.open_panel(user)
    select = _selects(panel)[0]
    first, second = select["options"][0]["value"], select["options"][-1]["value"]
    before = await host.public_view(table.game_id)
    version = (await host.get(table.game_id)).version
    # an option that is no move of this turn (a crafted value): nothing happens, a friendly word
    await h.stale_component(user, panel.id, select["custom_id"], ["9999"])
    assert (await host.get(table.game_id)).version == version
    assert "no longer available" in message_text(h.fake.messages[panel.id].payload)
    # the seated player who is not to act, and a stranger, on the panel's select: refused
    other = next(u for u in table.players if u != user)
    stranger = h.user(13, "Cy")
    for who in (other, stranger):
        r = await h.forge_component(who, table.thread_id, select["custom_id"], values=[first], component_type=3)
        assert h.reply_text(r), "a friendly answer"
        assert (await host.get(table.game_id)).version == version
    # two picks at once (two devices): exactly one placement
    old_panel = await table.open_panel(user)  # left open on another device
    panel = await table.open_panel(user)
    select = _selects(panel)[0]
    await h.select_together([(user, panel.id, select["custom_id"], [first]),
                             (user, panel.id, select["custom_id"], [second])])
    after = await host.public_view(table.game_id)
    assert len(after["map"]) == len(before["map"]) + 1, "one of the racing picks placed a tile"
    # the old panel's pick, from the turn before: it shows the current panel instead of acting
    version = (await host.get(table.game_id)).version
    await h.select(user, old_panel.id, [first], custom_id=select["custom_id"])
    assert (await host.get(table.game_id)).version == version
    assert "moved on" in message_text(h.fake.messages[old_panel.id].payload)
    assert len((await host.public_view(table.game_id))["map"]) == len(after["map"])
    assert not h.problems()


async def test_isle_of_skye_builds_a_tile_in_one_pick(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="isle_of_skye")
    host = table.host
    for _ in range(80):  # price and buy until someone builds
        info = await host.get(table.game_id)
        builders = [s.user_id for s in info.users_to_act()
                    if any(c.group is not None for c in await host.choices(table.game_id, s.user_id, merged=True))]
        if builders:
            break
        user = info.users_to_act()[0].user_id
        await table.act_once(user, await table.open_panel(user))
    else:
        raise AssertionError("nobody came to build")
    user = builders[0]
    panel = await table.open_panel(user)
    selects = _selects(panel)
    left = (await host.private_view(table.game_id, user))["private"]["build"]["left"]
    assert 1 <= len(selects) <= min(4, len(left))
    assert all(s["placeholder"].startswith("Build tile") for s in selects), [s["placeholder"] for s in selects]
    options = [o for s in selects for o in s["options"]]
    assert all(o.get("description") for o in options), "each option says where it lies"
    per_list = [[o["label"] for o in s["options"]] for s in selects]
    assert all(len(set(labels)) == len(labels) for labels in per_list), "no two turns of one spot read alike"
    select, option = selects[0], selects[0]["options"][-1]
    spot = option["label"].split(",")[0]
    placed_before = len((await host.private_view(table.game_id, user))["private"]["build"]["placed"])
    await h.select(user, panel.id, [option["value"]], custom_id=select["custom_id"])
    build = (await host.private_view(table.game_id, user))["private"]["build"]
    assert len(build["placed"]) == placed_before + 1, "one pick built the tile"
    assert skye_place(build["placed"][-1]["at"]) == spot
    assert "Done: " + option["label"] in message_text(h.fake.messages[panel.id].payload)
    assert not h.problems()


async def _to_reroll(h, table):
    """Play (random legal moves, attacks preferred) until a player may re-roll a set of dice: that
    player and their panel."""
    host = table.host
    for step in range(600):
        info = await host.get(table.game_id)
        assert info.status == "active", "the game ended before anyone could re-roll"
        user = info.users_to_act()[0].user_id
        choices = await host.choices(table.game_id, user, merged=True)
        if any(c.subset is not None for c in choices):
            return user, await table.open_panel(user)
        actions = [c.action for c in choices]
        attacks = [a for a in actions if "attack" in str(a.get("type"))]
        action = rng_for("siege-test", step).choice(attacks or actions)
        await host.submit(table.game_id, user, action)
    raise AssertionError("no re-roll came up")


async def test_island_siege_rerolls_the_ticked_dice_in_one_pick(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="island_siege")
    host = table.host
    user, panel = await _to_reroll(h, table)
    ticks = next(c for c in iter_components(panel.payload) if (c.get("custom_id") or "").startswith("isle:set:"))
    assert ticks["min_values"] == 1 and ticks["max_values"] == len(ticks["options"]) >= 2
    assert all(o["label"].startswith("Die ") for o in ticks["options"])
    buttons = [c.get("label") for c in iter_components(panel.payload) if c.get("type") == 2]
    assert not any((b or "").startswith("Re-roll") for b in buttons), "no button per subset any more"
    values = [o["value"] for o in ticks["options"]]
    version = (await host.get(table.game_id)).version
    # a set that names a die the select does not offer: nothing happens, a friendly word
    await h.stale_component(user, panel.id, ticks["custom_id"], ["99"])
    assert (await host.get(table.game_id)).version == version
    assert "no longer available" in message_text(h.fake.messages[panel.id].payload)
    panel = await table.open_panel(user)
    ticks = next(c for c in iter_components(panel.payload) if (c.get("custom_id") or "").startswith("isle:set:"))
    old = await table.open_panel(user)
    await h.select(user, panel.id, values[:2], custom_id=ticks["custom_id"])
    info = await host.get(table.game_id)
    assert info.version > version, "the ticked dice were re-rolled"
    # the same ticks on the panel shown before the re-roll: the current panel, no second re-roll
    after = info.version
    await h.select(user, old.id, values[:2], custom_id=ticks["custom_id"])
    assert (await host.get(table.game_id)).version == after
    assert "moved on" in message_text(h.fake.messages[old.id].payload)
    assert not h.problems()


async def test_the_words_of_a_whole_placement_are_worked_out_off_the_event_loop(harness, db_path, clock, monkeypatch):
    """Issue 32: a Land vs Sea panel tries each placement it shows on a copy of the game to say what
    it scores (20-50 ms of Python for ~75 options); that happens in a thread, so other games' clicks
    do not wait, and the panel reads the same."""
    import threading

    from rules.land_vs_sea import merged

    h = harness
    table, user = await _table(h, db_path, clock)
    loop_thread = threading.get_ident()
    worked_in: list[int] = []
    names: set[str] = set()
    original = merged.outcome_of

    def watched(state, seat, steps):  # noqa: ANN001, ANN202
        worked_in.append(threading.get_ident())
        names.add(threading.current_thread().name)
        return original(state, seat, steps)

    monkeypatch.setattr(merged, "outcome_of", watched)
    panel = await table.open_panel(user)
    options = [o for s in _selects(panel) for o in s["options"]]
    assert len(worked_in) == len(options), "the words of the options shown, each worked out once"
    assert loop_thread not in worked_in, "none on the event loop's thread"
    assert len(names) == 1 and next(iter(names)).startswith("isle-panels"), \
        f"in the one panel thread (several would crowd the loop out of the interpreter lock): {names}"
    assert all(o.get("description") for o in options), "each option still says what it does"
    again = await table.open_panel(user)  # the same panel once more: the words are kept, not worked out again
    assert [o.get("description") for s in _selects(again) for o in s["options"]] == \
        [o.get("description") for o in options]
    assert len(worked_in) == len(options)
    assert not h.problems()
