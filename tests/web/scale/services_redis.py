"""A real ``redis-server`` for the scale tests: installed with apt-get when missing, started on a
free loopback port in a temporary directory, without persistence, stopped at the end.

    server = start_redis()
    server.url   # 'redis://127.0.0.1:<port>/0'
    server.stop()
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["RedisServer", "ensure_redis_server", "free_port", "start_redis"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_redis_server() -> str:
    """The path of ``redis-server``; ``apt-get install -y redis-server`` when it is missing."""
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if found:
        return found
    env = {"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
    install = ["apt-get", "install", "-y", "-q", "-o", "DPkg::Lock::Timeout=600",
               "--no-install-recommends", "redis-server"]
    if subprocess.call(install, env=env) != 0:
        subprocess.check_call(["apt-get", "update", "-q"], env=env)
        subprocess.check_call(install, env=env)
    found = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(found).exists():
        raise RuntimeError("apt-get installed redis-server but there is no redis-server binary")
    return found


@dataclass
class RedisServer:
    """A running redis-server process of ours."""

    process: subprocess.Popen[bytes]
    port: int
    directory: tempfile.TemporaryDirectory[str]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.directory.cleanup()

    def halt(self) -> None:
        """Stop the process (clients get refused connections until :meth:`resume`)."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def resume(self) -> None:
        """Start it again on the same port after :meth:`halt`."""
        self.process = _spawn(ensure_redis_server(), self.port, self.directory.name)
        _wait_ready(self)

    def restart(self) -> None:
        """Stop the process and start a new one on the same port (connections drop)."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = _spawn(ensure_redis_server(), self.port, self.directory.name)
        _wait_ready(self)


def _spawn(binary: str, port: int, directory: str) -> subprocess.Popen[bytes]:
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--daemonize", "no", "--dir", directory,
            "--logfile", str(Path(directory) / "redis.log"), "--maxclients", "10000"]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait_ready(server: RedisServer, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            err = server.process.stderr.read().decode() if server.process.stderr else ""
            log = Path(server.directory.name, "redis.log")
            raise RuntimeError("redis-server exited: " + err
                               + (log.read_text() if log.exists() else ""))
        if server.ping():
            return
        time.sleep(0.05)
    raise RuntimeError(f"redis-server did not answer PING on port {server.port}")


def start_redis() -> RedisServer:
    """Start a private redis-server and wait until it answers."""
    binary = ensure_redis_server()
    directory = tempfile.TemporaryDirectory(prefix="trapoula-redis-")
    port = free_port()
    server = RedisServer(_spawn(binary, port, directory.name), port, directory)
    try:
        _wait_ready(server)
    except BaseException:
        server.stop()
        raise
    return server
