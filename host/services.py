"""The one composition root: the services every front end (the bot, the offline table, the
tournament CLI) works through, built in one place from the settings.

A front end asks for ``await open_services(settings)`` and later ``await services.close()``;
nothing else creates a store, a host or the tournament and campaign services. Tests that
inject a ready host (with a test clock) wrap it with :func:`services_for`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from db.open import open_store
from db.postgres import is_postgres_url
from db.store import Store
from db.tutorial_store import TutorialStore
from host.ai_seats import AiSeats
from host.campaign.service import CampaignService
from host.renders import Renders
from host.service import Host
from host.settings import Settings
from host.tournament.service import TournamentService
from host.tutorial import Tutorials
from rules.expert import Budget


@dataclass
class Services:
    """What a front end talks to. ``store`` is here only to be closed: reading and writing go
    through ``host``, ``tournaments`` and ``campaigns``."""

    settings: Settings
    store: Store
    host: Host
    tournaments: TournamentService
    campaigns: CampaignService
    tutorials: Tutorials = field(default_factory=Tutorials)  # /learn tables (kept in the store: services_for)

    async def close(self) -> None:
        try:
            await self.store.close()
        finally:  # the worker processes stop whatever the store says
            self.host.ai.close()
            self.host.renders.close()


def services_for(host: Host, settings: Settings) -> Services:
    """The services around a ready host. The campaign service is made before the tournament
    service: both listen for finished games, in this order."""
    store = host.store
    campaigns = CampaignService(host, store)
    tournaments = TournamentService(host, store=store)
    return Services(settings=settings, store=store, host=host, tournaments=tournaments, campaigns=campaigns,
                    tutorials=Tutorials(TutorialStore(store), host.clock))


async def open_store_for(settings: Settings) -> Store:
    """The store the settings name: ``DATABASE_URL`` (PostgreSQL) or the SQLite file
    ``DATABASE_PATH``, whose folder is created on first start."""
    url = settings.database_url or ""
    if is_postgres_url(url):
        return await open_store(url)
    path = Path(settings.database_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return await open_store(path)


def expert_budget(settings: Settings) -> Budget:
    """The expert level's budget a decision: AI_EXPERT_ITERATIONS rollouts when set (the same moves
    on any machine), else AI_EXPERT_SECONDS."""
    if settings.ai_expert_iterations is not None:
        return Budget(seconds=None, iterations=settings.ai_expert_iterations)
    return Budget(seconds=settings.ai_expert_seconds)


def ai_seats_for(settings: Settings) -> AiSeats:
    """The AI seats' thinking: expert decisions in AI_WORKERS worker processes."""
    return AiSeats(expert_budget(settings), workers=settings.ai_workers)


def renders_for(settings: Settings) -> Renders:
    """Where board pictures are drawn: RENDER_WORKERS worker processes (0: a thread)."""
    return Renders(settings.render_workers, settings.render_timeout_seconds)


async def open_services(settings: Settings, *, auto_play: bool = True,
                        clock: Callable[[], float] = time.time) -> Services:
    """Open the store and build the host and its services. ``auto_play=False``: AI seats wait to
    be asked (the offline table steps them itself)."""
    store = await open_store_for(settings)
    host = Host(store, clock=clock, default_deadline_seconds=settings.default_deadline_seconds,
                auto_play=auto_play, vacation_days=settings.vacation_days_per_year, ai=ai_seats_for(settings),
                renders=renders_for(settings))
    return services_for(host, settings)
