"""Issue 32, item 4: the room installable on a phone (manifest, icons, service worker for the
page's own files) and a page that comes through a real server restart without a reload."""

from __future__ import annotations

import json
import struct
import subprocess
import time
from typing import Any

import httpx
import pytest

from .conftest import NO_ADDRESS_LIMITS, PHONE, start_server, stop_server
from .helpers import Player

pytestmark = pytest.mark.e2e


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return int(w), int(h)


def test_manifest_and_icons_are_served(server: Any) -> None:
    page = server.http.get("/")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    csp = page.headers["content-security-policy"]
    assert "manifest-src 'self'" in csp and "worker-src 'self'" in csp
    r = server.http.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(r.text)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    sizes = {}
    for icon in manifest["icons"]:
        got = server.http.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        w, h = png_size(got.content)
        assert icon["sizes"] == f"{w}x{h}"
        sizes.setdefault(icon["purpose"], set()).add(w)
    assert sizes == {"any": {192, 512}, "maskable": {512}}


def test_service_worker_keeps_the_page_files_but_never_the_api(browser: Any, server: Any) -> None:
    sw = server.http.get("/sw.js")
    assert sw.status_code == 200 and "__VERSION__" not in sw.text and "__FILES__" not in sw.text
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("!!navigator.serviceWorker.controller")
        seen: list[tuple[str, bool]] = []
        page.on("response", lambda r: seen.append((r.url, r.from_service_worker)))
        page.reload()
        page.wait_for_selector("#lang")
        page.wait_for_function("!!navigator.serviceWorker.controller")
        page.evaluate("fetch('/api/tables').then(r => r.json())")
        page.wait_for_timeout(300)
        statics = [sw for url, sw in seen if "/static/" in url and url.endswith(".js")]
        apis = [sw for url, sw in seen if "/api/" in url]
        assert statics and all(statics), seen
        assert apis and not any(apis), seen
        kept = page.evaluate("caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k)"
                             ".then(c => c.keys())))).then(ls => ls.flat().map(r => r.url))")
        paths = {httpx.URL(u).path for u in kept}
        assert {"/", "/static/app.js", "/static/i18n.js", "/static/icons/icon-192.png"} <= paths
        assert not [p for p in paths if p.startswith(("/api", "/ws"))]
    finally:
        ctx.close()


def _restart(srv: Any) -> None:
    """Stop the server and start it again on the same port with the same database."""
    args = list(srv.proc.args)
    srv.proc.terminate()
    srv.proc.wait(timeout=10)
    with open(srv.log, "ab") as out:
        srv.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, cwd=srv.tmp)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(srv.base + "/healthz", timeout=1).text == "ok":
                return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise AssertionError("the server did not come back:\n" + srv.log.read_text())


def test_page_comes_through_a_server_restart_without_reload(browser: Any, frames: Any) -> None:
    srv = start_server(*NO_ADDRESS_LIMITS)
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    ctx.set_default_timeout(20000)
    try:
        bot = {"kind": "bot", "bot": "heuristic"}
        table = srv.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="gr",
                                 name="Rui")
        page = ctx.new_page()
        frames.attach(page, "rui")
        page.goto(f"{srv.base}/t/{table['code']}#seat=P1&token={table['token']}")
        rui = Player(page, "rui", frames, srv.base)
        assert rui.wait_seated() == "P1"
        page.wait_for_selector("body[data-my-turn='1']")
        seq = rui.seq
        page.evaluate("window.__sameDocument = 1")
        _restart(srv)
        page.wait_for_function("document.body.dataset.conn === 'retry'")
        page.wait_for_function("document.body.dataset.conn === 'open'")
        rui.wait_turn(seq)
        rui.act()
        assert int(rui.seq) > int(seq)
        assert page.evaluate("window.__sameDocument") == 1  # never reloaded
    finally:
        ctx.close()
        stop_server(srv)


OFFLINE_PAGES = ["/", "/t/ABCD", "/replay/ABCD", "/leaderboard", "/players/Ann", "/admin",
                 "/score", "/nights", "/night/N1", "/night/N1/t/ABCD", "/clubs", "/club/3"]


def test_service_worker_opens_every_page_route_offline(browser: Any, server: Any) -> None:
    """Every route that serves the page opens from the kept copy when the network is gone;
    the API and /healthz stay the network's."""
    from playwright.sync_api import Error as PlaywrightError

    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("!!navigator.serviceWorker.controller")
        ctx.set_offline(True)
        for path in OFFLINE_PAGES:
            resp = page.goto(server.base + path)
            assert resp is not None and resp.ok and resp.from_service_worker, path
            page.wait_for_selector("#lang")
        for path in ("/api/tables", "/healthz"):
            with pytest.raises(PlaywrightError):
                page.goto(server.base + path)
    finally:
        ctx.close()
