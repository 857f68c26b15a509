"""Playing the episodes: the next episode's game created and started through the host with the
carry's options, and a campaign abandoned with the episode under way.
"""

from __future__ import annotations

from db.campaign_store import CampaignRow
from host.campaign.core import CampaignCore, _island_default, log
from host.campaign.models import (
    EPISODE_SETTINGS,
    GAME_KEY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CampaignInfo,
    CreatedHook,
    EpisodeStart,
)
from host.errors import BadOptions, NotAllowed, NotFound
from host.i18n import _, reason
from host.logging_setup import log_event
from host.models import GameInfo, PlayerRef
from host.permissions import require_director
from rules.my_island import campaign as camp
from rules.my_island.modules import N_EPISODES


class Episodes(CampaignCore):
    """Starting episodes, and stopping the campaign."""

    async def next_episode(self, campaign_id: int, by_user_id: int | None, is_admin: bool = False,
                           on_created: CreatedHook | None = None, seed: int | str | None = None) -> EpisodeStart:
        """Create and start the next episode's game. ``on_created(game)`` runs after the game
        exists and before it starts (a front end opens its thread there)."""
        async with self._lock(campaign_id):
            await self.reconcile(campaign_id)
            row = await self._row(campaign_id)
            require_director(row.creator_id, by_user_id, is_admin,
                             _("Only the campaign's creator or a server manager can start an episode."))
            if row.status == "abandoned":
                raise NotAllowed(_("Campaign #{id} was abandoned.", id=campaign_id))
            if row.status == "finished" or row.episode > N_EPISODES:
                raise NotAllowed(_("Campaign #{id} is finished: all {n} episodes have been played.",
                                   id=campaign_id, n=N_EPISODES))
            playing = [e for e in await self.db.episodes(campaign_id) if e.status == "playing"]
            if playing:
                game = await self.host.get(playing[-1].game_id)
                if game.status == "lobby":  # a crash between creating and starting it: start it now
                    return await self._start(row, playing[-1].episode, game, on_created)
                raise NotAllowed(_("Episode {k} (game #{game}) is still being played: finish it first.",
                                   k=playing[-1].episode, game=playing[-1].game_id))
            players = await self.db.players(campaign_id)
            if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
                raise NotAllowed(_("A campaign needs {lo} to {hi} players; {n} seated.", lo=MIN_PLAYERS,
                                   hi=MAX_PLAYERS, n=len(players)))
            carry = row.carry
            first = carry is None
            if first:
                carry = camp.new_carry(len(players), [_island_default(p) for p in players])
            assert carry is not None, "a running campaign has its carry; the first episode makes one"
            try:
                camp.validate_carry(carry, len(players))
                options = camp.episode_options(carry)
            except ValueError as exc:
                raise BadOptions(_("The campaign's saved state is unusable: {why}", why=reason(exc))) from None
            episode = options["episode"]
            creator = PlayerRef(row.creator_id, "") if row.creator_id is not None else None
            settings = dict(row.settings, **EPISODE_SETTINGS)
            game = await self.host.create_game(GAME_KEY, options, creator, row.guild_id, row.channel_id,
                                               settings=settings, seed=seed, creator_plays=False)
            for p in players:
                if p.is_ai:
                    await self.host.add_ai(game.id, None)
                else:
                    await self.host.join(game.id, PlayerRef(p.user_id, p.name))  # type: ignore[arg-type]
            await self.db.add_episode(campaign_id, episode, game.id, self.clock(), carry=carry if first else None)
            log_event(log, "campaign episode created", campaign=campaign_id, episode=episode, game=game.id)
            return await self._start(row, episode, await self.host.get(game.id), on_created)

    async def _start(self, row: CampaignRow, episode: int, game: GameInfo,
                     on_created: CreatedHook | None) -> EpisodeStart:
        if on_created is not None:
            await on_created(game)
        outcome = await self.host.start(game.id, None)
        if outcome.finished:  # an all-AI episode ends inside start()
            await self.reconcile(row.id)
        return EpisodeStart(await self._info(await self._row(row.id)), episode, outcome)

    async def abandon(self, campaign_id: int, by_user_id: int | None, is_admin: bool = False) -> CampaignInfo:
        row = await self._row(campaign_id)
        self._check_manager(row, by_user_id, is_admin)
        if row.status in ("finished", "abandoned"):
            raise NotAllowed(_("Campaign #{id} is already over.", id=campaign_id))
        await self.db.update(campaign_id, self.clock(), status="abandoned")
        for ep in await self.db.episodes(campaign_id):
            if ep.status == "playing":
                try:
                    await self.host.abandon(ep.game_id, None)
                except (NotAllowed, NotFound):
                    pass
                await self.db.finish_episode(campaign_id, ep.game_id, ep.episode, None, None, self.clock())
        log_event(log, "campaign abandoned", campaign=campaign_id)
        return await self._info(await self._row(campaign_id))
