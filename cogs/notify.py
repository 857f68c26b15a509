"""Telling people what happened: the turn post in the game's thread, progress edits, DMs, reminders.

Public messages only ever carry what the host gives for everyone (``outcome.lines``, the
public board image); a player's private lines and private board go to that player alone,
by DM, or through the ephemeral Take turn panel when their DMs are closed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs import languages, present
from cogs.components import lobby_view, take_turn_view
from cogs.history_items import rematch_view
from host import GameInfo, HostError, MoveOutcome, TimerOutcome
from host.deadlines import describe_seconds
from host.i18n import T, _, speaking, tr

log = logging.getLogger("cogs.notify")

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def channel_of(bot: Any, info: GameInfo) -> discord.PartialMessageable | None:
    where = info.where
    if where is None:
        return None
    return bot.get_partial_messageable(where, guild_id=info.guild_id)


async def _gone(bot: Any, info: GameInfo, exc: discord.HTTPException) -> bool:
    """A deleted thread or channel: mark its games abandoned instead of failing forever."""
    if isinstance(exc, discord.NotFound) and exc.code == 10003 and info.where is not None:
        log.info("channel %s of game %s is gone", info.where, info.id)
        await bot.host.channel_deleted(info.where)
        return True
    return False


async def post(bot: Any, info: GameInfo, **kwargs: Any) -> discord.Message | None:
    channel = channel_of(bot, info)
    if channel is None:
        return None
    kwargs.setdefault("allowed_mentions", MENTION_USERS)
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException as exc:
        if not await _gone(bot, info, exc):
            log.warning("could not post in %s for game %s: %s", info.where, info.id, exc)
            if isinstance(exc, discord.Forbidden):
                await _thread_blocked(bot, info)
        return None
    blocked_threads(bot).discard(info.id)
    return message


def blocked_threads(bot: Any) -> set[int]:
    """Games whose thread refused the bot's last post (a permission taken away mid-game)."""
    return bot.__dict__.setdefault("blocked_threads", set())


async def _thread_blocked(bot: Any, info: GameInfo) -> None:
    """Tell the players once (by DM) that the thread is closed to the bot; the game goes on
    through DMs and private panels, and every panel repeats the notice until posting works."""
    blocked = blocked_threads(bot)
    if info.id in blocked:
        return
    blocked.add(info.id)
    for seat in info.seats:
        if seat.user_id is None or seat.is_ai or not await bot.host.dm_notifications(seat.user_id):
            continue
        with speaking(languages.reader(bot, seat.user_id, info.guild_id)):
            text = blocked_notice(info)
            try:
                dm = await bot.create_dm(discord.Object(id=seat.user_id))
                await dm.send(text)
            except discord.HTTPException as exc:
                log.info("could not tell %s about the closed thread of game %s: %s", seat.user_id, info.id, exc)


def blocked_notice(info: GameInfo) -> str:
    return _("I can't post in the thread of {game} any more (a permission is missing there; a server admin can "
             "fix it). The game goes on: your moves reach you by DM and with /game hand.",
             game=present.game_name(info))


async def _edit_remembered(bot: Any, game_id: int, kind: str, **kwargs: Any) -> bool:
    where = await bot.host.get_message(game_id, kind)
    if where is None:
        return False
    channel_id, message_id = where
    message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(**kwargs)
        return True
    except discord.HTTPException as exc:
        log.info("could not edit the %s message of game %s: %s", kind, game_id, exc)
        return False


async def refresh_lobby(bot: Any, info: GameInfo) -> None:
    with speaking(languages.public(bot, info.guild_id)):
        await _edit_remembered(bot, info.id, "lobby", embed=present.lobby_embed(info),
                               view=lobby_view(info.id, info.status == "lobby",
                                               follow=info.status in ("lobby", "active")))


