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


def test_learned_is_the_default_bot_where_it_beats_hard(client: TestClient) -> None:
    """Issue 17's aim: where the learned bot beats ``hard`` (Bourloto ``ru``, docs/learned.md)
    it is the default bot of web tables; elsewhere the default stays ``medium``."""
    games = client.get("/api/games").json()["games"]
    bourloto = next(g for g in games if g["name"] == "bourloto")
    assert bourloto["default_bots"] == {"ru": "learned", "gr": "medium", "pexevida": "medium"}
    seats = {}
    for preset in ("ru", "gr"):
        r = client.post("/api/tables", json={
            "game": "bourloto", "preset": preset, "seed": 4, "name": "Ann", "seat": "P1",
            "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3}).json()
        state = client.get(f"/api/tables/{r['table_id']}").json()
        seats[preset] = [(s.get("bot"), s.get("level")) for s in state["seats"][1:]]
        assert state["settings"]["level"] == ("learned" if preset == "ru" else "medium")
    assert seats["ru"] == [("learned", None)] * 3
    assert seats["gr"] == [("medium", "medium")] * 3


def test_without_numpy_the_default_stays_medium(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from trapoula.web import catalog

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numpy" else real(name, *a))
    assert catalog.default_bot("bourloto", "ru") == "medium"
    assert catalog.resolve_bot("bourloto", None, None, "ru") == "medium"
