"""Issue 31: hints in unrated casual games only. With /game settings hints:True a Take turn panel
has a Hint button that answers, only to its player, a legal move and why; the setting is refused in
a rated game and at a tournament table, and no panel there ever offers a Hint button."""

from __future__ import annotations

from host import PlayerRef
from tests.discord.conftest import start_bot
from tests.discord.harness import iter_components, message_text
from tests.discord.play import new_table, placements_round, placing_panel
from tests.discord.test_whole_move import _to_choose


def has_hint(payload: dict) -> bool:
    return any(str(c.get("custom_id", "")).startswith("isle:hint:") for c in iter_components(payload))


async def test_hints_off_by_default_then_on_in_a_casual_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="my_island")
    panel = await table.open_panel(ana)
    assert not has_hint(panel.payload), "hints are off by default"
    reply = h.reply_text(await h.slash(ana, "game settings", channel_id=table.thread_id, hints=True))
    assert "Hints: on" in reply
    panel = await table.open_panel(ana)
    assert has_hint(panel.payload)
    result = await h.click(ana, panel.id, custom_id=f"isle:hint:{table.game_id}")
    answer = h.replies(result)[-1]
    assert h.is_ephemeral(answer) and answer.audience == f"user:{ana}"
    text = message_text(answer.payload)
    labels = [c.label for c in await table.host.choices(table.game_id, ana, merged=True)]
    assert text.startswith("Hint: ") and any(label in text for label in labels), text
    # the why is computed from Ana's view: what the placement scores, in the rulebook's categories
    assert " at the end" in text or " now" in text, text


async def test_hints_are_refused_in_rated_games(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    host = h.bot.services.host
    outcome = await host.create_table("my_island", {}, [PlayerRef(ana, "Ana"), PlayerRef(bo, "Bo")],
                                      guild_id=h.fake.GUILD_ID, channel_id=h.fake.CHANNEL_ID,
                                      settings={"rated": True})
    game_id = outcome.game.id
    h.expect_errors(0)
    reply = h.reply_text(await h.slash(ana, "game settings", game=game_id, hints=True, user_permissions=0x20))
    assert "only for unrated casual games" in reply
    assert not (await host.get(game_id)).settings.get("hints")
    stored = dict((await host.get(game_id)).settings, hints=True)  # a setting written around the check
    await host.store.update_game(game_id, clock(), settings=stored)
    assert not await host.hints_allowed(game_id)
    forged = await h.forge_component(ana, h.fake.CHANNEL_ID, f"isle:hint:{game_id}")
    assert "Hints are off" in h.reply_text(forged)


async def test_a_hint_names_the_whole_move_the_panel_offers_as_one_pick(harness, db_path, clock):
    """Land vs Sea: the hinted tile side, spot and turn as the option of the panel's list that makes
    them, and the list's name (not "Choose the tile", its first step); played, it is the hinted move."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    await h.slash(ana, "game settings", channel_id=table.thread_id, hints=True)
    user = await _to_choose(table)
    panel = await table.open_panel(user)
    result = await h.click(user, panel.id, custom_id=f"isle:hint:{table.game_id}")
    text = message_text(h.replies(result)[-1].payload)
    selects = {s["placeholder"]: s for s in iter_components(panel.payload) if s.get("type") == 3}
    named = [(title, o) for title, s in selects.items() for o in s["options"]
             if text.startswith(f"Hint: {o['label']} (list: {title})")]
    assert len(named) == 1, (text, list(selects))
    title, option = named[0]
    before = len((await table.host.public_view(table.game_id))["map"])
    await h.select(user, panel.id, [option["value"]], custom_id=selects[title]["custom_id"])
    assert len((await table.host.public_view(table.game_id))["map"]) == before + 1
    assert not h.problems()


async def test_a_my_island_hint_names_a_whole_placement(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="my_island")
    await h.slash(ana, "game settings", channel_id=table.thread_id, hints=True)
    for _ in range(2):  # a round or two in, so the tile fits in several orientations
        await placements_round(h, table, [ana, bo])
    panel = await placing_panel(h, table, ana, [ana, bo])
    result = await h.click(ana, panel.id, custom_id=f"isle:hint:{table.game_id}")
    text = message_text(h.replies(result)[-1].payload)
    options = [(s["placeholder"], o["label"]) for s in iter_components(panel.payload) if s.get("type") == 3
               for o in s["options"]]
    assert any(text.startswith(f"Hint: {label} (list: {title})") for title, label in options), text
    assert not h.problems()
