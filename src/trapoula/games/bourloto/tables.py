"""Precomputed Bourloto tables over the global card indices (``suit * 13 + rank - 2``).

Strength is the trick-taking order: plain suits 0..7 (7 < 8 < 9 < J < Q < K < 10 < A) and
trumps 8..15 (7 < 8 < Q < K < 10 < A < 9 < J).

>>> from trapoula.cards import Card
>>> STRENGTH[Card.parse("JH").index], TRUMP_STRENGTH[Card.parse("JH").index]
(3, 15)
>>> POINTS[Card.parse("9H").index], TRUMP_POINTS[Card.parse("9H").index]
(0, 14)
"""

from __future__ import annotations

from trapoula.cards import SUIT_MASKS, Rank, deck_32

__all__ = [
    "ABOVE_TRUMP",
    "DECK32_MASK",
    "POINTS",
    "STRENGTH",
    "SUIT_OF",
    "TRUMP_POINTS",
    "TRUMP_STRENGTH",
    "points_of_mask",
]

_PLAIN_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING,
                Rank.TEN, Rank.ACE)
_TRUMP_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE,
                Rank.NINE, Rank.JACK)
_PLAIN_POINTS = {Rank.JACK: 2, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3}
_TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4,
                 Rank.QUEEN: 3}

STRENGTH = [0] * 52
TRUMP_STRENGTH = [0] * 52
POINTS = [0] * 52
TRUMP_POINTS = [0] * 52
SUIT_OF = [i // 13 for i in range(52)]
DECK32_MASK = 0
for _c in deck_32():
    assert _c.rank is not None
    _i = _c.index
    DECK32_MASK |= 1 << _i
    STRENGTH[_i] = _PLAIN_ORDER.index(_c.rank)
    TRUMP_STRENGTH[_i] = 8 + _TRUMP_ORDER.index(_c.rank)
    POINTS[_i] = _PLAIN_POINTS.get(_c.rank, 0)
    TRUMP_POINTS[_i] = _TRUMP_POINTS.get(_c.rank, 0)

# ABOVE_TRUMP[trump][s]: mask of trumps stronger than trump strength s (s = -1: every trump)
ABOVE_TRUMP: list[list[int]] = []
for _t in range(4):
    row = []
    for _s in range(-1, 16):
        m = 0
        for _c in deck_32():
            if _c.suit == _t and TRUMP_STRENGTH[_c.index] > _s:
                m |= 1 << _c.index
        row.append(m)
    ABOVE_TRUMP.append(row)  # index with s + 1


def points_of_mask(mask: int, trump: int) -> int:
    """Card points of the cards in ``mask`` with ``trump`` (a suit index)."""
    total = 0
    tmask = SUIT_MASKS[trump]
    i = 0
    while mask:
        if mask & 1:
            total += TRUMP_POINTS[i] if (1 << i) & tmask else POINTS[i]
        mask >>= 1
        i += 1
    return total
