"""The score sheet API of the phone page (web/club/api_score.py): a sheet adds up as
``trapoula score`` does, is refused with the reason, undone, and kept by a signed-in account
on each store; the club API's 429."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from trapoula.club.sheet import load_sheet, new_sheet
from trapoula.web.limits import Limits
from trapoula.web.people.passwords import FAST

PAGE = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}


def client(store: Any, limits: Limits | None = None) -> Any:
    from trapoula.web.app import create_app
    from trapoula.web.service import TableService

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    svc = TableService(store, bot_delay=0, fixed_seeds=True, limits=limits)
    svc.password_params = FAST  # type: ignore[attr-defined]
    return TestClient(create_app(svc), base_url="http://testserver", headers=PAGE)


def register(c: Any, stem: str = "Director") -> dict[str, Any]:
    import uuid

    r = c.post("/api/account/register", json={"name": stem + uuid.uuid4().hex[:8],
                                               "password": "correct horse"})
    assert r.status_code == 200, r.text
    account: dict[str, Any] = r.json()["account"]
    return account


@pytest.fixture
def web(store: Any) -> Iterator[Any]:
    with client(store) as c:
        yield c


def test_s1_5_a_bourloto_sheet_adds_up_as_the_clubs_sheet_does(web: Any) -> None:
    r = web.post("/api/score/new", json={"game": "bourloto", "preset": "gr",
                                         "names": {"A": "Anna+Bo", "B": "Kostas+Eva"}})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["sides"] == ["A", "B"] and v["names"]["A"] == "Anna+Bo" and v["rows"] == []
    assert [q[0] for q in v["questions"]][:2] == ["buyer", "capot"]
    r = web.post("/api/score/add", json={"sheet": v["sheet"], "fields": {
        "buyer": "B", "tricks.A": "58", "decl.A": "", "decl.B": "40"}})
    assert r.status_code == 200, r.text
    v = r.json()
    expected = new_sheet("bourloto", "gr", names={"A": "Anna+Bo", "B": "Kostas+Eva"}).add(
        {"buyer": "B", "tricks": {"A": 58}, "decl": {"B": 40}})
    assert v["totals"] == expected.totals and v["leader"] == expected.leader
    assert v["result"] == expected.result_text() and len(v["rows"]) == 1
    assert load_sheet(v["sheet"]).totals == expected.totals


def test_s3_6_a_burraco_hand_refused_says_why_and_the_sheet_is_unchanged(web: Any) -> None:
    v = web.post("/api/score/new", json={"game": "burraco"}).json()
    bad = web.post("/api/score/add", json={"sheet": v["sheet"], "fields": {
        "A.melds": "75", "A.closed": "y", "B.melds": "40", "B.closed": "y"}})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_sheet"
    assert bad.json()["message"]
    ok = web.post("/api/score/add", json={"sheet": v["sheet"], "fields": {
        "A.melds": "75", "A.clean": "1", "A.held": "15", "A.pozzetto": "y", "A.closed": "y",
        "B.melds": "45", "B.held": "65"}}).json()
    assert ok["totals"]["A"] > ok["totals"]["B"] and ok["leader"] == "A"
    back = web.post("/api/score/undo", json={"sheet": ok["sheet"]}).json()
    assert back["rows"] == [] and back["totals"] == {"A": 0, "B": 0}


def test_a_signed_in_account_keeps_its_sheets_and_nobody_else_reads_them(store: Any) -> None:
    with client(store) as c, client(store) as other:
        v = c.post("/api/score/new", json={"game": "bourloto"}).json()
        assert c.post("/api/score/sheets", json={"sheet": v["sheet"]}).status_code == 401
        register(c, "Keeper")
        saved = c.post("/api/score/sheets", json={"sheet": v["sheet"]}).json()
        v2 = c.post("/api/score/add", json={"sheet": v["sheet"], "fields": {
            "buyer": "A", "tricks.A": "100"}}).json()
        again = c.post("/api/score/sheets", json={"id": saved["id"], "sheet": v2["sheet"]})
        assert again.json()["id"] == saved["id"]
        listed = c.get("/api/score/sheets").json()["sheets"]
        assert [s["id"] for s in listed] == [saved["id"]]
        got = c.get(f"/api/score/sheets/{saved['id']}").json()
        assert got["totals"] == v2["totals"] and len(got["rows"]) == 1
        register(other, "Other")
        assert other.get(f"/api/score/sheets/{saved['id']}").status_code == 404
        assert other.post(f"/api/score/sheets/{saved['id']}/delete", json={}).json()[
            "error"] == "no_sheet"
        assert c.post(f"/api/score/sheets/{saved['id']}/delete", json={}).json() == {
            "deleted": 1}
        assert c.get("/api/score/sheets").json()["sheets"] == []


def test_a_forged_sheet_is_refused_not_trusted(web: Any) -> None:
    v = web.post("/api/score/new", json={"game": "bourloto"}).json()
    sheet = dict(v["sheet"], entries=[{"buyer": "Z"}])
    r = web.post("/api/score/undo", json={"sheet": sheet})
    assert r.status_code == 400 and "does not replay" in r.json()["message"]


def test_the_club_api_is_limited_per_address_with_a_clear_429() -> None:
    from trapoula.web.store import MemoryStore

    with client(MemoryStore(), Limits(club_changes_per_minute=3)) as c:
        c.headers["x-forwarded-for"] = "203.0.113.9"
        answers = [c.post("/api/score/new", json={"game": "bourloto"}) for _ in range(5)]
    codes = [r.status_code for r in answers]
    assert codes[:3] == [200, 200, 200] and codes[3] == 429
    assert "at most 3 changes" in answers[3].json()["message"]
    assert "try again in" in answers[3].json()["message"]
    assert int(answers[3].headers["Retry-After"]) >= 1