async def publish(bot: Any, outcome: MoveOutcome, headline: str | None = None, actor_id: int | None = None,
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
        lines = await _publish_in_thread(bot, outcome, headline, boards, language)
    if panel is not None:
        await panel()
    from cogs.members import departed_to_act

    if await departed_to_act(bot, outcome):
        return  # their seat went to an AI, and that move was published instead
    await dm_players(bot, outcome, actor_id)
    from cogs import history

    await history.dm_followers(bot, outcome, headline, lines=lines, boards=boards)


def posts_board(outcome: MoveOutcome, headline: str | None = None) -> bool:
    """Whether this move gets a new board post in the thread (a turn handed on, a reveal, the
    end), rather than an edit of the current turn post (a sealed choice, a sub-step)."""
    info = outcome.game
    if outcome.finished or info.status == "finished":
        return True
    if headline:
        return True
    if sealed_only(outcome) or outcome.same_turn:
        return False
    return bool(outcome.lines or outcome.newly_to_act)


@dataclass
class TurnPost:
    """The thread's current turn post and the public lines of the moves made since its board
    (a multi-step turn's sub-steps), which the next board post shows together."""

    message_id: int
    since: list[str] = field(default_factory=list)


def turn_posts(bot: Any) -> dict[int, TurnPost]:
    return bot.__dict__.setdefault("turn_posts", {})


async def _publish_in_thread(bot: Any, outcome: MoveOutcome, headline: str | None,
                             boards: dict[str, bytes], language: str) -> list[str] | None:
    """Post or edit in the thread; returns the public lines shown with a new board (None: no board)."""
    info = outcome.game
    current = turn_posts(bot).get(info.id)
    if outcome.finished or info.status == "finished":
        turn_posts(bot).pop(info.id, None)
        lines = (current.since if current else []) + outcome.lines
        try:
            boards[language] = await bot.host.public_png(info.id)
        except HostError:  # e.g. a forfeit before the first move: no board to show
            pass
        await _post_final(bot, info, outcome, headline, lines, boards.get(language))
        return lines
    if sealed_only(outcome) and not headline:
        # A sealed choice inside a simultaneous step: the thread only learns how many have chosen.
        content = _turn_content(info, set())
        if outcome.lines:
            content += "\n" + "\n".join(f"• {tr(line)}" for line in outcome.lines[-3:])
        await _edit_remembered(bot, info.id, "turn", content=present.clip(content, 2000),
                               allowed_mentions=discord.AllowedMentions.none())
        return None
    if outcome.undone is not None and not headline \
            and await bot.host.get_message(info.id, f"post:{outcome.undone}") is None:
        # A step of the turn in progress taken back: the turn post says so (an edit; no new
        # board, nobody pinged). A move that had a board post of its own gets a new board.
        await _edit_sub_step(bot, info, outcome)
        return None
    if outcome.same_turn and not headline:
        if outcome.lines:
            await _edit_sub_step(bot, info, outcome)
        return None
    if outcome.lines or outcome.newly_to_act or headline:
        if current is not None:
            earlier = current.since
        elif not headline and not outcome.ai_moves and outcome.lines:
            earlier = await _earlier_steps(bot, info)  # the bot restarted during this turn
        else:
            earlier = []
        lines = earlier + outcome.lines
        png = await bot.host.public_png(info.id)
        boards[language] = png
        await _post_turn(bot, info, outcome, headline, lines, png)
        return lines
    return None


async def _edit_sub_step(bot: Any, info: GameInfo, outcome: MoveOutcome) -> None:
    """A sub-step of the turn in progress: its lines are added to the turn post's text (no new
    board, no new mention); the next board post shows them all."""
    where = await bot.host.get_message(info.id, "turn")
    if where is None:
        return
    posts = turn_posts(bot)
    current = posts.get(info.id)
    if current is None or current.message_id != where[1]:  # the bot restarted during this turn
        current = posts[info.id] = TurnPost(where[1], await _earlier_steps(bot, info))
    current.since += outcome.lines
    await _edit_remembered(bot, info.id, "turn", content=present.sub_step_text(info, current.since),
                           allowed_mentions=discord.AllowedMentions.none())


async def _earlier_steps(bot: Any, info: GameInfo) -> list[str]:
    """The public lines of the moves before the last one in the same seat's current run, read
    back from the game's log: what a restarted bot no longer remembers of a turn in progress."""
    from host.history import log_entries

    try:
        entries = await log_entries(bot.host, info.id, None)
    except HostError as exc:
        log.info("no log for the turn in progress of game %s: %s", info.id, exc)
        return []
    earlier: list[str] = []
    for entry in reversed(entries[:-1]):
        if entry.seat != entries[-1].seat:
            break
        earlier = entry.lines + earlier
    return earlier


def sealed_only(outcome: MoveOutcome) -> bool:
    """One more seat has sealed its part of a simultaneous step, and nothing else happened.

    A reveal must get its own board post even when the next seat to act was already
    waiting; the host tells the two apart (``step_changed``).
    """
    info = outcome.game
    return not outcome.step_changed and info.acted > 0 and info.waiting > 0


def fresh_to_act(outcome: MoveOutcome) -> set[int]:
    """Seats to tell "your move": those new to act, or everyone to act after a new board post
    (never the same seats again for a sub-step of their own turn)."""
    if outcome.newly_to_act:
        return set(outcome.newly_to_act)
    if outcome.same_turn:
        return set()
    return set() if sealed_only(outcome) or not outcome.lines else set(outcome.game.to_act)


def _turn_content(info: GameInfo, newly: set[int]) -> str:
    text = present.to_act_text(info, newly)
    if info.acted > 0 and info.waiting > 0:
        text += "\n" + present.progress_text(info)
    return text


async def _post_turn(bot: Any, info: GameInfo, outcome: MoveOutcome, headline: str | None, lines: list[str],
                     png: bytes) -> None:
    message = await post(bot, info, content=present.to_act_text(info, fresh_to_act(outcome)),
                         embed=present.turn_embed(info, lines, headline),
                         file=present.board_file(png), view=take_turn_view(info.id, info.version))
    if message is not None:
        turn_posts(bot)[info.id] = TurnPost(message.id)
        await _replace_panel(bot, info, message)
        await bot.host.set_message(info.id, f"post:{info.version}", message.id, message.channel.id)
    else:
        turn_posts(bot).pop(info.id, None)


async def taken_back(bot: Any, outcome: MoveOutcome, user_id: int) -> None:
    """Edit the thread post of a move that was taken back to say so (its button goes dead)."""
    info = outcome.game
    seat = info.seat_of(user_id)
    if outcome.undone is None or seat is None or info.paused:
        return
    with speaking(languages.public(bot, info.guild_id)):
        await _edit_remembered(bot, info.id, f"post:{outcome.undone}",
                               content=_("↩️ {name} took this move back.", name=present.safe_name(seat.name)),
                               view=take_turn_view(info.id, 0, disabled=True),
                               allowed_mentions=discord.AllowedMentions.none())


async def _replace_panel(bot: Any, info: GameInfo, message: discord.Message | None) -> None:
    """Disable the previous post's Take turn button so only the newest panel is live."""
    await _edit_remembered(bot, info.id, "turn", view=take_turn_view(info.id, 0, disabled=True))
    if message is not None:
        await bot.host.set_message(info.id, "turn", message.id, message.channel.id)


async def _post_final(bot: Any, info: GameInfo, outcome: MoveOutcome, headline: str | None,
                      lines: list[str], png: bytes | None) -> None:
    sheet = await bot.host.score_sheet(info.id)
    embeds = []
    if lines or headline:
        log_embed = present.turn_embed(info, lines, headline)
        log_embed.set_image(url=None)
        embeds.append(log_embed)
    embeds.append(present.score_embed(info, sheet))
    kwargs: dict[str, Any] = {"embeds": embeds, "content": present.to_act_text(info)}
    if any(s.user_id is not None for s in info.seats):
        kwargs["view"] = rematch_view(info.id)
    if png is not None:
        kwargs["file"] = present.board_file(png)
    else:
        embeds[-1].set_image(url=None)
    message = await post(bot, info, **kwargs)
    await _replace_panel(bot, info, None)
    await refresh_lobby(bot, info)
    if message is not None:
        await bot.host.set_message(info.id, "final", message.id, message.channel.id)
        if getattr(bot.settings, "replay_on_finish", True):
            from cogs import history

            await history.post_replay(bot, info)
    await archive_finished_threads(bot)


async def archive_finished_threads(bot: Any) -> int:
    """Archive the threads of games that ended at least the grace period ago (from the store,
    so it survives restarts); called by the deadline loop and right after a game ends."""
    grace = getattr(bot.settings, "thread_archive_grace_seconds", 3600)
    done = 0
    from cogs.shards import owns_guild

    for info in await bot.host.threads_to_archive(grace):
        if not owns_guild(bot.settings, info.guild_id):
            continue  # the process running that server's shard archives it
        try:
            await bot.http.edit_channel(info.thread_id, archived=True, reason="game over")
            done += 1
        except discord.NotFound:
            pass  # the thread is gone: nothing left to archive
        except discord.HTTPException as exc:
            log.info("could not archive thread %s: %s", info.thread_id, exc)
            continue
        await bot.host.mark_thread_archived(info.id)
    return done


async def dm_players(bot: Any, outcome: MoveOutcome, actor_id: int | None = None) -> None:
    """DM whoever must now act (with their private board) and whoever got private news."""
    info = outcome.game
    if info.status != "active":
        return
    fresh = fresh_to_act(outcome)
    for seat in info.seats:
        if seat.user_id is None or seat.automatic:
            continue
        lines = outcome.private.get(seat.seat, [])
        your_move = seat.seat in fresh and seat.user_id != actor_id
        if not your_move and not (lines and seat.user_id != actor_id):
            continue
        if not await bot.host.dm_notifications(seat.user_id):
            continue
        with speaking(languages.reader(bot, seat.user_id, info.guild_id)):
            title = _("your move") if your_move else _("news for you")
            await send_dm(bot, info, seat.user_id, title, lines, with_board=True)


async def send_dm(bot: Any, info: GameInfo, user_id: int, title: str, lines: list[str],
                  with_board: bool = False) -> bool:
    kwargs: dict[str, Any] = {"content": _("Back to the game: {url}", url=present.jump_url(info))}
    embed = present.private_embed(info, title, lines, image=with_board)
    if with_board:
        kwargs["file"] = present.board_file(await bot.host.private_png(info.id, user_id))
    kwargs["embed"] = embed
    try:
        dm = await bot.create_dm(discord.Object(id=user_id))
        await dm.send(**kwargs)
        return True
    except discord.Forbidden as exc:
        log.info("DMs closed for user %s (code %s)", user_id, exc.code)
        if await bot.host.first_notice(info.id, user_id, "dm_closed"):
            await post(bot, info, content=_("<@{uid}>, I can't DM you: open your DMs or use **Take turn** here.",
                                            uid=user_id))
        return False
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        return False


async def timer_fired(bot: Any, fired: TimerOutcome) -> None:
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
            if await bot.host.dm_notifications(seat.user_id):
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
