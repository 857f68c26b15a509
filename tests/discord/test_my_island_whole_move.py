"""My Island's whole placement in one pick (issue 28, fewer taps): the orientation, the page of spots
and the spot as one option of a list of the best placements, the step-by-step choices in a second list;
crafted, foreign, stale and racing picks change nothing."""

from __future__ import annotations

from rules.my_island.labels import place_label
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table
from tests.discord.play import placements_round as _play_round
from tests.discord.play import placing_panel as _placing_panel
from tests.discord.play import selects as _selects


async def _table(h, db_path, clock):
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="my_island")
    return table, ana, bo


def _submitted(view: dict) -> dict | None:
    return (view.get("private") or {}).get("submitted")


async def test_one_pick_places_the_tile_in_the_orientation_its_words_say(harness, db_path, clock):
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    host = table.host
    for _ in range(3):  # a few rounds in, so islands have spots in several orientations
        await _play_round(h, table, [ana, bo])
    panel = await _placing_panel(h, table, ana, [ana, bo])
    selects = _selects(panel)
    assert len(selects) == 2, "the whole placements, then the step's own choices"
    best, steps = selects
    assert best["placeholder"] == "Whole placement, best first"
    assert steps["placeholder"].startswith("Or step by step")
    assert all(o.get("description") for o in best["options"]), "each placement says what it scores now"
    assert all(", orientation " in o["label"] for o in best["options"])
    labels = [o["label"] for o in best["options"]]
    assert len(set(labels)) == len(labels), "no two placements read alike"
    assert any(o["label"].startswith("Rotate") for o in steps["options"]), "turning the tile stays one tap away"
    assert any(o["label"].startswith("Pass") or o["label"].startswith("End") for o in steps["options"])
    # a placement in another orientation than the one shown: one pick turns the tile and places it
    shown = (await host.private_view(table.game_id, ana))["private"]["orientation_index"]
    option = next(o for o in best["options"] if not o["label"].split(":")[0].endswith(f"orientation {shown}"))
    place = option["label"].split(",")[0]
    choices = {str(c.index): c for c in await host.choices(table.game_id, ana, merged=True)}
    assert choices[option["value"]].then, "the pick takes several steps of the engine"
    version = (await host.get(table.game_id)).version
    await h.select(ana, panel.id, [option["value"]], custom_id=best["custom_id"])
    submitted = _submitted(await host.private_view(table.game_id, ana))
    assert submitted is not None and submitted["type"] == "place", "one pick decided the round"
    assert place_label(submitted["at"]) == place
    assert (await host.get(table.game_id)).version > version
    text = message_text(h.fake.messages[panel.id].payload)
    assert text.count("Done: " + option["label"]) == 1, text
    assert "Confirm" not in text, "a placement that can be taken back goes through at once"
    assert not h.problems()


async def test_crafted_foreign_stale_and_racing_picks_change_nothing(harness, db_path, clock):
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    host = table.host
    panel = await table.open_panel(ana)
    select = _selects(panel)[0]
    first, second = select["options"][0]["value"], select["options"][-1]["value"]
    version = (await host.get(table.game_id)).version
    # an option that is no move of this round (a crafted value): nothing happens, a friendly word
    await h.stale_component(ana, panel.id, select["custom_id"], ["9999"])
    assert (await host.get(table.game_id)).version == version
    assert "no longer available" in message_text(h.fake.messages[panel.id].payload)
    # a stranger on the panel's select: refused with a word, nothing changes
    stranger = h.user(13, "Cy")
    r = await h.forge_component(stranger, table.thread_id, select["custom_id"], values=[first], component_type=3)
    assert h.reply_text(r), "a friendly answer"
    assert (await host.get(table.game_id)).version == version
    # two picks at once (two devices): exactly one placement is decided, the other hears why
    old_panel = await table.open_panel(ana)  # left open on another device
    panel = await table.open_panel(ana)
    select = _selects(panel)[0]
    await h.select_together([(ana, panel.id, select["custom_id"], [first]),
                             (ana, panel.id, select["custom_id"], [second])])
    decided = _submitted(await host.private_view(table.game_id, ana))
    assert decided is not None and decided["type"] == "place"
    options = {o["value"]: o["label"] for o in select["options"]}
    assert place_label(decided["at"]) in (options[first].split(",")[0], options[second].split(",")[0])
    # the old panel's pick, from before the placement: it shows the current panel instead of acting
    version = (await host.get(table.game_id)).version
    await h.select(ana, old_panel.id, [second], custom_id=select["custom_id"])
    assert (await host.get(table.game_id)).version == version
    assert "moved on" in message_text(h.fake.messages[old_panel.id].payload)
    assert _submitted(await host.private_view(table.game_id, ana)) == decided
    # Bo's pick on Ana's panel (a seated player, a copied message): Bo's own round is untouched
    r = await h.forge_component(bo, table.thread_id, select["custom_id"], values=[first], component_type=3)
    assert h.reply_text(r), "a friendly answer"
    assert (await host.get(table.game_id)).version == version
    assert not h.problems()


