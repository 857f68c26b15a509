"""My Island (Reiner Knizia, Kosmos 2023): regular game and the 24-episode campaign.

See ``RULES.md`` beside this file for the sources, the reconstructed data and every ruling,
and :mod:`rules.my_island.campaign` for the functions that carry a campaign from episode
to episode.
"""

from rules.my_island.engine import MyIsland

ENGINE = MyIsland()

__all__ = ["ENGINE", "MyIsland"]
