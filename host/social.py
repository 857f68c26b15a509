"""Playing on together: following a game (a DM for each public move) and rematches."""

from __future__ import annotations

from typing import Any

from db import history_store
from host.errors import NotAllowed
from host.i18n import _, speaking
from host.locks import KeyedLocks
from host.models import GameInfo, PlayerRef

OVER = ("finished", "abandoned")
REMATCH_SETTINGS = ("clock", "deadline_seconds", "bank_seconds", "bank_increment", "reminders", "on_timeout",
                    "ai_level")
"""The settings a rematch keeps: its clock, reminders, what a timeout does and the AI level. Not
``rated``: a rematch of a tournament game is a friendly game outside the tournament."""
_rematch_locks = KeyedLocks()


async def follow(host: Any, game_id: int, user_id: int) -> tuple[GameInfo, bool]:
    """``(game, True)`` if the user follows it now, ``False`` if they already did."""
    info = await host.get(game_id)
    if info.status in OVER:
        raise NotAllowed(_("Game #{id} is over; there is nothing left to follow.", id=game_id))
    return info, await history_store.follow(host.store, game_id, user_id, host.clock())


async def unfollow(host: Any, game_id: int, user_id: int) -> tuple[GameInfo, bool]:
    info = await host.get(game_id)
    return info, await history_store.unfollow(host.store, game_id, user_id)


async def followers(host: Any, game_id: int) -> list[int]:
    return await history_store.followers(host.store, game_id)


def invited(info: GameInfo) -> list[int]:
    """The people a rematch lobby waits for (kept in the game's settings)."""
    return [int(u) for u in info.settings.get("invited", []) if isinstance(u, int)]


def everyone_invited_joined(info: GameInfo) -> bool:
    wanted = invited(info)
    return bool(wanted) and info.status == "lobby" and all(info.seat_of(u) is not None for u in wanted)


async def rematch_of(host: Any, game_id: int) -> GameInfo | None:
    """The rematch already opened for this game, if any."""
    row = await host.store.rematch_of(game_id)
    return await host.get(row.id) if row else None


async def rematch(host: Any, game_id: int, by: PlayerRef, names_in: str | None = None) -> tuple[GameInfo, bool]:
    """A new lobby for the same game and options with a new seed: the one asking is seated,
    the other people are invited, AI seats are taken again. ``(game, False)`` when a rematch
    of this game was opened already (it is returned instead of a second one). A refusal speaks the
    asker's language; the new AI seats are named in ``names_in`` (the thread's readers')."""
    async with _rematch_locks(game_id):
        return await _rematch(host, game_id, by, names_in)


async def _rematch(host: Any, game_id: int, by: PlayerRef, names_in: str | None) -> tuple[GameInfo, bool]:
    old = await host.get(game_id)
    if old.status == "abandoned":  # nobody won it: there is nothing to play again; the button is on finished games only
        raise NotAllowed(_("Game #{id} was abandoned, so it has no rematch; start a new game with /game new.",
                           id=game_id))
    if old.status not in OVER:
        raise NotAllowed(_("Game #{id} is still being played; a rematch can start once it is over.", id=game_id))
    if not any(s.user_id == by.user_id for s in old.seats):
        raise NotAllowed(_("Only the players of game #{id} can ask for a rematch.", id=game_id))
    existing = await rematch_of(host, game_id)
    if existing is not None:
        return existing, False
    people: list[int] = []
    for s in old.seats:
        if s.user_id is not None and s.user_id != by.user_id and s.user_id not in people:
            people.append(s.user_id)
    settings = {k: v for k, v in old.settings.items() if k in REMATCH_SETTINGS}
    with speaking(names_in):
        info = await host.create_game(old.key, dict(old.options), by, old.guild_id, old.channel_id, settings=settings)
        extra = dict(info.settings, rematch_of=old.id, invited=people)
        await host.store.update_game(info.id, host.clock(), settings=extra)
        for s in old.seats:
            if s.is_ai and s.user_id is None:
                await host.add_ai(info.id, by.user_id, s.ai_level)
    return await host.get(info.id), True
