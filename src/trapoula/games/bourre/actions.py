"""Bourré actions as shared objects, the tables that turn hands into legal lists, and the parser.

``fold``, ``stay`` and the 52 ``play C`` are made once; the 23,478 ``draw`` actions of one
to three cards are made together at the first need and kept; larger draws (2.9 million)
live in a bounded cache.  A legal list is built from these objects by table look-ups, not
by making actions.

>>> from trapoula.cards import parse_cards, mask_of
>>> hand = mask_of(parse_cards("2S 3S 4S 5H 6H"))
>>> [str(a) for a in decide_actions(hand, 1, True)]
['fold', 'stay', 'draw 2S', 'draw 3S', 'draw 4S', 'draw 5H', 'draw 6H']
>>> [str(a) for a in plays_of(hand & ~0x7)], draw_action(0b11) is draw_action(0b11)
(['play 5H', 'play 6H'], True)
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from operator import add, itemgetter

from trapoula.cards import SUIT_MASKS, Card
from trapoula.cards.cardset import bit_indices
from trapoula.core.action import Action, action_text
from trapoula.errors import ParseError

__all__ = [
    "FOLD",
    "PLAY_ACTIONS",
    "PLAY_CARD",
    "STAY",
    "SUIT_PLAYS",
    "decide_actions",
    "draw_action",
    "draw_mask",
    "hand_draws",
    "parse_bourre_action",
    "plays_of",
]

FOLD = Action("fold")
STAY = Action("stay")
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action("play", (Card.from_index(i),)) for i in range(52))
# the card of each ``play`` action (keys compare as text, so parsed actions find theirs too)
PLAY_CARD: dict[Action, int] = {a: i for i, a in enumerate(PLAY_ACTIONS)}
_CARDS: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
_BIG_CACHE = 30_000
_FORMS = "fold, stay, draw C [C ...], play C"


def _make_draw(idx: tuple[int, ...]) -> Action:
    return Action("draw", tuple(map(_CARDS.__getitem__, idx)))


class _Draws(dict[tuple[int, ...], Action]):
    """Sorted card indices -> the ``draw`` action of those cards, made on first use (and
    all forgotten at once when ``limit`` of them are kept)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __missing__(self, idx: tuple[int, ...]) -> Action:
        if len(self) >= self.limit:
            self.clear()
        a = self[idx] = _make_draw(idx)
        return a


class _Plays(dict[int, tuple[Action, ...]]):
    """A card mask of one suit -> its ``play`` actions in canonical order, made on first use."""

    __slots__ = ()

    def __missing__(self, mask: int) -> tuple[Action, ...]:
        v = self[mask] = tuple(map(PLAY_ACTIONS.__getitem__, bit_indices(mask)))
        return v


# Draws of 1, 2 or 3 cards: made once (the 23,478 of them together, at the first need) and
# kept in lists by colex rank, C(b, 2) + a for a < b and C(c, 3) + C(b, 2) + a for a < b < c,
# so that a hand's draws are found by position (``itemgetter``), not by hashing
_SINGLES: tuple[Action, ...] = tuple(_make_draw((i,)) for i in range(52))
_PAIRS: list[Action] = []
_TRIPLES: list[Action] = []
_C2: tuple[int, ...] = tuple(comb(x, 2) for x in range(52))
_C3: tuple[int, ...] = tuple(comb(x, 3) for x in range(52))
_BIG = _Draws(_BIG_CACHE)  # 4 or 5 cards: 2.9 million of them, too many to keep


def _make_small_draws() -> None:
    if not _TRIPLES:
        _PAIRS[:] = [_make_draw((a, b)) for b in range(52) for a in range(b)]
        _TRIPLES[:] = [
            _make_draw((a, b, c)) for c in range(52) for b in range(c) for a in range(b)
        ]


# Positions in a sorted five-card hand: of the two cards of each pair and of the three cards
# of each triple (``combinations`` order, which is the legal order), and of each triple's
# first two cards among the pairs.
_PAIRS5 = list(combinations(range(5), 2))
_TRIPLES5 = list(combinations(range(5), 3))
_P0 = itemgetter(*(p[0] for p in _PAIRS5))
_P1 = itemgetter(*(p[1] for p in _PAIRS5))
_T01 = itemgetter(*(_PAIRS5.index(t[:2]) for t in _TRIPLES5))
_T2 = itemgetter(*(t[2] for t in _TRIPLES5))

# SUIT_PLAYS[m]: the play actions of the cards of m, for a mask m within one suit (or 0)
SUIT_PLAYS = _Plays()
SUIT_PLAYS[0] = ()
_S0, _S1, _S2, _S3 = SUIT_MASKS


