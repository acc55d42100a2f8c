"""RULES.md 1.3.2 (gr): a Bourlot not announced as the first of K/Q of trumps is played never
counts.  The terminal never lets it go without a word: a card or a play typed without
``bourlot`` while announcing it is legal asks which, each way labelled with what it costs; a
menu number (whose label says it) or the plain play chosen at that question is played."""

from __future__ import annotations

import io
from typing import Any

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.cli.common import Console
from trapoula.cli.session import PlaySession
from trapoula.core.game import derive_seed
from trapoula.tui import Ui, renderer_for
from trapoula.tui.strings import tr


def _bourlot_turn() -> tuple[Any, Any]:
    """A gr match at P1's first turn where a card may be played announcing Bourlot."""
    game = trapoula.make("bourloto", "gr")
    for seed in range(200):
        state = game.new_match(seed)
        bots = {s: make_bot("random", game, seed=derive_seed(seed, "bot", s))
                for s in ("P2", "P3", "P4")}
        for _ in range(200):
            if state.is_over:
                break
            seat = state.current_player
            if seat == "P1":
                legal = state.legal_actions()
                if any("bourlot" in a.words for a in legal):
                    return game, state
                action = legal[0]
            else:
                action = bots[seat].choose(state.view(seat))
            state = state.apply(action)
    raise AssertionError("no seed gives P1 a Bourlot choice")


GAME, STATE = _bourlot_turn()
BOURLOT = next(a for a in STATE.legal_actions() if "bourlot" in a.words)
CARD = BOURLOT.cards[0]
PLAIN = next(a for a in STATE.legal_actions() if a.cards == (CARD,) and not a.words)


def _turn(typed: str, lang: str = "en") -> tuple[Any, str]:
    ui = Ui(lang)
    r = renderer_for("bourloto", ui)
    r.options = GAME.options
    con = Console(out=io.StringIO(), err=io.StringIO(), inp=io.StringIO(typed))
    got = PlaySession(GAME, STATE, "P1", {}, r, con).human_turn()
    assert got is not None
    return got[0], con.out.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("first", [str(CARD), f"play {CARD}", f"{CARD}".lower()])
def test_s1_3_2_a_card_typed_without_bourlot_asks_which(first: str) -> None:
    action, out = _turn(f"{first}\nplay {CARD} bourlot\n")
    assert action == BOURLOT
    ways = 2 if first.startswith("play") else sum(a.cards == (CARD,) for a in STATE.legal_actions())
    question = out.split(f"> {first}\n")[1].split("\n>")[0]
    assert question.startswith(tr("which", "en", max=ways))
    assert f"({tr('bourlot_unannounced', 'en')})" in question


def test_s1_3_2_the_plain_play_is_played_when_chosen_at_the_question() -> None:
    action, out = _turn(f"play {CARD}\nplay {CARD}\n")
    assert action == PLAIN and "Which one?" in out


def test_s1_3_2_a_menu_number_is_an_explicit_choice_and_its_label_says_the_cost() -> None:
    ui = Ui("en")
    r = renderer_for("bourloto", ui)
    view = STATE.view("P1")
    menu = r.menu(view, list(view.legal_actions))
    n = menu.index(PLAIN) + 1
    assert f"{n} {ui.card(CARD)} ({tr('bourlot_unannounced', 'en')})" in r.menu_text(view, menu)
    assert tr("bourlot_unannounced", "en") not in r.action_label(view, BOURLOT)
    action, out = _turn(f"{n}\n")
    assert action == PLAIN and "Which one?" not in out


@pytest.mark.parametrize("lang", ["el", "ru", "it"])
def test_s1_3_2_the_question_speaks_the_tables_language(lang: str) -> None:
    action, out = _turn(f"play {CARD}\n2\n", lang)
    assert action in (PLAIN, BOURLOT)
    assert tr("which", lang, max=2) in out and tr("bourlot_unannounced", lang) in out


def test_s1_3_2_the_engine_still_takes_the_plain_play_and_scores_no_bourlot_for_it() -> None:
    # the rule stays the engine's: announced, Bourlot counts; played plain, it does not
    assert STATE.apply(BOURLOT).view("P1").bourlot["A"] > 0
    assert STATE.apply(PLAIN).view("P1").bourlot["A"] == 0
