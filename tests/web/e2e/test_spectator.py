"""A spectator sees the table (public information only), no hand, and cannot act."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .helpers import Player

pytestmark = pytest.mark.e2e


def test_spectator_sees_the_table_but_no_hand_and_cannot_act(open_player: Any, server: Any,
                                                             frames: Any) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="ru",
                                name="Sam")
    sam: Player = open_player("sam", f"/t/{table['code']}#seat=P1&token={table['token']}")
    sam.wait_seated()
    sam.page.wait_for_selector("body[data-my-turn='1']")
    seq = sam.seq

    # every seat is taken, so the table link shows the table to watch
    eve: Player = open_player("eve", f"/t/{table['code']}")
    page = eve.page
    page.wait_for_selector(".badge.watch")
    page.wait_for_function("s => document.body.dataset.seq === s", arg=seq)
    assert eve.seat == ""
    assert page.locator(".felt .seat").count() == 4
    assert page.locator('.seat[data-seat="P1"] .name').inner_text() == "Sam"
    assert page.locator(".hand .card").count() == 0
    assert page.locator(".actions button").count() == 0
    assert page.locator('.seat[data-seat="P1"].to-act').count() == 1
    for msg in frames.of("eve", "state"):
        assert msg["you"] is None and msg["legal"] == [] and msg["view"]["hand"] == []

    # acting anyway (straight through the page's socket) is refused and changes nothing
    page.evaluate("s => TP.page().ws.send(JSON.stringify({type: 'act', action: 'pass', seq: +s}))",
                  seq)
    page.wait_for_selector(".toast.error")
    errors = frames.of("eve", "error")
    assert errors and errors[-1]["code"] == "spectator", json.dumps(errors)
    assert sam.seq == seq and eve.seq == seq

    # the spectator follows the game as it goes on
    sam.act()
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
