"""Game options: one schema per game (``Engine.options_schema``), checked one way."""

from __future__ import annotations

from typing import Any

from rules.text import T


def validate_options(schema: dict[str, dict], options: Any, title: str = "this game") -> dict:
    """Check ``options`` against an ``options_schema`` and fill in the defaults.

    Schema entries: ``{"type": "bool" | "int" | "choice", "default": ..., "choices": [...],
    "min": .., "max": .., "help": ".."}``. Raises ``ValueError`` with a player-readable reason.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError(T("Options must be a dictionary of option names to values (a JSON object)."))
    out = {}
    for name, value in options.items():
        spec = schema.get(name)
        if spec is None:
            raise ValueError(T("Unknown option {name} for {title}; known options: {known}.", name=repr(name),
                               title=T(title), known=", ".join(sorted(schema))))
        kind = spec["type"]
        if kind == "bool" and not isinstance(value, bool):
            raise ValueError(T("Option {name} must be true or false, not {value}.", name=repr(name), value=repr(value)))
        if kind == "choice" and value not in spec["choices"]:
            choices = ", ".join(map(str, spec["choices"]))
            raise ValueError(T("Option {name} must be one of {choices}, not {value}.", name=repr(name), choices=choices,
                                value=repr(value)))
        if kind == "int":
            lo, hi = spec.get("min"), spec.get("max")
            if (isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo)
                    or (hi is not None and value > hi)):
                raise ValueError(T("Option {name} must be a whole number from {lo} to {hi}, not {value}.", name=repr(name),
                                    lo=lo, hi=hi, value=repr(value)))
        out[name] = value
    for name, spec in schema.items():
        out.setdefault(name, spec["default"])
    return out
