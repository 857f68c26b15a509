"""The game's thread after a move: one post per turn (the public board, the lines since the last
board, the Take turn button), edits for sub-steps and sealed choices, the score sheet and the
replay at the end, and archiving finished threads.

Only what the host gives for everyone goes here (``outcome.lines``, the public board image).
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs import languages, present
from cogs.components import take_turn_view, with_full_board
from cogs.history_items import rematch_view
from cogs.isle_bot import TurnPost
from cogs.outcomes import by_dm, fresh_to_act, sealed_only, turn_content
from cogs.posts import edit_remembered, post, refresh_lobby
from cogs.score_why import WhyButton
from cogs.shards import owns_guild
from host import GameInfo, HostError, MoveOutcome
from host import history as story
from host.history import log_entries
from host.i18n import _, speaking, tr
from telemetry.interactions import board_posted

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.turn_posts")


def turn_posts(bot: IsleBot) -> dict[int, TurnPost]:
    return bot.turn_posts


async def publish_in_thread(bot: IsleBot, outcome: MoveOutcome, headline: str | None,
                             boards: dict[str, bytes], language: str) -> list[str] | None:
    """Post or edit in the thread; returns the public lines shown with a new board (None: no board)."""
    info = outcome.game
    current = turn_posts(bot).get(info.id)
    if outcome.finished or info.status == "finished":
        turn_posts(bot).pop(info.id, None)
        lines = (current.since if current else []) + outcome.lines
        try:
            boards[language] = await bot.services.host.public_png(info.id)
        except HostError:  # e.g. a forfeit before the first move: no board to show
            pass
        await _post_final(bot, info, outcome, headline, lines, boards.get(language))
        board_posted(info.key)
        return lines
    if sealed_only(outcome) and not headline:
        # A sealed choice inside a simultaneous step: the thread only learns how many have chosen.
        content = turn_content(info, set())
        if outcome.lines:
            content += "\n" + "\n".join(f"• {tr(line)}" for line in outcome.lines[-3:])
        await edit_remembered(bot, info.id, "turn", content=present.clip(content, 2000),
                               allowed_mentions=discord.AllowedMentions.none())
        return None
    if outcome.undone is not None and not headline \
            and await bot.services.host.get_message(info.id, f"post:{outcome.undone}") is None:
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
        png = await bot.services.host.public_png(info.id)
        boards[language] = png
        await _post_turn(bot, info, outcome, headline, lines, png)
        board_posted(info.key)
        return lines
    return None


async def _edit_sub_step(bot: IsleBot, info: GameInfo, outcome: MoveOutcome) -> None:
    """A sub-step of the turn in progress: its lines are added to the turn post's text (no new
    board, no new mention); the next board post shows them all."""
    where = await bot.services.host.get_message(info.id, "turn")
    if where is None:
        return
    posts = turn_posts(bot)
    current = posts.get(info.id)
    if current is None or current.message_id != where[1]:  # the bot restarted during this turn
        current = posts[info.id] = TurnPost(where[1], await _earlier_steps(bot, info))
    current.since += outcome.lines
    await bot.services.host.announce("turn_post", info.id)  # another process's since lines are stale now
    await edit_remembered(bot, info.id, "turn", content=present.sub_step_text(info, current.since),
                           allowed_mentions=discord.AllowedMentions.none())


async def _earlier_steps(bot: IsleBot, info: GameInfo) -> list[str]:
    """The public lines of the moves before the last one in the same seat's current run, read
    back from the game's log: what a restarted bot no longer remembers of a turn in progress."""
    try:
        entries = await log_entries(bot.services.host, info.id, None)
    except HostError as exc:
        log.info("no log for the turn in progress of game %s: %s", info.id, exc)
        return []
    earlier: list[str] = []
    for entry in reversed(entries[:-1]):
        if entry.seat != entries[-1].seat:
            break
        earlier = entry.lines + earlier
    return earlier


