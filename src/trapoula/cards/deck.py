"""Decks: the 32-card piquet pack, the 52-card pack and Burraco's 108 cards.

Decks are tuples of interned cards in canonical order; shuffling takes an injected
:class:`random.Random` so that the same seed always gives the same order.

>>> len(deck_32()), len(deck_52()), len(deck_108())
(32, 52, 108)
>>> import random
>>> shuffled(deck_32(), random.Random(7)) == shuffled(deck_32(), random.Random(7))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trapoula.cards.card import JOKER_INDEX, Card, Rank, Suit

__all__ = ["deck_32", "deck_52", "deck_108", "shuffled"]

_D52 = tuple(Card.of(r, s) for s in Suit for r in Rank)
_D32 = tuple(c for c in _D52 if c.rank is not None and c.rank >= Rank.SEVEN)
_D108 = tuple(sorted(_D52 + _D52)) + (Card.from_index(JOKER_INDEX),) * 4


def deck_32() -> tuple[Card, ...]:
    """7 8 9 10 J Q K A in four suits (Bourloto)."""
    return _D32


def deck_52() -> tuple[Card, ...]:
    """The French 52-card pack (Bourré)."""
    return _D52


def deck_108() -> tuple[Card, ...]:
    """Two 52-card packs and four jokers (Burraco)."""
    return _D108


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards`` using only the given RNG."""
    out = list(cards)
    rng.shuffle(out)
    return out
