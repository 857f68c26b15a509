"""A long run's in-memory Discord keeps what it must answer with, not as live objects.

The fake of ``fake_discord.py`` keeps every message and interaction as Python objects for the tests
to read. A benchmark that plays 32 games for 30 s (``bench/throughput.py``) leaves about 1,400
messages and 1,700 interactions behind, ~16,000 objects, and a garbage collection of the oldest
generation walks every one of them while the bot's loop waits: a real bot's process holds none of
that (Discord does). ``fade(fake)`` keeps the most recently used few hundred of each as they are and
the others encoded (``marshal`` bytes, which the collector never walks); an old one asked for again
(the bot edits an old message, a click on an old panel) is decoded, equal to what was stored, so
Discord's answers are the same as before.
"""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable, Iterator, MutableMapping
from typing import TypeVar

from tests.discord.fake_discord import FakeDiscord, Interaction, Message

K = TypeVar("K")
V = TypeVar("V")
LIVE = 256  # entries of each kept as objects: every game's turn post, panels and DMs in play (32 games at once), twice over


class Fading(MutableMapping[K, V]):
    """A mapping whose ``live`` most recently used values stay objects and the rest are kept encoded.

    A value read or written becomes the most recently used; the oldest beyond ``live`` is encoded
    then. Whoever holds a value must not change it after anything else used the mapping (the fake's
    routes read, change and return within one synchronous call, so they never do)."""

    def __init__(self, items: dict[K, V], encode: Callable[[V], bytes], decode: Callable[[bytes], V],
                 live: int = LIVE) -> None:
        if live < 1:
            raise ValueError("keep at least one value live (a message is stored before it is filled)")
        self._encode, self._decode, self.live = encode, decode, live
        self._live: dict[K, V] = {}
        self._cold: dict[K, bytes] = {}
        for key, value in items.items():
            self[key] = value

    def __getitem__(self, key: K) -> V:
        if key in self._live:
            value = self._live.pop(key)
        else:
            value = self._decode(self._cold.pop(key))
        self._live[key] = value
        self._fade()
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self._cold.pop(key, None)
        self._live.pop(key, None)
        self._live[key] = value
        self._fade()

    def __delitem__(self, key: K) -> None:
        if key in self._live:
            del self._live[key]
        else:
            del self._cold[key]

    def __contains__(self, key: object) -> bool:
        return key in self._live or key in self._cold

    def __iter__(self) -> Iterator[K]:
        yield from list(self._cold)
        yield from list(self._live)

    def __len__(self) -> int:
        return len(self._live) + len(self._cold)

    @property
    def encoded(self) -> int:
        return len(self._cold)

    def _fade(self) -> None:
        while len(self._live) > self.live:
            oldest = next(iter(self._live))
            self._cold[oldest] = self._encode(self._live.pop(oldest))


def _encode_message(msg: Message) -> bytes:
    return marshal.dumps((msg.id, msg.channel_id, msg.payload, msg.audience, msg.files))


def _decode_message(data: bytes) -> Message:
    return Message(*marshal.loads(data))


def _encode_interaction(inter: Interaction) -> bytes:
    return marshal.dumps(tuple(getattr(inter, f.name) for f in dataclasses.fields(Interaction)))


def _decode_interaction(data: bytes) -> Interaction:
    return Interaction(*marshal.loads(data))


def fade(fake: FakeDiscord, live: int = LIVE) -> None:
    """From now on ``fake`` keeps only its ``live`` most recently used messages and interactions as objects."""
    fake.messages = Fading(dict(fake.messages), _encode_message, _decode_message, live)  # type: ignore[assignment]
    fake.interactions = Fading(dict(fake.interactions), _encode_interaction, _decode_interaction, live)  # type: ignore[assignment]

