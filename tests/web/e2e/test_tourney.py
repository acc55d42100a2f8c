"""Online tournaments in Chromium (web/static/tourneys.js): an organiser and a second player,
each in a browser context of their own, enter a Swiss Bourloto tournament of 8 pairs whose
other seats are bots; each opens his table from the tournament's page and hands his seat to
a bot; the round finishes, and the standings the page shows are trapoula.club's over the
tables' results.  Then a duplicate round: both pages take part in its seed by themselves
(commit, then reveal), every table deals from it, and the boards show matchpoints."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from trapoula.club.duplicate import matchpoints
from trapoula.club.event import Event

from .helpers import Player

pytestmark = pytest.mark.e2e


def _register(page: Any, stem: str) -> str:
    name = stem + uuid.uuid4().hex[:6]
    status = page.evaluate("""n => fetch('/api/account/register', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name: n, password: 'tourney pass 1'})}).then(r => r.status)""",
                           name)
    assert status == 200
    return name


def _api(page: Any, path: str) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate("p => fetch(p).then(r => r.json())", path)
    return out


def _create(p: Player, duplicate: bool) -> str:
    page = p.page
    page.goto(p.base + "/tourneys")
    page.wait_for_selector("#tt-create")
    page.fill("#tt-title", "Duplicate night" if duplicate else "Sunday Swiss")
    page.select_option("#tt-game", "bourloto")
    page.select_option("#tt-preset", "ru")
    page.fill("#tt-rounds", "1")
    page.fill("#tt-size", "8")
    page.select_option("#tt-clock", "15")
    page.set_checked("#tt-duplicate", duplicate)
    page.click("#tt-create")
    page.wait_for_url("**/tourney/*")
    return str(page.url.rsplit("/", 1)[1])


def _enter(p: Player, tid: str, pair: str) -> None:
    page = p.page
    if not page.url.endswith(f"/tourney/{tid}"):
        page.goto(p.base + f"/tourney/{tid}")
    page.wait_for_selector("#tt-register")
    page.fill("#tt-pair", pair)
    page.click("#tt-register")
    page.wait_for_selector("#tt-entered")


def _hand_to_bot(p: Player, tid: str) -> None:
    """Open my table from the tournament's page and let a bot play my seat."""
    page = p.page
    page.goto(p.base + f"/tourney/{tid}")
    page.wait_for_selector("#tt-my-table")
    page.click("#tt-my-table")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#to-bot, #take-back, body[data-over='1']", timeout=30000)
    if page.locator("#to-bot").count():
        page.click("#to-bot")


