"""``trapoula play burraco``: a turn from a set-up position, a whole match, the table."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapoula
from trapoula.bots import make_bot
from trapoula.cards import Card, deck_108, short_name
from trapoula.cli.common import Console
from trapoula.cli.session import PlaySession
from trapoula.tui import Ui, renderer_for
from trapoula.tui.burraco import BurracoRenderer, card_order, sort_cards
from trapoula.tui.strings import tr

from .conftest import RunCli

GAME = trapoula.make("burraco")
SETUP: dict[str, Any] = {
    "hands": {"P1": "3H 4H 5H 7H 9S 9S KD QC 7C 8D 10D".split(),
              "P2": "3S 4S 6S 8S 10S JS QS KS AS 5D 6D".split(),
              "P3": "3C 4C 5C 6C 8C 9C 10C JC KC AC 4D".split(),
              "P4": "3D 7D 9D JD QD AD 5S 7S 9H 10H JH".split()},
    "discard": ["6H"],
    "stock": "2S 2H 2D 2C JK JK QH KH AH 8H 3S 4S 5S 6S 7S 8S 10S JS QS".split(),
    "pozzetti": ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH".split(),
                 "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC".split()],
}


def play_from(state: Any, script: str) -> tuple[str, Any]:
    """Run the table on a position with scripted input; the text and the last state."""
    out = io.StringIO()
    con = Console(out=out, err=out, inp=io.StringIO(script))
    r = renderer_for("burraco", Ui())
    r.options = GAME.options
    bots = {s: make_bot("heuristic", GAME, seed=k) for k, s in enumerate(("P2", "P3", "P4"))}
    session = PlaySession(GAME, state, "P1", bots, r, con, seed=1)
    session.run()
    return out.getvalue(), session.state


def test_a_turn_draw_pickup_meld_add_discard_with_bad_input() -> None:
    script = "\n".join([
        "meld 3h 4h 5h",      # before drawing
        "pickup",             # the one-card pile: 6H
        "draw",               # already drawn
        "discard 6h",         # the card just taken from a one-card pile
        "meld 3h 4h",         # not a meld
        "meld 2h 3h 4h",      # a card not held
        "sort", "melds",
        "3h 4h 5h 6h",        # cards alone: a meld
        "add 2 7h",           # no meld 2
        "1 7h",               # number and cards: an addition
        "kd",                 # one card: the discard
        "quit",
    ]) + "\n"
    text, state = play_from(GAME.from_setup(SETUP), script)
    assert "Traceback" not in text
    assert tr("bu_draw_first") in text
    assert tr("bu_already_drew") in text
    assert tr("bu_picked", card="6♥") in text
    assert tr("bu_not_a_meld", cards="3♥ 4♥") in text
    assert tr("bu_not_holding", cards="2♥") in text
    assert "Your hand, sorted by rank: " in text
    assert "You can lay:" in text and "meld 3♥ 4♥ 5♥ 6♥ 7♥" in text
    assert tr("bu_no_meld_n", n=2, max=1) in text
    for line in ("P1 (you) picks up the discards (1): 6♥",
                 "P1 (you) melds 3♥ 4♥ 5♥ 6♥ (A1)",
                 "P1 (you) adds 7♥ to A1: 3♥ 4♥ 5♥ 6♥ 7♥",
                 "P1 (you) discards K♦"):
        assert line in text
    mine = [str(e.action) for e in state.history if e.seat == "P1"]
    assert mine[:4] == ["pickup", "meld 3H 4H 5H 6H", "add 1 7H", "discard KD"]
    # after P1 the bots played their turns, each shown as it happened
    assert "P2 draws from the stock" in text or "P2 picks up the discards" in text


def test_numbers_draw_from_the_stock_and_discard(run_cli: RunCli) -> None:
    text, state = play_from(GAME.from_setup(SETUP), "1\n1\nquit\n")
    first = [e for e in state.history if e.seat == "P1"]
    assert [e.action.kind for e in first] == ["draw", "discard"]
    assert "P1 (you) draws 2♠" in text  # the top of the stock, shown to its drawer only
    assert re.search(r"Discard:\n +1 ", text)


def test_whole_match_answering_the_first_choice(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    r = run_cli("play", "burraco", "--preset", "fibur", "--seed", "3", "--save", str(save),
                stdin="garbage\n" + "1\n" * 20000)
    assert r.code == 0, r.err
    assert "Traceback" not in r.out + r.err
    assert "'garbage' is not a complete action, a card or a command. Allowed now: " in r.out
    match: Any = trapoula.load(save)
    assert match.is_over
    s, winner = match.result["scores"], match.result["winner"]
    assert tr("final_score", a=s["A"], b=s["B"], winner=winner) in r.out
    assert r.out.count("is over ─") == len(match.deals)
    for deal in match.deals:  # each hand's sheet ends with the running totals
        assert re.search(rf"total +{deal.totals['A']} +{deal.totals['B']}\n", r.out)
    assert "\x1b[" not in r.out


def test_hand_sheet_adds_up() -> None:
    state: Any = GAME.new_deal(seed=11)
    bots = {s: make_bot("heuristic", GAME, seed=k) for k, s in enumerate(("P1", "P2", "P3",
                                                                           "P4"))}
    before = None
    while not state.is_over:
        seat = state.current_player
        before = state.view("P1")
        state = state.apply(bots[seat].choose(state.view(seat)))
    text = BurracoRenderer(Ui()).deal_summary(before, state.view("P1"), state.view("P1"))
    rows = {ln[:20].strip(): ln[20:].split() for ln in text.splitlines() if ln[:20].strip()}
    for col, team in enumerate(("A", "B")):
        parts = [int(rows[k][col]) for k in rows if k not in ("hand score",)
                 and k in {tr(x) for x in ("bu_row_melds", "bu_row_bonus", "bu_row_closing",
                                           "bu_row_pozzetto", "bu_row_hands")}
                 and rows[k][col] != "-"]
        assert sum(parts) == state.result["scores"][team] == int(rows["hand score"][col])


@pytest.mark.parametrize("seed", range(4))
def test_the_table_shows_no_hidden_card(seed: int) -> None:
    state: Any = GAME.new_deal(seed=seed)
    bots = {s: make_bot("heuristic", GAME, seed=k) for k, s in enumerate(("P1", "P2", "P3",
                                                                           "P4"))}
    r = renderer_for("burraco", Ui())
    for _ in range(60):
        if state.is_over:
            break
        view = state.view("P1")
        text = r.table(view)
        shown = Counter(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]|JK", text))
        public = Counter(short_name(c) for c in view.hand) + Counter(
            short_name(c) for c in view.discard) + Counter(
            short_name(c) for ms in view.melds.values() for m in ms for c in m.cards) + Counter(
            short_name(c) for rnd in view.dealer_draw for c in rnd.values())
        assert not shown - public
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat)))


def test_meld_status_and_points_are_shown() -> None:
    setup = {"hands": {"P1": ["3H", "QC"], "P2": ["5C"], "P3": ["6C"], "P4": ["7C"]},
             "discard": ["9C"], "stock": ["10C", "JC", "KC", "AC"],
             "melds": {"A": ["3S 4S 5S 6S 7S 8S 9S".split(), "KS KH JK".split()],
                       "B": ["4D 5D 6D 7D 8D 9D 2C".split()]}}
    view = GAME.from_setup(setup).view("P1")
    text = renderer_for("burraco", Ui()).table(view)
    assert re.search(r"1  3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ +clean burraco +45 \+ 200 pts", text)
    assert re.search(r"2  K♠ K♥ JK +with a wild +50 pts", text)
    assert "dirty burraco" in text


@given(st.lists(st.sampled_from(deck_108()), max_size=20), st.sampled_from(["suit", "rank"]))
def test_sorting_keeps_every_card(cards: list[Card], by: str) -> None:
    groups = sort_cards(cards, by)
    assert Counter(c for g in groups for c in g) == Counter(cards)
    if by == "rank":
        keys = [card_order(g[0]) for g in groups]
        assert keys == sorted(set(keys))
    else:
        for g in groups[:-1] if any(c.suit is None or c.rank == 2 for c in cards) else groups:
            assert len({c.suit for c in g}) == 1
            assert [card_order(c) for c in g] == sorted(card_order(c) for c in g)


@pytest.mark.parametrize("players", [2, 3])
def test_players_on_their_own_are_rendered_by_seat(run_cli: RunCli, players: int) -> None:
    """Burraco without partnerships (when the engine offers the ``players`` option)."""
    try:
        game = trapoula.make("burraco", players=players)
    except trapoula.ConfigError:
        pytest.skip(f"the engine has no {players}-player Burraco")
    view = game.new_deal(seed=1).view("P1")
    text = renderer_for("burraco", Ui()).table(view)
    for seat in view.hand_counts:
        assert f"Melds {seat}" in text
    r = run_cli("play", "burraco", "--players", str(players), "--bots", "random", "--seed", "2",
                "target=300",
                stdin="1\n" * 20000)
    assert r.code == 0 and "Traceback" not in r.out + r.err
    assert tr("match_over") in r.out and "Final score: P1 (you) " in r.out
