"""The ratings API (web/people/routes_ratings.py) over memory, SQLite and PostgreSQL: the
leaderboard and a player's profile; the full replay and the deal analysis of a finished table
only (a running table shows no hidden card); the limits' 429."""

from __future__ import annotations

import time
import uuid
import warnings
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import trapoula
from trapoula.web.app import create_app
from trapoula.web.people import routes_ratings
from trapoula.web.people.ratings import people_for, rate
from trapoula.web.people.rows import Account
from trapoula.web.people.standing import Settled
from trapoula.web.service import TableService

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def api(store: Any) -> Iterator[tuple[TestClient, Any]]:
    svc = TableService(store, bot_delay=0)
    with TestClient(create_app(svc)) as c:
        yield c, people_for(store)


def _settle(people: Any, preset: str, seats: dict[str, str | None], first: str,
            ts: float) -> Settled:
    sides = tuple((s,) for s in seats)
    places = {s: 1 if s == first else 2 for s in seats}
    result = Settled(uuid.uuid4().hex[:16], "bourre", preset, ts, True, "", seats, places,
                     (first,))
    assert people.settle(result, rate(result, sides))
    return result


def test_s_ratings_the_leaderboard_and_a_profile(api: tuple[TestClient, Any]) -> None:
    c, people = api
    names = ["L" + uuid.uuid4().hex[:8] for _ in range(3)]
    ids = []
    for n in names:
        a = Account(uuid.uuid4().hex, n, "h", 1000.0, (), ("el", "en"))
        people.add_account(a)
        ids.append(a.account_id)
    preset = trapoula.make("bourre").preset
    # the API validates the preset: the board is shared on PostgreSQL, so look for ours in it
    before = c.get("/api/leaderboard", params={"game": "bourre", "preset": preset}).json()
    for k in range(3):
        _settle(people, preset, {"P1": ids[0], "P2": ids[1], "P3": "bot:hard"}, "P1",
                2000.0 + k)
    board = c.get("/api/leaderboard", params={"game": "bourre", "preset": preset,
                                              "limit": 100})
    assert board.status_code == 200
    body = board.json()
    assert body["total"] >= before["total"] + 2  # two new players (the bot may be there)
    rows = {r["name"]: r for r in body["rows"]}
    me = rows[names[0]]
    assert me["matches"] == 3 and me["wins"] == 3 and me["provisional"]
    assert me["rating"] > rows[names[1]]["rating"]
    assert me["profile"] == f"/players/{names[0]}"
    assert rows["bot (hard)"]["bot"] and rows["bot (hard)"]["profile"] is None
    ranks = [r["rank"] for r in body["rows"]]
    assert ranks == sorted(ranks) and [r["rating"] for r in body["rows"]] == sorted(
        (r["rating"] for r in body["rows"]), reverse=True)
    page2 = c.get("/api/leaderboard", params={"game": "bourre", "preset": preset,
                                              "offset": 1, "limit": 1}).json()
    assert page2["rows"][0]["rank"] == 2 and len(page2["rows"]) == 1

    # a deleted account stays on the board under its anonymous name, without a profile
    gone = people.get_account(ids[1])
    people.put_account(replace(gone, name="player-" + uuid.uuid4().hex[:6], status="deleted"))
    rows = {r["name"]: r for r in c.get("/api/leaderboard", params={
        "game": "bourre", "preset": preset, "limit": 100}).json()["rows"]}
    assert rows[people.get_account(ids[1]).name]["profile"] is None
    assert c.get(f"/api/players/{people.get_account(ids[1]).name}").status_code == 404
    prof = c.get(f"/api/players/{names[0].upper()}")
    assert prof.status_code == 200
    p = prof.json()
    assert p["name"] == names[0] and p["languages"] == ["el", "en"]
    assert p["member_since"] == 1000.0
    (g,) = p["games"]
    assert (g["game"], g["preset"], g["matches"], g["wins"]) == ("bourre", preset, 3, 3)
    assert [h["rating"] for h in g["history"]] == sorted(h["rating"] for h in g["history"])
    assert len(g["history"]) == 3 and g["history"][-1]["rating"] == g["rating"]
    assert len(p["recent"]) == 3 and p["recent"][0]["replay"].startswith("/replay/")
    assert c.get("/api/players/nobody-" + uuid.uuid4().hex[:6]).status_code == 404
    bad = c.get("/api/leaderboard", params={"game": "bourre", "preset": "nope"})
    assert bad.status_code == 400 and "preset" in bad.json()["message"]
    assert c.get("/leaderboard").status_code == 200
    assert c.get(f"/players/{names[0]}").status_code == 200


def test_s_ratings_the_rating_api_answers_429_past_its_limit(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    monkeypatch.setattr(routes_ratings, "CALLS_PER_MINUTE", 3)
    with TestClient(create_app(TableService(client.app.state.service.store))) as c:
        answers = [c.get("/api/leaderboard") for _ in range(5)]
    assert [a.status_code for a in answers[:4]] == [200, 200, 200, 429]
    assert "at most 3 rating requests a minute" in answers[3].json()["message"]
    assert int(answers[3].headers["Retry-After"]) >= 1


def test_s_ratings_the_full_replay_and_analysis_only_once_the_match_is_over(
        client: TestClient) -> None:
    r = client.post("/api/tables", json={
        "game": "bourloto", "preset": "ru", "seed": 11, "name": "Ana", "seat": "P1",
        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3,
        "table": {"clock": 120}})
    assert r.status_code == 200, r.text
    made = r.json()
    tid = made["table_id"]
    svc = client.app.state.service
    # while it plays (P1's person has not moved): no replay, no analysis, no record
    assert not svc.tables[tid].state.is_over
    for path in (f"/api/tables/{tid}/replay?seq=0", f"/api/tables/{tid}/replay",
                 f"/api/tables/{tid}/analysis?deal=1", f"/api/tables/{tid}/record"):
        got = client.get(path)
        assert got.status_code == 404 and got.json()["error"] == "not_finished", path
    with client.websocket_connect(f"/ws/{tid}?token={made['token']}") as ws:
        ws.send_json({"type": "autoplay"})  # the bot plays P1: the match runs to its end
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    frame = client.get(f"/api/tables/{tid}/replay", params={"seq": 0}).json()
    hands = {s: v.get("hand") for s, v in frame["views"].items()}
    assert all(len(hands[s]) >= 5 for s in ("P1", "P2", "P3", "P4"))  # every hand, once over
    assert not frame["public"].get("hand")
    got = client.get(f"/api/tables/{tid}/analysis", params={"deal": 1})
    assert got.status_code == 200, got.text
    a = got.json()
    assert a["available"] and a["moves"] and set(a["players"]) == {"P1", "P2", "P3", "P4"}
    m = a["moves"][0]
    assert m["played"] in m["values"] and m["lost"] >= 0
    assert client.get(f"/api/tables/{tid}/analysis", params={"deal": 99}).status_code == 404
