"""A player's choices between the panel that shows them and the click that picks one (``cogs.panels``).

One entry a game and player, at the version its choices were made for: a panel of a later version
replaces it, as an older version's choices are never picked again (a click on an out-of-date panel
shows the current one). Working a panel's choices out again for its click would cost as much as the
panel did (Land vs Sea: every placement, worded); keeping every version's instead held ~250 lists of
~70 choices alive at 32 busy games, which every full garbage collection walked (issue 32).
"""

from __future__ import annotations

from collections import OrderedDict

from host import Choice

CHOICES_KEPT = 256
"""Games-and-players whose current choices are kept (the least recently used go first)."""


class KeptChoices:
    """The choices last worked out for each (game, player), with the game version they are for."""

    def __init__(self, limit: int = CHOICES_KEPT) -> None:
        self.limit = limit
        self._kept: OrderedDict[tuple[int, int], tuple[int, list[Choice]]] = OrderedDict()

    def get(self, game_id: int, user_id: int, version: int) -> list[Choice] | None:
        """The player's choices at ``version``, if they are the ones kept."""
        kept = self._kept.get((game_id, user_id))
        if kept is None or kept[0] != version:
            return None
        self._kept.move_to_end((game_id, user_id))
        return kept[1]

    def put(self, game_id: int, user_id: int, version: int, choices: list[Choice]) -> None:
        """Keep ``choices`` for ``version`` in place of whatever was kept for this game and player; the
        other players' choices at an older version of this game go (never picked again: in a game of
        turns that was the waiting player's list, half of all kept, walked by every full collection)."""
        for key in [k for k, (kept_version, _c) in self._kept.items() if k[0] == game_id and kept_version < version]:
            del self._kept[key]
        self._kept[(game_id, user_id)] = (version, choices)
        self._kept.move_to_end((game_id, user_id))
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)

    def versions(self) -> dict[tuple[int, int], int]:
        """The version kept for each (game, player)."""
        return {key: version for key, (version, _choices) in self._kept.items()}

    def __len__(self) -> int:
        return len(self._kept)
