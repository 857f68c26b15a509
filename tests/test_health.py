"""The container's HEALTHCHECK (``python bot.py health``): healthy only while the heartbeat file
the connected bot touches every 20 s is fresh (issue 23: Docker HEALTHCHECK)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from cogs.health import STALE_AFTER, beat, healthy

ROOT = Path(__file__).resolve().parent.parent


def health(tmp_path: Path, **env: str) -> int:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "HEALTH_"))}
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), "health"], cwd=tmp_path, env={**clean, **env},
                          capture_output=True, timeout=60).returncode


def test_healthy_only_while_the_heartbeat_is_fresh(tmp_path):
    path = tmp_path / "run" / "isle-health"
    assert not healthy(path), "no heartbeat yet: not healthy"
    beat(path)
    assert healthy(path)
    assert not healthy(path, now=time.time() + STALE_AFTER + 1), "a bot that stopped beating is unhealthy"


def test_the_health_command_exits_by_the_heartbeat(tmp_path):
    path = tmp_path / "isle-health"
    assert health(tmp_path) == 1, "no HEALTH_FILE setting: never healthy"
    assert health(tmp_path, HEALTH_FILE=str(path)) == 1, "no heartbeat yet"
    beat(path)
    assert health(tmp_path, HEALTH_FILE=str(path)) == 0
    old = time.time() - STALE_AFTER - 5
    os.utime(path, (old, old))
    assert health(tmp_path, HEALTH_FILE=str(path)) == 1
