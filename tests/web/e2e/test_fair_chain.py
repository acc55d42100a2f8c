"""Fair dealing in real browsers against ``trapoula serve`` (docs/web.md, "Fair dealing"): the
pages contribute their values to the seed and check the whole chain at the end; a value
withheld is shown; a reveal that never comes is a failure on the page; no pack reaches a page
mid-match; a table whose seed its creator chose takes nobody else."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from typing import Any

import pytest

from trapoula.core.game import derive_seed
from trapoula.web.fair import verify_record

from .conftest import NO_ADDRESS_LIMITS, Server, start_server, stop_server
from .helpers import Player, hidden_card_leaks

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """This module's own server: the seats have 2 s to send their values."""
    srv = start_server("--reveal-seconds", "2", *NO_ADDRESS_LIMITS)
    try:
        yield srv
    finally:
        stop_server(srv)


def lobby_table(ann: Player) -> str:
    """Ann makes a Bourloto gr table to 150 in the lobby: P2 open for a person, P3 and P4
    bots; its code."""
    page = ann.page
    page.fill("#name", "Ann")
    page.select_option("#game", "bourloto")
    page.select_option("#preset", "gr")
    page.fill("#opt-target", "150")
    page.select_option('select.seat-kind[data-seat="P2"]', "human")
    page.select_option('select.seat-kind[data-seat="P3"]', "level:easy")
    page.select_option('select.seat-kind[data-seat="P4"]', "level:easy")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    assert ann.wait_seated() == "P1"
    return str(page.url.rsplit("/", 1)[-1])


def test_two_pages_make_the_seed_and_check_the_whole_chain(open_player: Any, server: Server,
                                                          frames: Any) -> None:
    ann: Player = open_player("ann")
    code = lobby_table(ann)
    # H(S) is shown before anyone else joins
    ann.page.wait_for_selector(".fair-deal .fair-server", state="attached")
    bob: Player = open_player("bob")
    bob.page.fill("#name", "Bob")
    bob.page.locator(f'.table-item[data-code="{code}"] .join-btn').click()
    assert bob.wait_seated() == "P2"
    # both pages send their values on their own; the deal is dealt from the fixed seed
    for p in (ann, bob):
        p.page.wait_for_selector(".hand .card")
        assert p.body("fair-chain") == ""
    for p in (ann, bob):
        p.page.click("#to-bot")  # the bots play the match out
    for p in (ann, bob):
        p.page.wait_for_selector("body[data-over='1']", timeout=120000)
        p.page.wait_for_function("document.body.dataset.fairChain === 'ok'")
        fair = p.body("fair")
        assert fair.startswith("ok:1") and "bad" not in fair
        line = str(p.page.locator(".fair-deal .fair-chain").text_content())
        assert "2 seat" in line and "✓" in line
    table_id = ann.page.evaluate("TP.page().tableId")
    record = server.record(table_id)
    assert sorted(record["chain"]["reveals"]) == ["P1", "P2"] and not record["chain"]["withheld"]
    assert verify_record(record) == []
    # the page's derive_seed is the engine's (what it checked each pack's deal seed with)
    seed = record["seed"]
    for d in record["fair"]:
        got = ann.page.evaluate("([s, n]) => TP.deriveSeed(s, n)", [str(seed), d["deal"]])
        assert got == str(derive_seed(seed, d["deal"])) and f" seed {got} " in d["pack"]
    # mid-match no page got a pack, a salt, the server's secret or a seat's value
    for label in ("ann", "bob"):
        for st in frames.of(label, "state"):
            if not st["over"]:
                assert st["fair"]["revealed"] == []
                assert "secret" not in (st["fair"]["chain"] or {})
    assert not hidden_card_leaks(record, frames, {"ann": "P1", "bob": "P2"})


def test_a_withheld_value_is_shown_and_the_match_goes_on(open_player: Any,
                                                         server: Server) -> None:
    ann: Player = open_player("ann")
    code = lobby_table(ann)
    # Bob commits through the API and never sends his value
    r = os.urandom(32)
    joined = server.http.post(f"/api/tables/{code}/join", json={
        "name": "Bob", "commit": hashlib.sha256(r).hexdigest()})
    assert joined.status_code == 200, joined.text
    ann.page.wait_for_selector(".fair-deal .fair-withheld", state="attached", timeout=20000)
    assert "P2" in str(ann.page.locator(".fair-deal .fair-withheld").text_content())
    ann.page.wait_for_selector(".hand .card")  # dealt from the seed without Bob's value
    state = ann.frames.last_state("ann")
    assert state["fair"]["chain"]["withheld"] == ["P2"]
    assert state["fair"]["chain"]["revealed_seats"] == ["P1"]


