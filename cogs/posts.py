"""Where a game speaks: posting in its thread (or channel), editing the messages it remembers,
a DM with the thread as fallback, and what happens when the thread is gone or closed to the bot.

Every post in a game's thread goes through :func:`post`; what to post after a move is decided
by ``cogs.notify`` and ``cogs.turn_posts``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs import languages, present
from cogs.components import lobby_view, with_full_board
from cogs.isle_bot import MessageEdits
from host import GameInfo
from host.i18n import _, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.posts")

EDIT_TASK_PREFIX = "isle-edit-"
"""The tasks sending a message's edits (``edit_remembered``): a stopping bot waits for them (cogs.observe)."""

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def channel_of(bot: IsleBot, info: GameInfo) -> discord.PartialMessageable | None:
    where = info.where
    if where is None:
        return None
    return bot.get_partial_messageable(where, guild_id=info.guild_id)


async def _gone(bot: IsleBot, info: GameInfo, exc: discord.HTTPException) -> bool:
    """A deleted thread or channel: mark its games abandoned instead of failing forever."""
    if isinstance(exc, discord.NotFound) and exc.code == 10003 and info.where is not None:
        log.info("channel %s of game %s is gone", info.where, info.id)
        await bot.services.host.channel_deleted(info.where)
        return True
    return False


async def post(bot: IsleBot, info: GameInfo, *, strict: bool = False, **kwargs: Any) -> discord.Message | None:
    """Post in the game's thread (or channel); None if Discord refused. ``strict``: a message the
    caller cannot do without (a lobby), so Discord's own trouble (5xx) is raised for the user to hear."""
    channel = channel_of(bot, info)
    if channel is None:
        return None
    kwargs.setdefault("allowed_mentions", MENTION_USERS)
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException as exc:
        if strict and exc.status >= 500:
            raise
        if not await _gone(bot, info, exc):
            log.warning("could not post in %s for game %s: %s", info.where, info.id, exc)
            if isinstance(exc, discord.Forbidden):
                await _thread_blocked(bot, info)
        return None
    blocked = blocked_threads(bot)
    if info.id in blocked:
        blocked.discard(info.id)
        await bot.services.host.thread_refused(info.id, False)
    return message


def blocked_threads(bot: IsleBot) -> set[int]:
    """Games whose thread refused the bot's last post (a permission taken away mid-game)."""
    return bot.blocked_threads


async def _thread_blocked(bot: IsleBot, info: GameInfo) -> None:
    """Tell the players once (by DM) that the thread is closed to the bot; the game goes on
    through DMs and private panels, and every panel repeats the notice until posting works."""
    blocked = blocked_threads(bot)
    if info.id in blocked:
        return
    blocked.add(info.id)
    if not await bot.services.host.thread_refused(info.id, True):
        return  # known already (another process, or before a restart): the players were told then
    for seat in info.seats:
        if seat.user_id is None or seat.is_ai or not await bot.services.host.dm_notifications(seat.user_id):
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


async def edit_remembered(bot: IsleBot, game_id: int, kind: str, **kwargs: Any) -> bool:
    """Edit a message the game remembers (its turn post, lobby, an earlier post), without waiting
    for Discord: the edit goes in a task of its own, after the message's earlier edits, and one
    asked while another waits its turn merges into it (later fields win: each edit gives the
    whole text it shows). A click's later steps and its board thus never wait behind its status
    edits, which at Discord's limit queue behind every game's boards (cogs.request_pace), and a
    merged move's steps make one edit, not one each. False: the message is not known."""
    where = await bot.services.host.get_message(game_id, kind)
    if where is None:
        return False
    edits = bot.message_edits.get(where)
    if edits is None:
        edits = bot.message_edits[where] = MessageEdits()
    if edits.queued is not None:
        edits.queued.update(kwargs)
        return True
    edits.queued = dict(kwargs)
    if edits.sending is None:
        edits.sending = asyncio.get_running_loop().create_task(_send_edits(bot, where, game_id, kind),
                                                               name=f"{EDIT_TASK_PREFIX}{game_id}")
    return True


async def _send_edits(bot: IsleBot, key: tuple[int, int], game_id: int, kind: str) -> None:
    channel_id, message_id = key
    message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        while (edits := bot.message_edits.get(key)) is not None and edits.queued is not None:
            kwargs, edits.queued = edits.queued, None
            try:
                await message.edit(**kwargs)
            except discord.HTTPException as exc:
                log.info("could not edit the %s message of game %s: %s", kind, game_id, exc)
    finally:
        bot.message_edits.pop(key, None)


async def refresh_lobby(bot: IsleBot, info: GameInfo) -> None:
    with speaking(languages.public(bot, info.guild_id)):
        await edit_remembered(bot, info.id, "lobby", embed=present.lobby_embed(info),
                               view=lobby_view(info.id, info.status == "lobby",
                                               follow=info.status in ("lobby", "active")))


async def send_dm(bot: IsleBot, info: GameInfo, user_id: int, title: str, lines: list[str],
                  with_board: bool = False) -> bool:
    kwargs: dict[str, Any] = {"content": _("Back to the game: {url}", url=present.jump_url(info))}
    embed = present.private_embed(info, title, lines, image=with_board)
    if with_board:
        kwargs["file"] = present.board_file(await bot.services.host.private_png(info.id, user_id))
        kwargs["view"] = with_full_board(None, info.id)
    kwargs["embed"] = embed
    try:
        dm = await bot.create_dm(discord.Object(id=user_id))
        await dm.send(**kwargs)
        return True
    except discord.Forbidden as exc:
        log.info("DMs closed for user %s (code %s)", user_id, exc.code)
        if await bot.services.host.first_notice(info.id, user_id, "dm_closed"):
            await post(bot, info, content=_("<@{uid}>, I can't DM you: open your DMs or use **Take turn** here.",
                                            uid=user_id))
        return False
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        return False
