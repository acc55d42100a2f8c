"""The speed machinery of the public path agrees with plain transcriptions of the rules:
the legal-list tables, the shuffle, the dealing, the trick bookkeeping done as cards are
played, and the deal context copied when play starts."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapoula
from trapoula.cards import Card, cards_of
from trapoula.core.action import Action
from trapoula.games.bourre.actions import (
    FOLD,
    STAY,
    decide_actions,
    draw_action,
    parse_bourre_action,
    plays_of,
)
from trapoula.games.bourre.context import DealContext
from trapoula.games.bourre.deck import permute
from trapoula.games.bourre.play import legal_mask, trick_winner

from .helpers import game

masks = st.lists(st.integers(0, 51), unique=True, max_size=7).map(
    lambda cs: sum(1 << c for c in cs)
)


def reference_decisions(hand: int, max_draw: int, may_fold: bool) -> list[str]:
    """§2.2.5 as written: fold (unless barred), stay, every draw by count then card order."""
    out = (["fold"] if may_fold else []) + ["stay"]
    cards = cards_of(hand)
    for k in range(1, max_draw + 1):
        out += ["draw " + " ".join(str(c) for c in combo) for combo in combinations(cards, k)]
    return out


@settings(max_examples=300, deadline=None)
@given(hand=masks, max_draw=st.integers(0, 5), may_fold=st.booleans())
def test_decision_lists_match_the_reference(hand: int, max_draw: int, may_fold: bool) -> None:
    got = decide_actions(hand, max_draw, may_fold)
    assert [str(a) for a in got] == reference_decisions(hand, max_draw, may_fold)
    assert all(type(a) is Action for a in got)
    # the same objects as the parser gives (draws of up to three cards are shared)
    for a in got:
        p = parse_bourre_action(str(a))
        assert p == a and (len(a.cards) > 3 or p is a)
    assert (got[0] is FOLD) == may_fold and STAY in got


@settings(max_examples=200, deadline=None)
@given(mask=masks)
def test_play_lists_and_draws_of_a_mask(mask: int) -> None:
    assert [str(a) for a in plays_of(mask)] == [f"play {c}" for c in cards_of(mask)]
    if mask:
        a = draw_action(mask)
        assert str(a) == "draw " + " ".join(str(c) for c in cards_of(mask))
        assert a.kind == "draw" and sum(1 << c.index for c in a.cards) == mask


def reference_permute(items: list[int], key: int) -> list[int]:
    out = list(items)
    for j in range(len(out) - 1, 0, -1):
        key, k = divmod(key, j + 1)
        out[j], out[k] = out[k], out[j]
    return out


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 60), key=st.integers(0, 2**320))
def test_permute_is_the_lehmer_code_shuffle(n: int, key: int) -> None:
    assert permute(list(range(n)), key) == reference_permute(list(range(n)), key)


@pytest.mark.parametrize("players", [2, 5, 7])
@pytest.mark.parametrize("trump_card", ["stock_top", "dealer_fifth"])
def test_dealing_one_card_at_a_time(players: int, trump_card: str) -> None:
    g = game(players, trump_card=trump_card)
    rng = random.Random(players)
    for dealer in range(players):
        deck = rng.sample(range(52), 52)
        seats = g.dealing_order(dealer)
        hands, trump, stock = g.deal_cards(deck, seats)
        want = [0] * players
        for k in range(5 * players):  # §2.2.3: one at a time from the dealer's left
            want[seats[k % players]] |= 1 << deck[k]
        assert hands == want
        top = 5 * players
        if trump_card == "dealer_fifth":
            assert trump == deck[top - 1] and stock == deck[top:]
        else:
            assert trump == deck[top] and stock == deck[top + 1:]


def _checks_along(state: Any) -> None:
    """At a state: its legal list is the one made from scratch, the legal plays are those of
    ``legal_mask``, and every trick so far went to the ``trick_winner``."""
    assert state._legal == state._copy()._compute_legal()
    if state.phase == "play":
        seat = state.current_index
        m = legal_mask(state.hands[seat], list(state.trick), int(state.trump),
                       state.game.options.forced_lead)
        assert [a.cards[0] for a in state.legal_actions()] == cards_of(m)
    plays = [e for e in state.history if e.action.kind == "play"]
    active = bin(state.active).count("1")
    won: dict[str, int] = {}
    for t in range(len(plays) // active if active else 0):
        trick = plays[t * active:(t + 1) * active]
        w = trick_winner([e.action.cards[0].index for e in trick], int(state.trump))
        won[trick[w].seat] = won.get(trick[w].seat, 0) + 1
    assert {s: n for s, n in state.tricks_won().items() if n} == won


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 4}, {"players": 6, "forced_lead": "cinch_AKQ"},
     {"players": 7, "forced_lead": "none", "max_draw": 5}],
)
def test_states_made_on_the_fly_agree_with_the_rules(options: dict[str, Any]) -> None:
    g = trapoula.make("bourre", **options)
    rng = random.Random(str(options))
    for _ in range(25):
        s = g.new_deal(rng=rng)
        while not s.is_over:
            _checks_along(s)
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
        _checks_along(s)


def test_play_context_copies_everything() -> None:
    s = game(5).new_deal(seed=11)
    ctx = s._ctx
    p = ctx.playing(0b10110)
    for name in DealContext.__slots__:
        if name not in ("order", "players"):
            assert getattr(p, name) is getattr(ctx, name), name
    assert p.players == 3 and p.order[1] == 2 and p.order[2] == 4 and p.order[4] == 1
    assert ctx.players == 0 and ctx.order == ()


def test_an_equal_action_that_is_not_the_shared_object_is_applied_the_same() -> None:
    s = game(4).new_deal(seed=3)
    t1 = s.apply(Action("fold"))
    t2 = s.apply(FOLD)
    assert t1.hands == t2.hands and t1.history == t2.history and t1.pot == t2.pot
    card = cards_of(s.hands[0])[0]
    d1 = s.apply(Action("draw", (card,)))
    d2 = s.apply(draw_action(1 << card.index))
    assert d1.hands == d2.hands and d1.discards == d2.discards and d1.stock == d2.stock
    assert Card.from_index(card.index) in d1.view("P1").my_discards


def test_a_copied_state_plays_on_like_the_original() -> None:
    """Unpickled states hold equal, not shared, actions: play goes on the same."""
    import pickle

    rng = random.Random(5)
    s = game(5).new_deal(rng=rng)
    while not s.is_over:
        legal = s.legal_actions()
        i = int(rng.random() * len(legal))
        t = pickle.loads(pickle.dumps(s))
        a, b = s.apply(legal[i]), t.apply(t.legal_actions()[i])
        assert (a.hands, a.history, a.pot, a.legal_actions()) == (
            b.hands, b.history, b.pot, b.legal_actions())
        s = a
    assert pickle.loads(pickle.dumps(s)).result == s.result
