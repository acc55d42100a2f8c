"""Clubs over the API (web/club/api_clubs.py) on each store: open and by-invitation clubs
(join, ask and be approved, be invited and accept), administrators, the club's lobby (its
members' open tables), calendar (its nights) and leaderboard (its nights' results)."""

from __future__ import annotations

import uuid
from typing import Any

from tests.web.test_club_score import client, register

BOTS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]


def _club(c: Any, open_: bool) -> dict[str, Any]:
    r = c.post("/api/clubs", json={"name": "Circolo " + uuid.uuid4().hex[:6], "open": open_})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    assert out["role"] == "admin"
    return out


def _roles(c: Any, club_id: str) -> dict[str, str]:
    return {m["name"]: m["role"] for m in c.get(f"/api/clubs/{club_id}").json()["members"]}


def test_open_and_invitation_clubs_and_their_administrators(store: Any) -> None:
    with client(store) as admin, client(store) as bea, client(store) as carlo:
        a, b, c = register(admin, "Ada"), register(bea, "Bea"), register(carlo, "Carlo")
        open_club = _club(admin, True)
        dup = admin.post("/api/clubs", json={"name": open_club["name"].upper()})
        assert dup.status_code == 409
        assert bea.post(f"/api/clubs/{open_club['id']}/join", json={}).json()["role"] == "member"
        closed = _club(admin, False)
        cid = closed["id"]
        # asking to join a club by invitation waits for an administrator
        assert bea.post(f"/api/clubs/{cid}/join", json={}).json()["role"] == "requested"
        assert _roles(bea, cid) == {a["name"]: "admin", b["name"]: "requested"}
        assert _roles(carlo, cid) == {a["name"]: "admin"}  # requests are not public
        no = carlo.post(f"/api/clubs/{cid}/approve", json={"account_id": b["id"]})
        assert no.status_code == 403
        assert admin.post(f"/api/clubs/{cid}/approve", json={"account_id": b["id"]}).json()[
            "role"] == "member"
        # an invitation is accepted by the invited player
        assert admin.post(f"/api/clubs/{cid}/invite", json={"name": c["name"]}).json()[
            "role"] == "invited"
        listed = {x["id"]: x["role"] for x in carlo.get("/api/clubs").json()["clubs"]}
        assert listed[cid] == "invited" and listed[open_club["id"]] is None
        assert carlo.post(f"/api/clubs/{cid}/accept", json={}).json()["role"] == "member"
        assert _roles(admin, cid) == {a["name"]: "admin", b["name"]: "member",
                                      c["name"]: "member"}
        # the last administrator stays until another is named
        assert admin.post(f"/api/clubs/{cid}/leave", json={}).json()["error"] == "last_admin"
        admin.post(f"/api/clubs/{cid}/role", json={"account_id": b["id"], "role": "admin"})
        assert admin.post(f"/api/clubs/{cid}/leave", json={}).status_code == 200
        assert _roles(bea, cid) == {b["name"]: "admin", c["name"]: "member"}
        assert bea.post(f"/api/clubs/{cid}/remove", json={"account_id": c["id"]}).json()[
            "role"] is None
        assert carlo.post(f"/api/clubs/{cid}/invite", json={"name": a["name"]}).status_code \
            == 403


def test_a_clubs_lobby_calendar_and_leaderboard(store: Any) -> None:
    with client(store) as admin, client(store) as bea, client(store) as guest:
        register(admin, "Ada")
        register(bea, "Bea")
        club = _club(admin, True)
        cid = club["id"]
        bea.post(f"/api/clubs/{cid}/join", json={})
        # the lobby: open tables where a member sits
        made = bea.post("/api/tables", json={"game": "bourloto", "seats": BOTS,
                                             "name": "Bea"})
        assert made.status_code == 200, made.text
        guest.post("/api/tables", json={"game": "bourloto", "seats": BOTS, "name": "Guest"})
        lobby = admin.get(f"/api/clubs/{cid}").json()["lobby"]
        assert [t["code"] for t in lobby] == [made.json()["code"]]
        # the calendar: the club's nights, made by its administrators only
        refused = bea.post("/api/nights", json={"game": "burraco", "club": cid})
        assert refused.status_code == 403
        night = admin.post("/api/nights", json={"game": "burraco", "club": cid,
                                                "title": "Giovedì", "starts": 2_000_000_000})
        code = night.json()["code"]
        shown = guest.get(f"/api/clubs/{cid}").json()
        assert [(n["code"], n["starts"]) for n in shown["calendar"]] == [(code, 2_000_000_000)]
        # the leaderboard: the club's nights' results
        admin.post(f"/api/nights/{code}/register", json={"names": ["Rossi", "Verdi"]})
        n = admin.post(f"/api/nights/{code}/pair", json={}).json()
        tb = n["rounds"][0]["tables"][0]["code"]
        guest.post(f"/api/nights/{code}/t/{tb}", json={"points_a": 1500, "points_b": 900})
        board = guest.get(f"/api/clubs/{cid}").json()["leaderboard"]
        assert [(r["entrant"], r["vp"], r["won"]) for r in board] == [
            ("Rossi", 15.0, 1), ("Verdi", 5.0, 0)]  # 600 in 3 hands: 15-5 (FIBUR)
        assert guest.get("/api/clubs/nope").status_code == 404
        assert guest.post("/api/clubs", json={"name": "X club"}).status_code == 401
