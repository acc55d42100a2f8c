"""Actions: immutable, hashable values whose ``str()`` is the canonical notation.

One class serves every game: an action has a ``kind`` (``play``, ``take``, ``draw``,
``meld``...), optional cards, an optional suit, an optional meld number and optional
trailing words (Bourloto's ``bourlot``/``declare``).  Games build the canonical text;
equality is equality of that text's parts, so parsed and generated actions compare equal.

>>> from trapoula.cards import parse_cards, Suit
>>> a = Action("play", tuple(parse_cards("KH")), words=("bourlot",))
>>> str(a), a == Action("play", tuple(parse_cards("kh")), words=("bourlot",))
('play KH bourlot', True)
>>> str(Action("name", suit=Suit.H)), str(Action("add", tuple(parse_cards("7H")), number=2))
('name H', 'add 2 7H')
"""

from __future__ import annotations

from trapoula.cards.card import Card, Suit

__all__ = ["Action"]


class Action:
    """An action in a game's notation (without the acting seat)."""

    __slots__ = ("kind", "cards", "suit", "number", "words", "_text", "_hash")

    kind: str
    cards: tuple[Card, ...]
    suit: Suit | None
    number: int | None
    words: tuple[str, ...]
    _text: str
    _hash: int

    def __init__(
        self,
        kind: str,
        cards: tuple[Card, ...] = (),
        *,
        suit: Suit | None = None,
        number: int | None = None,
        words: tuple[str, ...] = (),
    ) -> None:
        parts = [kind]
        if number is not None:
            parts.append(str(number))
        if suit is not None:
            parts.append(suit.name)
        parts.extend(str(c) for c in cards)
        parts.extend(words)
        text = " ".join(parts)
        setattr_ = object.__setattr__
        setattr_(self, "kind", kind)
        setattr_(self, "cards", cards)
        setattr_(self, "suit", suit)
        setattr_(self, "number", number)
        setattr_(self, "words", words)
        setattr_(self, "_text", text)
        setattr_(self, "_hash", hash(text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @property
    def card(self) -> Card | None:
        """The first card, for one-card actions such as ``play C``."""
        return self.cards[0] if self.cards else None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self._text == other._text
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[object, ...], dict[str, object]]:
        return (_rebuild, (self.kind, self.cards, self.suit, self.number, self.words), {})


def _rebuild(
    kind: str,
    cards: tuple[Card, ...],
    suit: Suit | None,
    number: int | None,
    words: tuple[str, ...],
) -> Action:
    return Action(kind, cards, suit=suit, number=number, words=words)
