"""Isle of Skye: From Chieftain to King (Pfister & Pelikan, 2015) for 2-5 players.

Rules: shared/games/isle_of_skye/spec.md; data copied into ``data/``.
"""

from rules.isle_of_skye.engine import IsleOfSkye

ENGINE = IsleOfSkye()

__all__ = ["ENGINE", "IsleOfSkye"]
