"""RULES.md 1.3.2 (gr): a Bourlot not announced as the first of K/Q of trumps is played never
counts.  On the page, tapping a card that may be played with or without announcing it shows
both ways as buttons, and the plain one says what it gives up; nothing is played until one is
chosen."""

from __future__ import annotations

from typing import Any

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.core.game import derive_seed

from .helpers import Player, tap_card

pytestmark = pytest.mark.e2e


def _first_bourlot_choice() -> tuple[int, list[str], list[str]]:
    """A seed, P1's moves before his first Bourlot choice (always his first legal action) and
    his legal actions then, with random bots seeded as the server seeds them."""
    game = trapoula.make("bourloto", "gr")
    for seed in range(200):
        state = game.new_match(seed)
        bots = {s: make_bot("random", game, seed=derive_seed(seed, "bot", s))
                for s in ("P2", "P3", "P4")}
        mine: list[str] = []
        while not state.is_over and len(mine) < 40:
            seat = state.current_player
            if seat == "P1":
                legal = state.legal_actions()
                if any("bourlot" in a.words for a in legal):
                    return seed, mine, [str(a) for a in legal]
                action = legal[0]
                mine.append(str(action))
            else:
                action = bots[seat].choose(state.view(seat))
            state = state.apply(action)
    raise AssertionError("no seed gives P1 a Bourlot choice")


def _my_turn(p: Player) -> str:
    p.page.wait_for_function("document.body.dataset.myTurn === '1'")
    return p.seq


def _act(p: Player, text: str) -> None:
    """Play ``text`` through the page: a card is tapped (then its variant button if asked),
    anything else is its button."""
    seq = _my_turn(p)
    kind, *rest = text.split()
    if kind == "play":
        tap_card(p.page.locator(f'.hand .card[data-card="{rest[0]}"]'))
        variant = p.page.locator(f'.actions button.act.variant[data-action="{text}"]')
        if variant.count():
            variant.click()
    else:
        p.page.locator(f'.actions button.act[data-action="{text}"]').click()
    p.wait_seq_after(seq)


def test_s1_3_2_a_card_that_may_announce_bourlot_asks_which_on_the_page(
    open_player: Any, server: Any
) -> None:
    seed, before, legal = _first_bourlot_choice()
    body = {"game": "bourloto", "preset": "gr", "options": {}, "name": "Ann", "seat": "P1",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3, "seed": seed}
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table = r.json()
    ann: Player = open_player("ann", f"/t/{table['code']}#seat=P1&token={table['token']}")
    ann.wait_seated()
    for text in before:
        _act(ann, text)
    seq = _my_turn(ann)
    assert sorted(ann.legal()) == sorted(legal)  # the page is where the engine is
    card = next(t.split()[1] for t in legal if "bourlot" in t.split())
    ways = sorted(t for t in legal if t.split()[1] == card)
    tap_card(ann.page.locator(f'.hand .card[data-card="{card}"]'))
    buttons = ann.page.locator(".actions button.act.variant")
    shown = sorted(buttons.nth(i).get_attribute("data-action") for i in range(buttons.count()))
    assert shown == ways and f"play {card}" in shown and f"play {card} bourlot" in shown
    plain = ann.page.locator(f'.actions button.act.variant[data-action="play {card}"]')
    assert "(no Bourlot: it will not count)" in plain.inner_text()
    announced = ann.page.locator(
        f'.actions button.act.variant[data-action="play {card} bourlot"]')
    assert announced.locator(".gives-up").count() == 0
    assert ann.seq == seq  # tapping the card played nothing
    announced.click()
    ann.wait_seq_after(seq)
    history = ann.page.evaluate("TP.page().view.view.history")
    assert f"P1 play {card} bourlot" in history, history