async def test_the_whole_placements_are_weighed_off_the_event_loop_on_a_copy(harness, db_path, clock, monkeypatch):
    """Issue 32: My Island's list weighs every placement as its strong AI does (tens of ms of Python
    at 32 busy games): once a game's lists are known to be slow (``SLOW_CHOICES_SECONDS``, set to 0
    here so that the test does not hang on this machine's speed), in the panel thread, on a copy of
    the game's state, and the panel offers the same."""
    import threading

    from host import moves
    from rules import ENGINES
    from rules.my_island import merged

    monkeypatch.setattr(moves, "SLOW_CHOICES_SECONDS", 0.0)
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    await _play_round(h, table, [ana, bo])
    loop_thread = threading.get_ident()
    weighed: list[tuple[int, int]] = []  # (thread, id of the state weighed)
    original = merged.merged_moves

    def watched(state, seat, view):  # noqa: ANN001, ANN202
        weighed.append((threading.get_ident(), id(state)))
        return original(state, seat, view)

    monkeypatch.setattr(merged, "merged_moves", watched)
    held = await table.host.states.load_state(table.game_id, ENGINES["my_island"])
    panel = await _placing_panel(h, table, ana, [ana, bo])  # a random deal may give a tile that fits nowhere
    assert weighed and all(thread != loop_thread for thread, _ in weighed), "not on the event loop's thread"
    assert all(state != id(held[0]) for _, state in weighed), "on a copy, not the state the host holds"
    best = _selects(panel)[0]
    assert best["placeholder"] == "Whole placement, best first"
    assert all(o.get("description") for o in best["options"])
    await h.select(ana, panel.id, [best["options"][0]["value"]], custom_id=best["custom_id"])
    assert _submitted(await table.host.private_view(table.game_id, ana)) is not None, "the pick is played"
    assert not h.problems()


async def test_a_quick_list_is_worked_out_on_the_event_loop(harness, db_path, clock, monkeypatch):
    """The copy a thread needs is not worth it where a game's lists are quick: they stay on the loop."""
    import threading

    from host import moves
    from rules.my_island import merged

    monkeypatch.setattr(moves, "SLOW_CHOICES_SECONDS", 3600.0)
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    threads: list[int] = []
    original = merged.merged_moves

    def watched(state, seat, view):  # noqa: ANN001, ANN202
        threads.append(threading.get_ident())
        return original(state, seat, view)

    monkeypatch.setattr(merged, "merged_moves", watched)
    await _play_round(h, table, [ana, bo])
    assert threads and set(threads) == {threading.get_ident()}
    assert not h.problems()


async def _whole_placement_panel(h, table, ana, bo, at_least: int):
    """Ana's panel with a whole placement of ``at_least`` steps listed (rounds are played until one is)."""
    for _ in range(10):
        panel = await _placing_panel(h, table, ana, [ana, bo])
        choices = {str(c.index): c for c in await table.host.choices(table.game_id, ana, merged=True)}
        best = _selects(panel)[0]
        option = next((o for o in best["options"] if len(choices[o["value"]].then) + 1 >= at_least), None)
        if option is not None:
            return panel, best, option, choices[option["value"]]
        await _play_round(h, table, [ana, bo])
    raise AssertionError(f"no whole placement of {at_least} steps in ten rounds")


def _counted_commits(h, monkeypatch) -> list[int]:
    """The moves each transaction the store is asked to commit holds."""
    store = h.bot.services.store
    seen: list[int] = []
    real = store.append_moves

    async def append_moves(game_id, expected_version, seat, actions, *args, **kwargs):  # noqa: ANN001, ANN202
        seen.append(len(actions))
        return await real(game_id, expected_version, seat, actions, *args, **kwargs)

    monkeypatch.setattr(store, "append_moves", append_moves)
    return seen


