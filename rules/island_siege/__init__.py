"""Island Siege (Dan Manfredini, APE Games): two-player fort building and siege with dice."""

from .engine import ENGINE, IslandSiege

__all__ = ["ENGINE", "IslandSiege"]
