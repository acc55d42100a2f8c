"""The club pages in Chromium (web/static/score.js, nights.js): the score sheet on a phone at
360x640, kept in the browser and on an account; a club night of 8 Burraco pairs run by a
director, its results entered from the tables' phone pages (no account), the standings screen
updating by itself and checked against FIBUR's scale by hand, a correction, the export."""

from __future__ import annotations

import csv
import io
import uuid
from typing import Any

import pytest

from trapoula.club.sheet import new_sheet

from .conftest import PHONE
from .helpers import Player

pytestmark = pytest.mark.e2e

PAIRS = [f"Coppia {c}" for c in "ABCDEFGH"]
# FIBUR's scale for a match of 3 hands, by hand (docs/tournaments.md): up to each difference,
# the winner's victory points; above 1500: 20-0
BY_HAND_3 = [(50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16),
             (1000, 17), (1250, 18), (1500, 19)]


def vp_by_hand(diff: int) -> float:
    win = next((vp for top, vp in BY_HAND_3 if abs(diff) <= top), 20)
    return float(win if diff >= 0 else 20 - win)


def _register(page: Any, stem: str) -> str:
    """Register through the page's own fetch (the session cookie lands in its context)."""
    name = stem + uuid.uuid4().hex[:6]
    status = page.evaluate("""n => fetch('/api/account/register', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name: n, password: 'club night pass'})}).then(r => r.status)""",
                           name)
    assert status == 200
    return name


def _entry(page: Any, fields: dict[str, str]) -> None:
    for key, value in fields.items():
        sel = f'#score-form [data-key="{key}"]'
        kind = page.eval_on_selector(sel, "e => e.tagName + (e.type || '')")
        if kind == "INPUTcheckbox":
            page.set_checked(sel, value == "y")
        elif kind.startswith("SELECT"):
            page.select_option(sel, value)
        else:
            page.fill(sel, value)
    n = page.locator("#score-rows tr").count()
    page.click("#score-add")
    page.wait_for_function("n => document.querySelectorAll('#score-rows tr').length !== n", arg=n)


def _fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_score_sheet_on_a_phone_adds_up_and_is_kept(open_player: Any) -> None:
    p: Player = open_player("phone", "/score", viewport=PHONE)
    page = p.page
    page.wait_for_selector("#score-start")
    page.select_option("#score-game", "bourloto")
    page.select_option("#score-preset", "gr")
    page.click("#score-start")
    page.wait_for_selector("#score-form")
    page.fill('.score-name[data-side="A"]', "Anna+Bo")
    page.dispatch_event('.score-name[data-side="A"]', "change")
    page.wait_for_function("document.querySelector('#score-totals th[data-side]') && "
                           "document.querySelector('#score-sheet thead').textContent"
                           ".includes('Anna+Bo')")
    deals = [{"buyer": "B", "tricks.A": "58", "decl.B": "40"},
             {"buyer": "A", "tricks.A": "120", "decl.A": "20"},
             {"buyer": "A", "tricks.A": "40"}]
    for d in deals:
        _entry(page, d)
    _fits(page)
    # the sums are trapoula.club's, computed here on their own
    expected = new_sheet("bourloto", "gr")
    for d in deals:
        expected = expected.add({"buyer": d["buyer"], "tricks": {"A": int(d["tricks.A"])},
                                 "decl": {k[5:]: int(v) for k, v in d.items()
                                          if k.startswith("decl.")}})
    shown = {s: int(page.inner_text(f'#score-totals th[data-side="{s}"]')) for s in "AB"}
    assert shown == expected.totals
    assert page.get_attribute("#score-result", "data-leader") == (expected.leader or "")
    # take back the last deal; a reload keeps the sheet (this browser's storage)
    page.click("#score-undo")
    page.wait_for_function("document.querySelectorAll('#score-rows tr').length === 2")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#score-rows tr').length === 2")
    assert "Anna+Bo" in page.inner_text("#score-sheet thead")
    # a Burraco hand with its yes/no questions, in Italian
    page.once("dialog", lambda d: d.accept())
    page.click("#score-new")
    page.select_option("#lang", "it")
    page.select_option("#score-game", "burraco")
    page.click("#score-start")
    page.wait_for_selector("#score-form")
    assert "pozzetto" in page.inner_text("#score-form")
    _entry(page, {"A.melds": "75", "A.clean": "1", "A.held": "15", "A.pozzetto": "y",
                  "A.closed": "y", "B.melds": "45", "B.held": "65"})
    hand = new_sheet("burraco").add({"A": {"melds": 75, "clean": 1, "held": 15,
                                           "pozzetto": True, "closed": True},
                                     "B": {"melds": 45, "held": 65}})
    assert int(page.inner_text('#score-totals th[data-side="A"]')) == hand.totals["A"]
    _fits(page)
    # signed in, the sheet is kept on the account too
    _register(page, "Scorer")
    page.reload()
    page.wait_for_selector("#score-save")
    page.click("#score-save")
    page.wait_for_selector("#score-saved li")
    assert "burraco" in page.inner_text("#score-saved")


