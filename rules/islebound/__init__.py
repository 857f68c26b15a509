"""Islebound (Ryan Laukat, Red Raven Games): sail, trade, conquer and befriend island cities."""

from .engine import Islebound

ENGINE = Islebound()

__all__ = ["ENGINE", "Islebound"]
