"""Why the bot could not start, in one line a server admin can act on (never a traceback).

``run_discord`` in ``bot.py`` prints :func:`explain` of whatever stopped the start and exits
non-zero, so a supervisor (Docker's restart policy, systemd) sees the failure instead of a
process that stays alive and offline.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiohttp
import discord

from db.store import StoreError

EXIT_STORE, EXIT_TOKEN, EXIT_NETWORK, EXIT_OTHER = 3, 4, 5, 1


def explain(exc: BaseException, database_path: Path | str) -> tuple[str, int]:
    """The one line to print for ``exc`` and the exit code to stop with."""
    if isinstance(exc, StoreError):
        return f"Cannot open the database {database_path}: {exc}", EXIT_STORE
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return (f"The database file {database_path} is damaged ({_reason(exc)}): restore it from a backup "
                "(README, \"Backup and restore\") or move it away to start afresh."), EXIT_STORE
    if isinstance(exc, (PermissionError, sqlite3.OperationalError)) or (
            isinstance(exc, OSError) and not isinstance(exc, (aiohttp.ClientError, ConnectionError))
            and _about(exc, database_path)):
        return (f"Cannot write the database at {database_path}: {_reason(exc)}. Check that the folder exists "
                "and that this user may write to it (in Docker, the data volume must be writable by the "
                "container's user)."), EXIT_STORE
    if isinstance(exc, discord.LoginFailure):
        return ("Discord refused the token in DISCORD_TOKEN (wrong, or reset in the developer portal): copy a "
                "new one from https://discord.com/developers/applications -> your app -> Bot -> Reset Token."
                ), EXIT_TOKEN
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "Discord refused a privileged intent; Isle Host needs none, so this build is misconfigured.", EXIT_TOKEN
    if isinstance(exc, (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError, OSError)):
        return f"Cannot reach Discord ({_reason(exc)}): check the network connection; will stop now.", EXIT_NETWORK
    if isinstance(exc, discord.HTTPException):
        return f"Discord answered {exc.status} while starting: {_reason(exc)}", EXIT_NETWORK
    return f"Isle Host stopped while starting: {type(exc).__name__}: {_reason(exc)}", EXIT_OTHER


def _about(exc: OSError, database_path: Path | str) -> bool:
    names = {str(getattr(exc, "filename", "") or ""), str(getattr(exc, "filename2", "") or "")}
    path = Path(database_path)
    return bool(names & {str(path), str(path.parent)}) or str(path) in str(exc)


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"
