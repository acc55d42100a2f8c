"""The social API (web/people/routes_social.py) through HTTP on each kind of store: friends
asked and accepted, an invite seen in the friend's home and waking his wait, a block that
refuses a join, a chat line reported with its context and acted on by a moderator (the
suspended player is refused), and the limits (401 signed out, 429)."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from trapoula.web.people.passwords import FAST
from trapoula.web.people.routes_social import SocialLimits
from trapoula.web.people.store import people_of

PAGE = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
HUMANS2 = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]


class Room:
    """One test client; ``as_(name)`` makes the following requests that account's."""

    def __init__(self, client: Any) -> None:
        self.c = client
        self.cookies: dict[str, str] = {}
        self.ids: dict[str, str] = {}

    def register(self, name: str) -> str:
        self.c.cookies.clear()
        r = self.c.post("/api/account/register", json={"name": name,
                                                         "password": "correct horse"})
        assert r.status_code == 200, r.text
        self.cookies[name] = self.c.cookies.get("trapoula_session")
        self.ids[name] = r.json()["account"]["id"]
        return self.ids[name]

    def as_(self, name: str | None) -> Any:
        self.c.cookies.clear()
        if name is not None:
            self.c.cookies.set("trapoula_session", self.cookies[name])
        return self.c


@pytest.fixture
def room(store: Any) -> Iterator[Room]:
    from trapoula.web.app import create_app
    from trapoula.web.service import TableService

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    svc = TableService(store, bot_delay=0, fixed_seeds=True)
    svc.password_params = FAST  # type: ignore[attr-defined]
    svc.social_limits = SocialLimits(writes=8)  # type: ignore[attr-defined]
    with TestClient(create_app(svc), headers=PAGE) as c:
        yield Room(c)


def _name(base: str) -> str:
    import uuid

    return base + uuid.uuid4().hex[:6]  # the PostgreSQL server is shared by the session


def _friends(room: Room, a: str, b: str) -> None:
    assert room.as_(a).post("/api/social/friend", json={"player": b}).json()["state"] == "asked"
    home = room.as_(b).get("/api/social/home").json()
    assert [(f["name"], f["state"]) for f in home["friends"]] == [(a, "incoming")]
    assert room.as_(b).post("/api/social/friend", json={"player": a}).json()["state"] == "friends"


def test_friends_see_each_other_online_and_an_invite_reaches_the_lobby(room: Room) -> None:
    ann, bob = _name("Ann"), _name("Bob")
    room.register(ann)
    room.register(bob)
    _friends(room, ann, bob)
    c = room.as_(ann)
    t = c.post("/api/tables", json={"game": "bourloto", "preset": "gr", "seats": HUMANS2,
                                    "name": ann}).json()
    since = room.as_(bob).get("/api/social/wait", params={"timeout": 0}).json()["now"]
    with room.as_(ann).websocket_connect(f"/ws/{t['table_id']}?token={t['token']}") as ws:
        assert ws.receive_json()["type"] == "chat_history"  # connected: presence written
        home = room.as_(bob).get("/api/social/home").json()
        [friend] = home["friends"]
        assert (friend["name"], friend["state"], friend["online"], friend["table"]) == (
            ann, "friend", True, t["code"])
        r = room.as_(ann).post("/api/social/invite", json={"player": bob, "table": t["code"]})
        assert r.status_code == 200, r.text
    start = time.monotonic()
    wait = room.as_(bob).get("/api/social/wait", params={"since": since, "timeout": 10})
    assert wait.json()["news"] is True and time.monotonic() - start < 5
    [inv] = room.as_(bob).get("/api/social/home").json()["invites"]
    assert (inv["from"], inv["code"], inv["seen"]) == (ann, t["code"], False)
    assert room.as_(bob).post("/api/social/invites/seen",
                              json={"ids": [inv["id"]]}).json() == {"seen": 1}
    assert room.as_(ann).post("/api/social/unfriend", json={"player": bob}).json()["removed"]
    assert room.as_(bob).get("/api/social/home").json()["friends"] == []


