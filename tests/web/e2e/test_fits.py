"""The table fits every screen (issue 32): at your turn, your hand and your buttons lie inside
the window without scrolling, and nothing (score card, toasts, seats) covers them.

Each case makes a table with bots, drives it through the page's own socket to a turn of P1
(quick: no clicks needed to get there), then measures the page: bounding boxes against the
window, ``document.elementFromPoint`` at the middle of what shows of each card (a hand's cards
overlap: the middle of the part the next card leaves visible) and of each button.  With
five and seven Bourré players, no two seat boxes, trick cards or counters overlap.  A
screenshot of every case goes to ``$TRAPOULA_SHOTS`` (or a temporary folder) for people to
look at.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from .helpers import Player

pytestmark = pytest.mark.e2e

VIEWPORTS = [(360, 640), (390, 844), (412, 915), (640, 360), (768, 1024), (1440, 900)]
SHOTS = Path(os.environ.get("TRAPOULA_SHOTS") or tempfile.mkdtemp(prefix="trapoula-fits-"))

BOT = {"kind": "bot", "bot": "heuristic"}
CASES: dict[str, dict[str, Any]] = {
    "bourloto": {"game": "bourloto", "preset": "gr", "seats": 4, "options": {}},
    "bourre2": {"game": "bourre", "seats": 2, "options": {"players": 2}},
    "bourre5": {"game": "bourre", "seats": 5, "options": {"players": 5}},
    "bourre7": {"game": "bourre", "seats": 7, "options": {"players": 7}},
    "burraco": {"game": "burraco", "seats": 4, "options": {}},
}

# P1's moves go straight through the page's socket until `until` holds at P1's turn: draw,
# else a legal meld, else a discard (Burraco), else a card play, else the first action.
DRIVE = """async (until) => {
    const page = TP.page(), d = document.body.dataset, deadline = Date.now() + 40000;
    const done = new Function('v', 'legal', 'return (' + until + ');');
    let last = -1;
    while (Date.now() < deadline) {
        if (d.over === '1') return 'over';
        if (d.myTurn === '1' && +d.seq > last) {
            const legal = page.view.msg.legal;
            if (done(page.view, legal)) return 'ok';
            last = +d.seq;
            page.view.send(legal.find((a) => a === 'draw')
                || legal.find((a) => a.startsWith('meld '))
                || legal.find((a) => a.startsWith('discard '))
                || legal.find((a) => a.startsWith('play '))
                || legal.find((a) => a === 'stay') || legal[0]);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return 'timeout';
}"""

# Every problem with what P1 must reach at its turn: the hand's cards and the action buttons.
MEASURE = """() => {
    const vw = window.innerWidth, vh = window.innerHeight, out = [];
    if (window.scrollY !== 0) out.push('the page is scrolled by ' + window.scrollY);
    const check = (el, name, rect, x) => {
        if (rect.left < -0.5 || rect.top < -0.5 || rect.right > vw + 0.5
                || rect.bottom > vh + 0.5) {
            out.push(name + ' outside the window: ' + JSON.stringify([rect.left, rect.top,
                rect.right, rect.bottom]) + ' in ' + vw + 'x' + vh);
            return;
        }
        const y = (rect.top + rect.bottom) / 2;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit))) {
            out.push(name + ' covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing'));
        }
    };
    const cards = [...document.querySelectorAll('.hand .card')];
    cards.forEach((el, i) => {
        const r = el.getBoundingClientRect();
        const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
        const right = next && next.top < r.bottom && next.left > r.left
            ? Math.min(r.right, next.left) : r.right;
        check(el, 'card ' + el.dataset.card, r, (r.left + right) / 2);
    });
    for (const el of document.querySelectorAll('.actions button')) {
        const r = el.getBoundingClientRect();
        check(el, 'button ' + el.textContent.trim(), r, (r.left + r.right) / 2);
    }
    return {problems: out, cards: cards.length,
            buttons: document.querySelectorAll('.actions button').length};
}"""

# Pairs of seat boxes, trick cards and counters on the felt that overlap.
OVERLAPS = """() => {
    const els = [...document.querySelectorAll('.felt .seat, .felt .trick-card, .felt .centre')]
        .filter((e) => e.offsetParent !== null);
    const out = [];
    for (let i = 0; i < els.length; i++) {
        for (let j = i + 1; j < els.length; j++) {
            const a = els[i].getBoundingClientRect(), b = els[j].getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const hh = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 1 && hh > 1) {
                const name = (e) => e.className + ' ' + (e.dataset.seat || e.dataset.card || '');
                out.push(name(els[i]) + ' / ' + name(els[j]));
            }
        }
    }
    return out;
}"""


# a toast or a seat's bubble over the score card, the hand, the buttons or the side column
COVERS = """() => {
    const out = [];
    const under = [...document.querySelectorAll('.scorecard, .hand, .actions, .side')]
        .filter((e) => e.offsetParent !== null);
    for (const t of document.querySelectorAll('.toast, .bubble')) {
        const a = t.getBoundingClientRect();
        for (const e of under) {
            const b = e.getBoundingClientRect();
            if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) {
                out.push(t.className + ' "' + t.textContent + '" over ' + e.className);
            }
        }
    }
    return out;
}"""


def _open(open_player: Any, server: Any, case: str, size: tuple[int, int],
          context: Any = None) -> Player:
    spec = CASES[case]
    seats = [{"kind": "human"}] + [BOT] * (spec["seats"] - 1)
    table = server.create_table(spec["game"], seats, preset=spec.get("preset"),
                                options=spec["options"], name="Zoe")
    p: Player = open_player(case, f"/t/{table['code']}#seat=P1&token={table['token']}",
                            viewport={"width": size[0], "height": size[1]}, context=context)
    assert p.wait_seated() == "P1"
    return p


def _drive(p: Player, until: str) -> None:
    assert p.page.evaluate(DRIVE, until) == "ok"
    p.page.wait_for_function("document.body.dataset.myTurn === '1'")
    p.page.evaluate("window.scrollTo(0, 0)")  # as the page opened: no scrolling by the person


# the room bar's lines (its clock and buttons by their top) and the felt's share of the window
BARS = """() => {
    const tops = [...document.querySelectorAll('.room-bar .room-clock, .room-bar button')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => Math.round(e.getBoundingClientRect().top));
    const felt = document.querySelector('.felt').getBoundingClientRect();
    return {lines: new Set(tops.map((t) => Math.round(t / 12))).size,
            spread: tops.length ? Math.max(...tops) - Math.min(...tops) : 0,
            felt: felt.height / window.innerHeight};
}"""


def _measure(p: Player, name: str) -> dict[str, Any]:
    p.page.wait_for_timeout(250)  # the cards' short lift when they become playable
    p.page.screenshot(path=str(SHOTS / f"{name}.png"))
    result: dict[str, Any] = p.page.evaluate(MEASURE)
    assert not result["problems"], (name, result["problems"])
    # the bars above the felt are compact: the room bar is one line, the felt gets the rest
    bars = p.page.evaluate(BARS)
    assert bars["spread"] <= 6, (name, "the room bar wraps", bars)
    assert bars["felt"] >= 0.4, (name, "the felt is small", bars)
    return result


@pytest.mark.parametrize("size", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
@pytest.mark.parametrize("case", list(CASES))
def test_hand_and_buttons_fit_at_your_turn(open_player: Any, server: Any, case: str,
                                           size: tuple[int, int]) -> None:
    p = _open(open_player, server, case, size)
    tag = f"{case}-{size[0]}x{size[1]}"
    if case == "burraco":
        # after some melds, with the cards drawn: the hand is at its longest
        _drive(p, "document.querySelectorAll('.meld').length >= 3 && !legal.includes('draw')")
        res = _measure(p, tag)
        assert res["cards"] >= 1 and res["buttons"] >= 1
        assert p.page.locator(".meld .card").first.bounding_box()["width"] >= 30  # readable
        return
    # the first turn (bidding, or Bourré's decision), then a turn that plays a card
    _drive(p, "true")
    res = _measure(p, tag + "-first")
    assert res["cards"] >= 5  # (buttons when it bids; in play, a card is the move)
    _drive(p, "legal.some((a) => a.startsWith('play '))")
    res = _measure(p, tag + "-play")
    assert res["cards"] >= 1
    if case in ("bourre5", "bourre7"):
        assert p.page.evaluate(OVERLAPS) == []


LOCALES = [("el-GR", "bourloto"), ("ru-RU", "burraco"), ("it-IT", "bourre7")]


@pytest.mark.parametrize("size", [(360, 640), (1440, 900)], ids=["phone", "desktop"])
@pytest.mark.parametrize(("locale", "case"), LOCALES, ids=[c for c, _ in LOCALES])
def test_longer_words_fit_on_a_phone(open_player: Any, server: Any, browser: Any,
                                     locale: str, case: str, size: tuple[int, int]) -> None:
    """Greek, Russian and Italian words are longer than English ones: the buttons still fit
    (and a desktop's screenshot in each language)."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale,
                              bypass_csp=True)
    try:
        p = _open(open_player, server, case, size, context=ctx)
        assert p.page.evaluate("TP.getLang()") == locale[:2]
        tag = f"{case}-{locale}-{size[0]}x{size[1]}"
        if case == "burraco":
            _drive(p, "document.querySelectorAll('.meld').length >= 2 && !legal.includes('draw')")
            _measure(p, tag)
        else:
            _drive(p, "true")
            _measure(p, tag + "-first")
            _drive(p, "legal.some((a) => a.startsWith('play '))")
            _measure(p, tag + "-play")
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1440, 900)],
                         ids=["phone", "sideways", "desktop"])
