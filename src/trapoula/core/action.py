"""Actions: frozen, interned values whose ``str()`` is the canonical notation.

One class serves every game: an action has a ``kind`` (``play``, ``take``, ``draw``,
``meld``...), optional cards, an optional suit, an optional meld number and optional
trailing words (Bourloto's ``bourlot``/``declare``).  Its canonical text is
``kind [number] [suit] [cards...] [words...]``; ``Action(text)`` parses it back, and
``repr`` is that call, so both round-trip.  Actions are interned by their canonical text
(one live object per text), so parsed and generated actions are the same object; they
also compare and hash equal to their text, so ``"take" in state.legal_actions()`` and
dict look-ups by text work.

>>> from trapoula.cards import parse_cards, Suit
>>> a = Action("play", tuple(parse_cards("KH")), words=("bourlot",))
>>> str(a), a is Action("play KH bourlot"), a == "play KH bourlot"
('play KH bourlot', True, True)
>>> a, eval(repr(a)) is a, a.kind, a.cards, a.words
(Action('play KH bourlot'), True, 'play', (Card.parse('KH'),), ('bourlot',))
>>> str(Action("name", suit=Suit.H)), str(Action("add", tuple(parse_cards("7H")), number=2))
('name H', 'add 2 7H')
>>> Action("ADD 2 th").number, Action("take") == "take"
(2, True)
>>> Action("play QS 3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.ParseError: 'play QS 3': the meld number comes right after the kind ...

Which actions a game knows, and in which order the cards of its canonical text come, is the
game's business: ``game.parse_action`` (and ``state.apply``) accept any case and card order
and answer with the game's interned action; ``Action(text)`` is the game-independent
notation (case is normalised, the order of the cards is kept).
"""

from __future__ import annotations

import re
import threading
from typing import Any, final
from weakref import ref

from trapoula.cards.card import Card, Suit, parse_card
from trapoula.errors import ParseError

__all__ = ["Action", "action_text"]

_WORD = re.compile(r"[a-z][a-z_]*\Z")
_SUITS = {s.name: s for s in Suit}
_FORM = (
    "an action is a kind (a lowercase word such as take, play, draw) followed by an "
    "optional meld number, an optional suit (S H D C), cards (such as 10H QS JK) and "
    "words (such as bourlot)"
)
# every live action, by its canonical text (weak: an action no game or caller holds goes)
# (a dead reference stays until the next sweep)
_REFS: dict[str, ref[Action]] = {}
_SWEEP_AT = 50_000
# kinds and words already checked (lowercase words that read as no card or suit)
_GOOD_WORDS: set[str] = set()
_new = object.__new__
_ref = ref
_LOCK = threading.Lock()


