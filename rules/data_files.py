"""Reading a game's rules data: the JSON files in its package's ``data/`` folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load_json(module_file: str, name: str) -> Any:
    """``data/<name>`` beside the game module ``module_file`` (its ``__file__``), parsed."""
    with open(Path(module_file).parent / "data" / name, encoding="utf-8") as fh:
        return json.load(fh)
