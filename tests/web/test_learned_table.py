"""The learned Bourloto bot at a web table: listed by the lobby, plays a whole match."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("numpy")

import trapoula  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_learned_bots_play_a_whole_web_match(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert "learned" in next(g for g in games if g["name"] == "bourloto")["bots"]
    r = client.post("/api/tables", json={
        "game": "bourloto", "preset": "gr", "seed": 4, "options": {"target": 300},
        "seats": [{"kind": "bot", "bot": "learned"}, {"kind": "bot", "bot": "heuristic"}] * 2,
    }).json()
    tid = r["table_id"]
    with client.websocket_connect(f"/ws/{tid}") as spec:
        for _ in range(5000):
            msg = spec.receive_json()
            if msg["type"] == "state" and msg["over"]:
                break
        else:
            raise AssertionError("the match did not end")
    rec = client.get(f"/api/tables/{tid}/record").json()
    final = trapoula.replay(rec)
    assert final.is_over and len(rec["actions"]) > 40