def test_score_card_covers_neither_hand_nor_upcard(open_player: Any, server: Any,
                                                   size: tuple[int, int]) -> None:
    """A whole Bourloto deal, then P1's first turn of the next: the end-of-deal card is up and
    covers neither the hand, the buttons nor (on a desktop) the next deal's upcard."""
    p = _open(open_player, server, "bourloto", size)
    _drive(p, "(v.dealNumber() || 1) >= 2 && !!document.body.dataset.scorecard")
    p.page.wait_for_selector(".scorecard")
    # a word from the partner (a bubble at its seat) and a toast, as when a deal has ended
    p.page.evaluate("""() => {
        TP.bubble(document.querySelector('.felt .seat[data-seat="P3"]'), 'P3: declare');
        TP.toast('Deal 1 is over');
    }""")
    _measure(p, f"scorecard-{size[0]}x{size[1]}")
    covered = p.page.evaluate(COVERS)
    assert covered == [], covered
    upcard = p.page.locator(".felt .upcard .card")
    if size[0] >= 900 and upcard.count():
        box = upcard.bounding_box()
        assert box is not None
        hit = p.page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.upcard')",
                              [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit, "the score card covers the upcard"


@pytest.mark.parametrize("size", [(640, 360), (360, 640)], ids=["640x360", "360x640"])
def test_many_burraco_melds_leave_the_piles_in_sight(open_player: Any, server: Any,
                                                     size: tuple[int, int]) -> None:
    """Six melds and more on the felt: each side's melds scroll within their own area, the
    stock, the discard pile and the seats stay in sight inside the felt, the page does not
    scroll."""
    p = _open(open_player, server, "burraco", size)
    _drive(p, "document.querySelectorAll('.meld').length >= 6 && !legal.includes('draw')")
    _measure(p, f"burraco-many-{size[0]}x{size[1]}")
    inside = p.page.evaluate("""() => {
        const felt = document.querySelector('.felt').getBoundingClientRect();
        return [...document.querySelectorAll('.felt .seat, .felt .stock, .felt .discard-pile')]
            .filter((e) => { const r = e.getBoundingClientRect();
                return r.top < felt.top - 0.5 || r.bottom > felt.bottom + 0.5; })
            .map((e) => e.className);
    }""")
    assert inside == [], inside
    # every meld shows its points, and a meld with a wild card has that card marked
    assert p.page.evaluate(MELDS) == []


# each meld of the state against the page: its points shown, its wild card (if not clean) marked
MELDS = """() => {
    const out = [], melds = TP.page().view.view.melds || {};
    for (const [team, list] of Object.entries(melds)) {
        for (const m of list) {
            const el = document.querySelector(`.meld[data-team="${team}"][data-n="${m.number}"]`);
            if (!el) { out.push('meld ' + team + m.number + ' not shown'); continue; }
            const pts = el.querySelector('.meld-pts');
            if (!pts || !pts.textContent.includes(String(m.points + m.bonus))) {
                out.push('meld ' + team + m.number + ' without its points');
            }
            const wild = el.querySelectorAll('.card.wild').length;
            if (wild !== (m.clean ? 0 : 1)) out.push('meld ' + team + m.number + ': ' + wild
                + ' wild cards marked, clean: ' + m.clean);
        }
    }
    return out;
}"""


@pytest.fixture(scope="module")
def finished(server: Any, browser: Any) -> dict[str, Any]:
    """A Bourloto match to 1 point, played out by the bots after P1 hands its seat over."""
    table = server.create_table("bourloto", [{"kind": "human"}] + [BOT] * 3, preset="gr",
                                options={"target": 1}, name="Zoe")
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(f"{server.base}/t/{table['code']}#seat=P1&token={table['token']}")
        page.locator("#to-bot").click()
        page.wait_for_selector("body[data-over='1']", timeout=60000)
    finally:
        ctx.close()
    return table


# what makes the page wider than the window (so that it scrolls sideways), if anything
WIDE = """() => {
    const vw = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width && r.right > vw + 1 && !e.closest('[hidden], .hidden, select');
    }).slice(0, 5).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(
        e.getBoundingClientRect().right));
}"""


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["360x640", "640x360"])
def test_lobby_join_panel_and_replay_fit_the_width(open_player: Any, server: Any,
                                                   finished: dict[str, Any],
                                                   size: tuple[int, int]) -> None:
    """The other pages a person sees: nothing wider than the window (no sideways scrolling),
    and at a finished table the Rematch button in the window."""
    tag = f"{size[0]}x{size[1]}"
    waiting = server.create_table("burraco", [{"kind": "human"}, {"kind": "human"}, BOT, BOT],
                                  name="Zoe")
    p = open_player("look", "/", viewport={"width": size[0], "height": size[1]})
    page = p.page
    page.wait_for_selector(".table-item")
    page.select_option("#game", "bourre")
    page.screenshot(path=str(SHOTS / f"lobby-{tag}.png"), full_page=True)
    assert page.evaluate(WIDE) == []
    page.goto(f"{server.base}/t/{waiting['code']}")
    page.wait_for_selector(".join-panel")
    page.screenshot(path=str(SHOTS / f"join-{tag}.png"))
    assert page.evaluate(WIDE) == []
    # its creator waits for the open seat: the room bar's buttons all show (nothing hidden
    # past the bar's end), "give P2 to a bot" among them
    page.goto(f"{server.base}/t/{waiting['code']}#seat=P1&token={waiting['token']}")
    page.wait_for_selector(".room-bar [data-give-bot='P2']")
    page.screenshot(path=str(SHOTS / f"waiting-{tag}.png"))
    bar = page.evaluate("(() => { const b = document.querySelector('.room-bar');"
                        " return [b.scrollWidth, b.clientWidth]; })()")
    assert bar[0] <= bar[1] + 1, bar
    assert page.evaluate(WIDE) == []
    page.goto(f"{server.base}/replay/{finished['table_id']}")
    page.wait_for_selector("#replay-counter")
    page.locator("#replay-last").click()
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"replay-{tag}.png"))
    assert page.evaluate(WIDE) == []
    page.goto(f"{server.base}/t/{finished['code']}#seat=P1&token={finished['token']}")
    page.wait_for_selector("body[data-over='1']")
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"over-{tag}.png"))
    assert page.evaluate(WIDE) == []
    # the match is over: its Rematch button shows without scrolling
    box = page.locator(".rematch-btn").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size[1], box