def test_a_club_night_of_8_pairs_with_results_from_the_tables(open_player: Any,
                                                              server: Any) -> None:
    d: Player = open_player("director", "/")
    page = d.page
    _register(page, "Direttore")
    page.goto(server.base + "/nights")
    page.wait_for_selector("#night-create")
    page.fill("#night-title", "Martedì Burraco")
    page.select_option("#night-game", "burraco")
    page.select_option("#night-scoring", "fibur3")
    page.click("#night-create")
    page.wait_for_selector("#night-names")
    page.fill("#night-names", "\n".join(PAIRS))
    page.click("#night-register")
    page.wait_for_function("document.querySelector('#night-entrants').textContent"
                           ".includes('Coppia H')")
    page.click("#night-pair")
    page.wait_for_selector(".table-link")
    code = page.inner_text("#night-code").split()[-1]
    links = page.eval_on_selector_all(".table-link", "els => els.map(e => e.getAttribute('href'))")
    assert len(links) == 4
    # the standings screen, open to anyone, refreshes itself
    screen: Player = open_player("screen", f"/night/{code}")
    screen.page.wait_for_selector("#night-standings")
    assert screen.page.locator(".table-link").count() == 0  # no table codes for the public
    # each table enters its result on a phone, with no account
    points = [(1450, 850), (900, 900), (700, 1500), (1200, 1150)]
    tables = page.eval_on_selector_all(
        '.night-round[data-round="1"] li[data-table]', "els => els.map(e => e.textContent)")
    pairs = [(PAIRS[i], PAIRS[i + 1]) for i in range(0, 8, 2)]
    for n, (a, b) in enumerate(pairs):
        assert f"{a} – {b}" in tables[n]
    for n, href in enumerate(links[:3]):
        phone: Player = open_player(f"table{n + 1}", href, viewport=PHONE)
        phone.page.wait_for_selector("#entry-a")
        phone.page.fill("#entry-a", str(points[n][0]))
        phone.page.fill("#entry-b", str(points[n][1]))
        phone.page.click("#entry-send")
        phone.page.wait_for_selector("#entry-done")
        _fits(phone.page)
    # the fourth table's result is missing: the director enters it (a correction)
    fix = page.locator('.night-round[data-round="1"] li[data-table="4"] .night-fix')
    fix.locator(".fix-a").fill(str(points[3][0]))
    fix.locator(".fix-b").fill(str(points[3][1]))
    fix.locator("button").click()
    # and corrects table 2's draw
    page.wait_for_function("document.querySelector('#night-pair') && "
                           "!document.querySelector('#night-pair').disabled")
    fix = page.locator('.night-round[data-round="1"] li[data-table="2"] .night-fix')
    fix.locator(".fix-a").fill("1000")
    fix.locator(".fix-b").fill("800")
    fix.locator("button").click()
    points[1] = (1000, 800)
    expected = {}
    for (a, b), (pa, pb) in zip(pairs, points, strict=True):
        expected[a], expected[b] = vp_by_hand(pa - pb), vp_by_hand(pb - pa)
    screen.page.wait_for_function(
        """want => [...document.querySelectorAll('#night-standings tbody tr')]
             .map(r => r.dataset.entrant + '=' + Number(r.dataset.vp).toFixed(1)).sort()
             .join(',') === want""",
        arg=",".join(f"{k}={v:.1f}" for k, v in sorted(expected.items())), timeout=15000)
    # (the screen shows exactly the VP worked out by hand)
    order = screen.page.eval_on_selector_all("#night-standings tbody tr",
                                             "rs => rs.map(r => r.dataset.entrant)")
    assert order[0] == max(expected, key=lambda k: expected[k])
    # the next round is paired; the export says the same standings
    page.click("#night-pair")
    page.wait_for_selector('.night-round[data-round="2"]')
    text = page.evaluate(f"fetch('/api/nights/{code}/standings.csv').then(r => r.text())")
    assert {r["entrant"]: float(r["vp"]) for r in csv.DictReader(io.StringIO(text))} == expected


