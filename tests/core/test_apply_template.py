"""One ``apply`` for every game (core/state.py): ``GameState.apply`` parses, judges once
(the game's ``_allows``) and hands only a legal action to the game's ``_apply_legal``; a
refused action gets one wording from ``GameState._legal_form``, whatever the game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.core.action import Action
from trapoula.core.registry import available_games, game_class
from trapoula.core.state import GameState
from trapoula.errors import IllegalActionError, ParseError

from .random_walk import Config, random_walk

CONFIGS: list[Config] = [
    ("bourloto", "ru", {}, "deal"),
    ("bourloto", "gr", {}, "match"),
    ("bourre", "ru", {"players": 4}, "deal"),
    ("bourre", "ru", {"players": 3}, "match"),
    ("burraco", "seed", {"players": 4}, "deal"),
    ("burraco", "seed", {"players": 2}, "match"),
]
_IDS = [f"{g}-{p}-{k}" for g, p, _, k in CONFIGS]


def _state_classes() -> set[type[GameState]]:
    for name in available_games():  # import every game's modules (deal, match, session)
        g = game_class(name)()
        g.new_deal(seed=1)
        g.new_match(seed=1)
    out: set[type[GameState]] = set()
    todo: list[type[GameState]] = [GameState]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if not sub.__dict__.get("_is_building") and sub not in out:
                out.add(sub)
                todo.append(sub)
    return out


def test_no_state_class_has_its_own_apply() -> None:
    classes = _state_classes()
    names = {c.__name__ for c in classes}
    assert {"BourlotoState", "BourreState", "BurracoState", "BourreSession"} <= names
    own = sorted(c.__qualname__ for c in classes if "apply" in c.__dict__)
    assert own == [], f"these state classes validate on their own: {own}"


def _not_now(state: Any) -> Action:
    """An action of the game that is not legal now: one legal at some other state."""
    legal = set(state.legal_actions())
    game = state.game
    rng = random.Random(5)
    for seed in range(40):
        other = game.new_deal(seed=seed)
        for _ in range(rng.randrange(0, 30)):
            if other.is_over:
                break
            moves = other.legal_actions()
            other = other.apply(moves[rng.randrange(len(moves))])
        for a in ([] if other.is_over else other.legal_actions()):
            if a not in legal:
                return a
    raise AssertionError("no action of the game is illegal here")


@pytest.mark.parametrize("config", CONFIGS, ids=_IDS)
def test_an_illegal_action_gets_the_one_wording_and_changes_nothing(config: Config) -> None:
    state = random_walk(config, seed=3, steps=6)
    assert not state.is_over
    before = [str(e) for e in state.history]
    a = _not_now(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(a)
    msg = str(err.value)
    assert msg.startswith(f"{state.current_player} cannot {a} now"), msg
    allowed = ", ".join(str(x) for x in state.legal_actions()[:40])
    assert f"; allowed: {allowed}" in msg
    with pytest.raises(IllegalActionError, match="cannot"):
        state.apply(str(a))  # the same, as text
    assert [str(e) for e in state.history] == before


@pytest.mark.parametrize("config", CONFIGS, ids=_IDS)
def test_nothing_is_allowed_once_over_and_a_foreign_action_is_refused(
        config: Config) -> None:
    state = random_walk(config, seed=4, steps=100_000)
    assert state.is_over
    what = {"deal": "the deal", "match": "the game"}[config[3]]
    if type(state).__name__ == "BourreSession":
        what = "the session"
    with pytest.raises(IllegalActionError, match=f"^take is not allowed: {what} is over$"):
        state.apply(Action("take"))
    live = random_walk(config, seed=4, steps=2)
    foreign = Action("fold") if config[0] != "bourre" else Action("take")
    # no move of this game: a ParseError, or (Bourloto: one spelling per action, no
    # canonical form to look for) not legal now
    want = IllegalActionError if config[0] == "bourloto" else ParseError
    with pytest.raises(want, match=f"cannot {foreign} now; allowed: " if want is
                       IllegalActionError else "."):
        live.apply(foreign)


def test_an_action_in_another_spelling_is_played_as_the_games_own() -> None:
    """Burraco: a meld's cards in another order are the same move (its canonical form)."""
    game = trapoula.make("burraco", "seed", players=2)
    for seed in range(60):
        s = game.new_deal(seed=seed)
        s = s.apply("draw")
        melds = [a for a in s.legal_actions() if a.kind == "meld" and len(a.cards) >= 3]
        if melds:
            break
    else:
        pytest.fail("no meld after the first draw in 60 deals")
    a = melds[0]
    shuffled = Action(a.kind, tuple(reversed(a.cards)))
    assert shuffled != a
    assert s.apply(shuffled).history[-1].action == a
    assert [str(e) for e in s.apply(shuffled).history] == [str(e) for e in s.apply(a).history]


def test_burraco_says_why_a_move_is_refused() -> None:
    s = trapoula.make("burraco", "seed", players=2).new_deal(seed=2)
    discard = next(a for a in s.apply("draw").legal_actions() if a.kind == "discard")
    with pytest.raises(IllegalActionError) as err:
        s.apply(discard)  # a discard before drawing
    assert str(err.value).startswith(f"{s.current_player} cannot {discard} now: ")
    assert "; allowed: draw, pickup" in str(err.value)