async def test_a_whole_placement_is_one_tap_one_commit_and_one_publication(harness, db_path, clock, monkeypatch):
    """Issue 32: the steps of a whole placement are stored in one transaction (each its own move in
    the log) and told once: the round's board is posted once, no message is edited twice, and no
    status edit per step comes before the board (at Discord's limit each would wait its turn)."""
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    host = table.host
    await _play_round(h, table, [ana, bo])
    panel, best, option, choice = await _whole_placement_panel(h, table, ana, bo, at_least=3)
    # Bo places first, so Ana's placement ends the round and posts its board
    bo_panel = await table.open_panel(bo)
    if _selects(bo_panel):
        bo_best = _selects(bo_panel)[0]
        await h.select(bo, bo_panel.id, [bo_best["options"][0]["value"]], custom_id=bo_best["custom_id"])
    else:
        await h.click(bo, bo_panel.id, next(c["label"] for c in iter_components(bo_panel.payload)
                                            if c.get("label", "").startswith("Pass")))
    panel, best, option, choice = await _whole_placement_panel(h, table, ana, bo, at_least=3)
    steps = [choice.action, *choice.then]
    before = await host.get(table.game_id)
    commits = _counted_commits(h, monkeypatch)
    start = len(h.fake.requests)
    await h.select(ana, panel.id, [option["value"]], custom_id=best["custom_id"])
    requests = h.fake.requests[start:]
    assert commits == [len(steps)], "one transaction holds every step"
    log = await host.store.action_log(table.game_id)
    assert [e["action"] for e in log[before.version:before.version + len(steps)]] == steps, "each step its own move"
    assert (await host.get(table.game_id)).version > before.version + len(steps) - 1
    thread_posts = [r for r in requests if r.method == "POST" and f"/channels/{table.thread_id}/" in r.url]
    assert len(thread_posts) == 1 and thread_posts[0].files, "the round's board, posted once"
    edited = [r.message_id for r in requests if r.method == "PATCH"]
    assert len(edited) == len(set(edited)), "no message edited twice"
    board_at = requests.index(thread_posts[0])
    assert not [r for r in requests[:board_at] if r.audience == "public"], "nothing public before the board"
    assert message_text(h.fake.messages[panel.id].payload).count("Done: " + option["label"]) == 1
    assert not h.problems()


async def test_a_whole_placement_that_ends_nothing_edits_the_status_once(harness, db_path, clock, monkeypatch):
    """The first of the two to place: the turn post's "1 of 2 have chosen" is edited once, not once a step."""
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    await _play_round(h, table, [ana, bo])
    panel, best, option, choice = await _whole_placement_panel(h, table, ana, bo, at_least=3)
    commits = _counted_commits(h, monkeypatch)
    start = len(h.fake.requests)
    await h.select(ana, panel.id, [option["value"]], custom_id=best["custom_id"])
    requests = h.fake.requests[start:]
    assert commits == [1 + len(choice.then)]
    public = [r for r in requests if r.audience == "public"]
    assert len(public) <= 1 and all(r.method == "PATCH" for r in public), [(r.method, r.path) for r in public]
    assert _submitted(await table.host.private_view(table.game_id, ana)) is not None
    assert not h.problems()


async def test_two_players_picking_whole_placements_at_once_one_waits_and_nothing_half_done(harness, db_path, clock):
    """Ana's and Bo's whole placements from panels of the same moment, arriving together: the first
    is stored whole; the other hears that the game moved on and none of its steps is stored (its
    tile is neither turned nor placed), and its player picks again from a fresh panel."""
    h = harness
    table, ana, bo = await _table(h, db_path, clock)
    host = table.host
    await _play_round(h, table, [ana, bo])
    for _ in range(10):
        ana_panel, bo_panel = await table.open_panel(ana), await table.open_panel(bo)
        if _selects(ana_panel) and _selects(bo_panel):
            break
        await _play_round(h, table, [ana, bo])
    else:
        raise AssertionError("ten rounds without both tiles fitting")
    before = await host.get(table.game_id)
    pending = {u: (await host.private_view(table.game_id, u))["private"] for u in (ana, bo)}
    ana_best, bo_best = _selects(ana_panel)[0], _selects(bo_panel)[0]
    ana_value, bo_value = ana_best["options"][0]["value"], bo_best["options"][0]["value"]
    await h.select_together([(ana, ana_panel.id, ana_best["custom_id"], [ana_value]),
                             (bo, bo_panel.id, bo_best["custom_id"], [bo_value])])
    log = (await host.store.action_log(table.game_id))[before.version:]
    seats = {e["seat"] for e in log}
    assert len(seats) == 1, "one player's steps only"
    [winner_seat] = seats
    winner, loser = (ana, bo) if before.seats[winner_seat].user_id == ana else (bo, ana)
    assert log[-1]["action"]["type"] == "place", "the winner's placement is stored whole"
    assert _submitted(await host.private_view(table.game_id, winner)) is not None
    assert (await host.private_view(table.game_id, loser))["private"] == pending[loser], "nothing of it stored"
    loser_panel = ana_panel if loser == ana else bo_panel
    text = message_text(h.fake.messages[loser_panel.id].payload)
    assert "moved on" in text or "came first" in text, text
    assert not h.problems()
