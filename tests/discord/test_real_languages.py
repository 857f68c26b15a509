"""Every game to its score sheet with the shipped Russian and Ukrainian catalogs, through Discord.

A Russian player (Discord language ru) and a Ukrainian player (uk) share a table on an English
server. Every request the bot makes is read by its audience: the thread stays English (no
Cyrillic but the players' names), and each player's panels, replies and DMs are in their own
language: no English word, and none of the other language's letters (ы э ъ ё are Russian only,
і ї є ґ Ukrainian only; the players' names use neither).
"""

from __future__ import annotations

import random
import re

import pytest

from rules import ENGINES
from tests.discord.conftest import start_bot
from tests.discord.harness import message_text
from tests.discord.play import LEAVE_EARLY, controls, label_of, new_table

NAMES = {21: "Оля", 22: "Тарас"}
LOCALES = {21: "ru", 22: "uk"}
ONLY_IN = {"ru": re.compile("[ыэъёЫЭЪЁ]"), "uk": re.compile("[іїєґІЇЄҐ]")}
CYRILLIC = re.compile("[\u0400-\u04ff]")
ENGLISH_WORD = re.compile(r"(?<![\w/#:.-])[A-Za-z]{2,}(?![\w:.-])")
# What a reader of any language sees in Latin letters: the bot's and a game's proper names (the
# Russian rulebook keeps "Islebound"), commands typed as they are, ids printed on components
# (L49, G03, S08: letters with digits never match ENGLISH_WORD), Discord's own markup.
LATIN_OK = {"Isle", "Host", "Islebound", "Discord", "game", "new", "list", "rules", "status", "log", "hand",
            "board", "settings", "vacation", "profile", "show", "hours", "unfollow", "export", "replay", "stats",
            "leaderboard", "tournament", "campaign", "server", "language", "help", "abandon", "leave", "join"}


def read_text(request) -> str:
    """What a person reads of a request: a message's words and labels, a thread's name."""
    body = request.json
    if not isinstance(body, dict):
        return ""
    if "data" in body and "type" in body:  # an interaction callback
        body = body.get("data") or {}
    if request.path.endswith("/threads") and "name" in body:
        return str(body["name"])
    return message_text(body)


def words_in(text: str) -> list[str]:
    for name in NAMES.values():
        text = text.replace(name, "")
    text = re.sub(r"<t:\d+(:\w)?>|<@!?\d+>|<#\d+>|https?://\S+", "", text)
    return [w for w in ENGLISH_WORD.findall(text) if w not in LATIN_OK]


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(ENGINES))
async def test_a_russian_and_a_ukrainian_player_each_read_their_language(key, harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    olya, taras = (h.user(uid, name) for uid, name in NAMES.items())
    for uid, lang in LOCALES.items():
        h.fake.user_locales[uid] = lang
    for uid in NAMES:  # they hear of their turns by DM, so their DMs are read too
        await h.slash(uid, "game settings", notice="dm")
    table = await new_table(h, olya, [taras], key=key)
    host = table.host
    rnd = random.Random(f"languages:{key}")
    clicks, read = 0, {"public": 0, "ru": 0, "uk": 0}
    problems: list[str] = []
    start = 0
    while (await host.get(table.game_id)).status == "active" and clicks < 3000:
        info = await host.get(table.game_id)
        user = rnd.choice([s.user_id for s in info.users_to_act()])
        panel = await table.open_panel(user)
        for _step in range(60):
            options = controls(panel.payload)
            if not options:
                break
            options = [o for o in options if not LEAVE_EARLY.match(label_of(o))] or options
            kind, comp, value = rnd.choice(options)
            if kind == "option":
                await h.select(user, panel.id, [value], custom_id=comp["custom_id"])
            else:
                await h.click(user, panel.id, custom_id=comp["custom_id"])
            clicks += 1
            panel = h.fake.messages[panel.id]
            if (await host.get(table.game_id)).status != "active":
                break
        for request in h.fake.requests[start:]:
            text = read_text(request)
            if not text.strip():
                continue
            if request.audience == "public":
                read["public"] += 1
                stripped = text
                for name in NAMES.values():
                    stripped = stripped.replace(name, "")
                if CYRILLIC.search(stripped):
                    problems.append(f"public post not in the server's English: {text[:200]!r}")
            elif request.audience in (f"user:{olya}", f"user:{taras}"):
                lang = LOCALES[int(request.audience.split(":")[1])]
                read[lang] += 1
                other = "uk" if lang == "ru" else "ru"
                left = words_in(text)
                if left:
                    problems.append(f"{lang} reader sees English {left[:8]}: {text[:200]!r}")
                if ONLY_IN[other].search(text):
                    problems.append(f"{lang} reader sees {other}: {text[:200]!r}")
        start = len(h.fake.requests)
        assert not problems, f"{key}: " + "\n".join(problems[:10])
    assert (await host.get(table.game_id)).status == "finished", f"{key}: not finished after {clicks} clicks"
    assert min(read.values()) > 5, f"{key}: too little was read to judge: {read}"
