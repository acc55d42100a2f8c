"""Issue 31, as it is judged, in one go: two new players (Ann on a desktop, Bob on a phone)
register, become friends and see each other online, Ann invites Bob to her rated table, they
play a match with two bots (each hands his seat to a bot: the match ends in seconds), see their
ratings on their profiles and on the leaderboard; Ann reports and mutes Bob's chat line and
reports him from his profile; a moderator suspends him and he is refused. Then the server
restarts on the same database: ratings, friends and the report's resolution are still there."""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from trapoula.cli.main import main

from .conftest import DESKTOP, NO_ADDRESS_LIMITS, PHONE, Server, start_server, stop_server
from .helpers import Player
from .test_install import _restart

pytestmark = pytest.mark.e2e
BOT = {"kind": "bot", "level": "easy"}
SEATS = [{"kind": "human"}, {"kind": "human"}, BOT, BOT]


@pytest.fixture
def home() -> Iterator[Server]:
    srv = start_server(*NO_ADDRESS_LIMITS)
    try:
        yield srv
    finally:
        stop_server(srv)


def _get(ctx: Any, srv: Server, path: str) -> Any:
    r = ctx.request.get(srv.base + path)
    assert r.status == 200, r.text()
    return r.json()


def _board(srv: Server) -> dict[str, str]:
    rows = srv.http.get("/api/leaderboard", params={"game": "bourloto", "preset": "ru",
                                                    "limit": 100}).json()["rows"]
    return {r["name"]: f"{r['rating']}{'?' if r['provisional'] else ''}" for r in rows}


