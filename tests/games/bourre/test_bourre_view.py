"""Views: a seat sees its own hand and discards and everything public, never another seat's
hidden cards; other seats' draws appear as counts only."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.cards import cards_of, parse_cards
from trapoula.games.bourre import BourreState

from .helpers import EXAMPLE_ACTIONS, EXAMPLE_SETUP, game, play


def test_view_contents_during_the_decision_round() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), "P1 draw 6C 4C 5C", "P2 stay", "P3 fold")
    v = s.view("P2")
    assert v.hand == tuple(parse_cards("KH AH 9C 10C JC"))
    assert v.trump_card.suit is not None and str(v.trump_card) == "7S" and v.pot == 5
    assert v.history == ("P1 draws 3", "P2 stay", "P3 fold")
    assert v.hand_counts == {"P1": 5, "P2": 5, "P3": 0, "P4": 5}
    assert v.folded == ("P3",) and v.staying == ("P1", "P2")
    assert v.draws == {"P1": 3, "P2": 0} and v.my_discards == ()
    assert v.legal_actions == () and v.stacks is None
    mine = s.view("P1")
    assert mine.history[0] == "P1 draw 4C 5C 6C"
    assert mine.my_discards == tuple(parse_cards("4C 5C 6C"))
    assert s.view("P4").legal_actions == tuple(s.legal_actions())


def test_view_contents_during_play() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), *EXAMPLE_ACTIONS[:8])
    v = s.view("P4")
    assert [t.winner for t in v.tricks] == ["P1"]
    assert v.trick == (("P1", parse_cards("KS")[0]),)
    assert v.tricks_won == {"P1": 1, "P2": 0, "P4": 0}
    assert [str(c) for c in v.played] == ["AS", "9C", "2D", "KS"]
    assert v.hand_counts == {"P1": 3, "P2": 4, "P3": 0, "P4": 4}


def _hidden_reshuffle(state: BourreState, me: int, rng: random.Random) -> BourreState:
    """The same state with every card hidden from ``me`` dealt out again at random (each
    other hand keeps its size, the stock and the refill pool theirs)."""
    others = [s for s in range(len(state.hands)) if s != me]
    hidden = [c.index for s in others for c in cards_of(state.hands[s])]
    hidden += list(state.stock) + [c.index for c in cards_of(state.pool)]
    rng.shuffle(hidden)
    hands = list(state.hands)
    k = 0
    for s in others:
        n = state.hands[s].bit_count()
        hands[s] = _mask(hidden[k:k + n])
        k += n
    stock = hidden[k:k + len(state.stock)]
    k += len(state.stock)
    return state._with_cards(hands, stock, _mask(hidden[k:]))


def _mask(indices: list[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), steps=st.integers(0, 40),
       me=st.integers(0, 6))
def test_view_never_depends_on_other_seats_hidden_cards(
    seed: int, players: int, steps: int, me: int
) -> None:
    me %= players
    rng = random.Random(seed)
    s = game(players).new_deal(seed=seed)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.random() * len(legal))])
    seat = f"P{me + 1}"
    other = _hidden_reshuffle(s, me, rng)
    assert other.hands[me] == s.hands[me]
    assert other.view(seat) == s.view(seat)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), k=st.integers(1, 4), perm=st.randoms(use_true_random=False))
def test_view_hides_which_cards_others_discarded(seed: int, k: int, perm: random.Random) -> None:
    """Two deals that differ only in the other seats' cards (and so in what they discard)
    look the same to P2 through the decision round."""
    base = game(4).new_deal(seed=seed)
    mine = cards_of(base.hands[1])
    rest = [c for c in (cards_of((1 << 52) - 1)) if c not in mine
            and c != base.trump_card]
    perm.shuffle(rest)
    setups = []
    for variant in (0, 1):
        cards = list(rest) if variant == 0 else list(reversed(rest))
        setups.append({
            "hands": {"P1": [str(c) for c in cards[0:5]], "P2": [str(c) for c in mine],
                      "P3": [str(c) for c in cards[5:10]], "P4": [str(c) for c in cards[10:15]]},
            "trump_card": str(base.trump_card),
            "stock": [str(c) for c in cards[15:]],
        })
    states = [game(4).from_setup(su) for su in setups]
    for step in range(4):
        seat = f"P{step + 1}"
        next_states = []
        for st_ in states:
            if seat == "P2":
                st_ = st_.apply("P2 stay")
            else:
                hand = cards_of(st_.hands[step])
                st_ = st_.apply("draw " + " ".join(str(c) for c in hand[:k]))
            next_states.append(st_)
        states = next_states
        assert states[0].view("P2") == states[1].view("P2")
        assert states[0].history != states[1].history or step == 1
