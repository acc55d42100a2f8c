"""Helpers of the scale tests: `trapoula serve` processes and WebSocket clients.

``start_serve(database_url, redis_url)`` runs ``trapoula serve`` (bots at full speed) in a
subprocess on a free port and waits for ``/healthz``; ``Client`` is one WebSocket connection of
the table protocol (docs/web.md) that records every message it gets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from .services_redis import free_port

__all__ = ["Client", "Serve", "post", "start_serve"]

SERVER_MAIN = "import sys; from trapoula.cli.main import main; sys.exit(main(sys.argv[1:]))"


@dataclass
class Serve:
    """A running ``trapoula serve`` process."""

    process: subprocess.Popen[bytes]
    base: str
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill9(self) -> None:
        """SIGKILL: the process ends at once, letting nothing go."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""


def start_serve(database_url: str, redis_url: str | None = None, *,
                bot_delay: float = 0.0, extra: tuple[str, ...] = ()) -> Serve:
    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="trapoula-serve-")) / "serve.log"
    args = [sys.executable, "-c", SERVER_MAIN, "serve", "--host", "127.0.0.1",
            "--port", str(port), "--database-url", database_url,
            "--bot-delay", str(bot_delay),
            # one test client is one address: the per-address limits are off here
            "--tables-per-minute", "0", "--joins-per-minute", "0", "--seats-per-address", "0",
            "--conns-per-address", "0"]
    if redis_url:
        args += ["--redis-url", redis_url]
    args += list(extra)
    with log.open("wb") as out:
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)
    serve = Serve(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"trapoula serve exited with {process.returncode}:\n"
                               + serve.log_text())
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(serve.base + "/healthz", timeout=1) as resp:
                if resp.status == 200:
                    return serve
        time.sleep(0.1)
    serve.stop()
    raise RuntimeError("trapoula serve did not answer /healthz:\n" + serve.log_text())


@contextlib.contextmanager
def serve_pair(database_url: str, redis_url: str, *, bot_delay: float = 0.0,
               extra: tuple[str, ...] = ()) -> Iterator[tuple[Serve, Serve]]:
    """Two ``trapoula serve`` processes on one database and one Redis (the first creates the
    schema), stopped afterwards."""
    first = start_serve(database_url, redis_url, bot_delay=bot_delay, extra=extra)
    try:
        second = start_serve(database_url, redis_url, bot_delay=bot_delay, extra=extra)
    except BaseException:
        first.stop()
        raise
    try:
        yield first, second
    finally:
        second.stop()
        first.stop()


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST a JSON body, the JSON answer (HTTP errors raise with their body)."""
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            answer: dict[str, Any] = json.loads(resp.read())
            return answer
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"POST {url}: {exc.code} {exc.read()!r}") from None


@dataclass
class Client:
    """One socket on a table: ``states`` and ``errors`` it received, in order."""

    name: str
    url: str
    ws: ClientConnection | None = None
    states: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, name: str, base: str, table_id: str, token: str | None) -> Client:
        url = base.replace("http://", "ws://", 1) + f"/ws/{table_id}"
        if token:
            url += f"?token={token}"
        client = cls(name, url)
        client.ws = await connect(url, open_timeout=20)
        client.task = asyncio.create_task(client._read())
        await client.wait(lambda: bool(client.states), "a first state")
        return client

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                msg = json.loads(raw)
                if msg.get("type") == "state":
                    self.states.append(msg)
                elif msg.get("type") == "error":
                    self.errors.append(msg)

    @property
    def last(self) -> dict[str, Any]:
        return self.states[-1]

    @property
    def seq(self) -> int:
        return int(self.states[-1]["seq"]) if self.states else -1

    async def wait(self, check: Any, what: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: timed out waiting for {what}; "
                                     f"last seq {self.seq}, errors {self.errors[-3:]}")
            await asyncio.sleep(0.005)

    async def wait_seq(self, seq: int, timeout: float = 15.0) -> None:
        await self.wait(lambda: self.seq >= seq, f"seq {seq}", timeout)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def act(self, action: str, seq: int) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self.task, 5)
