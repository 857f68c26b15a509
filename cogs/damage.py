"""Damaged game data, told in the game's thread: the host reports it once (repaired from the
move log, or the game broken) through ``Host.on_game_damaged``; this posts that notice."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs import languages, posts
from cogs.errors import answering
from host import GameDamage
from host.i18n import speaking
from host.views import damage_text

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

log = logging.getLogger("cogs.damage")


_telling: set[asyncio.Task[None]] = set()
ACK_WAIT_STEP, ACK_WAIT_STEPS = 0.05, 60


async def setup(bot: IsleBot) -> None:
    async def post_notice(damage: GameDamage, click: discord.Interaction[Any] | None) -> None:
        for _ in range(ACK_WAIT_STEPS):  # the interaction that found it is acknowledged first (Discord's 3 s)
            if click is None or click.response.is_done():
                break
            await asyncio.sleep(ACK_WAIT_STEP)
        info = damage.game
        with speaking(languages.public(bot, info.guild_id)):
            text = ("⚠️ " if not damage.repaired else "") + damage_text(info.id, damage.what, damage.repaired)
        try:
            await posts.post(bot, info, content=text)
        except discord.HTTPException:
            log.warning("the damage notice of game %s could not be posted", info.id, exc_info=True)

    async def tell_thread(damage: GameDamage) -> None:
        """Posted beside whatever found the damage, not inside it: a click that found it is answered
        (acknowledged within Discord's 3 s) first, whatever the thread's post costs."""
        task = asyncio.get_running_loop().create_task(post_notice(damage, answering.get()),
                                                      name=f"isle-damage-{damage.game.id}")
        _telling.add(task)
        task.add_done_callback(_telling.discard)

    bot.services.host.on_game_damaged(tell_thread)
