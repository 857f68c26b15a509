"""A throwaway PostgreSQL server for the tests and the benchmark.

``PgServer.start()`` finds PostgreSQL's binaries (Debian's ``/usr/lib/postgresql/<v>/bin``,
or ``initdb`` on the PATH); when there are none and we are root it installs Debian's
``postgresql`` package with apt-get (the way that works on a clean machine and in CI: the
registries reached here are PyPI and Debian, and no PyPI package ships a server that runs
on this image without downloading binaries at run time); not root, it uses password-less
``sudo -n`` when there is one. It then runs ``initdb`` into a
temporary folder and starts ``postgres`` there as a child process listening on a unix
socket only, with fsync off (a throwaway database). As root it runs the server as the
unprivileged ``postgres`` user (created if missing), since PostgreSQL refuses to run as
root. ``stop()`` shuts it down and removes the folder.

Any failure raises ``PgUnavailable`` with the reason: the tests fail loudly, never skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

APT_TIMEOUT = 900


class PgUnavailable(RuntimeError):
    pass


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _install() -> None:
    """Install Debian's ``postgresql`` package: as root, or through password-less ``sudo -n``
    (a CI runner's usual user); otherwise say what to run."""
    prefix: list[str] = []
    if os.geteuid() != 0:
        sudo = shutil.which("sudo")
        if sudo is None or subprocess.run([sudo, "-n", "true"], capture_output=True).returncode != 0:
            raise PgUnavailable("PostgreSQL is not installed and we are not root: run"
                                " `sudo apt-get install postgresql` (or put initdb on the PATH)")
        prefix = [sudo, "-n", "env", "DEBIAN_FRONTEND=noninteractive"]
    if shutil.which("apt-get") is None:
        raise PgUnavailable("PostgreSQL is not installed and there is no apt-get: install PostgreSQL"
                            " (initdb and postgres on the PATH)")
    print("Installing PostgreSQL for the tests (Debian's postgresql package, first run only) ...",
          file=sys.stderr, flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in ([*prefix, "apt-get", "update", "-q"],
                [*prefix, "apt-get", "install", "-y", "-q", "--no-install-recommends", "postgresql"]):
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=APT_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PgUnavailable(f"{' '.join(cmd)} failed: {exc}") from None
        if proc.returncode != 0:
            raise PgUnavailable(f"{' '.join(cmd)} failed: {proc.stderr.strip()[-500:]}")


def find_binaries(install: bool = True) -> Path:
    found = _bin_dir()
    if found is None and install:
        _install()
        found = _bin_dir()
    if found is None:
        raise PgUnavailable("PostgreSQL's binaries (initdb, postgres) were not found")
    return found


def _server_user() -> pwd.struct_passwd | None:
    """The user to run the server as: None when we are not root (run as ourselves)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
                       check=False, capture_output=True)
        try:
            return pwd.getpwnam("postgres")
        except KeyError:
            raise PgUnavailable("cannot create the unprivileged user 'postgres' to run the server") from None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self) -> None:
        self.root: Path | None = None
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.socket_dir: Path | None = None

    def url(self, database: str = "postgres", **settings: str) -> str:
        query = "&".join([f"host={self.socket_dir}", f"port={self.port}", *(f"{k}={v}" for k, v in settings.items())])
        return f"postgresql://isle@/{database}?{query}"

    def start(self, timeout: float = 60.0) -> PgServer:
        bindir = find_binaries()
        user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="isle-pg-"))
        data, self.socket_dir = self.root / "data", self.root / "run"
        self.socket_dir.mkdir()
        os.chmod(self.root, 0o755)
        if user is not None:
            for p in (self.root, self.socket_dir):
                os.chown(p, user.pw_uid, user.pw_gid)
        run_as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []} if user else {}
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
        init = subprocess.run([str(bindir / "initdb"), "-D", str(data), "-U", "isle", "-A", "trust", "-E", "UTF8",
                               "--no-sync", "--locale=C.UTF-8"], capture_output=True, text=True, env=env,
                              cwd=self.root, timeout=120, **run_as)
        if init.returncode != 0:
            self.stop()
            raise PgUnavailable(f"initdb failed: {(init.stderr or init.stdout).strip()[-800:]}")
        self.port = _free_port()
        log = open(self.root / "server.log", "wb")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [str(bindir / "postgres"), "-D", str(data), "-p", str(self.port), "-k", str(self.socket_dir),
             "-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
             "-c", "full_page_writes=off", "-c", "max_connections=200", "-c", "shared_buffers=64MB"],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.root, start_new_session=True, **run_as)
        log.close()
        deadline = time.monotonic() + timeout
        sock = self.socket_dir / f".s.PGSQL.{self.port}"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            if sock.exists() and self._ready(bindir):
                return self
            time.sleep(0.1)
        text = (self.root / "server.log").read_text(errors="replace")[-800:]
        self.stop()
        raise PgUnavailable(f"the PostgreSQL server did not start: {text.strip()}")

    def _ready(self, bindir: Path) -> bool:
        proc = subprocess.run([str(bindir / "pg_isready"), "-h", str(self.socket_dir), "-p", str(self.port),
                               "-U", "isle", "-d", "postgres"], capture_output=True)
        return proc.returncode == 0

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        bindir = find_binaries(install=False)
        proc = subprocess.run([str(bindir / "psql"), "-h", str(self.socket_dir), "-p", str(self.port), "-U", "isle",
                               "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", f'CREATE DATABASE "{name}"'],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise PgUnavailable(f"cannot create database {name}: {proc.stderr.strip()}")
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a test's database (its connections cut), so that a long run does not fill the disk
        with hundreds of them (and stopping the server does not have to wade through gigabytes)."""
        bindir = find_binaries(install=False)
        proc = subprocess.run([str(bindir / "psql"), "-h", str(self.socket_dir), "-p", str(self.port), "-U", "isle",
                               "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc",
                               f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], capture_output=True, text=True)
        if proc.returncode != 0:
            raise PgUnavailable(f"cannot drop database {name}: {proc.stderr.strip()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # immediate shutdown: the data is thrown away; kill if it lingers
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
        if self.root is not None:
            with contextlib.suppress(OSError):
                shutil.rmtree(self.root)
            self.root = None
