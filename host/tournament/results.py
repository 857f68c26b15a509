"""Results for profiles and ratings: each finished game once (rated games move ratings), the
leaderboard and a player's profile.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence

from db.tournament_store import RatingRow, ResultRow
from host.core import engine_for
from host.models import GameInfo
from host.tournament import ratings
from host.tournament.core import TournamentCore, _guild
from host.tournament.models import Profile, RatingInfo, RecentResult
from rules import ENGINES


class Results(TournamentCore):
    """Recording finished games, and reading ratings and profiles back."""

    async def record_game(self, game: GameInfo) -> bool:
        """Results of a finished game for profiles; ratings too if the game is rated. Once per game."""
        if game.status != "finished" or not game.result or await self.db.has_results(game.id):
            return False
        table = await self.db.table_for_game(game.id)
        names = {s.user_id: s.name for s in game.seats if s.user_id is not None}
        tournament_id = None
        if table is not None:
            names.update(await self._names(table.tournament_id))
            tournament_id = table.tournament_id
        players = [s.user_id for s in game.seats]
        return await self._record(game.id, game.guild_id, game.key, players, names, list(game.result["ranks"]),
                                  [float(x) for x in game.result["scores"]], bool(game.settings.get("rated")),
                                  tournament_id)

    async def _record(self, game_id: int, guild_id: int | None, game_key: str, players: Sequence[int | None],
                      names: dict[int, str], ranks: builtins.list[int], scores: builtins.list[float], rated: bool,
                      tournament_id: int | None) -> bool:
        """Only seats of people count (an AI filler seat has no user); ranks are re-read among them."""
        seats = [i for i, p in enumerate(players) if p is not None]
        if len({players[i] for i in seats}) != len(seats):
            seats = []  # a user in two seats (hot-seat testing): not a result about people
        if not seats:
            return False
        guild = _guild(guild_id)
        users = [p for p in players if p is not None]  # the players of ``seats``, in order
        seat_ranks = [ranks[i] for i in seats]
        current = await self.db.ratings_of(guild, game_key, users)
        before = {u: ratings.Rating(r.mu, r.sigma) for u, r in current.items()}
        rated = rated and len(users) >= 2
        after = ratings.rate(users, seat_ranks, before) if rated else {}
        best = min(ranks)
        now = self.clock()
        results, new_ratings = [], []
        for i, u in zip(seats, users, strict=True):
            won = ranks[i] == best
            old = before.get(u, ratings.initial())
            results.append(ResultRow(game_id, u, guild, game_key, names.get(u, str(u)), ranks[i], len(players),
                                     scores[i], won, rated, old.ordinal if rated else None,
                                     after[u].ordinal if rated else None, tournament_id, now))
            if rated:
                prev = current.get(u)
                new_ratings.append(RatingRow(guild, game_key, u, names.get(u, str(u)), after[u].mu, after[u].sigma,
                                             after[u].ordinal, (prev.games if prev else 0) + 1,
                                             (prev.wins if prev else 0) + int(won)))
        return await self.db.record_game(results, new_ratings, now)

    def _rating_info(self, r: RatingRow) -> RatingInfo:
        title = ENGINES[r.game_key].title if r.game_key in ENGINES else r.game_key
        return RatingInfo(r.game_key, title, r.user_id, r.name, r.ordinal, r.mu, r.sigma, r.games, r.wins)

    async def leaderboard(self, guild_id: int | None, game_key: str, limit: int = 10) -> builtins.list[RatingInfo]:
        engine_for(game_key)
        return [self._rating_info(r) for r in await self.db.leaderboard(_guild(guild_id), game_key, limit)]

    async def profile(self, guild_id: int | None, user_id: int, name: str | None = None,
                      recent: int = 5) -> Profile:
        guild = _guild(guild_id)
        rated = [self._rating_info(r) for r in await self.db.ratings_of_user(guild, user_id)]
        totals = await self.db.totals_of_user(guild, user_id)
        games = sum(g for g, _w in totals.values())
        wins = sum(w for _g, w in totals.values())
        favourite = None
        if totals:
            key = max(sorted(totals), key=lambda k: totals[k][0])
            favourite = ENGINES[key].title if key in ENGINES else key
        rows = await self.db.results_of_user(guild, user_id, recent)
        last = [RecentResult(r.game_id, r.game_key, ENGINES[r.game_key].title if r.game_key in ENGINES else r.game_key,
                             r.rank, r.n_players, r.score, r.won, r.rated,
                             (r.rating_after - r.rating_before)
                             if r.rated and r.rating_before is not None and r.rating_after is not None else None,
                             r.tournament_id, r.finished_at) for r in rows]
        shown = name or (rows[0].name if rows else (rated[0].name if rated else str(user_id)))
        return Profile(user_id, shown, rated, games, wins, favourite, last, per_game=dict(totals))
