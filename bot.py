"""Isle Host: entry point.

    python bot.py                      run the Discord bot (reads .env)
    python bot.py offline GAME ...     play in the terminal, no token needed
    python bot.py tournament GAME ...  run a whole AI tournament and print the standings
    python bot.py health               exit 0 while the running bot is ready (/readyz with HTTP_PORT, else HEALTH_FILE)
    python bot.py migrate-db FILE URL  copy an SQLite database into an empty PostgreSQL one, then check it
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from host.settings import SettingsError, load_settings

NO_TOKEN_HELP = """\
Isle Host is installed, but there is no DISCORD_TOKEN yet, so the bot cannot connect.

To run it in your Discord server:
  1. Open https://discord.com/developers/applications, "New Application", then "Bot",
     "Reset Token", and copy the token.
  2. Copy .env.example to .env and put the token after DISCORD_TOKEN=
  3. Invite the bot with this link (replace APP_ID with your application's id):
     https://discord.com/oauth2/authorize?client_id=APP_ID&scope=bot+applications.commands&permissions=326417632256
     (View Channels, Send Messages, Send Messages in Threads, Create Public Threads,
      Manage Threads, Embed Links, Attach Files, Read Message History)
  4. Run this command again.

To try it without Discord, play at the offline table:
  scripts/run offline isle_of_skye --seats human,ai,ai
"""

# In the Docker image (ISLE_IN_CONTAINER): the same steps, said for docker compose.
CONTAINER_NO_TOKEN_HELP = (NO_TOKEN_HELP
                           .replace("  4. Run this command again.",
                                    "  4. Start the container again: docker compose up -d")
                           .replace("  scripts/run offline isle_of_skye --seats human,ai,ai",
                                    "  docker compose run --rm bot python bot.py offline isle_of_skye --seats human,ai,ai"))


def create_bot(settings=None, host=None):
    """The Discord bot, built but not connected (tests build it this way)."""
    from cogs.app import create_bot as build

    return build(settings or load_settings(), host=host)


def run_discord() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not settings.has_token:
        in_container = bool(os.environ.get("ISLE_IN_CONTAINER"))
        print(CONTAINER_NO_TOKEN_HELP if in_container else NO_TOKEN_HELP, file=sys.stderr)
        return 0 if in_container else 1  # a container stops instead of restart-looping
    import asyncio
    import logging

    from cogs.app import run_bot
    from cogs.startup import explain
    from host.logging_setup import setup_logging

    setup_logging(settings.log_level, settings.log_format)
    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # every start-up failure: one line and a non-zero exit, never a traceback
        logging.getLogger("bot").debug("start-up failed", exc_info=True)
        from db.postgres import redact

        where = redact(settings.database_url) if settings.database_url.startswith("postgres") else settings.database_path
        line, code = explain(exc, where)
        print(line, file=sys.stderr)
        _exit_even_if_a_thread_lingers(code)
        return code
    return 0


def _exit_even_if_a_thread_lingers(code: int) -> None:
    """A half-opened database can leave a worker thread behind, and Python waits for it at exit:
    the process would stay alive and offline, so a supervisor never restarts it. Never hang."""
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(code)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "offline":
        from offline.table import main as offline

        return offline(argv[1:])
    if argv and argv[0] == "tournament":
        from host.tournament.cli import main as tournament

        return tournament(argv[1:])
    if argv and argv[0] == "health":  # the container's HEALTHCHECK: ready now, or connected lately?
        from cogs.health import healthy, ready_over_http

        settings = load_settings()
        if settings.http_port:
            return 0 if ready_over_http(settings.http_port) else 1
        return 0 if settings.health_file and healthy(Path(settings.health_file)) else 1
    if argv and argv[0] == "migrate-db":
        from host.migrate_db import main as migrate_db

        return migrate_db(argv[1:])
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if argv:
        print(f"Unknown command {argv[0]!r}.\n{__doc__}", file=sys.stderr)
        return 2
    return run_discord()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
