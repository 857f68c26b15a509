"""Server boundaries: every command, button, menu and autocomplete acts only on what belongs
to the server it is used from (in a DM: only the user's own games), and says nothing about
the rest. The command tree and the registered components are walked, so a new command or
button without scoping fails here."""

from __future__ import annotations

import re

import discord
import pytest

from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import Harness

OTHER_GUILD = 101
MANAGER = (1 << 5) | (1 << 3)  # Manage Server and Administrator in their own server
CREATES_HERE = {"game new", "tournament create", "campaign new"}  # act on the current server only, by design
ID_PARAMS = ("game", "tournament", "campaign")


class World:
    """Server A with an active game (#1), a lobby (#2), a tournament and a campaign; server B."""

    def __init__(self, h: Harness) -> None:
        self.h = h

    async def build(self) -> None:
        h = self.h
        self.xavier, self.yolanda, self.mallory = h.user(21, "Xavier"), h.user(22, "Yolanda"), h.user(66, "Mallory")
        await h.slash(self.xavier, "game new", game="count_up")
        thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
        lobby = h.messages_in(thread.id)[0]
        await h.click(self.yolanda, lobby.id, "Join")
        await h.click(self.xavier, lobby.id, "Start")
        await h.slash(self.xavier, "game new", game="count_up")
        await h.slash(self.xavier, "tournament create", game="toy_race", name="Spring Cup")
        signup = next(m for m in h.messages_in(FakeDiscord.CHANNEL_ID) if "isle:tour:join" in str(m.payload))
        await h.click(self.xavier, signup.id, "Join")
        await h.slash(self.xavier, "campaign new")
        self.game = await h.bot.host.get(1)
        assert self.game.status == "active" and (await h.bot.host.get(2)).status == "lobby"
        self.channels_a = {c.id for c in h.fake.channels.values() if c.guild_id == FakeDiscord.GUILD_ID}
        self.other_channel = await h.add_guild(OTHER_GUILD)

    async def snapshot(self) -> tuple:
        bot = self.h.bot
        games = []
        for gid in (1, 2):
            g = await bot.host.get(gid)
            games.append((g.status, g.version, [(s.user_id, s.name, s.is_ai, s.away) for s in g.seats],
                          sorted(g.settings.items())))
        t = await bot.tournaments.get(1)
        c = await bot.campaigns.get(1)
        return (games, t.status, [(e.user_id, e.dropped_round) for e in t.entrants], c.status,
                [(p.user_id, p.island_name) for p in c.players], await bot.host.dm_notifications(self.xavier))

    def posted_in_a(self, start: int) -> list[str]:
        """Requests since ``start`` that wrote into server A's channels or threads."""
        out = []
        for r in self.h.fake.requests[start:]:
            m = re.match(r"/channels/(\d+)", r.url.split("/api/v10")[-1])
            if m and int(m.group(1)) in self.channels_a and r.method != "GET":
                out.append(f"{r.method} {r.path}")
        return out


def leaf_commands(bot) -> list[tuple[str, discord.app_commands.Command]]:
    out = []
    for cmd in bot.tree.walk_commands():
        if isinstance(cmd, discord.app_commands.Command):
            out.append((cmd.qualified_name, cmd))
    return out


def options_for(cmd: discord.app_commands.Command, world: World) -> dict:
    values: dict = {}
    for p in cmd.parameters:
        if p.name in ID_PARAMS and p.type is discord.AppCommandOptionType.integer:
            values[p.name] = 2 if cmd.qualified_name in ("game join", "game start", "game add-ai") else 1
        elif p.required:
            if p.choices:
                values[p.name] = p.choices[0].value
            elif p.name == "game":
                values[p.name] = "count_up"
            elif p.name == "placing":
                values[p.name] = f"<@{world.xavier}>"
            elif p.type is discord.AppCommandOptionType.integer:
                values[p.name] = 1
            else:
                values[p.name] = "x"
    return values


ORIGINS = ["other server, a player of the game", "other server, a stranger", "DM, a stranger"]


@pytest.mark.parametrize("origin", ORIGINS)
async def test_every_command_stays_in_its_server(harness, db_path, clock, origin):
    h = harness
    bot = await start_bot(h, db_path, clock)
    world = World(h)
    await world.build()
    user = world.xavier if "player" in origin else world.mallory
    channel = h.fake.dm_channel(user) if origin.startswith("DM") else world.other_channel
    commands = leaf_commands(bot)
    assert len(commands) > 20, [n for n, _c in commands]
    before = await world.snapshot()
    checked, autocompleted = [], []
    for name, cmd in commands:
        if name in CREATES_HERE:
            continue
        options = options_for(cmd, world)
        start = len(h.fake.requests)
        r = await h.slash(user, name, channel_id=channel, user_permissions=MANAGER, **options)
        reply = h.reply_text(r)
        assert await world.snapshot() == before, f"/{name} {options} from {origin} changed server A: {reply}"
        assert not world.posted_in_a(start), f"/{name} from {origin} wrote into server A: {world.posted_in_a(start)}"
        assert "Yolanda" not in reply and f"<#{world.game.thread_id}>" not in reply, f"/{name} leaked: {reply}"
        if "player" not in origin:
            assert "Xavier" not in reply, f"/{name} leaked: {reply}"
        ids = [p.name for p in cmd.parameters if p.name in ID_PARAMS
               and p.type is discord.AppCommandOptionType.integer]
        if ids:
            assert "does not exist" in reply, f"/{name} {options} from {origin}: {reply!r}"
            assert "another server" not in reply
            checked.append(name)
        for param in ids:  # autocomplete of the number offers nothing from server A
            offered = await h.autocomplete(user, name, param, channel_id=channel, **{param: ""})
            foreign = [c for c in offered if c["value"] in (1, 2) or "Xavier" in c["name"]]
            assert not foreign, f"/{name} {param} autocomplete from {origin} offers {foreign}"
        for param in [p.name for p in cmd.parameters if p.autocomplete and p.name not in ids]:
            # every other autocomplete (e.g. /game log's player names), aimed at server A's game
            offered = await h.autocomplete(user, name, param, channel_id=channel, **{**options, param: ""})
            names = " ".join(str(c["name"]) for c in offered)
            assert "Yolanda" not in names and "Xavier" not in names, \
                f"/{name} {param} autocomplete from {origin} offers {offered}"
            autocompleted.append(f"{name} {param}")
    assert {"game status", "game abandon", "game settings", "game join", "tournament cancel",
            "campaign abandon"} <= set(checked)
    assert "game log player" in autocompleted


