"""Structured logging: one line per event, ``key=value`` pairs, never tokens or hidden info.

Callers log public facts only (ids, seats, the action's type, never its private content).
"""

from __future__ import annotations

import json
import logging

from telemetry.errors import scrub_text


class KeyValueFormatter(logging.Formatter):
    """``2026-11-23T10:00:00 INFO host.turns move game=12 guild=3 seat=1 action=buy``."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None) or {}
        parts = [self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), record.levelname, record.name, record.getMessage()]
        parts += [f"{k}={json.dumps(v) if isinstance(v, str) and ' ' in v else v}" for k, v in fields.items()]
        line = " ".join(str(p) for p in parts)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return scrub_text(line)


class JsonFormatter(logging.Formatter):
    """``LOG_FORMAT=json``: one JSON object per line (time, level, logger, message, the fields, and the
    traceback under ``exc``), secrets cut as in the text form."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {"time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), "level": record.levelname,
                                    "logger": record.name, "message": record.getMessage()}
        for key, value in (getattr(record, "fields", None) or {}).items():
            entry.setdefault(key, value if isinstance(value, (int, float, bool)) or value is None else str(value))
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return scrub_text(json.dumps(entry, ensure_ascii=False))


# Libraries whose debug output would echo SQL parameters (states with hidden information)
# or raw gateway payloads (tokens, DMs): never below WARNING/INFO, whatever LOG_LEVEL says.
QUIET = {"aiosqlite": logging.WARNING, "discord.gateway": logging.INFO, "discord.http": logging.INFO,
         "discord.client": logging.INFO, "PIL": logging.INFO}


def setup_logging(level: str = "INFO", log_format: str = "text") -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if log_format == "json" else KeyValueFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    quiet_libraries(level)


def quiet_libraries(level: str) -> None:
    for name, floor in QUIET.items():
        logging.getLogger(name).setLevel(max(logging.getLevelName(level), floor))


def log_event(logger: logging.Logger, message: str, level: int = logging.INFO, **fields: object) -> None:
    logger.log(level, message, extra={"fields": fields})
