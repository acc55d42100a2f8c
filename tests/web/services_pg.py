"""A real PostgreSQL server for the tests: installed with apt-get when missing, initialised in a
temporary directory (initdb), started with pg_ctl on a free loopback port, stopped at the end.

    server = start_postgres()
    server.url    # 'postgresql+psycopg://trapoula@127.0.0.1:<port>/trapoula'
    server.stop()

PostgreSQL refuses to run as root: as root the server runs as the ``postgres`` user (made by
the Debian package) through ``runuser``.
"""

from __future__ import annotations

import fcntl
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["PostgresServer", "ensure_postgres", "start_postgres"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _bindir() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return str(Path(found[-1]).parent) if found else None


def ensure_postgres() -> str:
    """The directory of the PostgreSQL binaries; ``apt-get install -y postgresql`` if missing."""
    found = _bindir()
    if found:
        return found
    lock_path = Path(tempfile.gettempdir()) / "trapoula-pg-apt.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = _bindir()
        if found:
            return found
        env = {"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
        install = ["apt-get", "install", "-y", "-q", "-o", "DPkg::Lock::Timeout=600",
                   "--no-install-recommends", "postgresql"]
        if subprocess.call(install, env=env) != 0:
            subprocess.check_call(["apt-get", "update", "-q"], env=env)
            subprocess.check_call(install, env=env)
    found = _bindir()
    if not found:
        raise RuntimeError("apt-get installed postgresql but there is no postgres binary")
    return found


@dataclass
class PostgresServer:
    bindir: str
    datadir: str
    port: int
    tmp: str
    user: str | None  # the OS user the server runs as (None: ourselves)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://trapoula@127.0.0.1:{self.port}/trapoula"

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    opts: str = ""

    def pause(self) -> None:
        """Stop the server as a crash would, keeping its data (``resume`` starts it again)."""
        self._run(f"{self.bindir}/pg_ctl", "-D", self.datadir, "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        self._run(f"{self.bindir}/pg_ctl", "-D", self.datadir, "-o", self.opts, "-l",
                  os.path.join(self.tmp, "log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            self._run(f"{self.bindir}/pg_ctl", "-D", self.datadir, "-m", "immediate", "-w",
                      "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.tmp, ignore_errors=True)


def start_postgres() -> PostgresServer:
    """A fresh PostgreSQL cluster with a database ``trapoula`` owned by user ``trapoula``."""
    bindir = ensure_postgres()
    tmp = tempfile.mkdtemp(prefix="trapoula-pg-")
    user = "postgres" if os.geteuid() == 0 else None
    if user:
        shutil.chown(tmp, user=user)
        os.chmod(tmp, 0o700)
    datadir = os.path.join(tmp, "data")
    server = PostgresServer(bindir, datadir, _free_port(), tmp, user)
    server._run(f"{bindir}/initdb", "-D", datadir, "-U", "trapoula", "-A", "trust",
                "-E", "UTF8", "--no-sync")
    opts = (f"-p {server.port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
    for attempt in range(3):
        try:
            server._run(f"{bindir}/pg_ctl", "-D", datadir, "-o", opts, "-l",
                        os.path.join(tmp, "log"), "-w", "-t", "60", "start")
            break
        except subprocess.CalledProcessError:  # the port was taken meanwhile: another one
            if attempt == 2:
                raise
            server.port = _free_port()
            opts = opts.replace(opts.split()[1], str(server.port), 1)
    server.opts = opts
    deadline = time.time() + 30
    while True:
        try:
            import psycopg

            with psycopg.connect(host="127.0.0.1", port=server.port, user="trapoula",
                                 dbname="postgres", autocommit=True) as conn:
                conn.execute("CREATE DATABASE trapoula")
            break
        except Exception:
            if time.time() > deadline:
                server.stop()
                raise
            time.sleep(0.2)
    return server
