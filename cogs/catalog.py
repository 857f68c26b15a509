"""Which games exist and which options they take, for command choices and autocomplete.

A small read-only bridge to the engine registry's metadata (key, title, player counts,
``options_schema``); no rules are applied here. The host validates every option.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules import ENGINES


@dataclass(frozen=True)
class GameKind:
    key: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any] = field(default_factory=dict)


def games() -> list[GameKind]:
    return [GameKind(e.key, e.title, e.min_players, e.max_players, dict(getattr(e, "options_schema", {}) or {}))
            for e in ENGINES.values()]


def find(key: str) -> GameKind | None:
    return next((g for g in games() if g.key == key), None)


def parse_options(text: str | None) -> dict[str, Any]:
    """``"goal_a=g3 first_player=2 beginner=yes"`` -> ``{"goal_a": "g3", "first_player": 2, ...}``."""
    options: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, raw = part.partition("=")
        if not sep:
            options[name] = True
            continue
        low = raw.lower()
        if low in ("true", "yes", "on"):
            options[name] = True
        elif low in ("false", "no", "off"):
            options[name] = False
        elif raw.lstrip("-").isdigit() and len(raw) <= 18:  # longer: a string, refused by the host as too long
            options[name] = int(raw)
        else:
            options[name] = raw
    return options


def option_suggestions(key: str, typed: str) -> list[str]:
    """Autocomplete for the options text: the next ``name=value`` pairs the game accepts."""
    kind = find(key)
    if kind is None:
        return []
    done, _, current = typed.rpartition(" ")
    prefix = f"{done} " if done else ""
    out = []
    for name, spec in kind.options.items():
        if not isinstance(spec, dict):
            continue
        values = spec.get("choices") or ([True, False] if spec.get("type") == "bool" else [spec.get("default")])
        for value in values:
            text = f"{name}={str(value).lower() if isinstance(value, bool) else value}"
            if text.startswith(current) and text not in done.split():
                out.append(prefix + text)
    return out[:25]
