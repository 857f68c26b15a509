"""The bot as every feature sees it: the services it owns and what it remembers between clicks.

Features annotate ``discord.Interaction[IsleBot]`` and ``bot: IsleBot`` with this class; the bot
that runs (``cogs.app``: it loads the features, starts the deadline loop) derives from it. So a
feature's types never import the module that loads the feature: no import circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.kept_choices import KeptChoices
from host.campaign.service import CampaignService
from host.service import Host
from host.services import Services
from host.settings import Settings
from host.tournament.service import TournamentService


@dataclass
class TurnPost:
    """The thread's current turn post and the public lines of the moves made since its board
    (a multi-step turn's sub-steps), which the next board post shows together."""

    message_id: int
    since: list[str] = field(default_factory=list)


@dataclass
class MessageEdits:
    """A message's edits in flight (cogs.posts.edit_remembered): the task sending them one after
    another, and the edit waiting behind the one being sent (later edits merge into it)."""

    sending: Any = None  # asyncio.Task[None]
    queued: dict[str, Any] | None = None


class ReadingTree(app_commands.CommandTree["IsleBot"]):
    """The bot's slash commands, context menus and autocompletes, each reading a game once
    (``Host.reading``: its row and snapshot, seats and log's tail, asked for by several parts of one
    command: the game's scope, its status, its board), as a button's click does (``cogs.errors.guarded``)."""

    async def _call(self, interaction: discord.Interaction[IsleBot]) -> None:
        with self.client.services.host.reading():
            await super()._call(interaction)


class IsleBot(commands.Bot):
    """The bot and the services it owns (``services``: the host, tournaments, campaigns)."""

    services: Services

    def __init__(self, settings: Settings, services: Services | None = None, **shards: Any) -> None:
        # The bot never joins voice: no start-up warnings about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # threads, channel deletions; no privileged intents
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         owner_ids=set(settings.owner_ids or ()) or None, tree_cls=ReadingTree, **shards)
        self.settings = settings
        if services is not None:
            self.services = services
        # what the bot remembers between clicks (not stored: a restart reads it back or starts afresh)
        self.turn_posts: dict[int, TurnPost] = {}  # each game's current turn post (cogs.turn_posts)
        self.blocked_threads: set[int] = set()  # games whose thread refused the last post (cogs.posts)
        self.choices_cache = KeptChoices()  # each player's choices at a game's version (cogs.panels)
        self.message_edits: dict[tuple[int, int], MessageEdits] = {}  # (channel, message) (cogs.posts)

    # Shortcuts to the services (tests and older call sites read ``bot.host``).
    @property
    def host(self) -> Host:
        return self.services.host

    @property
    def tournaments(self) -> TournamentService:
        return self.services.tournaments

    @property
    def campaigns(self) -> CampaignService:
        return self.services.campaigns
