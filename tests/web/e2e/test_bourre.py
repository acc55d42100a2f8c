"""Bourré in the browser: five seats, two people (one on a phone-sized screen), three bots."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE
from .helpers import Player, drive, hidden_card_leaks, tap_card

pytestmark = pytest.mark.e2e


def exchange_one_card(player: Player) -> bool:
    """In the decision round: select the first card that may be exchanged and exchange it."""
    page = player.page
    if not page.locator(".hand.mode-select").count():
        return False
    tap_card(page.locator(".hand .card.legal").first)
    button = page.locator(".actions button.act.primary")
    assert button.inner_text() == "Exchange 1"
    if button.is_disabled():  # e.g. this table allows no exchange: stay
        page.locator('.actions button[data-action="stay"]').click()
    else:
        button.click()
    return True


def stay(player: Player) -> bool:
    button = player.page.locator('.actions button[data-action="stay"]')
    if not button.count():
        return False
    button.click()
    return True


def test_bourre_deal_with_five_seats(open_player: Any, server: Any, frames: Any) -> None:
    heuristic = {"kind": "bot", "bot": "heuristic"}
    table = server.create_table(
        "bourre", [{"kind": "human"}, {"kind": "human"}, heuristic, heuristic,
                   {"kind": "bot", "level": "easy"}],
        options={"players": 5, "max_deals": 1}, name="Ann", seat="P1")
    code, token = table["code"], table["token"]
    # Ann comes in through her seat link; Bea opens the table link on a phone and sits down
    ann: Player = open_player("ann", f"/t/{code}#seat=P1&token={token}")
    assert ann.wait_seated() == "P1"
    assert "token" not in ann.page.url  # the token leaves the address bar at once
    bea: Player = open_player("bea", f"/t/{code}", viewport=PHONE)
    bea.page.fill("#join-name", "Bea")
    bea.page.click("#join-submit")
    assert bea.wait_seated() == "P2"
    ann.page.wait_for_selector('.seat[data-seat="P2"] .name >> text=Bea')
    assert ann.page.locator(".felt .seat").count() == 5

    ann.policy = exchange_one_card
    bea.policy = stay
    drive([ann, bea])
    for p in (ann, bea):
        p.page.wait_for_selector(".banner.over")
    final = frames.last_state("ann")
    assert final["over"] and final["result"]["deals"] == 1
    assert set(final["result"]["stacks"]) == {"P1", "P2", "P3", "P4", "P5"}
    # the phone page stays within its width
    assert bea.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    record = server.record(final["table"]["id"])
    acts = record["actions"]
    assert any(a.startswith("P1 draw ") for a in acts), acts[:8]
    assert any(a.startswith("P2 stay") for a in acts), acts[:8]
    problems = hidden_card_leaks(record, frames, {"ann": "P1", "bea": "P2"})
    assert not problems, problems
    # Bea saw Ann's exchange only as a count
    seen = [m["last"]["action"] for m in frames.of("bea", "state")
            if m.get("last") and m["last"]["seat"] == "P1"]
    assert "draws 1" in seen
