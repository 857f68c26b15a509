"""My Island campaigns in Discord: ``/campaign new|status|next|rename|abandon`` and the campaign message.

A thin adapter over ``host.campaign.CampaignService``: handlers acknowledge, delegate,
present. ``/campaign new`` posts the campaign message (Join / Leave / Add AI / Next
episode); ``/campaign next`` starts the next episode as an ordinary game in its own thread,
and from there the usual game code (``cogs.notify``, the Take turn panels, DMs) runs it
unchanged. When an episode ends the campaign message is refreshed and the channel told.

``_embeds`` presents (no service calls), ``_views`` holds the persistent buttons and what they
do, ``_commands`` the slash commands and ``_cog`` the listener for finished episodes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.campaign._cog import Campaigns
from cogs.campaign._commands import build_group
from cogs.campaign._views import CampaignButton

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(build_group())
    bot.add_dynamic_items(CampaignButton)
    await bot.add_cog(Campaigns(bot))