def test_a_reveal_that_never_comes_is_a_failure_on_the_page(open_player: Any) -> None:
    page = open_player("eve").page
    page.wait_for_selector("#create-btn")
    msg = {"seq": 40, "over": True, "you": "P1", "view": {}, "table": {"id": "t", "settings": {}},
           "fair": {"deal": 2, "commit": None, "revealed": [],
                    "chain": {"server": "ab" * 32, "phase": "fixed", "seats": [],
                              "withheld": []}}}
    page.evaluate("m => { window.__fd = new TP.FairDeal(document.body, {}); "
                  "window.__fd.onState(m); }", msg)
    assert page.get_attribute("body", "data-fair") == "ok:"  # not yet: the grace period
    page.wait_for_function("document.body.dataset.fair === 'fail:reveal'", timeout=10000)
    assert page.get_attribute("body", "data-fair-chain") == "fail"
    assert "did not reveal" in str(page.locator(".fair-deal .fair-fail").text_content())
    # a chain whose secret is not the one committed fails the check
    bad = {**msg, "fair": {**msg["fair"], "chain": {
        **msg["fair"]["chain"], "secret": "cd" * 32, "commits": {}, "reveals": {}, "seed": 1}}}
    page.evaluate("m => { window.__fd = new TP.FairDeal(document.body, {}); "
                  "window.__fd.onState(m); }", bad)
    assert page.get_attribute("body", "data-fair-chain") == "bad"


def test_the_page_catches_its_own_value_dropped_or_the_commitments_changed(
        open_player: Any) -> None:
    """A server that marks a value it got as withheld (to pick among seeds) is caught by the
    page that sent it; one that shows other commitments at the end than when it asked for the
    values is caught by every page."""
    from trapoula.web.fairseed import seed_of, withheld_value

    page = open_player("eve").page
    page.wait_for_selector("#create-btn")
    s, r1, r2 = (os.urandom(32).hex() for _ in range(3))
    c1, c2 = (hashlib.sha256(bytes.fromhex(r)).hexdigest() for r in (r1, r2))
    server = hashlib.sha256(bytes.fromhex(s)).hexdigest()
    commits = {"P1": c1, "P2": c2}
    chain = {"server": server, "phase": "fixed", "seats": ["P1", "P2"], "commits": commits,
             "withheld": ["P2"], "secret": s, "reveals": {"P1": r1},
             "seed": seed_of(s, [r1, withheld_value(c2)])}
    asked = {"seq": 0, "over": False, "view": {}, "table": {"id": "t", "settings": {}},
             "fair": {"deal": 0, "commit": None, "revealed": [],
                      "chain": {"server": server, "phase": "reveal", "seats": ["P1", "P2"],
                                "commits": commits, "withheld": []}}}
    end = {"seq": 9, "over": True, "view": {}, "table": {"id": "t", "settings": {}},
           "fair": {"deal": 1, "commit": None, "revealed": [], "chain": chain}}
    check = ("([me, mine, asked, end]) => { const fd = new TP.FairDeal(document.body, "
             "{ mine: () => ({ fair: mine }), send: () => {} }); fd.onState({ ...asked, you: me });"
             " fd.onState({ ...end, you: me }); return fd.chain; }")
    assert page.evaluate(check, ["P1", r1, asked, end]) == "ok"  # P2 withheld: P1 cannot tell
    assert page.evaluate(check, ["P2", r2, asked, end]) == "bad"  # P2 sent it: dropped
    other = {**asked, "fair": {**asked["fair"], "chain": {
        **asked["fair"]["chain"], "commits": {"P1": c1}}}}
    assert page.evaluate(check, ["P1", r1, other, end]) == "bad"  # not the ones shown


def test_a_seeded_table_is_marked_in_the_lobby_and_takes_nobody_else(
        open_player: Any, server: Server) -> None:
    r = server.http.post("/api/tables", json={
        "game": "bourloto", "preset": "gr", "seed": 7, "name": "Sol", "seat": "P1",
        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3,
        "table": {"hold": True}})
    assert r.status_code == 200, r.text
    t = r.json()
    sol: Player = open_player("sol", f"/t/{t['code']}#seat=P1&token={t['token']}")
    assert sol.wait_seated() == "P1"
    eve: Player = open_player("eve")
    item = eve.page.locator(f'.table-item[data-code="{t["code"]}"]')
    item.wait_for()
    assert item.locator(".tag.seeded").inner_text() == "seeded"
    assert item.locator(".join-btn").count() == 0
    sol.page.click("#leave")
    sol.page.click("#leave-yes")  # the creator goes; a bot takes the seat
    sol.page.wait_for_function("document.body.dataset.seat === ''")
    listing = server.http.get(f"/api/tables/{t['code']}").json()
    assert listing["settings"]["seed_chosen"] and all(s["taken"] for s in listing["seats"])
    refused = server.http.post(f"/api/tables/{t['code']}/join", json={"name": "Eve"})
    assert refused.status_code == 403 and refused.json()["error"] == "seeded"
