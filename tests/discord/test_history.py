"""Issue 19 through Discord: exports that replay, the paged log, the animated replay.

Games of every kind are played to the end by AI seats (random playthroughs with the game's
own AI), then exported with ``/game export`` as a user would; the file must replay to
exactly the stored final state. While a game runs, an export holds only what its reader
may see.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from host import history
from rules import ENGINES
from rules.base import canonical
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import message_text
from tests.discord.play import new_table
from tests.discord.test_every_game import secrets_by_seat

REAL_GAMES = ["island_siege", "isle_of_skye", "islebound", "land_vs_sea", "my_island"]
ROOT = Path(__file__).resolve().parents[2]


def files_of(h, result) -> list[tuple[str, bytes]]:
    return [f for r in result.requests for f in r.files]


async def ai_game(host, key: str, seed: int, n: int | None = None) -> int:
    engine = ENGINES[key]
    outcome = await host.create_table(key, {}, [None] * (n or engine.min_players), FakeDiscord.GUILD_ID,
                                      FakeDiscord.CHANNEL_ID, seed=seed)
    assert outcome.game.status == "finished"
    return outcome.game.id


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_a_finished_games_export_replays_to_exactly_its_final_state(key, harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    seed = random.Random(key).randrange(10**6)
    game_id = await ai_game(bot.host, key, seed)
    result = await h.slash(ana, "game export", game=game_id)
    (name, raw), = files_of(h, result)
    assert name == f"{key}-{game_id}.json"
    assert "replays move by move" in h.reply_text(result)
    data = json.loads(raw)
    assert data["complete"] is True and data["game"]["key"] == key and str(data["seed"]) == str(seed)
    info = await bot.host.get(game_id)
    assert len(data["moves"]) == info.version and all("at" in m and "action" in m for m in data["moves"])
    assert [s["name"] for s in data["seats"]] == info.names and data["result"] == info.result
    replayed = history.replay_export(history.parse_export(raw))
    engine = ENGINES[key]
    stored, _version = await bot.host.states.load_state(game_id, engine)
    assert canonical(engine.dump(replayed.state)) == canonical(engine.dump(stored))
    assert engine.result(replayed.state)["ranks"] == info.result["ranks"]


async def test_an_edited_or_partial_export_is_refused_with_a_reason(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    game_id = await ai_game(bot.host, "island_siege", 5)
    _name, raw = await history.export(bot.host, game_id, None)
    data = json.loads(raw)
    data["moves"] = data["moves"][:-1]
    with pytest.raises(history.BadExport, match="was changed after it was made"):
        history.parse_export(json.dumps(data))
    data["digest"] = history.digest(data)  # an edit that also fakes the digest still fails the replay
    with pytest.raises(history.BadExport, match="different state"):
        history.replay_export(history.parse_export(json.dumps(data)))
    for bad, why in ((b"not json", "not JSON"), (b'{"format": "x"}', "not a game export"),
                     (json.dumps(dict(data, complete=False)).encode(), "still being played")):
        with pytest.raises(history.BadExport, match=why):
            history.parse_export(bad)


async def test_offline_replay_of_an_export_prints_the_game_and_writes_the_boards(harness, db_path, clock,
                                                                                   tmp_path):
    h = harness
    bot = await start_bot(h, db_path, clock)
    game_id = await ai_game(bot.host, "island_siege", 9)
    name, raw = await history.export(bot.host, game_id, None)
    path = tmp_path / name
    path.write_bytes(raw)
    out = tmp_path / "boards"
    proc = subprocess.run([sys.executable, "bot.py", "offline", "--replay", str(path), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Replaying Island Siege" in proc.stdout and "Final scores: Island Siege" in proc.stdout
    boards = sorted(out.glob("board-*.png"))
    assert len(boards) == len(history.public_turn_views(await history.replay_source(bot.host, game_id)))
    path.write_text(raw.decode().replace('"seed"', '"sead"'))
    proc = subprocess.run([sys.executable, "bot.py", "offline", "--replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "cannot be replayed" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_while_a_game_runs_an_export_holds_only_what_its_reader_may_see(key, harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key=key)
    for _ in range(4):
        info = await table.host.get(table.game_id)
        await table.play_turn(info.users_to_act()[0].user_id)
    secrets = await secrets_by_seat(table.host, table.game_id, [ana, bo])
    assert secrets[bo] or key != "island_siege", "Bo holds something Ana may not see (his hand)"
    result = await h.slash(ana, "game export", channel_id=table.thread_id)
    (name, raw), = files_of(h, result)
    assert name.endswith("-partial.json") and "only what you may see" in h.reply_text(result)
    data = json.loads(raw)
    assert data["complete"] is False and "seed" not in data and "state_hash" not in data
    ana_seat = data["viewer_seat"]
    assert all("action" not in m for m in data["moves"] if m["seat"] != ana_seat)
    assert any("action" in m for m in data["moves"] if m["seat"] == ana_seat)
    assert all(set(m.get("private", {})) <= {str(ana_seat)} for m in data["moves"])
    # Ana's own moves name the cards she gave away (she knows where they went): the rest must not
    text = json.dumps([{k: v for k, v in m.items() if k != "action"} for m in data["moves"]])
    leaked = [t for t in secrets[bo] - secrets[ana] if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text)]
    assert not leaked, f"Bo's secrets in Ana's export: {leaked}"
    with pytest.raises(history.BadExport):
        history.parse_export(raw)
    eve = h.user(13, "Eve")  # not seated: the public log only
    result = await h.slash(eve, "game export", game=table.game_id)
    (_n, raw), = files_of(h, result)
    data = json.loads(raw)
    assert data["viewer_seat"] is None and all("action" not in m and "private" not in m for m in data["moves"])
    result = await h.slash(ana, "game export", game=99999)
    assert "does not exist" in h.reply_text(result) and not files_of(h, result)


# -- the log ------------------------------------------------------------------------------------
async def test_the_log_pages_through_the_whole_game_newest_last_with_turns_rounds_and_a_player_filter(
        harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    game_id = await ai_game(bot.host, "island_siege", 4)
    result = await h.slash(ana, "game log", game=game_id)
    page = h.original(result)
    assert h.is_ephemeral(page)
    embed = page.payload["embeds"][0]
    footer = embed["footer"]["text"]
    pages = int(re.search(r"Page (\d+) of (\d+)", footer).group(2))
    assert pages > 1 and footer.startswith(f"Page {pages} of {pages}"), "the newest page comes first"
    assert "Turn " in embed["description"] and "__Round" in embed["description"]
    assert len(embed["description"]) <= 4096
    assert h.find_component(page.id, "Next")["disabled"] is True
    last_text = embed["description"]
    await h.click(ana, page.id, "Previous")
    page = h.fake.messages[page.id]
    assert page.payload["embeds"][0]["footer"]["text"].startswith(f"Page {pages - 1} of")
    assert page.payload["embeds"][0]["description"] != last_text
    await h.click(ana, page.id, "Next")
    assert h.fake.messages[page.id].payload["embeds"][0]["description"] == last_text
    for _ in range(pages - 1):
        await h.click(ana, page.id, "Previous")
    assert h.find_component(page.id, "Previous")["disabled"] is True
    everything = [h.fake.messages[page.id].payload["embeds"][0]["description"]]
    for _ in range(pages - 1):  # the whole log, oldest first, every move once
        await h.click(ana, page.id, "Next")
        everything.append(h.fake.messages[page.id].payload["embeds"][0]["description"])
    turns = [int(t) for t in re.findall(r"\*\*Turn (\d+) ·", "\n".join(everything))]
    assert turns == sorted(turns) and turns[0] == 1 and len(set(turns)) == len(turns)
    info = await bot.host.get(game_id)
    result = await h.slash(ana, "game log", game=game_id, player=2)
    text = h.reply_text(result)
    assert f"moves of {info.seats[1].name}" in text and f"· {info.seats[0].name}**" not in text
    result = await h.slash(ana, "game log", game=game_id, player=7)
    assert "has seats 1 to 2" in h.reply_text(result)
    choices = await h.autocomplete(ana, "game log", "player", game=game_id, player="")
    assert [c["name"] for c in choices] == [f"1. {info.seats[0].name}", f"2. {info.seats[1].name}"]


async def test_the_log_speaks_the_readers_language_and_shows_their_own_private_lines(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="toy_sealed")
    await table.play_turn(ana)
    mine = message_text(h.original(await h.slash(ana, "game log", channel_id=table.thread_id)).payload)
    theirs = message_text(h.original(await h.slash(bo, "game log", channel_id=table.thread_id)).payload)
    assert "You picked" in mine and "You picked" not in theirs
    assert theirs.count("(a move only its player sees)") == 1, "Ana's hidden pick is one line in Bo's log"


async def test_a_turn_with_a_public_line_lists_no_hidden_move_placeholders(harness, db_path, clock):
    """Land vs Sea's placement is hidden steps (the tile from a hand only its player sees, its
    turn) then a public line: the other player's log showed two "(a move only its player sees)"
    lines in every such turn."""
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="land_vs_sea")
    for _ in range(8):
        info = await table.host.get(table.game_id)
        await table.play_turn(info.users_to_act()[0].user_id)
    for reader, other in ((ana, "Bo"), (bo, "Ana")):
        text = message_text(h.original(await h.slash(reader, "game log", channel_id=table.thread_id)).payload)
        turns = re.split(r"(?=\*\*Turn \d+ · )", text)
        placed = [t for t in turns if t.startswith("**Turn") and f"{other} placed a tile" in t]
        assert placed, text
        assert not any("only its player sees" in t for t in placed), placed


# -- the animated replay ------------------------------------------------------------------------
async def test_replay_posts_an_animation_with_one_frame_per_turn(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    game_id = await ai_game(bot.host, "island_siege", 12)
    result = await h.slash(ana, "game replay", game=game_id)
    (name, data), = files_of(h, result)
    assert name.endswith((".webp", ".gif")) and len(data) <= 10 * 1024 * 1024
    assert not h.is_ephemeral(h.original(result)) and "one frame per turn" in h.reply_text(result)
    frames = history.public_turn_views(await history.replay_source(bot.host, game_id))
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == len(frames) and img.is_animated


async def test_a_game_of_more_than_100_turns_keeps_one_frame_per_turn(harness, db_path, clock):
    """My Island with four AI seats: 113 turns with this seed (Island Siege and Islebound games can
    be longer still: tests/host/test_replay_sizes.py measures the longest of every game)."""
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    game_id = await ai_game(bot.host, "my_island", 5, n=4)
    turns = len(history.public_turn_views(await history.replay_source(bot.host, game_id)))
    assert turns > 100
    result = await h.slash(ana, "game replay", game=game_id)
    (name, data), = files_of(h, result)
    assert len(data) <= 10 * 1024 * 1024
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == turns and img.width == 800


def test_an_animation_shows_every_board_in_order_with_a_hold_on_the_last():
    from render import animation

    colours = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (220, 220, 40), (240, 240, 240)]
    pngs = []
    for i, colour in enumerate(colours):  # boards of different heights share one canvas
        out = io.BytesIO()
        Image.new("RGB", (1000, 600 + 50 * i), colour).save(out, format="PNG")
        pngs.append(out.getvalue())
    data, fmt = animation.animate(pngs)
    assert fmt == "webp"
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == 5 and img.size == (800, round(800 * 800 / 1000))
        seen, durations = [], []
        for i in range(img.n_frames):
            img.seek(i)
            seen.append(img.convert("RGB").getpixel((400, 100)))
            durations.append(img.info["duration"])
    assert all(max(abs(a - b) for a, b in zip(got, want, strict=True)) < 12 for got, want in zip(seen, colours, strict=True))
    assert durations == [animation.FRAME_MS] * 4 + [animation.HOLD_MS]


def test_a_gif_animation_shows_every_board_in_order_with_a_hold_on_the_last():
    from render import animation

    colours = [(200, 30, 30), (30, 200, 30), (30, 30, 200)]
    pngs = []
    for colour in colours:
        out = io.BytesIO()
        Image.new("RGB", (500, 300), colour).save(out, format="PNG")
        pngs.append(out.getvalue())
    data = animation._encode(animation._Boards(pngs), [0, 1, 2], 800, "gif")
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "GIF" and img.n_frames == 3 and img.size == (500, 300)
        seen, durations = [], []
        for i in range(img.n_frames):
            img.seek(i)
            seen.append(img.convert("RGB").getpixel((250, 150)))
            durations.append(img.info["duration"])
    assert seen == colours and durations == [animation.FRAME_MS] * 2 + [animation.HOLD_MS]


def test_an_animation_decodes_one_board_at_a_time(monkeypatch):
    """Long games: the boards stay PNG bytes; the encoder gets each frame only when it reaches it."""
    import weakref

    from render import animation

    pngs = []
    for i in range(30):
        out = io.BytesIO()
        Image.new("RGB", (900, 700), (8 * i, 100, 255 - 8 * i)).save(out, format="PNG")
        pngs.append(out.getvalue())
    made: list[weakref.ref] = []
    most = []
    real = animation._Boards.frame

    def frame(self, i, width, canvas):
        img = real(self, i, width, canvas)
        made.append(weakref.ref(img))
        most.append(sum(1 for r in made if r() is not None))
        return img

    monkeypatch.setattr(animation._Boards, "frame", frame)
    data, fmt = animation.animate(pngs)
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == 30
    assert max(most) <= 2  # the first frame and the one being encoded


def noisy_frames(n: int) -> list[bytes]:
    """PNG frames of noise: they compress badly, the worst case for a size limit."""
    rnd = random.Random(1)
    pngs = []
    for _ in range(n):
        img = Image.frombytes("RGB", (600, 400), rnd.randbytes(600 * 400 * 3))
        out = io.BytesIO()
        img.save(out, format="PNG")
        pngs.append(out.getvalue())
    return pngs


def test_an_animation_fits_a_limit_by_scaling_down_before_merging_turns():
    from render import animation

    pngs = noisy_frames(24)
    data, fmt = animation.animate(pngs, limit=1_000_000)
    assert len(data) <= 1_000_000
    with Image.open(io.BytesIO(data)) as img:
        assert img.width < 600 and img.n_frames == 24  # smaller, every turn kept


def test_an_animation_fits_any_limit_by_scaling_down_and_merging_turns():
    from render import animation

    pngs = noisy_frames(24)
    data, fmt = animation.animate(pngs, limit=300_000)
    assert len(data) <= 300_000
    with Image.open(io.BytesIO(data)) as img:
        assert img.width == animation.WIDTHS[-1] and 2 <= img.n_frames < 24
    assert animation.sample(300, 100)[0] == 0 and animation.sample(300, 100)[-1] == 299
    assert len(animation.sample(300, 100)) == 100


async def test_the_final_score_sheet_is_followed_by_the_replay(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, replay_on_finish=True)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_to_end()
    posts = h.messages_in(table.thread_id)
    final = next(m for m in posts if "Final scores" in message_text(m.payload))
    after = posts[posts.index(final) + 1:]
    assert any(name.startswith("replay-count_up") for m in after for name in m.files)
    assert h.find_component(final.id, "Rematch")


# -- rematch ------------------------------------------------------------------------------------
async def test_rematch_opens_a_new_lobby_with_the_same_people_and_options_and_starts_when_all_joined(
        harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo, eve = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Eve")
    table = await new_table(h, ana, [bo], key="count_up", options="goal=9")
    await table.play_to_end()
    final_id = (await bot.host.get_message(table.game_id, "final"))[1]
    result = await h.click(eve, final_id, "Rematch")
    assert "Only the players of game" in h.reply_text(result)
    threads_before = {c.id for c in h.fake.channels.values() if c.type == 11}
    result = await h.click(bo, final_id, "Rematch")
    new_threads = [c for c in h.fake.channels.values() if c.type == 11 and c.id not in threads_before]
    assert len(new_threads) == 1 and new_threads[0].parent_id == FakeDiscord.CHANNEL_ID
    lobby = h.messages_in(new_threads[0].id)[0]
    assert "<@11>" in lobby.payload["content"] and "Rematch of Count Up" in lobby.payload["content"]
    new_id = int(h.find_component(lobby.id, "Join")["custom_id"].rsplit(":", 1)[1])
    old, new = await bot.host.get(table.game_id), await bot.host.get(new_id)
    assert new.status == "lobby" and new.options == old.options == {"goal": 9} and new.creator_id == bo
    assert (await bot.host.store.game(new_id)).seed != (await bot.host.store.game(table.game_id)).seed
    result = await h.click(ana, final_id, "Rematch")
    assert "already open" in h.reply_text(result)
    for command in ("game replay", "game log", "game export"):  # nothing to show before it starts
        assert "has not started yet" in h.reply_text(await h.slash(ana, command, game=new_id))
    await h.click(ana, lobby.id, "Join")
    new = await bot.host.get(new_id)
    assert new.status == "active" and sorted(s.user_id for s in new.seats) == [ana, bo]


async def test_a_rematch_takes_the_ai_seats_again(harness, db_path, clock):
    h = harness
    bot = await start_bot(h, db_path, clock)
    ana = h.user(11, "Ana")
    await h.slash(ana, "game new", game="count_up")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    await h.click(ana, lobby.id, "Add AI")
    await h.click(ana, lobby.id, "Start")
    game_id = int(h.find_component(lobby.id, "Join")["custom_id"].rsplit(":", 1)[1])
    from tests.discord.play import Table

    await Table(h, game_id, thread.id, [ana]).play_to_end()
    final_id = (await bot.host.get_message(game_id, "final"))[1]
    await h.click(ana, final_id, "Rematch")
    new = (await bot.host.open_games())[0]
    assert new.id != game_id and [s.is_ai for s in new.seats] == [False, True]
    assert new.status == "lobby", "Ana presses Start herself: nobody else was invited"


# -- followers ----------------------------------------------------------------------------------
async def test_a_follower_gets_a_dm_for_each_public_move_and_never_private_news(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo, cy = h.user(11, "Ana"), h.user(12, "Bo"), h.user(13, "Cy")
    table = await new_table(h, ana, [bo], key="toy_sealed")
    result = await h.click(cy, await table.turn_message_id(), "Follow")
    assert "You follow Toy Sealed" in h.reply_text(result)
    result = await h.click(cy, await table.turn_message_id(), "Follow")
    assert "already follow" in h.reply_text(result)
    shy = h.user(14, "Shy")  # DMs closed: dropped from the followers at the first failed DM
    h.fake.dm_closed.add(shy)
    await h.click(shy, await table.turn_message_id(), "Follow")
    await table.play_turn(ana)
    assert not h.dms_to(cy), "a sealed choice is not a public move"
    await table.play_turn(bo)
    dms = h.dms_to(cy)
    assert dms and all(m.files.get("board.png") for m in dms)
    text = "\n".join(message_text(m.payload) for m in dms)
    assert "Revealed" in text and "You picked" not in text
    from host import social

    assert await social.followers(table.host, table.game_id) == [cy]
    result = await h.slash(cy, "game unfollow", channel_id=table.thread_id)
    assert "no longer follow" in h.reply_text(result)
    count = len(h.dms_to(cy))
    await table.play_to_end()
    assert len(h.dms_to(cy)) == count
    result = await h.slash(cy, "game unfollow", channel_id=table.thread_id)
    assert "were not following" in h.reply_text(result)


# -- stats --------------------------------------------------------------------------------------
async def test_profile_shows_per_game_win_rate_move_times_and_a_provisional_rating_and_stats_the_server(
        harness, db_path, clock):
    from host import PlayerRef

    h = harness
    bot = await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    for _game in range(3):
        out = await bot.host.create_table("count_up", {}, [PlayerRef(ana, "Ana"), PlayerRef(bo, "Bo")],
                                          FakeDiscord.GUILD_ID, FakeDiscord.CHANNEL_ID, settings={"rated": True})
        game_id = out.game.id
        while (info := await bot.host.get(game_id)).status == "active":
            user = info.users_to_act()[0].user_id
            clock.advance(120 if user == ana else 3 * 3600)  # Ana answers in minutes, Bo in hours
            await bot.host.submit(game_id, user, {"type": "add", "n": 2})  # Ana always wins
    result = await h.slash(ana, "profile show")
    text = h.reply_text(result)
    assert "Count Up" in text and "3 games · 3 wins · win rate 100%" in text
    assert "time to move: average 2 minutes, median 2 minutes (3 moves)" in text
    assert "provisional: 3 of 5 rated games" in text
    assert int(re.search(r"rating (\d+)", text).group(1)) > 1000
    text = h.reply_text(await h.slash(bo, "profile show"))
    assert "win rate 0%" in text and "average 3 hours" in text
    assert 0 <= int(re.search(r"rating (\d+)", text).group(1)) < 1000, "a loser's rating is not shown negative"
    text = h.reply_text(await h.slash(ana, "leaderboard", game="count_up"))
    assert "?" in text and "-" not in re.sub(r"mu - 3", "", text.split("OpenSkill")[0])
    text = h.reply_text(await h.slash(ana, "stats"))
    assert "Count Up: 3" in text and "<@11> · 3 games, 6 moves" in text and "<@12> · 3 games, 3 moves" in text
    assert "Average finished game" in text and ", 3 moves" in text


async def test_the_replay_is_built_under_the_safe_limit_and_a_hopeless_one_is_refused_clearly(
        harness, db_path, clock, monkeypatch):
    from render import animation

    h = harness
    bot = await start_bot(h, db_path, clock, replay_on_finish=False)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up", options="goal=9")
    await table.play_to_end()
    game_id = table.game_id
    turns = len(history.public_turn_views(await history.replay_source(bot.host, game_id)))
    full, _fmt = history.build_animation(await history.replay_source(bot.host, game_id))
    monkeypatch.setattr(animation, "MAX_BYTES", len(full) // 3)  # the real checks, under a smaller limit
    (name, data), = files_of(h, await h.slash(ana, "game replay", game=game_id))
    assert len(data) <= len(full) // 3
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames <= turns
    monkeypatch.setattr(animation, "MAX_BYTES", 200)
    text = h.reply_text(await h.slash(ana, "game replay", game=game_id))
    assert "too large to send" in text and "went wrong" not in text
