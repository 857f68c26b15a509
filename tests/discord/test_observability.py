"""Issue 32: what the people who run the bot can observe, through the real bot.

A game is played through the harness with ``HTTP_PORT`` set; ``/metrics`` is scraped over real
HTTP and every family must be there with sensible values and bounded labels (no user, server or
game id); ``/readyz`` flips to 503 when the database is gone; error reports reach a fake Sentry
transport scrubbed of tokens and hidden information.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import re

import aiohttp
import pytest
import sentry_sdk
from prometheus_client.parser import text_string_to_metric_families
from sentry_sdk.transport import Transport

from host.logging_setup import JsonFormatter
from rules import ENGINES
from rules.isle_of_skye.text import tile_label
from telemetry import errors as telemetry_errors
from tests.discord.conftest import start_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.play import Table, new_table


def samples(text: str) -> list[tuple[str, dict[str, str], float]]:
    """Every sample, read with Prometheus' own parser (what a scraper reads)."""
    return [(s.name, dict(s.labels), s.value) for family in text_string_to_metric_families(text) for s in family.samples]


def total(found: list[tuple[str, dict[str, str], float]], name: str, **match: str) -> float:
    return sum(v for n, labels, v in found if n == name and all(labels.get(k) == x for k, x in match.items()))


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def endpoint_port(h) -> int:
    return h.bot.get_cog("Observe").endpoint.bound_port


async def test_metrics_after_a_game_played_through_the_bot(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, http_port=0)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    before = samples((await get(endpoint_port(h), "/metrics"))[1])
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_to_end()
    gc.collect()  # a full collection, timed like any the interpreter starts by itself
    await asyncio.sleep(0.3)  # the loop-lag watcher measures every 0.25 s
    status, text = await get(endpoint_port(h), "/metrics")
    assert status == 200
    found = samples(text)

    def grew(name: str, **match: str) -> float:
        return total(found, name, **match) - total(before, name, **match)

    assert grew("isle_moves_total", game="count_up") >= 4
    assert grew("isle_interactions_total", kind="command") >= 1
    assert grew("isle_interactions_total", kind="component") >= 4
    assert grew("isle_interaction_ack_seconds_count", kind="component") >= 4
    assert 0 < total(found, "isle_interaction_ack_seconds_sum") < 60 * total(found, "isle_interaction_ack_seconds_count")
    assert grew("isle_click_to_board_seconds_count", game="count_up") >= 3
    assert grew("isle_renders_total", game="count_up", picture="card") >= 3
    assert grew("isle_render_seconds_count", game="count_up") >= 3
    assert grew("isle_db_statements_total", backend="sqlite") > 10
    assert grew("isle_db_transaction_seconds_count", backend="sqlite") >= 4
    assert grew("isle_discord_requests_total", status="2xx") >= 10
    assert any(labels.get("route", "").startswith("/channels/{channel_id}/messages")
               for n, labels, _v in found if n == "isle_discord_requests_total")
    assert grew("isle_discord_requests_total", route="/interactions/{webhook_id}/{webhook_token}/callback") >= 5
    assert grew("isle_discord_request_wait_seconds_count", work="player") >= 3  # cogs.request_pace
    assert total(found, "isle_event_loop_lag_seconds_count") >= 1
    assert grew("isle_gc_pause_seconds_count", generation="2") >= 1
    assert {labels["game"] for n, labels, _v in found if n == "isle_active_games"} >= set(ENGINES) - {"count_up"}
    assert total(found, "isle_active_games", game="count_up") == 0, "the game is over"
    assert any(n == "isle_open_timers" for n, _l, _v in found)
    assert total(found, "isle_build_info") == 1

    ids = {str(i) for i in (ana, bo, FakeDiscord.GUILD_ID, FakeDiscord.CHANNEL_ID, table.thread_id)}
    leaked = [(n, labels) for n, labels, _v in found for key, value in labels.items() if key != "release"
              and (any(i in value for i in ids if len(i) > 3) or re.search(r"\d{5,}", value))]
    assert not leaked, f"unbounded labels: {leaked[:3]}"


async def test_healthz_and_readyz_and_readyz_flips_when_the_database_is_gone(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, http_port=0)
    port = endpoint_port(h)
    assert await get(port, "/healthz") == (200, "ok\n")
    status, body = await get(port, "/readyz")
    assert status == 200 and json.loads(body) == {"ready": True, "checks": {"discord": True, "database": True}}
    await h.bot.services.host.store.close()
    status, body = await get(port, "/readyz")
    assert status == 503 and json.loads(body)["checks"]["database"] is False
    assert (await get(port, "/healthz"))[0] == 200, "alive all the same: a supervisor should not kill it for this"


async def test_the_endpoint_is_off_unless_a_port_is_set(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock)
    assert h.bot.get_cog("Observe").endpoint is None


class FakeTransport(Transport):
    """What would leave the process: every envelope's event."""

    sent: list[dict] = []

    def capture_envelope(self, envelope):  # noqa: ANN001 - sentry's own signature
        event = envelope.get_event()
        if event is not None:
            FakeTransport.sent.append(event)