def test_two_new_players_home_from_register_to_a_restart(
        browser: Any, home: Server, frames: Any) -> None:
    srv = home
    tag = uuid.uuid4().hex[:5]
    ann_n, bob_n, keeper_n = f"Ann{tag}", f"Bob{tag}", f"Keeper{tag}"
    made: list[Any] = []
    errors: list[str] = []

    def context(viewport: dict[str, int]) -> Any:
        ctx = browser.new_context(viewport=viewport, bypass_csp=True)
        ctx.set_default_timeout(15000)
        ctx.add_init_script("localStorage.setItem('trapoula.lang', JSON.stringify('en'))")
        made.append(ctx)
        return ctx

    def player(label: str, ctx: Any, path: str) -> Player:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(f"{label}: {exc}"))
        frames.attach(page, label)
        page.goto(srv.base + path)
        return Player(page, label, frames, srv.base)

    try:
        ann_ctx, bob_ctx, keeper_ctx = context(DESKTOP), context(PHONE), context(DESKTOP)
        # register in the page's own account panel: Ann on the desktop, Bob on the phone
        ann = player("ann", ann_ctx, "/")
        bob = player("bob", bob_ctx, "/")
        for p, name in ((ann, ann_n), (bob, bob_n)):
            p.page.click("#account-btn")
            p.page.wait_for_selector("#account-panel[open]")
            p.page.click("#acc-tab-register")
            p.page.fill("#acc-name", name)
            p.page.fill("#acc-password", "correct horse battery")
            p.page.click("#acc-submit")
            p.page.wait_for_function("n => document.body.dataset.account === n", arg=name)
            if p.page.locator("#account-panel[open]").count():
                p.page.click("#acc-close")
        r = keeper_ctx.request.post(srv.base + "/api/account/register",
                                    data={"name": keeper_n, "password": "correct horse"})
        assert r.status == 200, r.text()
        url = "sqlite:///" + str(srv.tmp / "e2e.db")  # type: ignore[attr-defined]
        assert main(["admin", "role", keeper_n, "add", "moderator", "--database-url", url]) == 0
        assert ann_n not in _board(srv) and bob_n not in _board(srv)
        assert _get(ann_ctx, srv, f"/api/players/{ann_n}")["games"] == []

        # friends: Ann asks, Bob accepts in his lobby
        ann.page.reload()
        bob.page.reload()
        ann.page.fill("#friend-name", bob_n)
        ann.page.click("#friends button[type=submit]")
        bob.page.click(f".friend.incoming[data-name='{ann_n}'] .accept")
        ann.page.wait_for_selector(f".friend.friend[data-name='{bob_n}']")

        # Ann sits at a rated Bourloto (ru) table: Bob sees her online there; she invites him
        t = ann.page.evaluate("""async (seats) => (await fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game:
            'bourloto', preset: 'ru', seats: seats, seat: 'P1'})})).json()""", SEATS)
        code = t["code"]
        table = player("ann-table", ann_ctx, f"/t/{code}#seat=P1&token={t['token']}")
        table.wait_seated()
        assert table.page.locator("#table-rated").inner_text().strip() == "rated"
        bob.page.wait_for_selector(f".friend[data-name='{ann_n}'] a.at-table:has-text('{code}')")
        ann.page.reload()
        ann.page.wait_for_selector(f".table-item.own[data-code='{code}']")
        ann.page.click(f".friend[data-name='{bob_n}'] .invite")
        bob.page.wait_for_selector(f".invite[data-code='{code}']", timeout=5000)
        bob.page.click(f".invite[data-code='{code}'] a")
        bob.page.wait_for_selector("#join-submit")
        bob.page.click("#join-submit")
        bob.wait_seated()

        # Bob's rude line: Ann reports it and mutes him
        for p in (table, bob):
            p.page.locator('.tab[data-tab="chat"]').click()
        bob.page.fill(".chat-input", "you all play like idiots")
        bob.page.press(".chat-input", "Enter")
        line = table.page.wait_for_selector(".chat-msg:has-text('like idiots')")
        table.page.once("dialog", lambda d: d.accept("insults the table"))
        line.query_selector(".chat-report").click()
        table.page.wait_for_selector(".toast:has-text('moderator will look')")
        line.query_selector(".chat-mute").click()
        table.page.wait_for_function("() => !document.body.innerText.includes('like idiots')")

        # both hand their seats to bots: the match ends and is rated
        for p in (table, bob):
            p.page.locator('.tab[data-tab="chat"]').click()  # back to the table's controls
            p.page.locator("#to-bot").click()
        deadline = time.monotonic() + 120
        while srv.http.get(f"/api/tables/{code}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the match did not end"
            time.sleep(0.2)
        while not all(_get(ann_ctx, srv, f"/api/players/{n}")["games"] for n in (ann_n, bob_n)):
            assert time.monotonic() < deadline, "the match was not rated"
            time.sleep(0.5)

        # their ratings on their profiles and on the leaderboard (Bob on his phone)
        ratings = {}
        for p, name in ((ann, ann_n), (bob, bob_n)):
            p.page.goto(f"{srv.base}/players/{name}")
            p.page.wait_for_selector(".profile-game[data-game=bourloto][data-preset=ru]")
            ratings[name] = p.page.locator(".profile-game .rating").inner_text()
            assert p.page.locator(f".recent-list li[data-table='{t['table_id']}']").count() == 1
        assert {n: _board(srv)[n] for n in ratings} == ratings
        bob.page.goto(f"{srv.base}/leaderboard")
        bob.page.select_option("#board-pick", "bourloto/ru")
        for name, rating in ratings.items():
            row = bob.page.locator(f"#leaderboard tr[data-name='{name}']")
            row.wait_for()
            assert row.locator(".rating").inner_text() == rating

        # Ann reports Bob from his profile too
        ann.page.goto(f"{srv.base}/players/{bob_n}")
        ann.page.once("dialog", lambda d: d.accept("rude all evening"))
        ann.page.click("#profile-report")
        ann.page.wait_for_selector(".toast:has-text('moderator will look')")
        bob.page.goto(f"{srv.base}/players/{bob_n}")
        bob.page.wait_for_selector("#profile-name")
        assert bob.page.locator("#profile-report").count() == 0  # not on his own

        # the moderator suspends Bob on the chat line's report; Bob is refused
        keeper = player("keeper", keeper_ctx, "/admin")
        reports = keeper.page.locator(f".report[data-target='{bob_n}']")
        reports.first.wait_for()
        assert reports.count() == 2
        chat_report = keeper.page.locator(f".report[data-target='{bob_n}']:has(mark)")
        assert "like idiots" in chat_report.locator("mark").inner_text()
        chat_report.locator(".ad-reason").fill("insults")
        chat_report.locator(".ad-suspend").click()
        keeper.page.wait_for_selector(".toast:has-text('suspended')")
        refused = bob.page.evaluate(
            """async (code) => { const r = await fetch('/api/tables/' + code + '/join', {method:
            'POST', headers: {'Content-Type': 'application/json'}, body: '{"name": "x"}'});
            return [r.status, (await r.json()).error]; }""", code)
        assert refused == [403, "suspended"]
        before = _get(keeper_ctx, srv, "/api/admin/reports?status=all")["reports"]

        # a restart on the same database: all of it is still there
        _restart(srv)
        assert {n: _board(srv)[n] for n in ratings} == ratings
        for name in ratings:
            [g] = _get(ann_ctx, srv, f"/api/players/{name}")["games"]
            assert (g["game"], g["preset"], g["matches"]) == ("bourloto", "ru", 1)
        friends = _get(ann_ctx, srv, "/api/social/home")["friends"]
        assert [(f["name"], f["state"]) for f in friends] == [(bob_n, "friend")]
        after = _get(keeper_ctx, srv, "/api/admin/reports?status=all")["reports"]
        assert after == before
        done = [x for x in after if x["target"] == bob_n and x["status"] != "open"]
        assert len(done) == 1 and done[0]["resolved_by"] == keeper_n
        assert done[0]["target_status"] == "suspended"
        assert bob.page.evaluate("async () => (await fetch('/api/account')).json()") == {
            "account": None}
        ann.page.goto(f"{srv.base}/players/{ann_n}")
        ann.page.wait_for_selector(".profile-game[data-game=bourloto][data-preset=ru]")
        assert ann.page.locator(".profile-game .rating").inner_text() == ratings[ann_n]
    finally:
        for ctx in made:
            with contextlib.suppress(Exception):
                ctx.close()
    assert not errors, "JavaScript errors in the page: " + "; ".join(errors)