def test_a_club_is_made_joined_and_seen(open_player: Any, server: Any) -> None:
    owner: Player = open_player("owner", "/")
    page = owner.page
    _register(page, "Ada")
    page.goto(server.base + "/clubs")
    page.wait_for_selector("#club-create")
    club_name = "Circolo " + uuid.uuid4().hex[:6]
    page.fill("#club-name", club_name)
    page.select_option("#club-open", "0")  # by invitation
    page.click("#club-create")
    page.wait_for_selector("#club-title")
    assert page.inner_text("#club-title") == club_name
    club_url = page.url
    # a player asks to join from the phone
    bea: Player = open_player("bea", "/", viewport=PHONE)
    bea_name = _register(bea.page, "Bea")
    bea.page.goto(server.base + "/clubs")
    bea.page.fill("#clubs-search", club_name)
    bea.page.click(f"#clubs-list a:text('{club_name}')")
    bea.page.click("#club-join")
    bea.page.wait_for_selector("#club-requested")
    _fits(bea.page)
    # the administrator approves; a night of the club goes on its calendar
    page.reload()
    page.click(f'#club-members li[data-name="{bea_name}"] .approve')
    page.wait_for_selector(f'#club-members li[data-name="{bea_name}"][data-role="member"]')
    page.click("#club-new-night")
    page.wait_for_selector("#night-create")
    page.fill("#night-title", "Giovedì al circolo")
    page.click("#night-create")
    page.wait_for_selector("#night-names")
    bea.page.goto(club_url)
    bea.page.wait_for_selector("#club-calendar li")
    assert "Giovedì al circolo" in bea.page.inner_text("#club-calendar")
    assert bea.page.evaluate("document.body.dataset.clubRole") == "member"
    # her open table shows in the club's lobby
    made = bea.page.evaluate("""() => fetch('/api/tables', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game: 'bourloto',
        name: 'Bea', seats: [{kind: 'human'}, {kind: 'human'}, {kind: 'bot'}, {kind: 'bot'}]})
        }).then(r => r.json())""")
    page.goto(club_url)
    page.wait_for_selector("#club-lobby a")
    assert made["code"] in page.inner_text("#club-lobby")


@pytest.mark.parametrize("lang", ["el", "ru", "it"])
def test_the_club_pages_in_every_language(lang: str, browser: Any, server: Any) -> None:
    from .test_languages import ROWS_JS, TEXT_JS, check_language

    ctx = browser.new_context(viewport=PHONE, bypass_csp=True, locale=lang)
    ctx.set_default_timeout(20000)
    ctx.add_init_script(f"localStorage.setItem('trapoula.lang', JSON.stringify('{lang}'))")
    problems: list[str] = []
    try:
        page = ctx.new_page()
        page.goto(server.base + "/score")
        page.wait_for_selector("#score-start")
        rows = page.evaluate(ROWS_JS)
        names = {"Rossi", "Verdi", "Bianchi", "Neri"}

        def look(where: str) -> None:
            page.wait_for_timeout(300)
            problems.extend(f"{where}: {p}" for p in
                            check_language(lang, page.evaluate(TEXT_JS), rows, names))

        look("score sheet, new")
        for game, fields in (("bourloto", {"buyer": "A", "tricks.A": "100"}),
                             ("bourre", {"play.P2": "fold", "tricks.P1": "5"}),
                             ("burraco", {"A.melds": "90", "B.melds": "30"})):
            page.select_option("#score-game", game)
            page.click("#score-start")
            page.wait_for_selector("#score-form")
            _entry(page, fields)
            look(f"score sheet of {game}")
            page.once("dialog", lambda d: d.accept())
            page.click("#score-new")
            page.wait_for_selector("#score-start")
        me = _register(page, "Lingua")
        page.goto(server.base + "/nights")
        page.wait_for_selector("#night-create")
        look("club nights")
        page.click("#night-create")
        page.wait_for_selector("#night-names")
        page.fill("#night-names", "\n".join(sorted(names)))
        page.click("#night-register")
        page.wait_for_function("!document.querySelector('#night-pair').disabled")
        page.click("#night-pair")
        page.wait_for_selector(".table-link")
        look("a night's standings with the director's controls")
        page.click(".table-link")
        page.wait_for_selector("#entry-a")
        look("a table's page")
        page.goto(server.base + "/clubs")
        page.wait_for_selector("#club-create")
        look("clubs")
        page.fill("#club-name", "Club " + me)
        page.click("#club-create")
        page.wait_for_selector("#club-title")
        look("a club")
    finally:
        ctx.close()
    assert not problems, "\n".join(problems)
