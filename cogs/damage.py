"""Damaged game data, told in the game's thread: the host reports it once (repaired from the
move log, or the game broken) through ``Host.on_game_damaged``; this posts that notice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs import languages, posts
from host import GameDamage
from host.i18n import speaking
from host.views import damage_text

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def setup(bot: IsleBot) -> None:
    async def tell_thread(damage: GameDamage) -> None:
        info = damage.game
        with speaking(languages.public(bot, info.guild_id)):
            text = ("⚠️ " if not damage.repaired else "") + damage_text(info.id, damage.what, damage.repaired)
            await posts.post(bot, info, content=text)

    bot.services.host.on_game_damaged(tell_thread)
