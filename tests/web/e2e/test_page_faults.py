"""The page's smaller faults of issue 32: the clock's icon, Bourré's score table, a seat link
opened after the end, a spectator's own name in the chat."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import Player

pytestmark = pytest.mark.e2e

# P1 plays through the page's own socket until the game is over (stay, else a card)
TO_THE_END = """async () => {
    const page = TP.page(), d = document.body.dataset, deadline = Date.now() + 60000;
    let last = -1;
    while (d.over !== '1' && Date.now() < deadline) {
        if (d.myTurn === '1' && +d.seq > last) {
            const legal = page.view.msg.legal;
            last = +d.seq;
            page.view.send(legal.find((a) => a === 'stay')
                || legal.find((a) => a.startsWith('play ')) || legal[0]);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return d.over === '1';
}"""


def test_clock_icon_score_table_and_a_seat_link_after_the_end(open_player: Any,
                                                               server: Any) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table("bourre", [{"kind": "human"}, bot, bot],
                                options={"players": 3, "max_deals": 1}, name="Ida")
    link = f"/t/{table['code']}#seat=P1&token={table['token']}"
    ida: Player = open_player("ida", link)
    ida.wait_seated()
    # the clock draws its own icon: no emoji that a font may lack
    clock = ida.page.locator(".room-clock")
    clock.locator("svg.clock-icon").wait_for()
    assert "P1" in clock.inner_text() and "\u23f1" not in clock.inner_text()
    # Bourré's chips: no row in bold, none looks like the leader
    weights = ida.page.evaluate("""[...document.querySelectorAll(
        '.score-panel table.sheet tbody tr td')]
        .map((td) => getComputedStyle(td).fontWeight)""")
    assert len(weights) == 6 and set(weights) == {"400"}, weights
    assert ida.page.evaluate(TO_THE_END)
    ida.page.wait_for_selector(".banner.over .rematch-btn")
    # the same seat link on a second device, after the end: the final table and its Rematch
    other: Player = open_player("ida-phone", link, viewport={"width": 360, "height": 640})
    other.page.wait_for_selector(".banner.over .rematch-btn")
    assert "/replay/" not in other.page.url and other.seat == "P1"
    # without a seat, the table link of a finished table is its replay
    watcher: Player = open_player("late", f"/t/{table['code']}")
    watcher.page.wait_for_url("**/replay/*")


def test_a_spectator_chats_under_its_own_name(open_player: Any, server: Any) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="ru",
                                name="Sam")
    sam: Player = open_player("sam", f"/t/{table['code']}#seat=P1&token={table['token']}")
    sam.wait_seated()
    eve: Player = open_player("eve", "/")
    eve.page.evaluate("localStorage.setItem('trapoula.name', JSON.stringify('Eve'))")
    eve.page.goto(f"{server.base}/t/{table['code']}#watch")
    eve.page.wait_for_selector(".badge.watch")
    eve.page.click('.tab[data-tab="chat"]')
    eve.page.fill(".chat-input", "hello")
    eve.page.press(".chat-input", "Enter")
    sam.page.click('.tab[data-tab="chat"]')
    sam.page.wait_for_selector(".chat-msg >> text=hello")
    assert sam.page.locator(".chat-msg .chat-name").last.inner_text().strip() == "Eve (spectator):"


def test_keeping_the_seven_sends_nothing(open_player: Any, server: Any) -> None:
    """The seven's exchange offers a visible "keep" that only hides the offer: nothing leaves
    the page, so the others cannot tell that it was declined.  (The page is shown an offer:
    whether a deal gives P1 the seven of trumps is up to the cards.)"""
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="gr",
                                name="Kit")
    kit: Player = open_player("kit", f"/t/{table['code']}#seat=P1&token={table['token']}")
    kit.wait_seated()
    kit.page.wait_for_selector("body[data-my-turn='1']")
    sent = kit.page.evaluate("""() => {
        const page = TP.page(), view = page.view;
        window.__sent = [];
        const send = page.ws.send.bind(page.ws);
        page.ws.send = (m) => { window.__sent.push(m); send(m); };
        view.msg = JSON.parse(JSON.stringify(view.msg));
        Object.assign(view.msg.view, {trump: 'S', upcard: '9S'});
        view.msg.legal = ['exchange', 'play ' + view.msg.view.hand[0]];
        view.render();
        return window.__sent.length;
    }""")
    assert sent == 0
    page = kit.page
    assert page.locator('.actions button[data-action="exchange"]').count() == 1
    assert page.locator(".exchange-note .card").count() == 1
    page.locator(".actions .keep-seven").click()
    assert page.locator('.actions button[data-action="exchange"]').count() == 0
    assert page.locator(".actions .keep-seven").count() == 0
    assert page.locator(".exchange-note.kept").count() == 1
    assert page.evaluate("window.__sent") == []
