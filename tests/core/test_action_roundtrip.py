"""Actions are values with a canonical text that parses back (issue 14, item 3).

Over random states of every game and preset (Bourloto ru/gr/pexevida, including shows played
in the tricks; Bourré with 2-7 players; Burraco with 2-4 players; deals and matches), every
legal action ``a``: ``repr`` and ``str`` round-trip, ``Action(str(a))`` is ``a``, the game's
own parser gives ``a`` back, and applying the re-parsed action (or its text) gives the same
state as applying ``a`` (history, views, legal actions, result).
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trapoula
from trapoula import Action, Card, Suit
from trapoula.errors import ParseError

from .random_walk import random_walk

CONFIGS: list[tuple[str, str, dict[str, Any], str]] = [
    ("bourloto", "ru", {}, "deal"),
    ("bourloto", "gr", {}, "deal"),
    ("bourloto", "pexevida", {}, "deal"),  # shows in the tricks (declaration_timing in_play)
    ("bourloto", "gr", {"declaration_timing": "in_play"}, "deal"),
    ("bourloto", "gr", {}, "match"),
    ("bourre", "ru", {"players": 2}, "deal"),
    ("bourre", "ru", {"players": 4}, "deal"),
    ("bourre", "ru", {"players": 7}, "deal"),
    ("bourre", "ru", {"players": 3}, "match"),
    ("burraco", "seed", {"players": 4}, "deal"),
    ("burraco", "seed", {"players": 2}, "deal"),
    ("burraco", "fibur", {"players": 3}, "deal"),
    ("burraco", "seed", {"players": 2}, "match"),
]


def _fingerprint(state: Any) -> tuple[Any, ...]:
    seat = state.current_player
    return (
        type(state), [str(e) for e in state.history], state.current_player, state.is_over,
        state.result, [str(a) for a in state.legal_actions()],
        state.view(seat) if seat else None, state.public_view(),
    )


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}-{c[3]}-{c[2]}")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 120))
def test_every_legal_action_round_trips_through_its_text(
    config: tuple[str, str, dict[str, Any], str], seed: int, steps: int
) -> None:
    state = random_walk(config, seed, steps)
    game = state.game
    seat = state.current_player
    for a in state.legal_actions():
        assert isinstance(a, Action)
        text = str(a)
        assert eval(repr(a), {"Action": Action}) is a
        assert Action(text) is a and Action(text) == text and hash(a) == hash(text)
        assert game.parse_action(text) is a
        assert pickle.loads(pickle.dumps(a)) is a and copy.deepcopy(a) is a
        a2 = Action(a.kind, a.cards, suit=a.suit, number=a.number, words=a.words)
        assert a2 is a
        want = _fingerprint(state.apply(a))
        assert _fingerprint(state.apply(Action(text))) == want
        assert _fingerprint(state.apply(text)) == want
        assert _fingerprint(state.apply(f"{seat} {text}")) == want
    # and the state itself was left as it was
    assert _fingerprint(state) == _fingerprint(random_walk(config, seed, steps))


def test_the_issue_examples() -> None:
    """``Action("play QS bourlot")`` is the Bourloto play with its announcement; an action
    that is no legal move is refused with the game's explanation, not a bare IndexError."""
    a = Action("play QS bourlot")
    assert (a.kind, a.cards, a.words) == ("play", (Card.parse("QS"),), ("bourlot",))
    assert repr(a) == "Action('play QS bourlot')" and str(a) == "play QS bourlot"
    s = trapoula.make("bourloto", "gr").new_deal(seed=1)
    with pytest.raises(trapoula.IllegalActionError, match="allowed: take, pass"):
        s.apply(a)
    with pytest.raises(ParseError, match="'play' needs exactly one card"):
        trapoula.make("bourre").new_deal(seed=1).apply(Action("play QS KS"))
    with pytest.raises(trapoula.TrapoulaError, match="play QS twice"):
        s.apply(Action("play", (Card.parse("QS"),), words=("twice",)))


def test_actions_are_frozen_and_compare_as_their_text() -> None:
    a = Action("name", suit=Suit.H)
    assert a == "name H" and "name H" == a and a != "name S" and a is Action("NAME h")
    assert {"name H": 1}[a] == 1 and {a: 1}["name H"] == 1 and "take" in [Action("take")]
    assert sorted([Action("take"), Action("pass")]) == ["pass", "take"]
    assert f"[{a:>8}]" == "[  name H]"
    with pytest.raises(AttributeError):
        a.kind = "play"  # type: ignore[misc]
    assert Action("add 2 7H 8H").number == 2 and str(Action("draw 5C 2H")) == "draw 5C 2H"


@pytest.mark.parametrize("text", [
    "", "   ", "P1 take", "12", "play 1H", "play QS 3", "add 7H 2", "name H S", "play bourlot QS",
    "take!", "draw QS,", "name ♥♥", "play\x00QS", "λ", "play QS H",
])
def test_malformed_action_text_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        Action(text)


@pytest.mark.parametrize("parts", [
    {"kind": "play QS"}, {"kind": "Play"}, {"kind": "qs"}, {"kind": 3},
    {"kind": "play", "cards": ("QS",)}, {"kind": "play", "cards": [Card.parse("QS")]},
    {"kind": "add", "number": -1}, {"kind": "add", "number": True},
    {"kind": "name", "suit": "H"}, {"kind": "play", "words": ("QS",)},
    {"kind": "play", "words": ("two words",)}, {"kind": "play", "words": "bourlot"},
])
def test_malformed_parts_are_a_parse_error(parts: dict[str, Any]) -> None:
    kind = parts.pop("kind")
    with pytest.raises(ParseError):
        if parts:
            Action(kind, **parts)
        else:
            Action(kind, (Card.parse("QS"),))
