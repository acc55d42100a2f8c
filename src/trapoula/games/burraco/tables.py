"""Burraco card tables (RULES.md §3.1): card values, wild cards, sequence positions.

Cards are the 53 indices of :mod:`trapoula.cards` (``suit * 13 + rank - 2``, joker 52); a
multiset of cards is a count vector of length 53 (two packs: each card up to twice, the joker
up to four times) or a sorted tuple of indices.

Sequence positions run 1..14: the ace is 1 (before the 2) or 14 (after the king), the 2 is 2,
the others their face value.

>>> VALUE[52], VALUE[0], VALUE[12], VALUE[11], VALUE[6], VALUE[5]
(30, 20, 15, 10, 10, 5)
>>> IS_WILD[52], IS_WILD[13], IS_WILD[14]
(True, True, False)
>>> [card_at(1, p) for p in (1, 2, 3, 13, 14)]  # hearts: AH 2H 3H KH AH
[25, 13, 14, 24, 25]

A hand is also kept as two integer **codes** (what the fast legal-move generation keys its
caches on): suit-major, card ``c`` counted in bits ``2c..2c+1`` (the joker in bits 104..106),
so suit ``s`` is the 26-bit field at ``26 * s``; and rank-major, card ``13 * s + k`` in bits
``8k + 2s``, so rank ``k``'s four suits are the byte at ``8k``.

>>> code = ONE[14] * 2 + ONE[52]  # 3H 3H JK
>>> count(code, 14), count(code, 52), count(code, 15), decode(code)
(2, 1, 0, [14, 14, 52])
>>> (codes_of([14, 14, 52])[1] >> 8 * 1) & 255  # rank 3: two hearts (suit 1)
8
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "CARD_AT",
    "JOINED",
    "JOINED_COUNT",
    "JOKER_SHIFT",
    "M26",
    "ONE",
    "ONE_OF",
    "PRES_HI",
    "PRES_LO",
    "RONE",
    "SHIFT",
    "WILD_BITS",
    "WILD_OF",
    "DRAW_RANK",
    "IS_WILD",
    "JOKER",
    "NCARDS",
    "TWOS",
    "VALUE",
    "WILD_CARDS",
    "card_at",
    "codes_of",
    "count",
    "counts_of",
    "decode",
    "deck_counts",
    "points_of",
]

JOKER: Final = 52
NCARDS: Final = 53
TWOS: Final = (0, 13, 26, 39)
WILD_CARDS: Final = (0, 13, 26, 39, 52)


def _value(i: int) -> int:
    if i == JOKER:
        return 30
    k = i % 13
    if k == 0:
        return 20
    if k == 12:
        return 15
    return 10 if k >= 6 else 5


VALUE: Final[tuple[int, ...]] = tuple(_value(i) for i in range(NCARDS))
IS_WILD: Final[tuple[bool, ...]] = tuple(i == JOKER or i % 13 == 0 for i in range(NCARDS))

# Draw order for choosing the dealer (§3.1): 3 < 4 < ... < K < A < 2 < Joker.
DRAW_RANK: Final[tuple[int, ...]] = tuple(
    16 if i == JOKER else (15 if i % 13 == 0 else i % 13 + 2) for i in range(NCARDS)
)

# CARD_AT[suit][position]: the card that stands naturally at a sequence position (0 unused).
CARD_AT: Final[tuple[tuple[int, ...], ...]] = tuple(
    (-1, 13 * s + 12, 13 * s) + tuple(13 * s + p - 2 for p in range(3, 14)) + (13 * s + 12,)
    for s in range(4)
)


def card_at(suit: int, position: int) -> int:
    """The card of ``suit`` that stands naturally at sequence ``position`` (1..14)."""
    return CARD_AT[suit][position]


def counts_of(cards: Iterable[int]) -> list[int]:
    """The count vector (length 53) of a collection of card indices."""
    out = [0] * NCARDS
    for c in cards:
        out[c] += 1
    return out


def deck_counts() -> tuple[int, ...]:
    """How many of each card the 108-card deck holds (2 of each, 4 jokers)."""
    return (2,) * 52 + (4,)


def points_of(cards: Iterable[int]) -> int:
    """Total card value of some cards.

    >>> points_of([52, 0, 12])
    65
    """
    return sum(VALUE[c] for c in cards)


# --- integer hand codes -------------------------------------------------------------------------
JOKER_SHIFT: Final = 104
M26: Final = (1 << 26) - 1
SHIFT: Final[tuple[int, ...]] = tuple(2 * c for c in range(52)) + (JOKER_SHIFT,)
ONE: Final[tuple[int, ...]] = tuple(1 << sh for sh in SHIFT)
RONE: Final[tuple[int, ...]] = tuple(1 << (8 * (c % 13) + 2 * (c // 13)) for c in range(52)) + (
    1 << JOKER_SHIFT,
)
# the bits of the wild cards in a suit-major code, and the 5-bit presence mask they stand for
# (bit u: a 2 of suit u, bit 4: a joker)
WILD_BITS: Final = sum(3 << (2 * w) for w in TWOS) | (7 << JOKER_SHIFT)
ONE_OF: Final = {ONE[c]: c for c in range(len(ONE))}  # the code of a one-card hand -> card
WILD_OF: Final[dict[int, int]] = {}
for _a in range(3):
    for _b in range(3):
        for _c in range(3):
            for _d in range(3):
                for _j in range(5):
                    WILD_OF[_a * ONE[0] + _b * ONE[13] + _c * ONE[26] + _d * ONE[39]
                            + _j * ONE[JOKER]] = (
                        (_a > 0) | (_b > 0) << 1 | (_c > 0) << 2 | (_d > 0) << 3 | (_j > 0) << 4
                    )


def count(code: int, c: int) -> int:
    """How many copies of card ``c`` a suit-major code holds.

    >>> count(codes_of([5, 5, 52])[0], 5), count(codes_of([52])[0], 52)
    (2, 1)
    """
    return code >> JOKER_SHIFT if c == JOKER else (code >> SHIFT[c]) & 3


def codes_of(cards: Iterable[int]) -> tuple[int, int]:
    """The (suit-major, rank-major) codes of some cards."""
    s = r = 0
    for c in cards:
        s += ONE[c]
        r += RONE[c]
    return s, r


def decode(code: int) -> list[int]:
    """The sorted card indices of a suit-major code."""
    out: list[int] = []
    c = 0
    v = code & ((1 << JOKER_SHIFT) - 1)
    while v:
        k = v & 3
        if k:
            out.extend((c,) * k)
        v >>= 2
        c += 1
    out.extend((JOKER,) * (code >> JOKER_SHIFT))
    return out


# a suit field's tables (``legal.py``'s cache keys): which ranks it holds, which of them may
# be in a sequence, and the sequence positions they hold
def _positions(code: int, first: int) -> int:
    """Sequence positions (bit p) of the cards present in a suit field's ranks from
    ``first`` on (``code`` holds the fields from that rank up)."""
    out = 0
    k = first
    while code:
        if code & 3:
            out |= (1 << 1 | 1 << 14) if k == 12 else 1 << (k + 2)
        code >>= 2
        k += 1
    return out


def _presence(code: int) -> int:
    """Bit k set when rank field k of a (shifted) suit field holds a card."""
    out = 0
    k = 0
    while code:
        if code & 3:
            out |= 1 << k
        code >>= 2
        k += 1
    return out


def _joined(pres: int) -> int:
    """``pres`` (bit k: the suit's rank k is held) without the naturals that cannot be in any
    sequence: those with no other natural within two positions (a sequence's naturals are
    at most two apart, a meld holding one wild).  The ace stands at 1 and 14."""
    pos = 0
    for k in range(13):
        if pres >> k & 1:
            pos |= (1 << 1 | 1 << 14) if k == 12 else 1 << (k + 2)
    out = 0
    for k in range(13):
        if not pres >> k & 1:
            continue
        here = (1 << 1 | 1 << 14) if k == 12 else 1 << (k + 2)
        others = pos & ~here
        near = (here << 1 | here << 2 | here >> 1 | here >> 2) & others
        if near:
            out |= 1 << k
    return out


JOINED: Final = tuple(_joined(p) for p in range(1 << 13))
JOINED_COUNT: Final = tuple(j.bit_count() for j in JOINED)  # (int.bit_count: no mypyc primitive)
PRES_LO: Final = tuple(_presence(c) for c in range(1 << 14))
PRES_HI: Final = tuple(_presence(c) << 7 for c in range(1 << 12))
# the positions held by the ranks 2..8 (low 14 bits of a suit field) and 9..A (the rest)
_POS_LO: Final = tuple(_positions(c, 0) for c in range(1 << 14))
_POS_HI: Final = tuple(_positions(c, 7) for c in range(1 << 12))