def test_a_blocked_player_cannot_join_invite_or_ask(room: Room) -> None:
    ann, bob = _name("Ann"), _name("Bob")
    room.register(ann)
    room.register(bob)
    t = room.as_(ann).post("/api/tables", json={"game": "bourloto", "preset": "gr",
                                                "seats": HUMANS2, "name": ann}).json()
    assert room.as_(ann).post("/api/social/block", json={"player": bob}).json()["blocked"]
    r = room.as_(bob).post(f"/api/tables/{t['code']}/join", json={"name": bob})
    assert r.status_code == 403 and r.json()["error"] == "blocked"
    r = room.as_(bob).post("/api/social/friend", json={"player": ann})
    assert r.status_code == 403 and "does not take requests" in r.json()["message"]
    assert room.as_(None).post(f"/api/tables/{t['code']}/join",
                               json={"name": "Guest"}).status_code == 200
    home = room.as_(ann).get("/api/social/home").json()
    assert [b["name"] for b in home["blocked"]] == [bob]


def test_a_reported_chat_line_is_acted_on_and_the_suspended_player_refused(
        room: Room, store: Any) -> None:
    ann, bob, mod = _name("Ann"), _name("Bob"), _name("Keeper")
    room.register(ann)
    room.register(bob)
    mod_id = room.register(mod)
    people = people_of(store)
    people.put_account(replace(people.get_account(mod_id), roles=("moderator",)))
    t = room.as_(bob).post("/api/tables", json={"game": "bourloto", "preset": "gr",
                                                "seats": HUMANS2, "name": bob}).json()
    with room.as_(bob).websocket_connect(f"/ws/{t['table_id']}?token={t['token']}") as ws:
        ws.send_json({"type": "chat", "phrase": "hello"})
        for text in ("you are an idiot", "bye"):
            ws.send_json({"type": "chat", "text": text})
        lines = []
        while len(lines) < 3:
            m = ws.receive_json()
            if m["type"] == "chat":
                lines.append(m)
    assert all(m["account"] == room.ids[bob] for m in lines)
    assert room.as_(ann).post("/api/social/report", json={}).status_code == 400
    r = room.as_(ann).post("/api/social/report", json={"table": t["code"], "ts": lines[1]["ts"],
                                                        "text": "insult"})
    assert r.status_code == 200, r.text
    assert room.as_(ann).get("/api/admin/reports").status_code == 403
    [rep] = room.as_(mod).get("/api/admin/reports").json()["reports"]
    assert (rep["reporter"], rep["target"], rep["text"]) == (ann, bob, "insult")
    assert [(x["text"], x.get("phrase"), x["reported"]) for x in rep["context"]] == [
        ("Hello!", "hello", False), ("you are an idiot", None, True), ("bye", None, False)]
    r = room.as_(mod).post("/api/admin/act", json={"report": rep["id"], "act": "suspend",
                                                   "hours": 24, "reason": "insults"})
    assert r.status_code == 200 and r.json()["status"] == "suspended", r.text
    assert room.as_(mod).get("/api/admin/reports").json()["reports"] == []
    # the suspended player: his cookie no longer signs him in, nor takes a seat
    assert room.as_(bob).get("/api/account").json() == {"account": None}
    r = room.as_(bob).post(f"/api/tables/{t['code']}/join", json={"name": bob})
    assert r.status_code == 403 and r.json()["error"] == "suspended"
    room.as_(None)
    r = room.c.post("/api/account/signin", json={"name": bob, "password": "correct horse"})
    assert r.status_code == 403 and "suspended" in r.json()["message"]