@pytest.fixture
def sentry():
    FakeTransport.sent = []
    telemetry_errors.init_sentry("https://public@sentry.invalid/1", "v-test", transport=FakeTransport)
    yield FakeTransport.sent
    sentry_sdk.get_client().close()
    sentry_sdk.init(dsn=None)


TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


def test_a_report_is_scrubbed_before_it_leaves(sentry):
    try:
        raise RuntimeError(f"login with {TOKEN} to postgresql://isle:hunter2@db/isle failed")
    except RuntimeError as exc:
        with sentry_sdk.new_scope() as scope:
            scope.set_extra("state", {"hand": ["t26", "t04"]})
            scope.set_extra("guild_count", 3)
            telemetry_errors.report(exc, game="isle_of_skye", command="game board")
    sentry_sdk.get_client().flush()
    (event,) = sentry
    text = json.dumps(event)
    assert TOKEN not in text and "hunter2" not in text and "t26" not in text
    assert event["tags"] == {"game": "isle_of_skye", "command": "game board"} and event["release"] == "v-test"
    assert event["extra"]["state"] == "[scrubbed]" and event["extra"]["guild_count"] == 3
    assert not any("vars" in f for v in event["exception"]["values"] for f in v["stacktrace"]["frames"])


def test_an_error_raised_in_the_rules_loses_its_message(sentry):
    """A KeyError raised by the rules names the key it missed: here a hidden tile's id."""
    try:
        tile_label("t26-in-Anas-hand")
    except KeyError as exc:
        telemetry_errors.report(exc, game="isle_of_skye", command="isle:turn")
    sentry_sdk.get_client().flush()
    (event,) = sentry
    assert "t26" not in json.dumps(event)
    assert event["exception"]["values"][-1]["value"].startswith("[scrubbed: raised in the game's rules")


async def test_an_unexpected_error_in_a_command_is_reported_with_its_game_and_command(harness, db_path, clock,
                                                                                      sentry, monkeypatch):
    h = harness
    await start_bot(h, db_path, clock, http_port=0)
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")

    async def broken(*_args, **_kwargs):
        raise RuntimeError(f"the board exploded, token {TOKEN}")

    monkeypatch.setattr(type(h.bot.host), "public_png", broken)
    h.expect_errors(1)
    r = await h.slash(ana, "game board", game=table.game_id)
    assert "Something went wrong on my side" in h.reply_text(r)
    sentry_sdk.get_client().flush()
    (event,) = sentry
    assert event["tags"] == {"game": "count_up", "command": "game board"}
    assert TOKEN not in json.dumps(event)
    found = samples((await get(endpoint_port(h), "/metrics"))[1])
    assert total(found, "isle_errors_total", kind="RuntimeError") >= 1


def test_json_logs_are_one_object_per_line_without_tokens():
    record = logging.LogRecord("host.turns", logging.INFO, __file__, 1, "move with %s", (TOKEN,), None)
    record.fields = {"game": 12, "action": "buy tile"}
    line = JsonFormatter().format(record)
    entry = json.loads(line)
    assert "\n" not in line and entry["logger"] == "host.turns" and entry["game"] == 12
    assert entry["action"] == "buy tile" and TOKEN not in line and "[token]" in entry["message"]


async def test_admin_status_shows_the_servers_games_and_health(harness, db_path, clock, monkeypatch):
    telemetry_errors.RECENT.clear()  # the list is the process's: earlier tests' errors are in it
    h = harness
    await start_bot(h, db_path, clock, http_port=0)
    ana, bo, mod = h.user(11, "Ana"), h.user(12, "Bo"), h.user(14, "Mod")
    await new_table(h, ana, [bo], key="count_up")
    r = await h.slash(bo, "admin status")
    assert "Only a server manager" in h.reply_text(r)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    working = type(h.bot.host).public_png
    monkeypatch.setattr(type(h.bot.host), "public_png", broken)
    h.expect_errors(1)
    await h.slash(ana, "game board", game=1)
    monkeypatch.setattr(type(h.bot.host), "public_png", working)
    r = await h.slash(mod, "admin status", user_permissions=1 << 5)
    text = h.reply_text(r)
    assert "Version" in text and "Up for" in text and "SQLite · answering" in text
    assert "Count Up: 1" in text, text
    assert "RuntimeError ×1" in text
    assert "1 of 1 threads take posts." in text


async def test_ai_decisions_are_counted_and_timed_by_game_and_level(harness, db_path, clock):
    h = harness
    await start_bot(h, db_path, clock, http_port=0)
    ana = h.user(11, "Ana")
    before = samples((await get(endpoint_port(h), "/metrics"))[1])
    await h.slash(ana, "game new", game="count_up")
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    await h.click(ana, lobby.id, "Add AI")
    await h.click(ana, lobby.id, "Start")
    table = Table(h, 1, thread.id, [ana])
    await table.play_to_end()
    found = samples((await get(endpoint_port(h), "/metrics"))[1])
    grew = total(found, "isle_ai_decisions_total", game="count_up") - total(before, "isle_ai_decisions_total",
                                                                            game="count_up")
    timed = total(found, "isle_ai_decision_seconds_count", game="count_up") - total(
        before, "isle_ai_decision_seconds_count", game="count_up")
    assert grew >= 1 and timed == grew