async def _post_turn(bot: IsleBot, info: GameInfo, outcome: MoveOutcome, headline: str | None, lines: list[str],
                     png: bytes) -> None:
    fresh = fresh_to_act(outcome)
    pinged = fresh - await by_dm(bot.services.host, info, fresh)  # the others hear of it by DM instead
    message = await post(bot, info, content=present.to_act_text(info, pinged),
                         embed=present.turn_embed(info, lines, headline),
                         file=present.board_file(png), view=take_turn_view(info.id, info.version))
    if message is not None:
        turn_posts(bot)[info.id] = TurnPost(message.id)
        await _replace_panel(bot, info)
        # the new turn post and this version's post, remembered in one write that also tells the
        # other processes their turn post of this game is stale (on PostgreSQL one round trip)
        await bot.services.host.set_messages(info.id, [("turn", message.id, message.channel.id),
                                                       (f"post:{info.version}", message.id, message.channel.id)],
                                             announce="turn_post")
    else:
        turn_posts(bot).pop(info.id, None)


async def taken_back(bot: IsleBot, outcome: MoveOutcome, user_id: int) -> None:
    """Edit the thread post of a move that was taken back to say so (its button goes dead)."""
    info = outcome.game
    seat = info.seat_of(user_id)
    if outcome.undone is None or seat is None or info.paused:
        return
    with speaking(languages.public(bot, info.guild_id)):
        await edit_remembered(bot, info.id, f"post:{outcome.undone}",
                               content=_("↩️ {name} took this move back.", name=present.safe_name(seat.name)),
                               view=take_turn_view(info.id, 0, disabled=True),
                               allowed_mentions=discord.AllowedMentions.none())


async def _replace_panel(bot: IsleBot, info: GameInfo) -> None:
    """Disable the previous post's Take turn button so only the newest panel is live."""
    await edit_remembered(bot, info.id, "turn", view=take_turn_view(info.id, 0, disabled=True))


async def _post_final(bot: IsleBot, info: GameInfo, outcome: MoveOutcome, headline: str | None,
                      lines: list[str], png: bytes | None) -> None:
    sheet = await bot.services.host.score_sheet(info.id)
    embeds = []
    if lines or headline:
        log_embed = present.turn_embed(info, lines, headline)
        log_embed.set_image(url=None)
        embeds.append(log_embed)
    embeds.append(present.score_embed(info, sheet))
    kwargs: dict[str, Any] = {"embeds": embeds, "content": present.to_act_text(info)}
    final_view = rematch_view(info.id) if any(s.user_id is not None for s in info.seats) else discord.ui.View(timeout=None)
    if sheet and any(row.get("parts") for row in sheet["rows"]):
        final_view.add_item(WhyButton(info.id))
    if final_view.children:
        kwargs["view"] = final_view
    if png is not None:
        kwargs["file"] = present.board_file(png)
        kwargs["view"] = with_full_board(kwargs.get("view"), info.id, own=False)
    else:
        embeds[-1].set_image(url=None)
    message = await post(bot, info, **kwargs)
    await _replace_panel(bot, info)
    await refresh_lobby(bot, info)
    if message is not None:
        await bot.services.host.set_message(info.id, "final", message.id, message.channel.id)
        if getattr(bot.settings, "replay_on_finish", True):
            await post_replay(bot, info)
    await archive_finished_threads(bot)


async def post_replay(bot: IsleBot, info: GameInfo) -> None:
    """The animated replay in the game's thread, after its score sheet."""
    try:
        name, data = await story.animation(bot.services.host, info.id)
    except (HostError, ValueError) as exc:
        log.info("no replay for game %s: %s", info.id, exc)
        return
    with speaking(languages.public(bot, info.guild_id)):
        await post(bot, info, content=_("The whole game, one frame per turn:"),
                   file=discord.File(io.BytesIO(data), filename=name))


async def archive_finished_threads(bot: IsleBot) -> int:
    """Archive the threads of games that ended at least the grace period ago (from the store,
    so it survives restarts); called by the deadline loop and right after a game ends."""
    grace = getattr(bot.settings, "thread_archive_grace_seconds", 3600)
    done = 0
    for info in await bot.services.host.threads_to_archive(grace):
        if not owns_guild(bot.settings, info.guild_id):
            continue  # the process running that server's shard archives it
        assert info.thread_id is not None, "the store lists games with a thread"
        try:
            await bot.http.edit_channel(info.thread_id, archived=True, reason="game over")
            done += 1
        except discord.NotFound:
            pass  # the thread is gone: nothing left to archive
        except discord.HTTPException as exc:
            log.info("could not archive thread %s: %s", info.thread_id, exc)
            continue
        await bot.services.host.mark_thread_archived(info.id)
    return done
