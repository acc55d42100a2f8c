"""Issue #30 item 6: a page of another site cannot make a visitor's browser create a table, take
a seat or open a table's socket.  The attacking pages come from a second small HTTP server on
another port and host name (``localhost`` against the room's ``127.0.0.1``); each tries a
``no-cors`` ``fetch`` with a ``text/plain`` JSON body, a ``text/plain`` and an urlencoded form,
a beacon, a ``cors`` JSON fetch and a WebSocket, and nothing changes in the room."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import NO_ADDRESS_LIMITS, Server, _free_port, start_server, stop_server

pytestmark = pytest.mark.e2e
TABLE = {"game": "bourloto", "seats": [{"kind": "human"}, {"kind": "human"}]
         + [{"kind": "bot"}] * 2, "name": "Host", "seat": "P1"}


def _attack_page(base: str, code: str, table_id: str) -> str:
    create = json.dumps({**TABLE, "name": "Eve"})
    join = json.dumps({"name": "Eve", "seat": "P2"})
    field = json.dumps({**TABLE, "name": "Eve"})[:-1] + ',"x":"'  # + '=' + '"}' -> JSON
    return f"""<!doctype html><meta charset="utf-8"><title>loading</title>
<iframe name="sink1"></iframe><iframe name="sink2"></iframe><iframe name="sink3"></iframe>
<form id="plain" method="post" action="{base}/api/tables" enctype="text/plain" target="sink1">
<input type="hidden" name='{field}' value='"}}'></form>
<form id="urlenc" method="post" action="{base}/api/tables/{code}/join" target="sink2">
<input type="hidden" name="name" value="Eve"><input type="hidden" name="seat" value="P2"></form>
<form id="plainjoin" method="post" action="{base}/api/tables/{code}/join" enctype="text/plain"
 target="sink3"><input type="hidden" name='{join[:-1]},"x":"' value='"}}'></form>
<script>
const results = {{}};
async function attempt(name, fn) {{
  try {{ results[name] = await fn(); }} catch (e) {{ results[name] = "error: " + e; }}
}}
(async () => {{
  await attempt("nocors_create", () => fetch("{base}/api/tables", {{method: "POST",
    mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body: {json.dumps(create)}}})
    .then(r => r.type));
  await attempt("nocors_join", () => fetch("{base}/api/tables/{code}/join", {{method: "POST",
    mode: "no-cors", body: {json.dumps(join)}}}).then(r => r.type));
  await attempt("cors_json", () => fetch("{base}/api/tables/{code}/join", {{method: "POST",
    headers: {{"Content-Type": "application/json"}}, body: {json.dumps(join)}}})
    .then(r => r.status));
  await attempt("beacon", () => navigator.sendBeacon("{base}/api/tables",
    new Blob([{json.dumps(create)}], {{type: "text/plain"}})));
  await attempt("socket", () => new Promise(resolve => {{
    const ws = new WebSocket("{base.replace('http', 'ws')}/ws/{table_id}");
    ws.onmessage = ev => {{ resolve("message: " + ev.data.slice(0, 40)); ws.close(); }};
    ws.onerror = () => resolve("refused");
    ws.onclose = ev => resolve("closed " + ev.code);
  }}));
  document.getElementById("plain").submit();
  document.getElementById("urlenc").submit();
  document.getElementById("plainjoin").submit();
  await new Promise(r => setTimeout(r, 1500));
  window.results = results;
  document.title = "done";
}})();
</script>"""


class _Evil(http.server.BaseHTTPRequestHandler):
    page = ""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        body = self.page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    srv = start_server(*NO_ADDRESS_LIMITS)
    try:
        yield srv
    finally:
        stop_server(srv)


def _tables(srv: Server) -> list[dict[str, Any]]:
    return list(srv.http.get("/api/tables").json()["tables"])


def test_s6_a_page_of_another_site_cannot_create_join_or_open_a_socket(
        browser: Any, room: Server) -> None:
    made = room.create_table("bourloto", TABLE["seats"])
    before = _tables(room)
    handler = type("Evil", (_Evil,), {"page": _attack_page(room.base, made["code"],
                                                            made["table_id"])})
    port = _free_port()
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"http://localhost:{port}/")
        page.wait_for_function("document.title === 'done'", timeout=20000)
        results = page.evaluate("window.results")
    finally:
        ctx.close()
        evil.shutdown()
        evil.server_close()
    assert results["cors_json"].startswith("error"), results  # the preflight is not granted
    assert not results["socket"].startswith("message"), results
    after = _tables(room)
    assert len(after) == len(before), (before, after)
    seats = {s["seat"]: s for s in room.http.get(f"/api/tables/{made['code']}").json()["seats"]}
    assert "Eve" not in json.dumps(seats) and "Eve" not in json.dumps(after)
    log = room.log.read_text()
    assert "Traceback" not in log


def test_s6_the_rooms_own_page_still_creates_and_joins(browser: Any, room: Server) -> None:
    ctx = browser.new_context(bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(room.base + "/")
        made = page.evaluate("""async (body) => {
            const r = await fetch("/api/tables", {method: "POST",
              headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
            return [r.status, await r.json()];
        }""", TABLE)
        assert made[0] == 200, made
        code = made[1]["code"]
        plain = page.evaluate("""async (code) => {
            const r = await fetch("/api/tables/" + code + "/join", {method: "POST",
              headers: {"Content-Type": "text/plain"}, body: '{"name": "Bob"}'});
            return [r.status, await r.json()];
        }""", code)
        assert plain[0] == 415 and plain[1]["error"] == "bad_content_type", plain
        joined = page.evaluate("""async (code) => {
            const r = await fetch("/api/tables/" + code + "/join", {method: "POST",
              headers: {"Content-Type": "application/json"}, body: '{"name": "Bob"}'});
            return [r.status, await r.json()];
        }""", code)
        assert joined[0] == 200 and joined[1]["seat"] == "P2", joined
    finally:
        ctx.close()