def test_signed_out_requests_and_too_many_writes_are_refused(room: Room) -> None:
    r = room.as_(None).get("/api/social/home")
    assert r.status_code == 401 and r.json()["error"] == "signed_out"
    ann, bob = _name("Ann"), _name("Bob")
    room.register(ann)
    room.register(bob)
    codes = [room.as_(ann).post("/api/social/mute", json={"player": bob}).status_code
             for _ in range(9)]
    assert codes == [200] * 8 + [429]
    r = room.as_(ann).post("/api/social/mute", json={"player": bob})
    assert "at most 8" in r.json()["message"] and "wait" in r.json()["message"]
    r = room.as_(bob).post("/api/social/friend", json={"player": "nobody-here"})
    assert r.status_code == 404


def test_a_warning_shows_once_in_the_players_home_and_a_ban_is_lifted(room: Room,
                                                                     store: Any) -> None:
    ann, keeper = _name("Ann"), _name("Keeper")
    room.register(ann)
    keeper_id = room.register(keeper)
    people = people_of(store)
    people.put_account(replace(people.get_account(keeper_id), roles=("admin",)))
    r = room.as_(keeper).post("/api/admin/act", json={"player": ann, "act": "warn",
                                                      "reason": "mind your words"})
    assert r.status_code == 200 and r.json()["status"] == "active", r.text
    home = room.as_(ann).get("/api/social/home").json()
    assert [w["reason"] for w in home["warnings"]] == ["mind your words"]
    assert room.as_(ann).get("/api/social/home").json()["warnings"] == []
    bad = room.as_(keeper).post("/api/admin/act", json={"player": ann, "act": "suspend"})
    assert bad.status_code == 400 and "hours" in bad.json()["message"]
    assert room.as_(keeper).post("/api/admin/act", json={"player": ann, "act": "ban"}
                                 ).json()["status"] == "banned"
    assert room.as_(ann).get("/api/social/home").status_code == 401  # signed out by the ban
    assert room.as_(keeper).post("/api/admin/act", json={"player": ann, "act": "lift"}
                                 ).json()["status"] == "active"
    assert room.as_(ann).get("/api/social/home").status_code == 200
    assert [s.kind for s in people.sanctions_of(people.find_account(ann).account_id)] == [
        "lift", "ban", "warn"]


def test_a_deleted_account_leaves_no_friends_asks_invites_presence_mutes_or_blocks(
        room: Room, store: Any) -> None:
    ann, bob, cy, mod = _name("Ann"), _name("Bob"), _name("Cy"), _name("Keeper")
    ann_id, bob_id, cy_id = room.register(ann), room.register(bob), room.register(cy)
    room.register(mod)
    people = people_of(store)
    _friends(room, ann, bob)
    assert room.as_(ann).post("/api/social/friend", json={"player": cy}).json()["state"] == "asked"
    t = room.as_(bob).post("/api/tables", json={"game": "bourloto", "preset": "gr",
                                                "seats": HUMANS2, "name": bob}).json()
    assert room.as_(bob).post("/api/social/invite",
                              json={"player": ann, "table": t["code"]}).status_code == 200
    for what in ("mute", "block"):
        assert room.as_(ann).post(f"/api/social/{what}", json={"player": cy}).status_code == 200
    assert room.as_(cy).post("/api/social/mute", json={"player": ann}).status_code == 200
    assert room.as_(bob).post("/api/social/report",
                              json={"player": ann, "text": "rude"}).status_code == 200
    people.touch_presence([(ann_id, None)], time.time())
    r = room.as_(ann).post("/api/account/delete", json={"password": "correct horse"})
    assert r.status_code == 200, r.text
    assert people.friends_of(ann_id) == [] and people.friends_of(bob_id) == []
    assert people.friends_of(cy_id) == []  # his ask is gone too
    assert people.invites_for(ann_id) == [] and people.presence_of([ann_id]) == {}
    assert people.muted_by(ann_id) == set() and people.blocked_by(ann_id) == set()
    assert people.muted_by(cy_id) == {ann_id}  # others' mutes are theirs
    assert [rep.target_id for rep in people.reports()] == [ann_id]  # reports stay
    assert room.as_(bob).get("/api/social/home").json()["friends"] == []
