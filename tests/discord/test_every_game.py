"""Every game, played to its score sheet through Discord the way people play it, with a leak check.

Two players create, join and start a game with slash commands and lobby buttons, then take
every turn through the Take turn panel (buttons, selects, pages, confirmations), choosing at
random with a fixed seed. After each click, any id-like token (a card, tile or piece id)
that was private to some seat both before and after the click must not appear in anything
the bot sent where another player could see it: the channel, the thread, or someone else's
DM or ephemeral panel, or a follower's DM. (Board images are rendered from public views by
construction.)
"""

from __future__ import annotations

import json
import random
import re

import pytest

from rules import ENGINES
from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import LEAVE_EARLY, controls, label_of, new_table
from tests.discord.volume import mentioned

GAMES = [key for key in sorted(ENGINES) if key != "isle_of_skye"]  # Skye: test_full_game.py
ID_LIKE = re.compile(r"^(?=.*\d)[A-Za-z][\w-]{2,}$")


def id_tokens(value, found: set[str]) -> set[str]:
    """Strings in a view that look like ids (a letter first, a digit somewhere, 3+ chars)."""
    if isinstance(value, dict):
        for k, v in value.items():
            id_tokens(k, found)
            id_tokens(v, found)
    elif isinstance(value, list):
        for v in value:
            id_tokens(v, found)
    elif isinstance(value, str) and ID_LIKE.match(value):
        found.add(value)
    return found


async def secrets_by_seat(host, game_id: int, users: list[int]) -> dict[int, set[str]]:
    """Per human seat: id tokens in its own view that the public view does not show."""
    info = await host.get(game_id)
    if info.status != "active":
        return {}
    public = id_tokens(await host.public_view(game_id), set())
    return {u: id_tokens(await host.private_view(game_id, u), set()) - public for u in users}


@pytest.mark.parametrize("key", GAMES)
async def test_a_two_player_game_through_discord_to_the_score_sheet_without_leaks(key, harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key=key)
    host = table.host
    cy = h.user(13, "Cy")  # a spectator following the game: DMs of public moves only (the leak check covers them)
    await h.click(cy, await table.turn_message_id(), "Follow")
    rnd = random.Random(f"discord:{key}")
    users = [ana, bo]
    clicks = checked = sealed_checks = 0
    before = await secrets_by_seat(host, table.game_id, users)
    while (await host.get(table.game_id)).status == "active" and clicks < 3000:
        info = await host.get(table.game_id)
        user = rnd.choice([s.user_id for s in info.users_to_act()])
        panel = await table.open_panel(user)
        for _step in range(60):  # this player's steps until the panel has nothing left
            options = controls(panel.payload)
            if not options:
                break
            staying = [o for o in options if not LEAVE_EARLY.match(label_of(o))]
            options = staying or options
            choice = rnd.choice(options)
            kind, comp, value = choice
            start = len(h.fake.requests)
            if kind == "option":
                await h.select(user, panel.id, [value], custom_id=comp["custom_id"])
            else:
                await h.click(user, panel.id, custom_id=comp["custom_id"])
            clicks += 1
            now = await host.get(table.game_id)
            if now.status == "active" and now.acted > 0 and now.waiting > 0:  # a simultaneous step is still open
                sealed_checks += 1
                for request in h.fake.requests[start:]:
                    if request.audience is None or request.audience == f"user:{user}":
                        continue
                    assert not request.files, f"{key}: a board image went out while a choice was sealed"
                    if kind != "confirm":
                        assert label_of(choice) not in request.text(), f"{key}: sealed choice seen"
            after = await secrets_by_seat(host, table.game_id, users)
            for owner, tokens in after.items():
                still_secret = tokens & before.get(owner, set())
                if not still_secret:
                    continue
                for request in h.fake.requests[start:]:
                    if request.audience is None or request.audience == f"user:{owner}":
                        continue
                    text = request.text()
                    checked += 1
                    leaked = [t for t in still_secret if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text)]
                    assert not leaked, f"{key}: {leaked} of user {owner} seen by {request.audience}"
            before = after
            panel = h.fake.messages[panel.id]
            if (await host.get(table.game_id)).status != "active":
                break
    info = await host.get(table.game_id)
    assert info.status == "finished", f"{key}: not finished after {clicks} clicks"
    final = h.messages_in(table.thread_id)[-1]
    text = message_text(final.payload)
    assert "Final scores" in text and "Ana" in text and "Bo" in text
    assert final.payload["attachments"], "the final board image is attached"
    pinged = {u for r in h.fake.requests if r.method == "POST" and f"/channels/{table.thread_id}/messages" in r.url
              for u in mentioned(r.json or {})}
    assert set(users) <= pinged, "each player was told when to act (a mention in the thread: the default signal)"
    assert len(h.dms_to(cy)) > 5, "the follower was told of the public moves"
    assert info.version >= 25, f"{key}: a real game, not a quick exit ({info.version} moves in {clicks} clicks)"
    if key in ("island_siege", "land_vs_sea"):  # hands and hidden tile faces: id-like secrets
        assert checked > 0, "the leak check looked at something"
    if key == "my_island":  # everyone places the same shape at once: sealed placements
        assert sealed_checks > 0, "the sealed-step check looked at something"
    json.dumps(await host.score_sheet(table.game_id))
