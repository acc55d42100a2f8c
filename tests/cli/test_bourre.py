"""``trapoula play bourre``: a session with chip stacks against bots, from scripted input."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapoula
from trapoula.cards import Card, Suit, deck_52
from trapoula.core.action import Action
from trapoula.tui import Ui, renderer_for
from trapoula.tui.bourre import BourreRenderer, sort_hand, weakest
from trapoula.tui.strings import tr

from .conftest import RunCli

BAD_FIRST = "garbage\n99\nplay 2c\ndraw 2s 3s 4s 5s 6s\nhint\nhelp\n"
STAY = "2\n" * 400  # 2 is "stay" in the decision round and a card in play (one card: forced)


def label(seat: str) -> str:
    return seat + (" (you)" if seat == "P1" else "")


def _session(save: Path) -> Any:
    return trapoula.load(save)


def test_whole_session_with_bad_input_first(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = run_cli("play", "bourre", "--players", "5", "--stack", "80", "--ante", "2", "--seed",
                "7", "--save", str(save), "max_deals=3", stdin=BAD_FIRST + STAY)
    assert r.code == 0, r.err
    assert "Traceback" not in r.out + r.err
    # every bad line got its own clear message
    assert "'garbage' is not a complete action, a card or a command. Allowed now: " in r.out
    assert "There is no action 99" in r.out
    assert tr("br_decide_now", "en") in r.out
    assert ("You do not hold" in r.out) or ("You may exchange 1 to 4 cards, not 5" in r.out)
    assert "Hint (heuristic): " in r.out
    assert tr("br_help", "en").splitlines()[0] in r.out
    # the session ran its three deals; each got a settlement with the engine's chip counts
    session = _session(save)
    assert session.is_over and session.result["deals"] == 3
    assert r.out.count(" is over ─") == 3
    for deal in session.deals:
        chips = " · ".join(f"{label(s)} {v}" for s, v in deal.stacks.items())
        assert f"Chips: {chips}" in r.out
        for seat, amount in deal.result["bourre"].items():
            assert (f"{label(seat)} took no trick: bourré! Pays {amount}" in r.out
                    or f"{label(seat)} took no trick: bourré! Owes {amount}" in r.out
                    or (seat == "P1" and tr("br_you_bust", "en", amount=amount) in r.out))
    final = session.result["stacks"]
    assert f"You end with {final['P1']} chips" in r.out
    assert tr("br_session_over", "en") in r.out
    record = json.loads(save.read_text())
    assert trapoula.make("bourre", record["preset"], **record["options"]).changed_options() \
        == {"players": 5, "starting_stack": 80, "ante": 2, "max_deals": 3}


def test_short_stacks_end_the_game_for_a_broke_player(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = run_cli("play", "bourre", "--players", "3", "--stack", "3", "--seed", "2", "--save",
                str(save), stdin=STAY)
    assert r.code == 0 and "Traceback" not in r.out + r.err
    session = _session(save)
    if tr("br_you_are_out") in r.out:  # the human left: the record stops there
        assert not session.is_over and "P1" in session.view("P1").session.left
    else:  # the session ended (one player holds every chip, or nobody can ante)
        assert session.is_over and tr("br_session_over") in r.out


def test_other_players_discards_stay_hidden(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = run_cli("play", "bourre", "--players", "4", "--seed", "3", "--save", str(save),
                "max_deals=2", stdin=STAY)
    assert r.code == 0
    record = json.loads(save.read_text())
    others = [a for a in record["actions"] if a.startswith(("P2 draw", "P3 draw", "P4 draw"))]
    assert others, "the bots exchanged no card in two deals"
    for text in others:
        seat, _, *cards = text.split()
        assert f"{seat} exchanges {len(cards)}" in r.out
        assert text not in r.out
    # the human's own exchange shows the cards he gave and got
    if any(a.startswith("P1 draw") for a in record["actions"]):
        assert re.search(r"P1 \(you\) exchanges .+ and gets ", r.out)


def test_the_decision_menu_is_short_and_legal() -> None:
    game = trapoula.make("bourre", players=5)
    r = renderer_for("bourre", Ui())
    r.options = game.options
    for seed in range(20):
        state = game.new_deal(seed=seed)
        view = state.view(state.current_player or "P1")
        menu = r.menu(view, view.legal_actions)
        assert len(view.legal_actions) > 20 > len(menu)
        assert set(menu) <= set(view.legal_actions)
        assert [a.kind for a in menu[:2]] == ["fold", "stay"]
        for a in menu[2:]:  # draw the N weakest, N = 1, 2...
            assert a.kind == "draw" and not any(c.suit == view.trump for c in a.cards)
        text = r.menu_text(view, menu)
        assert "draw C" not in text and "1 to 4 of your cards" in text


def test_cards_alone_mean_draw_in_the_decision_round() -> None:
    game = trapoula.make("bourre", players=4)
    state = game.new_deal(seed=5)
    view = state.view(state.current_player or "P1")
    r = renderer_for("bourre", Ui())
    two = view.hand[:2]
    action = r.interpret(f"{two[0]} {str(two[1]).lower()}", view, game.parse_action)
    assert action == Action("draw", tuple(sorted(two)))
    assert action in view.legal_actions
    assert r.interpret("stay", view, game.parse_action) is None


def test_illegal_actions_get_short_reasons() -> None:
    game = trapoula.make("bourre", players=4, trump_card="dealer_fifth")
    r = renderer_for("bourre", Ui())
    state = game.new_deal(seed=2)
    view = state.view(state.current_player or "P1")
    missing = next(c for c in deck_52() if c not in view.hand)
    msg = r.explain(view, game.parse_action(f"draw {missing}"))
    assert msg is not None and msg.startswith(f"You do not hold {Ui().card(missing)}")
    assert len(msg) < 120  # not the engine's list of 30 draws
    assert r.explain(view, game.parse_action(f"play {view.hand[0]}")) == tr("br_decide_now")


def test_a_player_without_chips_leaves_the_table() -> None:
    game = trapoula.make("bourre", players=3)
    r = BourreRenderer(Ui())
    r.options = game.options
    view = game.new_match(seed=1).view("P1")
    assert r.left_game(view) is None
    assert view.session is not None
    gone = replace(view, session=replace(view.session, left=("P1",)))
    text = r.left_game(gone)
    assert text is not None and tr("br_you_are_out") in text


def test_settlement_lines_follow_the_rules_example() -> None:
    """RULES.md §2.5: P1 takes 6, P4 is bourré and pays 6, P3 folded; nets +4 -1 -1 -8."""
    game = trapoula.make("bourre", players=4)
    r = BourreRenderer(Ui())
    deal = game.new_deal(seed=1)
    v = deal.view("P1")
    finished = replace(
        v, phase="over", pot=6, staying=("P1", "P2", "P4"), folded=("P3",),
        fees_paid={"P1": 1, "P2": 0, "P3": 0, "P4": 1},
        tricks_won={"P1": 3, "P2": 2, "P4": 0}, players=("P1", "P2", "P3", "P4"),
        result={"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}, stacks=None,
    )
    text = r.deal_summary(v, finished, finished)
    assert "P1 (you) takes the pot of 6." in text
    assert "P4 took no trick: bourré! Pays 6 into the next pot." in text
    assert "Carried to the next pot: 6." in text
    assert "This deal: P1 (you) +4 · P2 -1 · P3 -1 · P4 -8" in text


@given(st.lists(st.sampled_from(deck_52()), unique=True, min_size=1, max_size=5),
       st.sampled_from(list(Suit)), st.integers(min_value=1, max_value=5))
def test_hand_groups_and_weakest_cards(cards: list[Card], trump: Suit, n: int) -> None:
    groups = sort_hand(cards, trump)
    assert sorted(c for g in groups for c in g) == sorted(cards)
    if any(c.suit == trump for c in cards):
        assert groups[0][0].suit == trump
    for g in groups:
        ranks = [int(c.rank or 0) for c in g]
        assert len({c.suit for c in g}) == 1 and ranks == sorted(ranks, reverse=True)
    weak = weakest(cards, trump, n)
    assert len(weak) <= n and all(c.suit != trump and c.rank != 14 for c in weak)
    kept = [c for c in cards if c not in weak and c.suit != trump and c.rank != 14]
    assert all(int(k.rank or 0) >= int(w.rank or 0) for k in kept for w in weak)


def test_plain_text_when_not_a_terminal(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--seed", "4", "max_deals=1", stdin=STAY)
    assert r.code == 0 and "\x1b[" not in r.out
    coloured = run_cli("play", "bourre", "--seed", "4", "--color", "always", "max_deals=1",
                       stdin=STAY)
    assert "\x1b[" in coloured.out
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.out) == r.out


@pytest.mark.parametrize("lang", ["el", "ru", "it"])
def test_other_languages(run_cli: RunCli, lang: str) -> None:
    r = run_cli("play", "bourre", "--seed", "4", "--lang", lang, "max_deals=1", stdin=STAY)
    assert r.code == 0, r.err
    assert tr("pot", lang) in r.out and tr("br_session_over", lang) in r.out
