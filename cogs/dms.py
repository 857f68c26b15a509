"""DMs after a move: "your move" and private news to the players (with their private board),
and the public move to those who follow the game. A follower never gets a player's private news."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs import languages, present
from cogs.outcomes import by_dm, fresh_to_act, posts_board
from cogs.posts import blocked_threads, send_dm
from host import HostError, MoveOutcome, social
from host.i18n import _, speaking

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.dms")


async def dm_players(bot: IsleBot, outcome: MoveOutcome, actor_id: int | None = None) -> None:
    """DM whoever must now act (with their private board) and whoever got private news."""
    info = outcome.game
    if info.status != "active":
        return
    fresh = fresh_to_act(outcome)
    if info.id not in blocked_threads(bot):  # a closed thread pings nobody: everyone hears by DM then
        fresh = await by_dm(bot.services.host, info, fresh)  # the others were pinged in the thread
    for seat in info.seats:
        if seat.user_id is None or seat.automatic:
            continue
        lines = outcome.private.get(seat.seat, [])
        your_move = seat.seat in fresh and seat.user_id != actor_id
        if not your_move and not (lines and seat.user_id != actor_id):
            continue
        if not await bot.services.host.dm_notifications(seat.user_id):
            continue
        with speaking(languages.reader(bot, seat.user_id, info.guild_id)):
            title = _("your move") if your_move else _("news for you")
            await send_dm(bot, info, seat.user_id, title, lines, with_board=True)


async def dm_followers(bot: IsleBot, outcome: MoveOutcome, headline: str | None = None,
                       lines: list[str] | None = None, boards: dict[str, bytes] | None = None) -> None:
    """A DM to each follower (not seated in the game) with what everyone saw: the public
    lines and the public board, never a player's private news. Like the thread, once per
    turn: ``lines`` are those shown with the thread's new board (a multi-step turn's lines
    together), ``boards`` the public boards already rendered, by language."""
    info = outcome.game
    if not posts_board(outcome, headline):
        return
    lines = outcome.lines if lines is None else lines
    if not (lines or outcome.finished or headline):
        return
    seated = {s.user_id for s in info.seats if s.user_id is not None}
    rendered: dict[str, bytes | None] = dict(boards or {})
    for user_id in await social.followers(bot.services.host, info.id):
        if user_id in seated:
            continue
        language = languages.reader(bot, user_id, info.guild_id)
        with speaking(language):
            if language not in rendered:
                try:
                    rendered[language] = await bot.services.host.public_png(info.id)
                except HostError:
                    rendered[language] = None
            if outcome.finished or info.status == "finished":
                embed = present.score_embed(info, await bot.services.host.score_sheet(info.id))
            else:
                embed = present.turn_embed(info, lines, headline)
            board = rendered[language]
            if board is None:
                embed.set_image(url=None)
            kwargs: dict[str, Any] = {"content": _("Back to the game: {url}", url=present.jump_url(info)),
                                      "embed": embed}
            if board is not None:
                kwargs["file"] = present.board_file(board)
            try:
                dm = await bot.create_dm(discord.Object(id=user_id))
                await dm.send(**kwargs)
            except discord.Forbidden:  # DMs closed: stop trying on every move
                log.info("follower %s of game %s has DMs closed; unfollowed", user_id, info.id)
                await social.unfollow(bot.services.host, info.id, user_id)
            except discord.HTTPException as exc:
                log.info("could not DM follower %s of game %s: %s", user_id, info.id, exc)
