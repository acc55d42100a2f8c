"""Actions: immutable, hashable values whose ``str()`` is the canonical notation.

One class serves every game (a ``str`` subclass whose value is the notation): an action
has a ``kind`` (``play``, ``take``, ``draw``, ``meld``...), optional cards, an optional suit,
an optional meld number and optional trailing words (Bourloto's ``bourlot``/``declare``).
Games build the canonical text; equality is equality of that text, so parsed and generated
actions compare equal.

>>> from trapoula.cards import parse_cards, Suit
>>> a = Action("play", tuple(parse_cards("KH")), words=("bourlot",))
>>> str(a), a == Action("play", tuple(parse_cards("kh")), words=("bourlot",))
('play KH bourlot', True)
>>> str(Action("name", suit=Suit.H)), str(Action("add", tuple(parse_cards("7H")), number=2))
('name H', 'add 2 7H')
>>> Action("take") == "take", a.kind, a.words
(True, 'play', ('bourlot',))
"""

from __future__ import annotations

from trapoula.cards.card import Card, Suit

__all__ = ["Action"]


class Action(str):
    """An action in a game's notation (without the acting seat).

    An action *is* its canonical text (a ``str`` subclass), so comparing, hashing and
    ``"take" in state.legal_actions()`` work at C speed; the parts stay available as
    ``kind``, ``cards``, ``suit``, ``number`` and ``words``.
    """

    kind: str
    cards: tuple[Card, ...]
    suit: Suit | None
    number: int | None
    words: tuple[str, ...]

    def __new__(
        cls,
        kind: str,
        cards: tuple[Card, ...] = (),
        *,
        suit: Suit | None = None,
        number: int | None = None,
        words: tuple[str, ...] = (),
    ) -> Action:
        parts = [kind]
        if number is not None:
            parts.append(str(number))
        if suit is not None:
            parts.append(suit.name)
        parts.extend(str(c) for c in cards)
        parts.extend(words)
        self = str.__new__(cls, " ".join(parts))
        d = self.__dict__
        d["kind"] = kind
        d["cards"] = tuple(cards)
        d["suit"] = suit
        d["number"] = number
        d["words"] = tuple(words)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Action is immutable")

    @property
    def card(self) -> Card | None:
        """The first card, for one-card actions such as ``play C``."""
        return self.cards[0] if self.cards else None

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Action({str.__str__(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuild, (self.kind, self.cards, self.suit, self.number, self.words))

    def __reduce_ex__(self, protocol: object) -> tuple[object, tuple[object, ...]]:
        return self.__reduce__()


def _rebuild(
    kind: str,
    cards: tuple[Card, ...],
    suit: Suit | None,
    number: int | None,
    words: tuple[str, ...],
) -> Action:
    return Action(kind, cards, suit=suit, number=number, words=words)
