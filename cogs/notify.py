"""Telling people what happened after a move: the game's thread (``cogs.turn_posts``), the DMs
(``cogs.dms``), and, when the turn comes to a player who has left the server, their seat handed
to an AI (whose move is then told instead). Deadline reminders and timeouts are told here too.

Public messages only ever carry what the host gives for everyone (``outcome.lines``, the
public board image); a player's private lines and private board go to that player alone,
by DM, or through the ephemeral Take turn panel when their DMs are closed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from cogs import languages, present
from cogs.dms import dm_followers, dm_players
from cogs.outcomes import fresh_to_act, posts_board
from cogs.posts import post, refresh_lobby, send_dm
from cogs.turn_posts import publish_in_thread
from host import GameInfo, MoveOutcome, TimerOutcome
from host.clocks import describe_seconds
from host.i18n import T, _, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.notify")


async def publish(bot: IsleBot, outcome: MoveOutcome, headline: str | None = None, actor_id: int | None = None,
                  panel: Callable[[], Awaitable[None]] | None = None) -> None:
    """Present one move (and the automatic moves after it) in the game's thread and by DM.

    ``panel`` updates the acting player's private panel: after the public board when the move
    posts one (the thread is never kept waiting for a private render), else first (a sub-step
    only edits the thread's text, and the player is the one waiting)."""
    info = outcome.game
    if panel is not None and (info.paused or not posts_board(outcome, headline)):
        await panel()
        panel = None
    if info.paused:  # the bot was removed from the server: nothing is said until it is back
        return
    boards: dict[str, bytes] = {}
    language = languages.public(bot, info.guild_id)
    with speaking(language):
        lines = await publish_in_thread(bot, outcome, headline, boards, language)
    if panel is not None:
        await panel()
    if await departed_to_act(bot, outcome):
        return  # their seat went to an AI, and that move was published instead
    await dm_players(bot, outcome, actor_id)
    await dm_followers(bot, outcome, headline, lines=lines, boards=boards)


async def departed_to_act(bot: IsleBot, outcome: MoveOutcome) -> bool:
    """In a game without a deadline nobody else notices a departed player: check the players
    whose turn has just come; an AI takes the seat of one who left (True if any did)."""
    info = outcome.game
    if info.status != "active" or info.guild_id is None or info.settings.get("deadline_seconds"):
        return False
    fresh = fresh_to_act(outcome)
    gone = [user_id for s in info.seats if s.seat in fresh and not s.automatic and (user_id := s.user_id) is not None
            and not await is_member(bot, info.guild_id, user_id)]
    for user_id in gone:
        await seat_left(bot, await bot.services.host.get(info.id), user_id)
    return bool(gone)


async def seat_left(bot: IsleBot, info: GameInfo, user_id: int) -> None:
    """A player left the server: out of the lobby, or an AI takes their seat (told in the thread)."""
    seat = info.seat_of(user_id)
    if seat is None or info.status not in ("lobby", "active"):
        return
    if info.status == "lobby":
        info = await bot.services.host.leave(info.id, user_id)
        await refresh_lobby(bot, info)
        return
    outcome = await bot.services.host.replace_with_ai(info.id, user_id, reason="left the server")
    if info.guild_id is not None:  # out of the server's tournaments at once
        await bot.services.tournaments.member_left(info.guild_id, user_id)
    await publish(bot, outcome, headline=T("{name} left the server; an AI plays their seat in {game} now.",
                                            name=present.safe_name(seat.name), game=present.game_name(info)))


async def is_member(bot: IsleBot, guild_id: int, user_id: int) -> bool:
    """Asked of Discord (no privileged members intent needed); an unclear answer counts as yes."""
    try:
        await bot.http.get_member(guild_id, user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException as exc:
        log.info("could not check member %s of %s: %s", user_id, guild_id, exc)
    return True


async def timer_fired(bot: IsleBot, fired: TimerOutcome) -> None:
    info = fired.game
    seat = next((s for s in info.seats if s.seat == fired.timer.seat), None)
    if seat is None:
        return
    if fired.reminder:
        if seat.user_id is not None and not seat.automatic:
            with speaking(languages.public(bot, info.guild_id)):
                await post(bot, info, content=_("⏰ <@{uid}>, your move in {game} is due in {left}.",
                                                uid=seat.user_id, game=present.game_name(info),
                                                left=describe_seconds(fired.remaining_seconds)))
            if await bot.services.host.dm_notifications(seat.user_id):
                with speaking(languages.reader(bot, seat.user_id, info.guild_id)):
                    left = describe_seconds(fired.remaining_seconds)
                    await send_dm(bot, info, seat.user_id, _("reminder: {left} left", left=left), [])
        return
    if fired.move is None:
        return
    if fired.forfeited:
        headline = T("⏰ {name} ran out of time and forfeits the game.", name=present.safe_name(seat.name))
    else:
        headline = T("⏰ {name} ran out of time; the AI made their move.", name=present.safe_name(seat.name))
    await publish(bot, fired.move, headline=headline)