@final
class Action:
    """An action in a game's notation (without the acting seat).

    ``Action(text)`` parses the canonical text; ``Action(kind, cards, suit=, number=,
    words=)`` builds one from its parts.  Either way the same text gives the same object.
    The parts are ``kind``, ``cards``, ``suit``, ``number`` and ``words``; ``str(a)`` is the
    canonical text, ``repr(a)`` is ``Action('<text>')``.  Actions cannot be changed.
    """

    __slots__ = ("kind", "cards", "suit", "number", "words", "_text", "_hash", "__weakref__")

    kind: str
    cards: tuple[Card, ...]
    suit: Suit | None
    number: int | None
    words: tuple[str, ...]
    _text: str
    _hash: int

    def __new__(
        cls,
        kind: str,
        cards: tuple[Card, ...] = (),
        *,
        suit: Suit | None = None,
        number: int | None = None,
        words: tuple[str, ...] = (),
    ) -> Action:
        if cards or suit is not None or number is not None or words:
            try:
                checked = (
                    kind in _GOOD_WORDS and cards.__class__ is tuple
                    and _CARD_TYPE.issuperset(map(type, cards))
                    and (suit is None or suit.__class__ is Suit)
                    and (number is None or (number.__class__ is int and number >= 0))
                    and (not words or (words.__class__ is tuple
                                       and _GOOD_WORDS.issuperset(words)))
                )
            except TypeError:  # (something unhashable)
                checked = False
            if not checked:
                _check_parts(kind, cards, suit, number, words)
            text = _compose(kind, cards, suit, number, words)
            ref = _REFS.get(text)
            if ref is not None:
                a = ref()
                if a is not None:
                    return a
        else:
            if kind.__class__ is not str:
                if not isinstance(kind, str):
                    raise ParseError(f"an action is text, not {type(kind).__name__}; {_FORM}")
                kind = str(kind)
            ref = _REFS.get(kind)
            if ref is not None:
                a = ref()
                if a is not None:
                    return a
            kind, cards, suit, number, words = _parse(kind)
            text = _compose(kind, cards, suit, number, words)
            ref = _REFS.get(text)
            if ref is not None:
                a = ref()
                if a is not None:
                    return a
        return _make(kind, cards, suit, number, words, text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Action is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Action is immutable: cannot delete {name!r}")

    @property
    def card(self) -> Card | None:
        """The first card, for one-card actions such as ``play C``."""
        return self.cards[0] if self.cards else None

    @property
    def text(self) -> str:
        """The canonical text (the same as ``str(action)``)."""
        return self._text

    # --- a value equal to its text ---------------------------------------------------------------
    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __format__(self, spec: str) -> str:
        return format(self._text, spec)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Action:
            return self is other  # (interned: one live action per text)
        if isinstance(other, str):
            return self._text == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Action:
            return self is not other
        if isinstance(other, str):
            return self._text != other
        return NotImplemented

    def __lt__(self, other: Action | str) -> bool:
        return self._text < _text_of(other)

    def __le__(self, other: Action | str) -> bool:
        return self._text <= _text_of(other)

    def __gt__(self, other: Action | str) -> bool:
        return self._text > _text_of(other)

    def __ge__(self, other: Action | str) -> bool:
        return self._text >= _text_of(other)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Action, (self._text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self


def action_text(text: object) -> str:
    """``text`` if it is text (for a game's parser); a ParseError if it is not.

    >>> action_text(3)
    Traceback (most recent call last):
    ...
    trapoula.errors.ParseError: an action is text or an Action, not int
    """
    if isinstance(text, str):
        return text
    if text.__class__ is Action:
        return text._text
    raise ParseError(f"an action is text or an Action, not {type(text).__name__}")


def _text_of(other: object) -> str:
    if other.__class__ is Action:
        return other._text
    if isinstance(other, str):
        return other
    raise TypeError(f"an Action compares with an Action or a str, not {type(other).__name__}")


_Parts = tuple[str, tuple[Card, ...], Suit | None, int | None, tuple[str, ...]]


def _compose(
    kind: str, cards: tuple[Card, ...], suit: Suit | None, number: int | None,
    words: tuple[str, ...],
) -> str:
    if number is None and suit is None and not words:
        return f"{kind} {' '.join([c._text for c in cards])}" if cards else kind
    parts = [kind]
    if number is not None:
        parts.append(str(number))
    if suit is not None:
        parts.append(suit.name)
    parts.extend([c._text for c in cards])
    parts.extend(words)
    return " ".join(parts)


def _is_word(w: str) -> bool:
    """A kind or trailing word: lowercase letters that do not read as a card or a suit."""
    if w in _GOOD_WORDS:
        return True
    if isinstance(w, str) and _WORD.match(w) and w.upper() not in _SUITS and not _is_card(w):
        _GOOD_WORDS.add(w)
        return True
    return False


def _is_card(w: str) -> bool:
    try:
        parse_card(w)
    except ParseError:
        return False
    return True


def _check_parts(
    kind: object, cards: object, suit: object, number: object, words: object,
) -> None:
    """Refuse parts whose text would not parse back to them."""
    if not isinstance(kind, str) or not _is_word(kind):
        raise ParseError(f"an action's kind is a lowercase word, not {kind!r}; {_FORM}")
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise ParseError(f"an action's cards are a tuple of Card, not {cards!r}")
    if suit is not None and not isinstance(suit, Suit):
        raise ParseError(f"an action's suit is a Suit, not {suit!r}")
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or number < 0
    ):
        raise ParseError(f"an action's number is a whole number >= 0, not {number!r}")
    if not isinstance(words, tuple) or not all(
        isinstance(w, str) and _is_word(w) for w in words
    ):
        raise ParseError(f"an action's words are lowercase words (not cards), not {words!r}")


def _sweep() -> None:
    """Forget the texts of actions that have gone (amortised: when the table has doubled)."""
    global _SWEEP_AT
    for text in [t for t, r in _REFS.items() if r() is None]:
        del _REFS[text]
    _SWEEP_AT = max(2 * len(_REFS), 50_000)


def _make(
    kind: str, cards: tuple[Card, ...], suit: Suit | None, number: int | None,
    words: tuple[str, ...], text: str,
) -> Action:
    """A new action (checked parts, canonical ``text``), interned."""
    a: Action = _new(_Building)
    a.kind = kind
    a.cards = cards
    a.suit = suit
    a.number = number
    a.words = words
    a._text = text
    a._hash = hash(text)
    a.__class__ = Action
    with _LOCK:  # (so that two threads never make two actions of one text)
        old = _REFS.get(text)
        if old is not None:
            b = old()
            if b is not None:  # (made meanwhile by another thread)
                return b
        elif len(_REFS) >= _SWEEP_AT:
            _sweep()
        _REFS[text] = _ref(a)
    return a


class _Building(Action):  # type: ignore[misc]
    """An action being made (its slots may be set); it becomes an :class:`Action`."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]  # (both: C-speed stores)
    __delattr__ = object.__delattr__


_CARD_TYPE = frozenset((Card,))


def _parse(text: str) -> _Parts:
    """The parts of action text ``kind [number] [suit] [cards...] [words...]``."""
    tokens = text.split()
    if not tokens:
        raise ParseError(f"empty action; {_FORM}")
    kind = tokens[0].lower()
    if not _is_word(kind):
        hint = " (the acting seat goes to state.apply, not Action)" if (
            kind[:1] == "p" and kind[1:].isdigit()) else ""
        raise ParseError(f"{text!r} does not start with a kind{hint}; {_FORM}")
    number: int | None = None
    suit: Suit | None = None
    cards: list[Card] = []
    words: list[str] = []
    for i, tok in enumerate(tokens[1:], 1):
        if tok.isdigit() and tok.isascii():
            if i != 1:
                raise ParseError(
                    f"{text!r}: the meld number comes right after the kind "
                    f"(such as 'add 2 7H'); {_FORM}"
                )
            number = int(tok)
            continue
        up = tok.upper()
        if up in _SUITS:
            if suit is not None or cards or words:
                raise ParseError(f"{text!r}: one suit, before any card or word; {_FORM}")
            suit = _SUITS[up]
            continue
        low = tok.lower()
        if _WORD.match(low):
            if _is_card(tok):
                if words:
                    raise ParseError(f"{text!r}: the cards come before the words; {_FORM}")
                cards.append(parse_card(tok))
            else:
                words.append(low)
            continue
        try:
            card = parse_card(tok)
        except ParseError:
            raise ParseError(f"{text!r}: {tok!r} is not a number, suit, card or word; "
                             f"{_FORM}") from None
        if words:
            raise ParseError(f"{text!r}: the cards come before the words; {_FORM}")
        cards.append(card)
    return kind, tuple(cards), suit, number, tuple(words)
