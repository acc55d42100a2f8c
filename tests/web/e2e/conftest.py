"""Fixtures of the browser tests: a real ``trapoula serve`` and Debian's headless Chromium.

The server runs as a subprocess on a free port with a temporary SQLite file and bots that
play at once (``--bot-delay 0``).  Chromium is Debian's ``/usr/bin/chromium``, installed with
apt-get when it is missing (CI runs as root); Playwright's own browser download is never used.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .helpers import FrameLog, Player

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end tests in a real browser (run by make test)")


def _ensure_chromium() -> str:
    """Debian's chromium, installed with apt-get when missing (one worker at a time)."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    lock_path = Path(tempfile.gettempdir()) / "trapoula-e2e-apt.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not Path(CHROMIUM).exists():
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            apt = shutil.which("apt-get") or "apt-get"
            install = [apt, "install", "-y", "-o", "DPkg::Lock::Timeout=600", "chromium"]
            if subprocess.run(install, env=env).returncode != 0:
                subprocess.run([apt, "update"], env=env, check=True)
                subprocess.run(install, env=env, check=True)
    assert Path(CHROMIUM).exists(), "apt-get could not install chromium"
    return CHROMIUM


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running ``trapoula serve`` and an HTTP client for its API."""

    def __init__(self, base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.base = base
        self.proc = proc
        self.log = log
        self.http = httpx.Client(base_url=base, timeout=10)

    def create_table(self, game: str, seats: list[dict[str, Any]], *, preset: str | None = None,
                     options: dict[str, Any] | None = None, name: str = "Host",
                     seat: str = "P1", table: dict[str, Any] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats,
                                "name": name, "seat": seat}
        if table is not None:
            body["table"] = table
        if preset:
            body["preset"] = preset
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def record(self, table_id: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table_id}/record")
        assert r.status_code == 200, r.text
        return dict(r.json())


def start_server(*extra: str, preexec_fn: Callable[[], Any] | None = None) -> Server:
    """``trapoula serve`` on a free port with a temporary SQLite file (stop it with
    :func:`stop_server`); ``preexec_fn`` runs in the child before it starts (limits)."""
    tmp = Path(tempfile.mkdtemp(prefix="trapoula-e2e-"))
    port = _free_port()
    log = tmp / "server.log"
    cmd = [sys.executable, "-c", "import sys; from trapoula.cli.main import main; sys.exit(main())",
           "serve", "--host", "127.0.0.1", "--port", str(port),
           "--database-url", f"sqlite:///{tmp / 'e2e.db'}", "--bot-delay", "0", *extra]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=tmp,
                                preexec_fn=preexec_fn)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + "/healthz", timeout=1).text == "ok":
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("trapoula serve did not start:\n" + log.read_text())
        time.sleep(0.05)
    srv = Server(base, proc, log)
    srv.tmp = tmp  # type: ignore[attr-defined]
    return srv


def stop_server(srv: Server) -> None:
    srv.http.close()
    srv.proc.terminate()
    try:
        srv.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        srv.proc.kill()
    shutil.rmtree(srv.tmp, ignore_errors=True)  # type: ignore[attr-defined]


# every browser of the tests comes from 127.0.0.1: the per-address limits are off here
# (tests/web/test_serve.py checks them on a server of its own)
NO_ADDRESS_LIMITS = ("--tables-per-minute", "0", "--joins-per-minute", "0",
                     "--seats-per-address", "0", "--conns-per-address", "0",
                     "--signins-per-minute", "0", "--accounts-per-hour", "0",
                     "--account-calls-per-minute", "0")


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    srv = start_server(*NO_ADDRESS_LIMITS)
    try:
        yield srv
    finally:
        stop_server(srv)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module.  Not for the session: while Playwright's sync API runs,
    its event loop counts as running in this thread, and the other web tests that xdist gives
    to the same worker need to run their own loops."""
    from playwright.sync_api import sync_playwright

    path = _ensure_chromium()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def frames() -> FrameLog:
    """Every WebSocket frame every page of the test receives."""
    return FrameLog()


@pytest.fixture
def open_player(browser: Any, server: Server, frames: FrameLog) -> Iterator[Callable[..., Player]]:
    """Open a page in a fresh browser context (its own localStorage) as a Player."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(label: str, path: str = "/", *, viewport: dict[str, int] | None = None,
             context: Any = None) -> Player:
        ctx = context
        if ctx is None:
            # Playwright evaluates its wait_for_function strings, which the CSP forbids
            ctx = browser.new_context(viewport=viewport or DESKTOP, bypass_csp=True)
            ctx.set_default_timeout(15000)
            contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(f"{label}: {exc}"))
        frames.attach(page, label)
        page.goto(server.base + path)
        return Player(page, label, frames, server.base)

    yield make
    for ctx in contexts:
        with contextlib.suppress(Exception):
            ctx.close()
    assert not errors, "JavaScript errors in the page: " + "; ".join(errors)
