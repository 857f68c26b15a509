"""The PostgreSQL install path of tests/pg_server.py on a machine without its binaries (issue 20):
Debian's package through apt-get as root or through password-less sudo, else one clear reason."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests import pg_server


class Machine:
    """No PostgreSQL until ``apt-get install`` has run; every command is recorded, none runs."""

    def __init__(self, monkeypatch, uid: int, sudo: bool, apt: bool = True) -> None:
        self.commands: list[list[str]] = []
        self.installed = False
        monkeypatch.setattr(pg_server.os, "geteuid", lambda: uid)
        tools = {"apt-get": "/usr/bin/apt-get" if apt else None, "sudo": "/usr/bin/sudo" if sudo else None}
        monkeypatch.setattr(pg_server.shutil, "which", lambda name: tools.get(name))
        monkeypatch.setattr(pg_server, "_bin_dir", lambda: Path("/usr/lib/postgresql/15/bin") if self.installed else None)
        monkeypatch.setattr(pg_server.subprocess, "run", self.run)

    def run(self, cmd, **kwargs):
        self.commands.append(list(cmd))
        if "install" in cmd:
            assert kwargs["env"]["DEBIAN_FRONTEND"] == "noninteractive"
            self.installed = True
        return subprocess.CompletedProcess(cmd, 0, "", "")


def test_as_root_debians_package_is_installed_with_apt_get(monkeypatch, capsys):
    m = Machine(monkeypatch, uid=0, sudo=False)
    assert pg_server.find_binaries() == Path("/usr/lib/postgresql/15/bin")
    assert m.commands == [["apt-get", "update", "-q"],
                          ["apt-get", "install", "-y", "-q", "--no-install-recommends", "postgresql"]]
    assert "Installing PostgreSQL" in capsys.readouterr().err


def test_a_user_with_passwordless_sudo_installs_through_it(monkeypatch):
    m = Machine(monkeypatch, uid=1000, sudo=True)
    assert pg_server.find_binaries() == Path("/usr/lib/postgresql/15/bin")
    assert m.commands[0] == ["/usr/bin/sudo", "-n", "true"]
    assert all(c[:4] == ["/usr/bin/sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"] for c in m.commands[1:])
    assert m.commands[-1][-1] == "postgresql"


@pytest.mark.parametrize(("uid", "sudo", "apt", "reason"), [(1000, False, True, "not root"),
                                                             (0, False, False, "no apt-get")])
def test_otherwise_the_reason_is_given(monkeypatch, uid, sudo, apt, reason):
    Machine(monkeypatch, uid=uid, sudo=sudo, apt=apt)
    with pytest.raises(pg_server.PgUnavailable, match=reason):
        pg_server.find_binaries()
