"""The Full board button: the dense board, one tap away from the phone card the bot posts.

Under a turn post it shows the public full board; under a player's panel or DM, that player's
own full board (their hand and choices as well). The answer is ephemeral: only the one who
tapped sees it, and the thread keeps one post per turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs import present
from cogs.kit import callers_seat

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def on_full_board(interaction: discord.Interaction[IsleBot], game_id: int, own: bool) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    host = interaction.client.services.host
    if own:
        callers_seat(interaction, await host.get(game_id))
        png = await host.private_png(game_id, interaction.user.id, full=True)
    else:
        png = await host.public_png(game_id, full=True)
    await interaction.followup.send(file=present.board_file(png), ephemeral=True)
