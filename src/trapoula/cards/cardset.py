"""Hands as bitmasks (one bit per card index) and as count vectors (double decks).

>>> from trapoula.cards import parse_cards, Suit
>>> m = mask_of(parse_cards("AS 7H 10H"))
>>> format_mask(m)
'AS 7H 10H'
>>> popcount(m), has(m, parse_cards("7H")[0])
(3, True)
>>> format_mask(m & SUIT_MASKS[Suit.H])
'7H 10H'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trapoula.cards.card import Card

__all__ = [
    "FULL_52",
    "SUIT_MASKS",
    "bit_indices",
    "cards_of",
    "format_mask",
    "has",
    "indices_of",
    "mask_of",
    "popcount",
]

SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_52 = (1 << 52) - 1

# 13-bit chunk -> tuple of bit positions inside the chunk (for fast iteration)
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13)
)


_CHUNK_INDICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(13 * k + i for i in bits) for bits in _CHUNK_BITS) for k in range(4)
)
_T0, _T1, _T2, _T3 = _CHUNK_INDICES


def bit_indices(mask: int) -> tuple[int, ...]:
    """Card indices in a 52-card mask, in canonical order (table driven, no loop).

    >>> bit_indices(0b101 | 1 << 51)
    (0, 2, 51)
    """
    return (
        _T0[mask & 0x1FFF]
        + _T1[mask >> 13 & 0x1FFF]
        + _T2[mask >> 26 & 0x1FFF]
        + _T3[mask >> 39 & 0x1FFF]
    )


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of distinct cards."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def indices_of(mask: int) -> Iterator[int]:
    """Card indices in a mask, in canonical order."""
    base = 0
    while mask:
        chunk = mask & 0x1FFF
        if chunk:
            for i in _CHUNK_BITS[chunk]:
                yield base + i
        mask >>= 13
        base += 13


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask in canonical order."""
    return [Card.from_index(i) for i in indices_of(mask)]


def format_mask(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask))


def popcount(mask: int) -> int:
    return mask.bit_count()


def has(mask: int, card: Card) -> bool:
    return bool(mask >> card.index & 1)