def test_an_online_swiss_tournament_then_a_duplicate_round(open_player: Any) -> None:
    anna = open_player("anna", "/")
    bo = open_player("bo", "/")
    _register(anna.page, "Anna")
    _register(bo.page, "Bo")
    tid = _create(anna, duplicate=False)
    _enter(anna, tid, "Anna's pair")
    _enter(bo, tid, "Bo's pair")
    anna.page.reload()
    anna.page.wait_for_selector("#tt-start")
    anna.page.click("#tt-start")
    anna.page.wait_for_selector("#tt-my-table")
    _hand_to_bot(anna, tid)
    _hand_to_bot(bo, tid)
    page = bo.page
    page.goto(bo.base + f"/tourney/{tid}")
    page.wait_for_selector("body[data-tourney-status='over']", timeout=300000)
    t = _api(page, f"/api/tourneys/{tid}")
    ev = Event("bourloto", system="swiss", scoring="wdl")
    for e in t["entrants"]:
        ev = ev.register(e["name"])
    ev = ev.pair()
    tables = t["rounds"][0]["tables"]
    assert len(tables) == 4 and len(t["entrants"]) == 8
    for tab in tables:
        ev = ev.report(tab["a"], tab["b"], *tab["result"])
    rows = page.locator("#tt-standings tbody tr")
    assert rows.count() == 8
    shown = [(rows.nth(i).get_attribute("data-entrant"), float(rows.nth(i).get_attribute(
        "data-vp") or "nan"), int(rows.nth(i).get_attribute("data-rank") or 0))
        for i in range(8)]
    assert shown == [(s.entrant, s.vp, s.rank) for s in ev.standings()]
    assert page.locator("#tt-csv").get_attribute("href", timeout=1000)

    # a duplicate round: the pages commit and reveal by themselves, every table the same deals
    dup = _create(anna, duplicate=True)
    _enter(anna, dup, "Anna's pair")
    _enter(bo, dup, "Bo's pair")
    for p in (anna, bo):  # each page commits H(r) by itself before the pairing
        for _ in range(100):
            if _api(p.page, f"/api/tourneys/{dup}")["seeds"][0]["mine"]["commit"]:
                break
            p.page.wait_for_timeout(100)
        else:
            raise AssertionError(f"{p.label}'s page did not commit to the round's seed")
    anna.page.reload()
    anna.page.wait_for_selector("#tt-start")
    anna.page.click("#tt-start")
    anna.page.wait_for_selector("#tt-my-table", timeout=30000)  # both revealed: seed fixed
    _hand_to_bot(anna, dup)
    _hand_to_bot(bo, dup)
    page.goto(bo.base + f"/tourney/{dup}")
    page.wait_for_selector("body[data-tourney-status='over']", timeout=300000)
    page.wait_for_selector(".tt-boards td[data-mp]")
    t = _api(page, f"/api/tourneys/{dup}")
    seed = t["seeds"][0]
    assert seed["phase"] == "fixed" and seed["withheld"] == [] and len(seed["reveals"]) == 2
    board = t["duplicate"][0]["boards"][0]
    assert board["mp"] == matchpoints(board["net"]) and len(board["net"]) == 4
    cells = page.locator(".tt-boards tr[data-board='1'] td[data-mp]")
    assert {cells.nth(i).get_attribute("data-code"): int(cells.nth(i).get_attribute("data-mp")
                                                         or -1)
            for i in range(cells.count())} == board["mp"]


def test_a_bourre_sit_and_go_with_a_bot_ends_with_places(open_player: Any) -> None:
    """Anna creates a Bourré sit-and-go of 3 players (bots allowed), she and Bo register under
    their names, the third seat is a bot's; both hand their seats to bots; the page shows the
    places, the winner first, as the API and the table's stacks say."""
    anna = open_player("anna", "/")
    bo = open_player("bo", "/")
    _register(anna.page, "Anna")
    _register(bo.page, "Bo")
    page = anna.page
    page.goto(anna.base + "/tourneys")
    page.wait_for_selector("#tt-create")
    page.select_option("#tt-game", "bourre")
    assert page.locator("#tt-rounds").is_hidden() and page.locator("#tt-stack").is_visible()
    page.fill("#tt-title", "Friday sit-and-go")
    page.fill("#tt-size", "3")
    page.fill("#tt-stack", "8")
    page.fill("#tt-antes", "1,2,4")
    page.fill("#tt-per-level", "2")
    page.select_option("#tt-clock", "15")
    page.click("#tt-create")
    page.wait_for_url("**/tourney/*")
    tid = str(page.url.rsplit("/", 1)[1])
    assert page.locator("#tt-partner").count() == 0
    _enter(anna, tid, "Anna")
    _enter(bo, tid, "Bo")
    page.reload()
    page.wait_for_selector("#tt-start")
    page.click("#tt-start")
    page.wait_for_selector("#tt-my-table")
    _hand_to_bot(anna, tid)
    _hand_to_bot(bo, tid)
    page = bo.page
    page.goto(bo.base + f"/tourney/{tid}")
    page.wait_for_selector("body[data-tourney-status='over']", timeout=300000)
    t = _api(page, f"/api/tourneys/{tid}")
    assert t["settings"]["antes"] == [1, 2, 4] and t["settings"]["starting_stack"] == 8
    seats = t["rounds"][0]["tables"][0]["seats"]
    assert sorted(seats.values()) == ["Anna", "Bo", "Bot 1"]
    places = [s["entrant"] for s in t["standings"]]
    assert sorted(places) == sorted(seats.values())
    rows = page.locator("#tt-standings tbody tr")
    assert [rows.nth(i).get_attribute("data-entrant") for i in range(rows.count())] == places
