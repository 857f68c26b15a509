"""Hostile input through the real bot: huge options and names are answered in bounded, clipped
text (the fake Discord refuses anything over the published limits, as Discord does), and
markdown in player names is shown literally in every public line."""

from __future__ import annotations

import discord

from cogs import limits
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import LOADING
from tests.discord.harness import message_text
from tests.discord.play import new_table

MARKDOWN_NAME = "Bo**`ld`||x||"
ESCAPED_NAME = r"Bo\*\*\`ld\`\|\|x\|\|"


def assert_answered(h, result) -> str:
    original = h.original(result)
    assert not original.payload["flags"] & LOADING, "the user was left on 'thinking…'"
    text = h.reply_text(result)
    assert text and len(text) < 2000
    return text


async def test_a_huge_option_is_refused_in_a_short_reply(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    for options in ("x" * 5000, "goal=" + "9" * 5000, "a" * 3000 + "=1 " + "b" * 3000 + "=2"):
        r = await h.slash(ana, "game new", game="count_up", options=options)
        text = assert_answered(h, r)
        assert "option" in text.lower() and len(text) < 300
    assert not await bot.host.games_for_user(ana), "a refused game leaves nothing behind"
    r = await h.slash(ana, "rules", game="island_siege", topic="y" * 5000)
    assert len(assert_answered(h, r)) < 1000
    offered = await h.autocomplete(ana, "game new", "options", game="count_up", options="goal=6 " + "z" * 5000)
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)


async def test_every_outgoing_message_is_clipped_to_discords_limits(harness, db_path, clock):
    """The one clipping helper sits where discord.py builds every message."""
    h = harness
    await start_bot(h, db_path, clock)
    channel = h.bot.get_partial_messageable(h.fake.CHANNEL_ID, guild_id=h.fake.GUILD_ID)
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for _i in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="b" * 200, custom_id="x"))
    view.add_item(discord.ui.Select(custom_id="s", options=[discord.SelectOption(label="o" * 300, value="1")]))
    message = await channel.send("c" * 5000, embeds=[embed, embed], view=view)
    payload = h.fake.messages[message.id].payload
    assert len(payload["content"]) == limits.CONTENT and payload["content"].endswith("…")
    sizes = [limits._text_size(e) for e in payload["embeds"]]
    assert sum(sizes) <= limits.EMBED_TOTAL
    assert all(len(e["title"]) <= 256 and len(e["fields"]) <= 25 for e in payload["embeds"])
    labels = [c.get("label") for row in payload["components"] for c in row["components"]]
    assert len(labels[0]) == 80
    await message.edit(content="e" * 9000)
    assert len(h.fake.messages[message.id].payload["content"]) == limits.CONTENT


async def test_markdown_in_player_names_is_shown_literally(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    bo, cy = h.user(12, MARKDOWN_NAME), h.user(13, "Cy")
    table = await new_table(h, bo, [cy], key="count_up")
    await h.slash(bo, "game settings", away=True, channel_id=table.thread_id)  # the AI plays Bo: named in bold
    await table.play_to_end()
    public = [message_text(m.payload) for m in h.fake.messages.values() if m.audience == "public"]
    text = "\n".join(public)
    assert MARKDOWN_NAME not in text, "a raw name breaks the markdown of its line"
    assert f"{ESCAPED_NAME} adds" in text, "log lines name the player literally"
    final = next(t for t in public if "Final scores" in t)
    assert ESCAPED_NAME in final
    r = await h.slash(cy, "game log", game=table.game_id)
    assert f"{ESCAPED_NAME} adds" in h.reply_text(r)


async def test_a_first_reply_to_an_interaction_is_clipped_too(harness, db_path, clock):
    """``response.send_message`` (a refusal before acknowledging) has its own builder in discord.py."""
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")

    async def shout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("z" * 5000, embed=discord.Embed(description="d" * 9000),
                                                ephemeral=True)

    bot.tree.add_command(discord.app_commands.Command(name="shout", description="x", callback=shout))
    r = await h.slash(ana, "shout")
    payload = h.original(r).payload
    assert len(payload["content"]) == limits.CONTENT and len(payload["embeds"][0]["description"]) == 4096
