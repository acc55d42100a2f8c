"""Action text: the parser accepts the notation in any case and card order, and any text
that is not a legal action raises a TrapoulaError and changes nothing (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.errors import IllegalActionError, NotYourTurnError, ParseError, TrapoulaError

from .helpers import EXAMPLE_SETUP, game

WORDS = ["fold", "stay", "draw", "play", "P1", "P2", "P5", "p1", "pass", "take", "",
         "AS", "KS", "4C", "5C", "6C", "2H", "10S", "TS", "1H", "JK", "QQ", "draw4C", "♠"]


def start():  # type: ignore[no-untyped-def]
    return game().from_setup(EXAMPLE_SETUP)


def snapshot(s) -> tuple:  # type: ignore[no-untyped-def, type-arg]
    return (s.current_player, s.pot, s.hands, s.stock, s.phase, [str(a) for a in
                                                                s.legal_actions()], s.history)


def test_parse_accepts_any_case_and_card_order() -> None:
    g = game()
    assert str(g.parse_action("DRAW 6c 4C 5c")) == "draw 4C 5C 6C"
    assert str(g.parse_action("draw tS 2h")) == "draw 10S 2H"
    assert str(g.parse_action(" Fold ")) == "fold"
    assert g.parse_action("play th") == "play 10H"
    s = start()
    assert s.apply("p1 draw 6C 5C 4C").history[0].action == "draw 4C 5C 6C"


@pytest.mark.parametrize("text", ["", "draw", "draw 4C 4C", "play", "play AS KS", "fold now",
                                  "stay 1", "draw JK", "bet 3", "play 1H"])
def test_parse_errors_say_what_is_allowed(text: str) -> None:
    with pytest.raises(ParseError):
        game().parse_action(text)


def test_illegal_actions_explain_and_change_nothing() -> None:
    s = start()
    before = snapshot(s)
    with pytest.raises(NotYourTurnError, match="P1's turn"):
        s.apply("P2 stay")
    with pytest.raises(IllegalActionError, match="allowed: fold, stay, draw"):
        s.apply("draw AH")  # not in his hand
    with pytest.raises(IllegalActionError):
        s.apply("draw AS KS 4C 5C 6C")  # five cards: more than max_draw
    with pytest.raises(IllegalActionError):
        s.apply("play AS")
    assert snapshot(s) == before


@settings(max_examples=400, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=5),
       noise=st.text(max_size=6))
def test_decision_text_is_legal_or_refused_without_change(words: list[str], noise: str) -> None:
    s = start()
    legal = {str(a) for a in s.legal_actions()}
    before = snapshot(s)
    for text in (" ".join(words), noise, " ".join(words) + noise):
        try:
            t = s.apply(text)
        except TrapoulaError:
            assert snapshot(s) == before
            continue
        # accepted: it was P1's legal action, and the original state is untouched
        assert str(t.history[-1].action) in legal and t.history[-1].seat == "P1"
        assert snapshot(s) == before
