"""The account API (web/people/routes_accounts.py, auth.py): register, sign in and out on two
devices, the session cookie's flags, joining a table signed in, a guest's seats claimed, a
deleted, suspended or banned account, a cross-site request refused, the 429s."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from trapoula.web.limits import Limits
from trapoula.web.people.passwords import FAST
from trapoula.web.people.store import people_of

PAGE = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}  # the room's own page
BOTS3 = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]


def _client(store: Any, limits: Limits | None = None, base: str = "http://testserver") -> Any:
    from trapoula.web.app import create_app
    from trapoula.web.service import TableService

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    svc = TableService(store, bot_delay=0, fixed_seeds=True, limits=limits)
    svc.password_params = FAST  # type: ignore[attr-defined]
    return TestClient(create_app(svc), base_url=base, headers=PAGE)


@pytest.fixture
def web(store: Any) -> Iterator[Any]:
    """A test client (the room's own page) of a service on each kind of store."""
    with _client(store) as c:
        yield c


def _name() -> str:
    import uuid

    return "Eleni" + uuid.uuid4().hex[:8]  # the PostgreSQL server is shared by the session


def _register(c: Any, name: str, password: str = "correct horse", **more: Any) -> Any:
    r = c.post("/api/account/register", json={"name": name, "password": password, **more})
    assert r.status_code == 200, r.text
    return r


def test_register_signs_in_and_a_second_device_signs_in_with_the_password(
        web: Any, store: Any) -> None:
    name = _name()
    r = _register(web, name, languages=["el", "EN"])
    me = r.json()["account"]
    assert me["name"] == name and me["languages"] == ["el", "en"] and me["roles"] == []
    assert web.get("/api/account").json()["account"]["id"] == me["id"]
    stored = people_of(store).get_account(me["id"])
    assert stored.password_hash.startswith("$argon2id$") and "correct" not in stored.password_hash
    with _client(store) as other:  # another device
        assert other.get("/api/account").json() == {"account": None}
        bad = other.post("/api/account/signin", json={"name": name, "password": "wrong horse"})
        assert bad.status_code == 401 and bad.json()["error"] == "bad_credentials"
        ok = other.post("/api/account/signin",
                        json={"name": name.upper(), "password": "correct horse"})
        assert ok.status_code == 200 and ok.json()["account"]["id"] == me["id"]
        assert other.get("/api/account").json()["account"]["id"] == me["id"]
        # signing out on one device leaves the other signed in
        assert other.post("/api/account/signout", json={}).json()["ended"] == 1
        assert other.get("/api/account").json() == {"account": None}
    assert web.get("/api/account").json()["account"]["id"] == me["id"]


def test_sign_out_everywhere_ends_every_session(web: Any, store: Any) -> None:
    name = _name()
    _register(web, name)
    with _client(store) as other:
        other.post("/api/account/signin", json={"name": name, "password": "correct horse"})
        assert web.post("/api/account/signout", json={"all": True}).json()["ended"] == 2
        assert other.get("/api/account").json() == {"account": None}
    assert web.get("/api/account").json() == {"account": None}


def test_a_name_is_taken_once_without_regard_to_case_and_follows_the_rules(web: Any) -> None:
    name = _name()
    _register(web, name)
    r = web.post("/api/account/register", json={"name": name.lower(), "password": "x" * 9})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    for bad, code in (("Bot", "bad_account_name"), ("admin Nikos", "bad_account_name"),
                      ("a<b>", "bad_account_name"), ("player-12ab", "bad_account_name")):
        r = web.post("/api/account/register", json={"name": bad, "password": "long enough"})
        assert (r.status_code, r.json()["error"]) == (400, code), bad
    r = web.post("/api/account/register", json={"name": _name(), "password": "short"})
    assert (r.status_code, r.json()["error"]) == (400, "bad_password")


def test_the_cookie_is_httponly_and_lax_over_http_and_secure_host_only_over_https(
        tmp_path: Path) -> None:
    from trapoula.web.store import MemoryStore

    with _client(MemoryStore()) as c:
        cookie = _register(c, _name()).headers["set-cookie"]
        assert cookie.startswith("trapoula_session=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie  # a browser would drop it from an http page
    page = {"origin": "https://testserver", "sec-fetch-site": "same-origin"}
    with _client(MemoryStore(), base="https://testserver") as c:
        c.headers.update(page)
        cookie = _register(c, _name()).headers["set-cookie"]
        assert cookie.startswith("__Host-trapoula_session=")
        assert "Secure" in cookie and "HttpOnly" in cookie and "Domain" not in cookie
        assert c.get("/api/account").json()["account"] is not None


def test_a_cross_site_request_with_the_cookie_is_refused(web: Any) -> None:
    _register(web, _name())
    evil = {"origin": "https://evil.example", "sec-fetch-site": "cross-site"}
    r = web.post("/api/account/signout", json={"all": True}, headers=evil)
    assert r.status_code == 403 and r.json()["error"] == "cross_origin"
    r = web.post("/api/account/signout", json={}, headers={"sec-fetch-site": "cross-site",
                                                          "origin": "http://testserver"})
    assert r.status_code == 403
    # a form (no JSON) cannot be sent either, even from a page that hides its origin
    r = web.post("/api/account/delete", content=b"password=x",
                 headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    assert web.get("/api/account").json()["account"] is not None  # still signed in


def test_joining_signed_in_gives_the_seat_the_account_and_its_name(web: Any,
                                                                   store: Any) -> None:
    name = _name()
    me = _register(web, name).json()["account"]
    t = web.post("/api/tables", json={"game": "bourloto", "seats": BOTS3, "name": "Alias"})
    j = web.post(f"/api/tables/{t.json()['code']}/join", json={"name": "Other"})
    assert j.status_code == 200, j.text
    seats = {s.seat: (s.name, s.account_id) for s in store.get_table(t.json()["table_id"]).seats}
    assert seats["P1"] == (name, me["id"]) and seats["P2"] == (name, me["id"])
    assert sorted(people_of(store).seats_of(me["id"])) == [
        (t.json()["table_id"], "P1"), (t.json()["table_id"], "P2")]


def test_a_guest_who_registers_keeps_his_seats(web: Any, store: Any) -> None:
    t = web.post("/api/tables", json={"game": "bourloto", "seats": BOTS3, "name": "Guest"})
    held = {"table_id": t.json()["table_id"], "seat": "P1", "token": t.json()["token"]}
    forged = {"table_id": t.json()["table_id"], "seat": "P2", "token": "not-the-token"}
    r = _register(web, _name(), seats=[held, forged])
    assert r.json()["claimed"] == 1
    seats = {s.seat: s.account_id for s in store.get_table(held["table_id"]).seats}
    assert seats["P1"] == r.json()["account"]["id"] and seats["P2"] is None
    assert web.post("/api/account/claim", json={"seats": [held]}).json() == {"claimed": 0}


def test_claim_languages_and_password_need_a_signed_in_browser(web: Any) -> None:
    for path, body in (("claim", {"seats": []}), ("languages", {"languages": ["el"]}),
                       ("password", {"old": "x" * 8, "new": "y" * 8})):
        r = web.post(f"/api/account/{path}", json=body)
        assert (r.status_code, r.json()["error"]) == (401, "signed_out"), path


def test_the_languages_spoken_are_saved(web: Any, store: Any) -> None:
    me = _register(web, _name(), languages=["en"]).json()["account"]
    r = web.post("/api/account/languages", json={"languages": ["RU", "it", "ru"]})
    assert r.status_code == 200 and r.json()["account"]["languages"] == ["ru", "it"]
    assert people_of(store).get_account(me["id"]).languages == ("ru", "it")
    r = web.post("/api/account/languages", json={"languages": ["<script>"]})
    assert (r.status_code, r.json()["error"]) == (400, "bad_request")


def test_a_new_password_ends_the_other_sessions(web: Any, store: Any) -> None:
    name = _name()
    _register(web, name)
    with _client(store) as other:
        other.post("/api/account/signin", json={"name": name, "password": "correct horse"})
        r = web.post("/api/account/password", json={"old": "wrong horse", "new": "battery st"})
        assert (r.status_code, r.json()["error"]) == (403, "bad_credentials")
        r = web.post("/api/account/password", json={"old": "correct horse", "new": "staple 42"})
        assert r.status_code == 200, r.text
        assert other.get("/api/account").json() == {"account": None}
    assert web.get("/api/account").json()["account"]["name"] == name  # this one goes on
    web.post("/api/account/signout", json={})
    assert web.post("/api/account/signin", json={"name": name, "password": "correct horse"}
                    ).status_code == 401
    assert web.post("/api/account/signin", json={"name": name, "password": "staple 42"}
                    ).status_code == 200


def test_a_deleted_account_is_anonymous_and_its_seats_are_renamed(web: Any, store: Any) -> None:
    name = _name()
    me = _register(web, name).json()["account"]
    t = web.post("/api/tables", json={"game": "bourloto", "seats": BOTS3, "name": "x"}).json()
    r = web.post("/api/account/delete", json={"password": "wrong horse"})
    assert r.status_code == 403
    r = web.post("/api/account/delete", json={"password": "correct horse"})
    assert r.status_code == 200, r.text
    anon = r.json()["name"]
    assert anon.startswith("player-")
    assert web.get("/api/account").json() == {"account": None}
    people = people_of(store)
    gone = people.get_account(me["id"])
    assert (gone.name, gone.password_hash, gone.status) == (anon, None, "deleted")
    assert people.find_account(name) is None
    assert store.get_table(t["table_id"]).seats[0].name == anon
    running = web.app.state.service.tables[t["table_id"]]  # the table in play shows it too
    assert running.row.seats[0].name == anon
    r = web.post("/api/account/signin", json={"name": anon, "password": "correct horse"})
    assert r.status_code == 401
    _register(web, name)  # the name is free again


@pytest.mark.parametrize("status", ["suspended", "banned"])
def test_a_suspended_or_banned_accounts_session_does_not_count(web: Any, store: Any,
                                                                status: str) -> None:
    name = _name()
    me = _register(web, name).json()["account"]
    people = people_of(store)
    until = time.time() + 3600 if status == "suspended" else None
    people.put_account(replace(people.get_account(me["id"]), status=status, status_until=until))
    assert web.get("/api/account").json() == {"account": None}
    r = web.post("/api/account/signin", json={"name": name, "password": "correct horse"})
    assert (r.status_code, r.json()["error"]) == (403, status)
    if status == "suspended":  # a suspension that is over counts no more
        people.put_account(replace(people.get_account(me["id"]), status_until=time.time() - 1))
        assert web.get("/api/account").json()["account"]["id"] == me["id"]


def test_sign_in_attempts_are_limited_per_address_and_per_account() -> None:
    from trapoula.web.store import MemoryStore

    store = MemoryStore()
    with _client(store, Limits(signins_per_minute=4, signin_failures=2)) as c:
        name = _name()
        _register(c, name)
        for _ in range(2):
            assert c.post("/api/account/signin", json={"name": name, "password": "nope nope"}
                          ).status_code == 401
        r = c.post("/api/account/signin", json={"name": name, "password": "correct horse"})
        assert r.status_code == 429 and "failed sign-ins to this account" in r.json()["message"]
        assert 1 <= int(r.headers["retry-after"]) <= 60
        r = c.post("/api/account/signin", json={"name": "nobody", "password": "whatever1"})
        assert r.status_code == 429 and "from one address" in r.json()["message"]
    with _client(MemoryStore(), Limits(accounts_per_hour=1)) as c:
        _register(c, _name())
        r = c.post("/api/account/register", json={"name": _name(), "password": "long enough"})
        assert r.status_code == 429 and "new accounts an hour" in r.json()["message"]


def test_a_sign_in_replaces_the_hash_made_with_older_parameters(store: Any) -> None:
    import uuid as _uuid

    from trapoula.web.app import create_app
    from trapoula.web.people.passwords import Params, Passwords
    from trapoula.web.people.rows import Account
    from trapoula.web.service import TableService

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    people = people_of(store)
    name = _name()
    old = Passwords(FAST).hash("correct horse")
    people.add_account(Account(_uuid.uuid4().hex, name, old, 1.0))
    newer = Params(time_cost=2, memory_cost=2048, parallelism=1)  # the server's, since
    svc = TableService(store, bot_delay=0)
    svc.password_params = newer  # type: ignore[attr-defined]
    with TestClient(create_app(svc), headers=PAGE) as c:
        r = c.post("/api/account/signin", json={"name": name, "password": "correct horse"})
        assert r.status_code == 200
        rehashed = people.find_account(name).password_hash
        assert rehashed != old and "m=2048,t=2,p=1" in rehashed
        assert Passwords(newer).verify(rehashed, "correct horse")
        r = c.post("/api/account/signin", json={"name": name, "password": "correct horse"})
        assert people.find_account(name).password_hash == rehashed  # current: kept


def test_signing_in_again_ends_the_browsers_previous_session(web: Any, store: Any) -> None:
    a, b = _name(), _name()
    me = _register(web, a).json()["account"]
    _register(web, b)  # the same browser, another account: a's session there ends
    assert people_of(store).drop_sessions(me["id"]) == 0
    assert web.get("/api/account").json()["account"]["name"] == b


def test_account_of_reads_a_websockets_cookie(store: Any) -> None:
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    from trapoula.web.people.auth import account_of

    async def who(ws: WebSocket) -> None:
        await ws.accept()
        found = await account_of(ws)
        await ws.send_json({"name": None if found is None else found.name})
        await ws.close()

    with _client(store) as c:
        c.app.router.routes.insert(0, WebSocketRoute("/ws-who", who))
        with c.websocket_connect("/ws-who") as ws:
            assert ws.receive_json() == {"name": None}
        name = _name()
        _register(c, name)
        with c.websocket_connect("/ws-who") as ws:
            assert ws.receive_json() == {"name": name}


def test_a_session_survives_a_restart_of_the_server(tmp_path: Path) -> None:
    from trapoula.web.store import SqlStore

    url = f"sqlite:///{tmp_path / 'room.db'}"
    name = _name()
    with _client(SqlStore(url)) as before:
        token = _register(before, name).cookies["trapoula_session"]
    with _client(SqlStore(url)) as after:  # a new process on the same database
        after.cookies.set("trapoula_session", token)
        assert after.get("/api/account").json()["account"]["name"] == name


def test_a_rematch_gives_the_new_seat_to_the_same_account(tmp_path: Path) -> None:
    from trapoula.web.store import SqlStore

    store = SqlStore(f"sqlite:///{tmp_path / 'room.db'}")
    with _client(store) as c:
        me = _register(c, _name()).json()["account"]
        bots = [{"kind": "bot", "level": "easy"}] * 3
        t = c.post("/api/tables", json={"game": "bourloto", "preset": "gr", "seed": 5,
                                        "seats": [{"kind": "human"}, *bots],
                                        "options": {"target": 1}, "name": "x"}).json()
        with c.websocket_connect(f"/ws/{t['table_id']}?token={t['token']}") as ws:
            for _ in range(5000):
                msg = ws.receive_json()
                if msg.get("type") != "state":
                    continue
                if msg["over"]:
                    break
                if msg["to_act"] == "P1":
                    ws.send_json({"type": "act", "action": msg["legal"][0], "seq": msg["seq"]})
        c.post("/api/account/signout", json={})  # the seat's token is what asks, not a cookie
        r = c.post(f"/api/tables/{t['table_id']}/rematch", json={"token": t["token"]})
        assert r.status_code == 200, r.text
        again = store.get_table(r.json()["table_id"])
        assert (again.seats[0].name, again.seats[0].account_id) == (me["name"], me["id"])


def test_a_guest_cannot_take_a_registered_players_name_at_a_table(web: Any) -> None:
    name = _name()
    _register(web, name)
    mine = web.post("/api/tables", json={"game": "bourloto", "preset": "gr", "seats": BOTS3,
                                         "name": "whatever"})
    assert mine.status_code == 200, mine.text  # signed in: the seat gets his own name
    web.post("/api/account/signout", json={})
    for taken in (name, name.upper(), f"  {name.lower()} "):
        r = web.post("/api/tables", json={"game": "bourloto", "preset": "gr", "seats": BOTS3,
                                          "name": taken})
        assert r.status_code == 409 and r.json()["error"] == "name_taken", r.text
        assert "sign in" in r.json()["message"]
        r = web.post(f"/api/tables/{mine.json()['code']}/join", json={"name": taken})
        assert r.status_code == 409 and r.json()["error"] == "name_taken", r.text
    r = web.post(f"/api/tables/{mine.json()['code']}/join", json={"name": name + "x"})
    assert r.status_code == 200, r.text
