"""Issue 32: the offline table runs as the image's user (uid 10001) in a tree it cannot write, as it
does in the container (``/app`` is root's, read-only): the games and boards go to ``ISLE_OUT_DIR``
(the image points it into its data volume), and without a writable folder it says so in one line.

Runs the real ``bot.py`` in a subprocess under ``setpriv`` (needs root, as in CI and the image's
entrypoint)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UID = 10001


def _others_can_run_the_project() -> bool:
    """Another user can run this checkout's Python on its files (a clone in a private folder cannot)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return False
    probe = subprocess.run(["setpriv", f"--reuid={UID}", f"--regid={UID}", "--clear-groups", sys.executable, "-c",
                            f"open({str(ROOT / 'bot.py')!r}).read()"], capture_output=True, timeout=60, check=False)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not _others_can_run_the_project(),
                                reason="needs root, setpriv and a checkout other users can read")


def as_bot_user(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["setpriv", f"--reuid={UID}", f"--regid={UID}", "--clear-groups", sys.executable,
                           str(ROOT / "bot.py"), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.fixture
def tmp_path():
    """A folder the other user can reach (pytest's own are private to root)."""
    base = Path(tempfile.mkdtemp(prefix="isle-uid-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def test_the_offline_table_writes_into_isle_out_dir_as_the_bot_user(tmp_path):
    readonly = tmp_path / "app"  # the working folder: root's, not writable by uid 10001
    readonly.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    os.chown(data, UID, UID)
    env = {k: v for k, v in os.environ.items() if k not in ("ISLE_OUT_DIR",)} | {
        "ISLE_OUT_DIR": str(data / "out"), "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(data)}
    proc = as_bot_user(["offline", "my_island", "--seats", "ai,ai", "--seed", "3"], readonly, env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    boards = list((data / "out").glob("my_island-3/board-*.png"))
    assert boards and "Traceback" not in proc.stderr
    assert not any(readonly.iterdir()), "nothing was written into the read-only tree"


def test_without_a_writable_folder_it_says_so_in_one_line(tmp_path):
    readonly = tmp_path / "app"
    readonly.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "ISLE_OUT_DIR"} | {"PYTHONDONTWRITEBYTECODE": "1"}
    proc = as_bot_user(["offline", "my_island", "--seats", "ai,ai", "--seed", "3"], readonly, env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Cannot write the folder" in lines[0] and "ISLE_OUT_DIR" in lines[0]
