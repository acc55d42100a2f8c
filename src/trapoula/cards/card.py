"""Suits, ranks and cards: value types with the public notation of scenarios.md.

Every card is one interned object, identified by a small integer ``index``:
``suit * 13 + (rank - 2)`` for the 52 French cards (suits in the canonical order
S H D C) and 52 for the joker.  Bitmask hands use bit ``1 << card.index``.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.parse("th")), str(Card.parse("jk"))
('10H', 'JK')
>>> Card.parse("QS").index, Card.from_index(10) is Card.parse("QS")
(10, True)
>>> sorted(parse_cards("AC 2S JK 10H"))
[Card.parse('2S'), Card.parse('10H'), Card.parse('AC'), Card.parse('JK')]
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from trapoula.errors import ParseError

__all__ = [
    "JOKER_INDEX",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_suit",
]


class Suit(IntEnum):
    """The four suits, in the canonical sort order S H D C."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit glyph: ``Suit.H.symbol == '♥'``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """Ranks 2..A with their face value (A = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """Canonical rank text: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.symbol


_RANK_TEXT = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
_RANK_PARSE = {text: rank for rank, text in _RANK_TEXT.items()}
_RANK_PARSE["T"] = Rank.TEN
_SUIT_PARSE = {s.name: s for s in Suit}
_SUIT_PARSE.update({"♠": Suit.S, "♥": Suit.H, "♦": Suit.D, "♣": Suit.C})

JOKER_INDEX = 52


class Card:
    """One playing card (or the joker).  Interned: compare with ``is`` or ``==``.

    Cards order canonically by suit S H D C, then rank 2..A, jokers last.
    """

    __slots__ = ("index", "rank", "suit", "_text")

    index: int
    rank: Rank | None
    suit: Suit | None
    _text: str

    def __new__(cls, *_: object) -> Card:  # pragma: no cover - guarded constructor
        raise TypeError("use Card.parse(text), Card.of(rank, suit) or Card.from_index(i)")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        if index == JOKER_INDEX:
            object.__setattr__(card, "rank", None)
            object.__setattr__(card, "suit", None)
            object.__setattr__(card, "_text", "JK")
        else:
            suit, rank = Suit(index // 13), Rank(index % 13 + 2)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "_text", rank.symbol + suit.name)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0..52)."""
        try:
            if 0 <= index <= JOKER_INDEX:
                return _ALL[index]
        except TypeError:  # (not a number; numpy integers are fine)
            pass
        raise ParseError(f"card index must be 0..52 (52 is the joker), got {index!r}")

    @staticmethod
    def of(rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit: ``Card.of(Rank.ACE, Suit.S)``."""
        return _ALL[int(suit) * 13 + int(rank) - 2]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``10H``, ``th``, ``qs``, ``JK`` (any case); raise :class:`ParseError`."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER_INDEX

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


_ALL: tuple[Card, ...] = tuple(Card._make(i) for i in range(53))
_CARD_PARSE: dict[str, Card] = {}
for _c in _ALL:
    _CARD_PARSE[str(_c)] = _c
    if _c.rank == Rank.TEN:
        _CARD_PARSE["T" + _c._text[-1]] = _c


def parse_card(text: str) -> Card:
    """Parse one card; the message of the error says what is accepted.

    >>> parse_card(" 7d ")
    Card.parse('7D')
    >>> parse_card("1H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trapoula.errors.ParseError: not a card: '1H' (write rank+suit: 2-10 J Q K A, T for 10, ...
    """
    key = text.strip().upper()
    card = _CARD_PARSE.get(key)
    if card is None and len(key) >= 2 and key[-1] in _SUIT_PARSE and key[:-1] in _RANK_PARSE:
        card = Card.of(_RANK_PARSE[key[:-1]], _SUIT_PARSE[key[-1]])
    if card is None:
        raise ParseError(
            f"not a card: {text!r} (write rank+suit: 2-10 J Q K A, T for 10, "
            "suits S H D C, or JK)"
        )
    return card


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of texts/cards."""
    items: Iterable[str | Card]
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [c if isinstance(c, Card) else parse_card(c) for c in items]


def parse_suit(text: str) -> Suit:
    """Parse ``S H D C`` (any case, or the glyph)."""
    suit = _SUIT_PARSE.get(text.strip().upper())
    if suit is None:
        raise ParseError(f"not a suit: {text!r} (suits are S H D C)")
    return suit


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of several cards, space separated, in the order given."""
    return " ".join(str(c) for c in cards)
