"""How much a game says in its thread, per turn: played through the harness and counted from
the requests the bot makes (shared by tests/discord/test_quiet_threads.py and
bench/thread_volume.py, so the test asserts what the bench prints).

A **turn** is a maximal run of moves by the same seats: it starts with the click after which
a seat that was not to act is to act, a simultaneous step is revealed, or the game is over; so
a player's sub-steps belong to their turn and a simultaneous step counts once, whoever seals
first. The requests one click
causes count for the turn that click starts or continues: the post that hands the turn to Bo
is Bo's turn.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from tests.discord.harness import Harness
from tests.discord.play import LEAVE_EARLY, Table, controls, label_of

MENTION = re.compile(r"<@!?(\d+)>")
@dataclass
class TurnCount:
    seats: frozenset[int]
    messages: int = 0
    images: int = 0
    edits: int = 0
    dms: int = 0
    mentions: Counter = field(default_factory=Counter)


@dataclass
class Volume:
    key: str
    clicks: int = 0
    finished: bool = False
    turns: list[TurnCount] = field(default_factory=list)

    def total(self, what: str) -> int:
        return sum(getattr(t, what) for t in self.turns)

    @property
    def mentions(self) -> int:
        return sum(sum(t.mentions.values()) for t in self.turns)

    @property
    def max_images(self) -> int:
        return max((t.images for t in self.turns), default=0)

    @property
    def max_mentions(self) -> int:
        """The most times one player was mentioned within one turn."""
        return max((max(t.mentions.values(), default=0) for t in self.turns), default=0)

    def worst(self) -> list[tuple[int, TurnCount]]:
        return [(i, t) for i, t in enumerate(self.turns) if t.images > 1 or max(t.mentions.values(), default=0) > 1]


def mentioned(body: dict) -> list[int]:
    """Users a created message pings: mentions in its content (or components-v2 text)."""
    texts = [body.get("content") or ""]
    texts += [c.get("content") or "" for c in walk(body.get("components") or [])]
    allowed = body.get("allowed_mentions")
    if allowed is not None and "users" not in (allowed.get("parse") or []) and not allowed.get("users"):
        return []
    return [int(u) for text in texts for u in MENTION.findall(text)]


def walk(components: list[dict]):
    """Every component, nested ones (rows, containers, sections) included."""
    for c in components:
        yield c
        yield from walk(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            yield c["accessory"]


def count_requests(h: Harness, thread_id: int, requests, turn: TurnCount) -> None:
    in_thread = f"/channels/{thread_id}/messages"
    for r in requests:
        if r.status != 200:
            continue
        if r.audience == "public" and in_thread in r.url:
            turn.images += len(r.files)
            if r.method == "POST":
                turn.messages += 1
                for user in mentioned(r.json or {}):
                    turn.mentions[user] += 1
            elif r.method == "PATCH":
                turn.edits += 1
        elif r.method == "POST" and r.path == "/channels/{channel_id}/messages" and (r.audience or "").startswith("user:"):
            turn.dms += 1


async def new_counted_table(h: Harness, key: str, users: list[int]) -> tuple[Table, int]:
    """A game of ``key`` for ``users`` (created, joined, started through the lobby), and the
    index of the first request of the click that started it."""
    creator, *joiners = users
    await h.slash(creator, "game new", game=key)
    thread = max((c for c in h.fake.channels.values() if c.type == 11), key=lambda c: c.id)
    lobby = h.messages_in(thread.id)[0]
    game_id = int(h.find_component(lobby.id, "Join")["custom_id"].rsplit(":", 1)[1])
    started_at = len(h.fake.requests)
    for user in joiners:
        started_at = len(h.fake.requests)
        await h.click(user, lobby.id, "Join")
    if (await h.bot.host.get(game_id)).status == "lobby":
        started_at = len(h.fake.requests)
        await h.click(creator, lobby.id, "Start")
    return Table(h, game_id, thread.id, list(users)), started_at


async def play_counting(table: Table, started_at: int, seed: str, max_clicks: int = 3000) -> Volume:
    """Play ``table`` to its end with random choices from the panels, counting per turn."""
    h, host = table.h, table.host
    rnd = random.Random(seed)
    info = await host.get(table.game_id)
    volume = Volume(info.key)
    # What the click that started the game posted counts for the first turn.
    first = TurnCount(frozenset(info.to_act))
    count_requests(h, table.thread_id, h.fake.requests[started_at:], first)
    volume.turns.append(first)
    while info.status == "active" and volume.clicks < max_clicks:
        user = rnd.choice([s.user_id for s in info.users_to_act()])
        start = len(h.fake.requests)
        panel = await table.open_panel(user)
        count_requests(h, table.thread_id, h.fake.requests[start:], volume.turns[-1])
        for _step in range(60):
            options = controls(panel.payload)
            if not options:
                break
            options = [o for o in options if not LEAVE_EARLY.match(label_of(o))] or options
            kind, comp, value = rnd.choice(options)
            before = await host.get(table.game_id)
            start = len(h.fake.requests)
            if kind == "option":
                await h.select(user, panel.id, [value], custom_id=comp["custom_id"])
            else:
                await h.click(user, panel.id, custom_id=comp["custom_id"])
            volume.clicks += 1
            info = await host.get(table.game_id)
            resolved = before.acted > 0 and info.acted == 0  # a simultaneous step was revealed
            if info.status != "active" or info.to_act - before.to_act or resolved:
                volume.turns.append(TurnCount(frozenset(info.to_act)))
            count_requests(h, table.thread_id, h.fake.requests[start:], volume.turns[-1])
            panel = h.fake.messages[panel.id]
            if info.status != "active":
                break
        info = await host.get(table.game_id)
    volume.finished = info.status == "finished"
    return volume