def plays_of(mask: int) -> tuple[Action, ...]:
    """The ``play`` actions of the cards of ``mask``, in canonical order."""
    p = SUIT_PLAYS
    return p[mask & _S0] + p[mask & _S1] + p[mask & _S2] + p[mask & _S3]


def draw_action(mask: int) -> Action:
    """The ``draw`` action discarding the cards of ``mask`` (canonical card order).

    >>> from trapoula.cards import parse_cards, mask_of
    >>> str(draw_action(mask_of(parse_cards("5C 2H"))))
    'draw 2H 5C'
    """
    idx = bit_indices(mask)
    k = len(idx)
    if k == 1:
        return _SINGLES[idx[0]]
    if k == 2 or k == 3:
        _make_small_draws()
        if k == 2:
            return _PAIRS[_C2[idx[1]] + idx[0]]
        return _TRIPLES[_C3[idx[2]] + _C2[idx[1]] + idx[0]]
    if not k:
        raise ValueError("a draw discards at least one card")
    return _BIG[idx]


def draw_mask(action: Action) -> int:
    """The cards a ``draw`` discards, as a mask."""
    m = 0
    for c in action.cards:
        m |= 1 << c.index
    return m


def decide_actions(hand: int, max_draw: int, may_fold: bool) -> tuple[Action, ...]:
    """The decision round's legal list: ``fold`` (unless barred), ``stay``, then every draw of
    1..max_draw cards of ``hand`` by number of cards, then lexicographic card order.

    For a five-card hand every part is one C-level ``itemgetter`` call: the ranks of the
    pairs and triples come from the ranks of its cards by ``map(add, ...)``.
    """
    idx = bit_indices(hand)
    head = (FOLD, STAY) if may_fold else (STAY,)
    if len(idx) != 5 or not max_draw:  # (only setups and tools hold other hands here)
        return head + tuple(
            draw_action(sum(1 << c for c in cs))
            for k in range(1, max_draw + 1) for cs in combinations(idx, k)
        )
    at = itemgetter(*idx)
    out: tuple[Action, ...] = head + at(_SINGLES)
    if max_draw == 1:
        return out
    if not _TRIPLES:
        _make_small_draws()
    r2 = tuple(map(add, _P0(idx), _P1(at(_C2))))
    out += itemgetter(*r2)(_PAIRS)
    if max_draw == 2:
        return out
    out += itemgetter(*map(add, _T01(r2), _T2(at(_C3))))(_TRIPLES)
    if max_draw == 3:
        return out
    out += itemgetter(*combinations(idx, 4))(_BIG)
    return out + (_BIG[idx],) if max_draw == 5 else out


def hand_draws(hand: int, max_draw: int) -> list[Action]:
    """Every ``draw`` of 1..max_draw cards of ``hand``: by count, then lexicographic card order.

    >>> from trapoula.cards import parse_cards, mask_of
    >>> [str(a) for a in hand_draws(mask_of(parse_cards("2S 3S 4S")), 2)]
    ['draw 2S', 'draw 3S', 'draw 4S', 'draw 2S 3S', 'draw 2S 4S', 'draw 3S 4S']
    """
    return list(decide_actions(hand, max_draw, False)[1:])


def parse_bourre_action(text: str) -> Action:
    """Parse Bourré action text (any case; the cards of a draw in any order).

    >>> str(parse_bourre_action("DRAW 5c 2h")), str(parse_bourre_action(" play th "))
    ('draw 2H 5C', 'play 10H')
    >>> parse_bourre_action("draw 2H 2h")
    Traceback (most recent call last):
    ...
    trapoula.errors.ParseError: 'draw' names 2H twice
    """
    words = action_text(text).strip().split()
    if not words:
        raise ParseError(f"empty action; Bourré actions are: {_FORMS}")
    kind = words[0].lower()
    if kind in ("fold", "stay"):
        if len(words) != 1:
            raise ParseError(f"'{kind}' takes nothing after it; got {text.strip()!r}")
        return FOLD if kind == "fold" else STAY
    if kind == "play":
        if len(words) != 2:
            raise ParseError("'play' needs exactly one card, e.g. 'play 10H'")
        card = Card.parse(words[1])
        if card.is_joker:
            raise ParseError("Bourré has no jokers")
        return PLAY_ACTIONS[card.index]
    if kind == "draw":
        if len(words) < 2:
            raise ParseError(
                "'draw' needs the cards to discard, e.g. 'draw 2H 5C' "
                "(to keep all five cards, 'stay')"
            )
        mask = 0
        for w in words[1:]:
            card = Card.parse(w)
            if card.is_joker:
                raise ParseError("Bourré has no jokers")
            if mask >> card.index & 1:
                raise ParseError(f"'draw' names {card} twice")
            mask |= 1 << card.index
        return draw_action(mask)
    raise ParseError(f"not a Bourré action: {text.strip()!r}; actions are: {_FORMS}")
