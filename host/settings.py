"""All configuration, read in one place from the environment (and ``.env``) and validated.

Every setting is listed in ``.env.example`` with a comment; ``load_settings`` raises
:class:`SettingsError` with one friendly line per problem instead of a traceback.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MIN_DEADLINE, MAX_DEADLINE = 600, 7 * 24 * 3600


class SettingsError(ValueError):
    """One or more settings are missing or invalid; the message lists each problem."""


@dataclass(frozen=True)
class Settings:
    discord_token: str = ""
    database_path: Path = Path("data/isle.db")
    database_url: str = ""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_deadline_seconds: int | None = 24 * 3600
    timer_poll_seconds: int = 30
    thread_archive_grace_seconds: int = 3600
    default_locale: str = "en"
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    health_file: str = ""
    replay_on_finish: bool = True
    vacation_days_per_year: int = 20
    removed_server_grace_seconds: int = 7 * 24 * 3600
    member_sweep_seconds: int = 24 * 3600
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    http_port: int | None = None
    http_host: str = "127.0.0.1"
    sentry_dsn: str = ""
    log_format: str = "text"
    release: str = ""
    ai_expert_seconds: float = 1.0
    """What one expert AI decision may take (AI_EXPERT_SECONDS)."""
    ai_expert_iterations: int | None = None
    """A number of rollouts instead (AI_EXPERT_ITERATIONS): the same move on any machine (tests)."""
    ai_workers: int = 1
    """Processes that think for expert AI seats, off the event loop (AI_WORKERS)."""
    render_workers: int = field(default_factory=lambda: default_render_workers())
    """Processes that draw board pictures, off the event loop (RENDER_WORKERS; 0: a thread of the bot)."""
    render_timeout_seconds: float = 30.0
    """A picture not drawn within this is replaced by an "unavailable" card (RENDER_TIMEOUT_SECONDS)."""

    @property
    def has_token(self) -> bool:
        return bool(self.discord_token.strip())


def default_render_workers() -> int:
    """One render worker per core (at most 4): they run at a lower priority than the bot, so the
    event loop keeps its core when they are all busy."""
    return max(1, min(4, os.cpu_count() or 1))


def _count(env: dict[str, str], name: str, problems: list[str], default: int, lo: int | None = None,
           hi: int | None = None) -> int:
    """A whole number that has a value even when it is missing or refused (``default``)."""
    value = _int(env, name, problems, default, lo, hi)
    return default if value is None else value


def _int(env: dict[str, str], name: str, problems: list[str], default: int | None, lo: int | None = None,
         hi: int | None = None, allow_none: bool = False) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if allow_none and raw.lower() in ("none", "off", "0"):
        return None
    try:
        value = int(raw)
    except ValueError:
        problems.append(f"{name} must be a whole number, not {raw!r}.")
        return default
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        problems.append(f"{name} must be between {lo} and {hi} (got {value}).")
        return default
    return value


def _seconds(env: dict[str, str], name: str, problems: list[str], default: float, lo: float, hi: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        problems.append(f"{name} must be a number of seconds, not {raw!r}.")
        return default
    if not lo <= value <= hi:
        problems.append(f"{name} must be between {lo:g} and {hi:g} seconds (got {raw}).")
        return default
    return value


def _flag(env: dict[str, str], name: str, problems: list[str], default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    problems.append(f"{name} must be yes or no, not {raw!r}.")
    return default


def load_settings(env: dict[str, str] | None = None, dotenv_path: str | Path | None = ".env") -> Settings:
    """Settings from ``env`` (default: the process environment after reading ``.env``)."""
    if env is None:
        if dotenv_path and Path(dotenv_path).exists():
            from dotenv import load_dotenv

            load_dotenv(dotenv_path, override=False)
        env = dict(os.environ)
    problems: list[str] = []
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        problems.append(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (got {level!r}).")
        level = "INFO"
    url = env.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://", "sqlite:")):
        problems.append("DATABASE_URL must start with postgresql:// (or be empty to use DATABASE_PATH).")
    owners = set()
    for part in env.get("OWNER_IDS", "").replace(",", " ").split():
        if part.isdigit():
            owners.add(int(part))
        else:
            problems.append(f"OWNER_IDS must be Discord user ids separated by commas, not {part!r}.")
    locale = env.get("DEFAULT_LOCALE", "en").strip() or "en"
    shard_count = _int(env, "SHARD_COUNT", problems, None, 1, 100_000)
    shard_ids: tuple[int, ...] | None = None
    raw_ids = env.get("SHARD_IDS", "").replace(" ", "").strip(",")
    if raw_ids:
        parts = raw_ids.split(",")
        if not all(p.isdigit() for p in parts):
            problems.append(f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {raw_ids!r}.")
        elif shard_count is None:
            problems.append("SHARD_IDS needs SHARD_COUNT (the total number of shards across all processes).")
        elif any(int(p) >= shard_count for p in parts) or len(set(parts)) != len(parts):
            problems.append(f"SHARD_IDS must be different numbers from 0 to {shard_count - 1} (got {raw_ids!r}).")
        else:
            shard_ids = tuple(sorted(int(p) for p in parts))
    log_format = env.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in ("text", "json"):
        problems.append(f"LOG_FORMAT must be text or json (got {log_format!r}).")
        log_format = "text"
    settings = Settings(
        discord_token=env.get("DISCORD_TOKEN", "").strip(),
        database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/isle.db"),
        database_url=url,
        dev_guild_id=_int(env, "DEV_GUILD_ID", problems, None, 1),
        log_level=level,
        default_deadline_seconds=_int(env, "DEFAULT_DEADLINE_SECONDS", problems, 24 * 3600,
                                      MIN_DEADLINE, MAX_DEADLINE, allow_none=True),
        timer_poll_seconds=_count(env, "TIMER_POLL_SECONDS", problems, 30, 1, 3600),
        thread_archive_grace_seconds=_count(env, "THREAD_ARCHIVE_GRACE_SECONDS", problems, 3600, 0, 7 * 24 * 3600),
        default_locale=locale,
        owner_ids=frozenset(owners),
        health_file=env.get("HEALTH_FILE", "").strip(),
        replay_on_finish=_flag(env, "REPLAY_ON_FINISH", problems, True),
        vacation_days_per_year=_int(env, "VACATION_DAYS_PER_YEAR", problems, 20, 0, 365) or 0,
        removed_server_grace_seconds=_count(env, "REMOVED_SERVER_GRACE_SECONDS", problems, 7 * 24 * 3600, 0,
                                          365 * 24 * 3600),
        member_sweep_seconds=_count(env, "MEMBER_SWEEP_SECONDS", problems, 24 * 3600, 600, 30 * 24 * 3600),
        shard_count=shard_count,
        shard_ids=shard_ids,
        http_port=_int(env, "HTTP_PORT", problems, None, 1, 65535),
        http_host=env.get("HTTP_HOST", "").strip() or "127.0.0.1",
        sentry_dsn=env.get("SENTRY_DSN", "").strip(),
        log_format=log_format,
        release=env.get("ISLE_RELEASE", "").strip(),
        ai_expert_seconds=_seconds(env, "AI_EXPERT_SECONDS", problems, 1.0, 0.05, 60.0),
        ai_expert_iterations=_int(env, "AI_EXPERT_ITERATIONS", problems, None, 1, 1_000_000),
        ai_workers=_count(env, "AI_WORKERS", problems, 1, 1, 16),
        render_workers=_count(env, "RENDER_WORKERS", problems, default_render_workers(), 0, 32),
        render_timeout_seconds=_seconds(env, "RENDER_TIMEOUT_SECONDS", problems, 30.0, 1.0, 600.0),
    )
    if problems:
        raise SettingsError("Configuration problems:\n" + "\n".join(f"  - {p}" for p in problems))
    return settings
