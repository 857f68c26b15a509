"""Languages through real discord.py: slash commands carry their translations, and each reader
gets their own language (the clicking user, the server's thread, a DM's reader).

A pseudo-Russian catalog is built from the live template (``tests/pseudo_locale.py``): its
"translations" are the English texts in full-width letters, so plain ASCII words in what a
Russian user sees are untranslated text, and full-width letters in an English reader's
messages are a language leaking across readers.
"""

from __future__ import annotations

import re

import pytest

from host import i18n
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import iter_components, message_text
from tests.pseudo_locale import fresh_template, pseudo, untranslated, write_pseudo_catalog

FULLWIDTH = re.compile("[\uff21-\uff5a]")


@pytest.fixture
def pseudo_russian(tmp_path, monkeypatch):
    write_pseudo_catalog(tmp_path / "locales", "ru", fresh_template(tmp_path))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locales")
    i18n._catalog.cache_clear()
    yield "ru"
    i18n._catalog.cache_clear()


def _option(command: dict, name: str) -> dict:
    return next(o for o in command["options"] if o["name"] == name)


async def test_slash_commands_are_described_in_the_users_language(harness, db_path, clock, pseudo_russian):
    h = harness
    await start_bot(h, db_path, clock, dev_guild_id=FakeDiscord.GUILD_ID)
    put = [r for r in h.fake.requests if r.path == "/applications/{app}/guilds/{guild}/commands"][-1]
    game = next(c for c in put.json if c["name"] == "game")
    assert game["description_localizations"]["ru"] == pseudo("Play island board games")
    assert not game.get("name_localizations"), "command names stay the same in every language"
    new = _option(game, "new")
    assert new["description_localizations"]["ru"] == pseudo("Open a new game in its own thread")
    deadline = _option(new, "deadline")
    assert deadline["description_localizations"]["ru"] == pseudo("Time each player has per turn")
    hour = next(c for c in deadline["choices"] if c["name"] == "1 hour")
    assert hour["name_localizations"]["ru"] == pseudo("1 hour")
    which = next(c for c in _option(new, "game")["choices"] if c["value"] == "isle_of_skye")
    assert which["name_localizations"]["ru"] == pseudo("Isle of Skye")
    described = [c for c in put.json if c.get("description")]
    assert all(c.get("description_localizations", {}).get("ru") for c in described), \
        "every top-level command description is in the catalog"


async def test_each_reader_gets_their_own_language(harness, db_path, clock, pseudo_russian):
    h = harness
    await start_bot(h, db_path, clock)
    ana, olya = h.user(11, "Ana"), h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    await h.slash(ana, "game new", game="isle_of_skye")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    await h.click(olya, lobby.id, custom_id=h.find_component(lobby.id, "Join")["custom_id"])
    await h.click(ana, lobby.id, "Start")

    # Оля's panel: every word of it is Russian (here: pseudo-Russian), the engine's labels included.
    turn = max((m for m in h.messages_in(thread.id) if any(c.get("custom_id", "").startswith("isle:turn:")
                                                          for c in iter_components(m.payload))),
               key=lambda m: m.id)
    take = next(c for c in iter_components(turn.payload) if c.get("custom_id", "").startswith("isle:turn:"))
    panel = h.original(await h.click(olya, turn.id, custom_id=take["custom_id"]))
    assert panel.audience == f"user:{olya}"
    shown = [message_text(panel.payload)]
    for c in iter_components(panel.payload):
        shown.append(c.get("label") or "")
        shown += [o["label"] for o in c.get("options", [])]
    leftover = [w for text in shown for w in untranslated(text.replace("Оля", ""))]
    assert leftover == [], f"untranslated words on a Russian player's panel: {leftover}"

    # Оля seals her choices; the thread (an English server) and Ana's DM stay English.
    start = len(h.fake.requests)
    for _ in range(8):
        comps = list(iter_components(panel.payload))
        confirm = next((c for c in comps if c.get("custom_id", "").endswith(":ok")), None)
        select = next((c for c in comps if c.get("type") == 3), None)
        acts = [c for c in comps if c.get("type") == 2 and c.get("custom_id", "").startswith("isle:act:")]
        if confirm is not None:
            result = await h.click(olya, panel.id, custom_id=confirm["custom_id"])
        elif select is not None:
            result = await h.select(olya, panel.id, [select["options"][0]["value"]], custom_id=select["custom_id"])
        elif acts:
            result = await h.click(olya, panel.id, custom_id=acts[0]["custom_id"])
        else:
            break
        panel = h.original(result)
    public = [r for r in h.fake.requests[start:] if r.audience in ("public", f"user:{ana}")]
    assert public, "Оля's moves were announced"
    for request in public:
        text = message_text(request.json or {}) if request.json else ""
        assert not FULLWIDTH.search(text), f"Russian leaked into an English reader's message: {text!r}"


async def test_the_thread_speaks_the_bots_default_language(harness, db_path, clock, pseudo_russian):
    h = harness
    await start_bot(h, db_path, clock, default_locale="ru")
    ana = h.user(11, "Ana")
    reply = await h.slash(ana, "game new", game="isle_of_skye")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    labels = [c.get("label") for c in iter_components(lobby.payload)]
    assert pseudo("Join") in labels and pseudo("Start") in labels
    assert not FULLWIDTH.search(h.reply_text(reply)), "Ana's own reply follows her Discord language"


async def test_the_log_pages_in_the_readers_language(harness, db_path, clock, pseudo_russian):
    from tests.discord.play import new_table

    h = harness
    await start_bot(h, db_path, clock)
    ana, olya = h.user(11, "Ana"), h.user(12, "Оля")
    h.fake.user_locales[olya] = "ru"
    table = await new_table(h, ana, [olya], key="island_siege")
    for _ in range(6):
        info = await table.host.get(table.game_id)
        await table.play_turn(info.users_to_act()[0].user_id)
    page = h.original(await h.slash(olya, "game log", channel_id=table.thread_id))
    shown = [message_text(page.payload)] + [c.get("label") or "" for c in iter_components(page.payload)]
    text = re.sub(r"<t:\d+:f>|Ana|Оля", "", "\n".join(shown))
    assert untranslated(text) == [], f"untranslated words in a Russian reader's log: {untranslated(text)}"
    english = h.original(await h.slash(ana, "game log", channel_id=table.thread_id))
    assert not FULLWIDTH.search(message_text(english.payload)) and "Turn 1" in message_text(english.payload)
