"""The Starlette app over HTTP and WebSockets (TestClient), on a SQLite file."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette 1.0 prefers httpx2 for its test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def _until(ws: Any, pred: Any, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no such message")


def test_pages_health_and_games(client: TestClient) -> None:
    assert client.get("/healthz").text == "ok"
    for path in ("/", "/t/ABCDEF", "/replay/123"):
        r = client.get(path)
        assert r.status_code == 200 and "html" in r.headers["content-type"]
    games = client.get("/api/games").json()
    bourloto = next(g for g in games["games"] if g["name"] == "bourloto")
    assert bourloto["presets"] == ["ru", "gr", "pexevida"] and "medium" in bourloto["levels"]
    target = next(o for o in bourloto["options"] if o["name"] == "target")
    assert target["type"] == "int" and target["min"] == 1 and set(target["default"]) == {
        "ru", "gr", "pexevida"}
    assert games["languages"] == ["en", "el", "ru", "it"]


JSON = {"Content-Type": "application/json"}


def test_http_errors(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "bourloto", "options": {"target": "x"}})
    assert r.status_code == 400 and r.json()["error"] == "bad_option"
    assert "whole number" in r.json()["message"]
    r = client.post("/api/tables", content=b"{not json", headers=JSON)
    assert r.status_code == 400
    r = client.post("/api/tables", content=json.dumps({"name": "x" * 20000}).encode(),
                    headers=JSON)
    assert r.status_code == 413
    assert client.post("/api/tables/NOPE/join", json={"name": "A"}).status_code == 404
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.get("/api/tables/nope").status_code == 404


def test_two_players_a_spectator_and_a_reconnect(client: TestClient) -> None:
    r = client.post("/api/tables", json={
        "game": "bourloto", "preset": "gr", "seed": 5, "name": "Alice", "seat": "P1",
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"},
                  {"kind": "bot", "bot": "heuristic"}]}).json()
    j = client.post(f"/api/tables/{r['code']}/join", json={"name": "Bob"}).json()
    assert j["seat"] == "P3"
    full = client.post(f"/api/tables/{r['code']}/join", json={"name": "Eve"})
    assert full.status_code == 409
    listed = client.get("/api/tables").json()["tables"]
    assert [t["status"] for t in listed if t["id"] == r["table_id"]] == ["playing"]
    assert client.get(f"/api/tables/{r['code']}").json()["id"] == r["table_id"]
    tid = r["table_id"]
    with client.websocket_connect(f"/ws/{tid}?token={r['token']}") as p1, \
            client.websocket_connect(f"/ws/{tid}") as spec:
        assert p1.receive_json()["type"] == "chat_history"
        st = _until(p1, lambda m: m["type"] == "state")
        assert st["you"] == "P1" and st["to_act"] == "P1" and st["legal"] == ["take", "pass"]
        p1.send_text(json.dumps({"type": "act", "action": "take", "seq": st["seq"]}))
        st = _until(p1, lambda m: m["type"] == "state" and m["seq"] == 1)
        assert st["last"] == {"seat": "P1", "action": "take"}
        seen = _until(spec, lambda m: m["type"] == "state" and m["seq"] == 1)
        assert seen["you"] is None and seen["view"]["hand"] == [] and seen["legal"] == []
        spec.send_text(json.dumps({"type": "act", "action": "pass", "seq": 1}))
        assert _until(spec, lambda m: m["type"] == "error")["code"] == "spectator"
        p1.send_text("x" * 5000)
        assert _until(p1, lambda m: m["type"] == "error")["code"] == "too_large"
        p1.send_text(json.dumps({"type": "chat", "text": "<script>alert(1)</script>"}))
        chat = _until(spec, lambda m: m["type"] == "chat")
        assert chat["text"] == "<script>alert(1)</script>" and chat["name"] == "Alice"
        p1.send_text('{"type": "ping"}')
        _until(p1, lambda m: m["type"] == "pong")
        hand = st["view"]["hand"]
    # the player drops and comes back with the same token: the full view again
    with client.websocket_connect(f"/ws/{tid}?token={r['token']}") as again:
        history = again.receive_json()
        assert history["type"] == "chat_history" and len(history["messages"]) == 1
        st = _until(again, lambda m: m["type"] == "state")
        assert st["you"] == "P1" and st["seq"] >= 1 and len(st["view"]["hand"]) >= 1
        assert set(st["view"]["hand"]) <= set(hand)


def test_bad_token_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "bourre", "name": "A"}).json()
    with client.websocket_connect(f"/ws/{r['table_id']}?token=forged") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and "token" in msg["message"]
        with pytest.raises(Exception):  # noqa: B017 - the server closed the socket
            ws.receive_json()
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert "no table" in ws.receive_json()["message"]


def test_finished_table_record_and_replay(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "burraco", "seed": 9,
                                         "options": {"target": 300},
                                         "seats": [{"kind": "bot"}] * 4}).json()
    tid = r["table_id"]
    with client.websocket_connect(f"/ws/{tid}") as spec:
        _until(spec, lambda m: m["type"] == "state" and m["over"], limit=5000)
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["format"] == "trapoula-record/2" and rec["game"] == "burraco"
    steps = client.get(f"/api/tables/{tid}/replay").json()
    assert len(steps["steps"]) == len(rec["actions"]) + 1
    frame = client.get(f"/api/tables/{tid}/replay?seq=3").json()
    assert frame["seq"] == 3 and len(frame["views"]["P1"]["hand"]) > 0
    assert [t["id"] for t in client.get("/api/tables?status=finished").json()["tables"]] == [tid]


def test_s6_state_changing_requests_need_this_origin_and_a_json_body(client: TestClient) -> None:
    body = {"game": "bourloto", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3,
            "name": "Ann", "seat": "P1"}
    before = len(client.get("/api/tables").json()["tables"])
    own = "http://testserver"
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Origin": "http://testserver:8001"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"},
                    {"Origin": own, "Sec-Fetch-Site": "cross-site"}):
        r = client.post("/api/tables", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "cross_origin", (headers, r.text)
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                  None):
        headers = {"Origin": own} | ({"Content-Type": ctype} if ctype else {})
        r = client.post("/api/tables", content=json.dumps(body).encode(), headers=headers)
        assert r.status_code == 415 and "application/json" in r.json()["message"], ctype
    assert len(client.get("/api/tables").json()["tables"]) == before
    r = client.post("/api/tables", json=body, headers={"Origin": own,
                                                       "Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 200, r.text
    r = client.post("/api/tables", content=json.dumps(body).encode(),
                    headers={"Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 200, r.text  # no browser (no Origin, no Sec-Fetch-Site): curl
    r = client.get("/api/tables", headers={"Origin": "http://evil.example"})
    assert r.status_code == 200  # reading what is public anyway is not refused


def test_s6_a_foreign_pages_socket_is_refused_before_the_handshake(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    r = client.post("/api/tables", json={"game": "bourloto", "name": "Ann", "seat": "P1",
                                         "seats": [{"kind": "human"}, {"kind": "human"},
                                                   {"kind": "bot"}, {"kind": "bot"}]}).json()
    url = f"/ws/{r['table_id']}?token={r['token']}"
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": "http://testserver", "Sec-Fetch-Site": "same-site"}):
        with pytest.raises(WebSocketDisconnect) as err, client.websocket_connect(
                url, headers=headers) as ws:
            ws.receive_json()
        assert err.value.code == 1008, headers
    with client.websocket_connect(url, headers={"Origin": "http://testserver",
                                                "Sec-Fetch-Site": "same-origin"}) as ws:
        assert ws.receive_json()["type"] in ("hello", "state", "chat_history")
