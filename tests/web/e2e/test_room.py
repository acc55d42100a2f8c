"""The room in a real browser: the clock runs out and a bot takes the seat, the person takes it
back, hands it over, leaves (with confirmation); the fair-deal check; links to old tables; the
page under its Content-Security-Policy."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CHROMIUM_ARGS, NO_ADDRESS_LIMITS, Server, start_server, stop_server
from .helpers import Player

pytestmark = pytest.mark.e2e

SCALE = "0.2"  # a clock second is 0.2 s here
BOT = {"kind": "bot", "level": "easy"}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """This module's own server: clocks 5x faster, bots that take 0.2 s a move (a match
    played by bots alone lasts a while)."""
    srv = start_server("--clock-scale", SCALE, "--bot-delay", "0.2", *NO_ADDRESS_LIMITS)
    try:
        yield srv
    finally:
        stop_server(srv)


def test_the_clock_runs_out_a_bot_plays_and_the_person_takes_the_seat_back(
        open_player: Any, server: Server) -> None:
    t = server.create_table("bourloto", [{"kind": "human"}, BOT, BOT, BOT], preset="gr",
                            name="Rui", table={"clock": 30, "bank": 0})
    rui: Player = open_player("rui", f"/t/{t['code']}#seat=P1&token={t['token']}")
    assert rui.wait_seated() == "P1"
    rui.page.wait_for_selector("body[data-my-turn='1'][data-clock-seat='P1']")
    assert "P1" in rui.page.locator(".room-clock").inner_text()
    seq = rui.seq
    # nobody acts: after 30 clock seconds (6 s) a bot plays the seat, marked "auto"
    rui.page.wait_for_selector("body[data-auto='1']", timeout=30000)
    rui.wait_seq_after(seq)
    rui.page.wait_for_selector('.felt .seat[data-seat="P1"] .tag.auto')
    assert rui.page.locator("#take-back").is_visible()
    rui.page.click("#take-back")
    rui.page.wait_for_selector("body[data-auto='0']")
    assert not rui.page.locator('.felt .seat[data-seat="P1"] .tag.auto').count()
    # the person plays again on the next turn
    rui.page.wait_for_selector("body[data-my-turn='1'][data-clock-seat='P1']", timeout=30000)
    before = rui.seq
    rui.act()
    assert int(rui.seq) > int(before)
    assert rui.body("auto") == "0"


def test_leaving_asks_first_then_the_page_watches(open_player: Any, server: Server) -> None:
    t = server.create_table("bourloto", [{"kind": "human"}, BOT, BOT, BOT], preset="gr",
                            name="Ann", table={"clock": 60, "hold": False})
    ann: Player = open_player("ann", f"/t/{t['code']}#seat=P1&token={t['token']}")
    assert ann.wait_seated() == "P1"
    ann.page.wait_for_selector("#leave")
    ann.page.click("#leave")
    ann.page.wait_for_selector(".room-confirm")
    ann.page.click("#leave-no")  # not yet
    assert ann.page.locator(".room-confirm").count() == 0 and ann.seat == "P1"
    ann.page.click("#leave")
    ann.page.click("#leave-yes")
    ann.page.wait_for_function("document.body.dataset.seat === ''")
    assert ann.page.locator("#leave").count() == 0
    stored = ann.page.evaluate("JSON.parse(localStorage.getItem('trapoula.seats'))")
    assert stored[t["code"]]["token"] is None
    listing = server.http.get(f"/api/tables/{t['code']}").json()
    p1 = next(s for s in listing["seats"] if s["seat"] == "P1")
    assert not p1["taken"] and listing["status"] == "open"
    # the open seat is played by a bot meanwhile ("auto"; the table does not hold the deal)
    ann.page.wait_for_selector('.felt .seat[data-seat="P1"] .tag.auto')


def test_the_page_checks_every_deal_was_fixed_in_advance(open_player: Any,
                                                         server: Server) -> None:
    t = server.create_table("bourloto", [{"kind": "human"}, BOT, BOT, BOT], preset="gr",
                            name="Fay", options={"target": 150}, table={"clock": 120})
    fay: Player = open_player("fay", f"/t/{t['code']}#seat=P1&token={t['token']}")
    assert fay.wait_seated() == "P1"
    fay.page.wait_for_selector("#to-bot")
    fay.page.click("#to-bot")  # the bots play the match out
    fay.page.wait_for_selector("body[data-over='1']", timeout=60000)
    fay.page.wait_for_function("(document.body.dataset.fair || '').startsWith('ok:1')")
    fair = fay.body("fair")
    assert fair.startswith("ok:") and "bad" not in fair
    assert fay.page.locator(".fair-deal .fair-ok").count() >= 1
    # the page's SHA-256 is SHA-256, and a tampered reveal fails the check
    assert fay.page.evaluate("TP.sha256('abc\u00e9')") == hashlib.sha256(
        "abc\u00e9".encode()).hexdigest()
    record = server.record(t["table_id"])
    good = record["fair"][0]
    assert fay.page.evaluate("r => TP.page().fair.check(r)", good)
    bad = {**good, "pack": good["pack"].replace("P2=", "P2=7h,", 1)}
    assert not fay.page.evaluate("r => TP.page().fair.check(r)", bad)


def test_an_old_table_link_still_opens(open_player: Any, server: Server) -> None:
    old = server.create_table("bourloto", [{"kind": "human"}] * 4, preset="gr", name="Old")
    for k in range(60):
        server.create_table("bourloto", [{"kind": "human"}] * 4, preset="gr", name=f"N{k}")
    guest: Player = open_player("guest", f"/t/{old['code']}")
    guest.page.wait_for_selector("#join-submit")
    guest.page.fill("#join-name", "Guest")
    guest.page.click("#join-submit")
    assert guest.wait_seated() == "P2"


def test_the_page_runs_under_its_content_security_policy(browser: Any, server: Server) -> None:
    ctx = browser.new_context()  # no CSP bypass here
    page = ctx.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if "Content Security" in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    t = server.create_table("bourloto", [{"kind": "human"}, BOT, BOT, BOT], preset="gr",
                            name="Csp")
    page.goto(server.base + f"/t/{t['code']}#seat=P1&token={t['token']}")
    page.wait_for_selector(".felt .seat")
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    ctx.close()
    assert not problems, problems
    assert CHROMIUM_ARGS  # the same browser as every other test


def test_the_room_texts_have_four_languages_and_every_key_exists() -> None:
    import re
    from pathlib import Path

    import trapoula.web

    static = Path(trapoula.web.__file__).parent / "static"
    row = re.compile(r"^\s+(\w+): \[(.*?)\],?$", re.M | re.S)
    string = re.compile(r'"((?:[^"\\]|\\.)*)"')
    for name, table, fn in (("room.js", "ROOM", "rt"), ("fairdeal.js", "TEXTS", "ft")):
        text = (static / name).read_text(encoding="utf-8")
        body = text.split(f"const {table} = {{", 1)[1].split("\n  };", 1)[0]
        rows = {m.group(1): string.findall(m.group(2)) for m in row.finditer(body)}
        assert len(rows) >= 5
        for key, texts in rows.items():
            assert len(texts) == 4 and all(texts), f"{name} {key}: {texts}"
            holes = [set(re.findall(r"\{(\w+)\}", x)) for x in texts]
            assert all(h == holes[0] for h in holes), f"{name} {key}: placeholders differ"
        used = set(re.findall(rf'\b{fn}\("(\w+)"', text))
        assert used and not used - set(rows), sorted(used - set(rows))
        assert "innerHTML" not in text and "eval(" not in text
