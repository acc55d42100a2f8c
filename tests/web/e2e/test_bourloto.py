"""Bourloto in the browser: a table made in the lobby, two people and two bots finish a deal.

The same game is the browser leak test: every WebSocket frame each page receives (both
players and a spectator) is checked against the engine's views, replayed from the record.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .helpers import FrameLog, Player, drive, hidden_card_leaks, replay_states

pytestmark = pytest.mark.e2e

XSS = '<img src=x onerror="window.__xss=1">hello'


def test_two_browsers_two_bots_finish_a_bourloto_deal_without_leaks(
    open_player: Any, server: Any, frames: Any
) -> None:
    # Alice makes the table in the lobby: match to 1 point (one deal decides), P2 open for a
    # person, P3 and P4 bots.
    alice: Player = open_player("alice")
    page = alice.page
    page.fill("#name", "<b>Alice</b>")
    page.select_option("#game", "bourloto")
    # a seat's default bot follows the preset: learned where it beats hard (ru), else medium
    page.select_option("#preset", "gr")
    assert page.input_value('select.seat-kind[data-seat="P3"]') == "level:medium"
    page.select_option("#preset", "ru")
    assert page.input_value('select.seat-kind[data-seat="P3"]') == "bot:learned"
    page.fill("#opt-target", "1")
    page.select_option('select.seat-kind[data-seat="P2"]', "human")
    page.select_option('select.seat-kind[data-seat="P3"]', "level:easy")
    page.select_option('select.seat-kind[data-seat="P4"]', "bot:heuristic")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    assert alice.wait_seated() == "P1"
    code = page.url.rsplit("/", 1)[-1]
    assert page.locator(".banner.waiting .share-link").inner_text().endswith("/t/" + code)

    # Bob finds it in the lobby's list and joins; Carol watches.
    bob: Player = open_player("bob")
    bob.page.fill("#name", "Bob")
    bob.page.locator(f'.table-item[data-code="{code}"] .join-btn').click()
    assert bob.wait_seated() == "P2"
    carol: Player = open_player("carol")
    carol.page.locator(f'.table-item[data-code="{code}"] .watch-btn').click()
    carol.page.wait_for_selector(".badge.watch")

    # names are text, never markup; chat too
    page.wait_for_selector('.seat[data-seat="P2"] .name >> text=Bob')
    assert bob.page.locator('.seat[data-seat="P1"] .name').inner_text() == "<b>Alice</b>"
    page.click('.tab[data-tab="chat"]')
    page.fill(".chat-input", XSS)
    page.press(".chat-input", "Enter")
    bob.page.click('.tab[data-tab="chat"]')
    bob.page.wait_for_selector(".chat-text >> text=hello")
    assert bob.page.locator(".chat-text").last.inner_text() == XSS
    assert bob.page.locator(".chat-list img").count() == 0
    assert bob.page.evaluate("window.__xss") is None

    # play: Alice clicks her cards, Bob drags his onto the table
    bob.drag = True
    moves = drive([alice, bob])
    assert moves > 8
    for p in (alice, bob, carol):
        p.page.wait_for_selector(".banner.over")
    final = frames.last_state("alice")
    assert final["over"] and final["result"]["winner"] in ("A", "B")
    # the pages took deltas (the states above are rebuilt from them) and never lost their place
    assert frames.deltas > moves and not any(m["type"] == "delta_gap" for _, m in frames.frames)
    assert len(final["sheet"]) >= 1  # the deal score sheet: one row per deal
    assert page.locator(".score-panel > table.sheet tbody tr").count() == len(final["sheet"]) + 1
    verdict = "You win!" if final["result"]["winner"] == "A" else "You lose."
    assert page.locator(".you-result").inner_text() == verdict
    # a deal was played out: the engine saw every card of at least one deal played
    record = server.record(final["table"]["id"])
    assert sum(a.split()[1] == "play" for a in record["actions"]) >= 32

    # the leak test over the whole game: players and the spectator
    problems = hidden_card_leaks(record, frames, {"alice": "P1", "bob": "P2", "carol": None})
    assert not problems, problems
    assert len(frames.of("carol", "state")) > 20
    # ...and the check does find a card of another seat planted in a frame
    first = json.loads(json.dumps(frames.of("alice", "state")[0]))
    p3_card = replay_states(record)[first["seq"]].view("P3").hand[0]
    first["view"]["upcard"] = str(p3_card)
    planted = FrameLog()
    planted.frames.append(("alice", first))
    assert hidden_card_leaks(record, planted, {"alice": "P1"})

    # the lobby lists the finished game with its replay; the replay steps through public views
    carol.page.goto(server.base + "/")
    carol.page.wait_for_selector(f'.finished-list .table-item[data-code="{code}"] .replay-btn')
    page.click(".banner.over a.btn")
    page.wait_for_selector("#replay-counter")
    total = len(record["actions"])
    page.wait_for_function("document.body.dataset.replaySeq === '0'")
    page.click("#replay-next")
    page.wait_for_function("document.body.dataset.replaySeq === '1'")
    assert page.locator("#replay-counter").inner_text() == f"Move 1 of {total}"
    assert page.locator(".hand .card").count() == 0  # public information only
    page.click("#replay-last")
    page.wait_for_selector(".banner.over")
    assert page.locator("#replay-counter").inner_text() == f"Move {total} of {total}"
