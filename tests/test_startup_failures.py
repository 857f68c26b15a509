"""Every start-up failure is one clear line and a non-zero exit, never a traceback or a hang.

Run as a person (or Docker) would: ``bot.py`` in a subprocess with a token, against a damaged,
unwritable or too new database and with no network; a wrong token through the real discord.py
login with Discord's 401 answer from the test harness.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot
from tests.discord.fake_discord import FakeError
from tests.discord.harness import Harness

ROOT = Path(__file__).resolve().parent.parent


def start(tmp_path: Path, db: Path, **extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "ISLE_"))}
    env.update(DISCORD_TOKEN="not-a-real-token", DATABASE_PATH=str(db), **extra)
    return subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=90, stdin=subprocess.DEVNULL)


def one_line(proc: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip() and " INFO " not in line]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_a_damaged_database_file_stops_the_bot_with_one_line(tmp_path):
    db = tmp_path / "isle.db"
    db.write_bytes(b"this is not a database, just a damaged file\x00" * 500)
    proc = start(tmp_path, db)
    assert proc.returncode != 0
    line = one_line(proc)
    assert str(db) in line and "damaged" in line.lower()


def test_an_unwritable_database_path_stops_the_bot_with_one_line(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    db = blocker / "isle.db"
    proc = start(tmp_path, db)
    assert proc.returncode != 0
    line = one_line(proc)
    assert "Cannot write the database" in line and str(db) in line


def test_a_database_from_a_newer_version_stops_the_bot_with_one_line(tmp_path):
    db = tmp_path / "isle.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    conn.execute("INSERT INTO schema_migrations VALUES (9999, '9999_from_the_future')")
    conn.commit()
    conn.close()
    proc = start(tmp_path, db)
    assert proc.returncode != 0
    assert "newer" in one_line(proc).lower()


def test_no_network_stops_the_bot_with_one_line(tmp_path):
    """This machine reaches no Discord: the login fails and the process ends (no hang, no traceback)."""
    proc = start(tmp_path, tmp_path / "data" / "isle.db")
    assert proc.returncode != 0
    line = one_line(proc)
    assert "Discord" in line


def test_a_wrong_token_is_one_line_through_the_real_login(tmp_path, monkeypatch, capsys):
    harness = Harness()
    handle = harness.fake.handle

    def refuse_token(kind, method, url, params, body, files):
        if method == "GET" and url.endswith("/users/@me"):
            raise FakeError(401, 0, "401: Unauthorized")
        return handle(kind, method, url, params, body, files)

    harness.fake.handle = refuse_token
    # in this test's process, threads that earlier tests left (a module's thread pool) would make the
    # start-up's never-hang exit end the whole test process: here it only notes the code it would exit with
    exits: list[int] = []
    monkeypatch.setattr(bot, "_exit_even_if_a_thread_lingers", exits.append)
    for name in list(os.environ):
        if name.startswith(("DISCORD_", "DATABASE_", "ISLE_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token-that-was-reset")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "isle.db"))
    monkeypatch.chdir(tmp_path)
    harness.install()
    try:
        code = bot.main([])
    finally:
        harness.uninstall()
    err = capsys.readouterr().err
    assert code != 0 and "Traceback" not in err
    assert "refused the token" in err and "Reset Token" in err
    assert exits == [code]


def container_python() -> tuple[str, dict[str, str]]:
    """An interpreter uid 10001 may run (ours may live under /root), with our packages on its path,
    as the image's own python would have them."""
    import shutil
    import sysconfig

    for candidate in ("/usr/local/bin/python3", "/usr/bin/python3"):
        if shutil.which(candidate) and subprocess.run(
                [candidate, "-c", "import sys; sys.exit(sys.version_info[:2] != (3, 11) and sys.version_info < (3, 11))"]
        ).returncode == 0:
            return candidate, {"PYTHONPATH": sysconfig.get_paths()["purelib"]}
    pytest.skip("no interpreter an unprivileged user can run")


@pytest.fixture
def open_dir():
    """A folder every user can reach (pytest's own tmp_path sits under a root-only folder)."""
    import shutil
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="isle-container-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as the container's unprivileged user")
def test_the_container_entrypoint_makes_a_fresh_bind_mount_writable_and_stops_without_a_token(open_dir):
    """Docker can't run here: the image's entrypoint runs as root on a folder owned by someone
    else (a bind-mounted ./data), hands it to uid 10001, and the bot without a token explains once
    and exits 0, so restart: on-failure does not loop."""
    tmp_path = open_dir
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chown(data, 4321, 4321)  # the host user's folder
    python, extra = container_python()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(DATABASE_PATH=str(data / "isle.db"), ISLE_IN_CONTAINER="1", **extra)
    proc = subprocess.run([str(ROOT / "scripts/container-start"), python, str(ROOT / "bot.py")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("DISCORD_TOKEN") >= 1 and "Traceback" not in proc.stderr
    assert "docker compose up -d" in proc.stderr and "scripts/run" not in proc.stderr, "said for the container"
    assert data.stat().st_uid == 10001
    # as that user the folder is writable now
    probe = subprocess.run(["setpriv", "--reuid=10001", "--regid=10001", "--clear-groups", "test", "-w", str(data)])
    assert probe.returncode == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become an unprivileged user")
def test_the_entrypoint_as_an_unprivileged_user_says_in_one_line_that_it_cannot_write(open_dir):
    tmp_path = open_dir
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    python, extra = container_python()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(DATABASE_PATH=str(data / "isle.db"), ISLE_IN_CONTAINER="1", **extra)
    proc = subprocess.run(["setpriv", "--reuid=10001", "--regid=10001", "--clear-groups",
                           str(ROOT / "scripts/container-start"), python, str(ROOT / "bot.py")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL)
    assert proc.returncode == 3
    assert proc.stderr.strip().count("\n") == 0 and "Cannot write the database folder" in proc.stderr


def test_an_unreachable_postgresql_is_one_line_without_the_password(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "DISCORD_TOKEN": "x.y.z", "DATABASE_URL": f"postgresql://isle:secret@/isle?host={tmp_path}"}
    proc = subprocess.run([sys.executable, str(root / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 3, proc.stderr
    assert "Cannot open the database postgresql://isle:***@" in proc.stderr and "secret" not in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
