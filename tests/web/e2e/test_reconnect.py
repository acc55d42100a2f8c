"""Coming back: a dropped socket reconnects by itself; a closed page reopened in the same
browser or with the seat link on another device gets the same seat and the full view."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import Player, drive

pytestmark = pytest.mark.e2e


def hand(player: Player) -> list[str]:
    cards = player.page.locator(".hand .card")
    return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]


def test_reconnect_gets_the_same_seat_and_full_view(open_player: Any, server: Any,
                                                    frames: Any) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="gr",
                                name="Rui")
    code, token = table["code"], table["token"]
    link = f"/t/{code}#seat=P1&token={token}"
    rui: Player = open_player("rui", link)
    assert rui.wait_seated() == "P1"
    rui.page.wait_for_selector("body[data-my-turn='1']")
    before, seq = hand(rui), rui.seq
    view = frames.last_state("rui")["view"]
    assert len(before) == len(view["hand"]) == view["hand_counts"]["P1"] in (5, 8)

    # the socket drops: the page says so, reconnects by itself and keeps its seat
    rui.page.evaluate("TP.page().ws.close()")
    rui.page.wait_for_function("document.body.dataset.conn === 'retry'")
    rui.page.wait_for_function("document.body.dataset.conn === 'open'")
    rui.wait_turn(seq)
    assert hand(rui) == before
    rui.act()
    seq = rui.seq

    # the page is closed; the same browser opens the table's plain link (token in storage)
    context = rui.page.context
    rui.page.close()
    back: Player = open_player("rui-again", f"/t/{code}", context=context)
    assert back.wait_seated() == "P1"
    state = frames.last_state("rui-again")
    assert state["you"] == "P1" and len(state["view"]["hand"]) == state["view"]["hand_counts"]["P1"]
    assert len(hand(back)) == len(state["view"]["hand"]) > 0

    # another device: a fresh browser with the seat link, full view, and it can play on
    other: Player = open_player("rui-phone", link)
    assert other.wait_seated() == "P1"
    other.page.wait_for_function("s => +document.body.dataset.seq >= +s", arg=seq)
    state = frames.last_state("rui-phone")
    assert sorted(hand(other)) == sorted(c[:-1] + c[-1].upper() for c in state["view"]["hand"])
    moves = drive([other], until=lambda: int(other.seq) > int(seq) + 8, max_moves=40)
    assert moves >= 1
    back.page.wait_for_function("s => document.body.dataset.seq === s", arg=other.seq)

    # the language is the page's choice, kept across visits; card names follow it
    other.page.select_option("#lang", "ru")
    assert other.page.locator('.tab[data-tab="score"]').inner_text() == "Счёт"
    other.page.reload()
    other.wait_seated()
    assert other.page.locator('.tab[data-tab="score"]').inner_text() == "Счёт"
    label = other.page.locator(".hand .card").first.get_attribute("aria-label") or ""
    assert label.split()[-1] in ("пик", "червей", "бубен", "треф"), label
