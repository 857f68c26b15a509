"""Issue 32, point 6: the bot keeps Discord's global limit itself (cogs.request_pace).

At most N limited requests start in any window, in the order they were asked within a rank: new
messages, then edits, then background work (unless a later rank has waited its patience out); interaction responses
are never held; a request cancelled while it waits takes no slot. Small windows keep the tests
fast; every property checked holds whatever the machine's load (the times compared are the ones
the pacer itself goes by).
"""

from __future__ import annotations

import asyncio

import pytest
from discord.http import HTTPClient, Route

from cogs import request_pace
from cogs.request_pace import BACKGROUND, EDIT, PLAYER, RequestPace, exempt, priority_here
from tests.discord.conftest import start_bot
from tests.discord.play import new_table

SKEW = 0.002
"""A request is timed here a moment after the pacer stamps it; a slot handed out exactly as the window
ends would otherwise seem to share a window with the one it follows by a microsecond."""


LOOP_SKEW = 0.01
"""Requests timed as they reach discord.py's HTTP layer, through the whole bot: the task a slot was handed
to may resume that much later on a loaded machine (a failure of a whole suite: three in 100 ms by a few
ms). Unpaced, the bot's requests go out microseconds apart, so a broken pacer still fails by far."""


def most_in_a_window(times: list[float], window: float, skew: float = SKEW) -> int:
    times = sorted(times)
    return max((sum(1 for t in times[i:] if t - start < window - skew) for i, start in enumerate(times)), default=0)


async def take(pace: RequestPace, name: str, order: list[str], times: list[float], priority: int = PLAYER) -> None:
    await pace.slot(priority)
    order.append(name)
    times.append(asyncio.get_running_loop().time())


async def test_no_window_sees_more_than_the_limit_and_requests_go_in_the_order_asked():
    pace = RequestPace(per_second=3, window=0.05)
    order: list[str] = []
    times: list[float] = []
    tasks = []
    for n in range(13):
        tasks.append(asyncio.create_task(take(pace, f"r{n}", order, times)))
        await asyncio.sleep(0)  # each asks in turn
    await asyncio.gather(*tasks)
    assert order == [f"r{n}" for n in range(13)]
    assert most_in_a_window(times, 0.05) == 3
    assert times[-1] - times[0] >= 4 * 0.05 * 0.99  # 13 requests, 3 a window: the last goes in the fifth


async def test_new_messages_go_before_edits_and_edits_before_background_work_until_they_have_waited(monkeypatch):
    pace = RequestPace(per_second=1, window=0.03)
    order: list[str] = []
    times: list[float] = []
    await pace.slot()  # the window is full
    early = [asyncio.create_task(take(pace, "sweep", order, times, BACKGROUND))]
    await asyncio.sleep(0)
    early.append(asyncio.create_task(take(pace, "status edit", order, times, EDIT)))
    await asyncio.sleep(0)
    early += [asyncio.create_task(take(pace, f"click{n}", order, times)) for n in range(3)]
    await asyncio.gather(*early)
    assert order == ["click0", "click1", "click2", "status edit", "sweep"]

    monkeypatch.setattr(request_pace, "PATIENCE", 0.05)
    order.clear()
    late = [asyncio.create_task(take(pace, "reminder", order, times, BACKGROUND))]
    await asyncio.sleep(0)
    late += [asyncio.create_task(take(pace, f"click{n}", order, times)) for n in range(6)]
    await asyncio.gather(*late)
    assert order.index("reminder") < 5, order  # it waited 0.05 s, then went before the clicks asked after it
    assert order[0] == "click0"


async def test_a_request_cancelled_while_it_waits_takes_no_slot():
    pace = RequestPace(per_second=1, window=0.05)
    await pace.slot()
    order: list[str] = []
    times: list[float] = []
    given_up = asyncio.create_task(take(pace, "gone", order, times))
    kept = asyncio.create_task(take(pace, "kept", order, times))
    await asyncio.sleep(0)
    given_up.cancel()
    await kept
    assert order == ["kept"]
    assert pace.waiting == 0
    assert (await pace.slot()) >= 0.05 * 0.99  # the next slot is one window after "kept"'s


async def test_background_work_is_known_by_its_task_name_and_an_edit_by_its_method():
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    edit = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
    assert priority_here(post) == PLAYER
    assert priority_here(edit) == EDIT
    assert await asyncio.create_task(_priority(post), name="isle-bg-deadlines") == BACKGROUND
    assert await asyncio.create_task(_priority(edit), name="isle-bg-member-sweep") == BACKGROUND
    assert await asyncio.create_task(_priority(post), name="discord-ui-view-dispatch") == PLAYER


async def _priority(route: Route) -> int:
    return priority_here(route)


def test_interaction_responses_are_not_held():
    assert exempt(Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                        interaction_id=1, interaction_token="t"))
    assert exempt(Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                        webhook_id=1, webhook_token="t"))
    assert not exempt(Route("POST", "/channels/{channel_id}/messages", channel_id=1))


@pytest.fixture
def sent_at(monkeypatch):
    """When each request of the bot reached (the fake) Discord, by route."""
    seen: list[tuple[float, Route]] = []
    inner = HTTPClient.request

    async def request(client, route, **kwargs):
        seen.append((asyncio.get_running_loop().time(), route))
        return await inner(client, route, **kwargs)

    return seen, request


async def test_the_bots_requests_keep_the_limit_through_a_whole_game(harness, db_path, clock, monkeypatch, sent_at):
    h = harness
    await start_bot(h, db_path, clock)
    seen, recording = sent_at
    monkeypatch.setattr(HTTPClient, "request", recording)  # under the harness's fake Discord
    pace = h.bot.http._isle_pace
    pace.per_second, pace.window = 2, 0.1
    ana, bo = h.user(11, "Ana"), h.user(12, "Bo")
    table = await new_table(h, ana, [bo], key="count_up")
    await table.play_to_end()
    limited = [t for t, route in seen if not exempt(route)]
    assert len(limited) >= 6, "the game made limited requests (thread posts, DMs)"
    assert most_in_a_window(limited, 0.1, LOOP_SKEW) <= 2
    assert most_in_a_window(limited, 0.1, LOOP_SKEW) == 2, "the limit was reached, so the pacing was tried"


async def test_overdue_requests_get_one_slot_in_four_while_new_messages_wait(monkeypatch):
    monkeypatch.setattr(request_pace, "PATIENCE", 0.0)  # every edit is overdue at once
    pace = RequestPace(per_second=1, window=0.01)
    order: list[str] = []
    times: list[float] = []
    await pace.slot()  # the window is full
    tasks = [asyncio.create_task(take(pace, f"e{n}", order, times, EDIT)) for n in range(6)]
    tasks += [asyncio.create_task(take(pace, f"c{n}", order, times)) for n in range(12)]
    await asyncio.gather(*tasks)
    assert order == ["c0", "c1", "c2", "e0", "c3", "c4", "c5", "e1", "c6", "c7", "c8", "e2",
                     "c9", "c10", "c11", "e3", "e4", "e5"]