async def test_a_foreign_game_number_is_answered_like_a_missing_one(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    world = World(h)
    await world.build()
    missing = await h.slash(world.mallory, "game status", channel_id=world.other_channel, game=999)
    foreign = await h.slash(world.mallory, "game status", channel_id=world.other_channel, game=1)
    assert h.reply_text(missing).replace("999", "N") == h.reply_text(foreign).replace("1", "N")


async def test_the_creation_commands_create_in_the_current_server(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    world = World(h)
    await world.build()
    await h.slash(world.mallory, "game new", channel_id=world.other_channel, game="count_up")
    await h.slash(world.mallory, "tournament create", channel_id=world.other_channel, game="toy_race")
    await h.slash(world.mallory, "campaign new", channel_id=world.other_channel)
    assert (await bot.host.get(3)).guild_id == OTHER_GUILD
    assert (await bot.tournaments.get(2)).guild_id == OTHER_GUILD
    assert (await bot.campaigns.get(2)).guild_id == OTHER_GUILD
    r = await h.slash(world.mallory, "game new", channel_id=h.fake.dm_channel(world.mallory), game="count_up")
    assert "server channel" in h.reply_text(r)


def forged_custom_ids(version: int) -> list[tuple[str, int, list[str] | None]]:
    """A click on every kind of persistent component, aimed at server A's game, tournament, campaign."""
    out: list[tuple[str, int, list[str] | None]] = []
    out += [(f"isle:lobby:{a}:2", 2, None) for a in ("join", "leave", "ai", "start")]
    out += [(f"isle:turn:1:{version}", 2, None), (f"isle:act:1:{version}:0", 2, None),
            (f"isle:act:1:{version}:0:ok", 2, None), (f"isle:pick:1:{version}:0", 3, ["0"]),
            (f"isle:set:1:{version}", 3, ["0"]),
            (f"isle:page:1:{version}:0", 2, None), (f"isle:undo:1:{version}", 2, None)]
    out += [(f"isle:tour:{a}:1", 2, None) for a in ("join", "leave", "start")]
    out += [(f"isle:camp:{a}:1", 2, None) for a in ("join", "leave", "ai", "next")]
    out += [("isle:log:1:0:a", 2, None), ("isle:follow:1", 2, None), ("isle:rematch:1", 2, None)]
    out += [("isle:full:1:pub", 2, None), ("isle:full:1:own", 2, None), ("isle:hint:1", 2, None),
            ("isle:why:1:0:0", 2, None), ("isle:why:1:1:1", 2, None)]
    out += [(f"isle:learn:{op}:0:0", 2, None) for op in ("page", "hint", "quit")]
    out += [("isle:learn:pick:0:0", 3, ["0"])]
    return out


PER_USER = "isle:learn:"
"""A tutorial belongs to its learner, not to a server: its buttons reach no game (checked: nothing of
server A changes), and answer that there is no tutorial to continue."""


@pytest.mark.parametrize("origin", ORIGINS)
async def test_every_button_and_menu_stays_in_its_server(harness, db_path, clock, origin):
    h = harness
    bot = await start_bot(h, db_path, clock)
    world = World(h)
    await world.build()
    user = world.xavier if "player" in origin else world.mallory
    channel = h.fake.dm_channel(user) if origin.startswith("DM") else world.other_channel
    forged = forged_custom_ids(world.game.version)
    registered = list(bot._connection._view_store._dynamic_items.values())
    for item in registered:  # a new persistent component must be added to the forged clicks
        assert any(item.__discord_ui_compiled_template__.fullmatch(cid) for cid, _t, _v in forged), item
    before = await world.snapshot()
    for custom_id, kind, values in forged:
        start = len(h.fake.requests)
        r = await h.forge_component(user, channel, custom_id, values=values, component_type=kind)
        reply = h.reply_text(r)
        assert await world.snapshot() == before, f"{custom_id} from {origin} changed server A: {reply}"
        assert not world.posted_in_a(start), f"{custom_id} from {origin} wrote into server A"
        if custom_id.startswith(PER_USER):
            assert "/learn" in reply, f"{custom_id} from {origin}: {reply!r}"
        else:
            assert "does not exist" in reply, f"{custom_id} from {origin}: {reply!r}"
        assert "Yolanda" not in reply


async def test_in_a_dm_a_player_reaches_their_own_game(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    world = World(h)
    await world.build()
    dm = h.fake.dm_channel(world.yolanda)
    r = await h.slash(world.yolanda, "game status", channel_id=dm, game=1)
    assert "Count Up #1" in h.reply_text(r)
    offered = await h.autocomplete(world.yolanda, "game status", "game", channel_id=dm, game="")
    assert [c["value"] for c in offered] == [1]
    r = await h.slash(world.yolanda, "game list", channel_id=world.other_channel)
    text = h.reply_text(r)
    assert "Count Up #1" not in text and "1 more game elsewhere" in text
