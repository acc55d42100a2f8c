"""Text styling for the terminal: ANSI colours on a terminal, plain text elsewhere.

A :class:`Ui` carries the language and whether to colour; renderers call its helpers so
that the same code prints coloured cards on a terminal and plain text into a pipe or a test.

>>> from trapoula.cards import Card, Suit
>>> plain = Ui("en", color=False)
>>> plain.card(Card.parse("10H")), plain.suit(Suit.S), plain.t("deal", n=2)
('10♥', '♠', 'Deal 2')
>>> Ui("ru", color=False).card(Card.parse("QH"))
'Д♥'
>>> Ui("en", color=True).card(Card.parse("KD")) == "\\x1b[31mK♦\\x1b[39m"
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from trapoula.cards import Card, Suit, card_name, short_name, suit_name
from trapoula.tui.strings import action_word, tr

__all__ = ["Ui", "supports_color"]

# style -> (on, off): each style switches off only itself, so styles can nest
# (a red card inside a bold line stays bold after it).  Colours should not nest.
_CODES = {"bold": ("1", "22"), "dim": ("2", "22"), "red": ("31", "39"), "green": ("32", "39"),
          "yellow": ("33", "39"), "blue": ("34", "39"), "cyan": ("36", "39"),
          "reverse": ("7", "27")}


def supports_color(stream: TextIO) -> bool:
    """True when ``stream`` is a terminal and ``NO_COLOR`` is not set."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"
    except ValueError:  # closed stream
        return False


@dataclass(frozen=True)
class Ui:
    """Language and colour settings shared by every renderer."""

    lang: str = "en"
    color: bool = False

    # --- words ------------------------------------------------------------------------------
    def t(self, key: str, **kwargs: Any) -> str:
        """A UI string in this language."""
        return tr(key, self.lang, **kwargs)

    def word(self, word: str) -> str:
        """The local gloss of an action word."""
        return action_word(word, self.lang)

    # --- styling ----------------------------------------------------------------------------
    def style(self, text: str, *styles: str) -> str:
        if not self.color or not styles:
            return text
        on = ";".join(_CODES[s][0] for s in styles)
        off = ";".join(dict.fromkeys(_CODES[s][1] for s in styles))
        return f"\x1b[{on}m{text}\x1b[{off}m"

    def bold(self, text: str) -> str:
        return self.style(text, "bold")

    def dim(self, text: str) -> str:
        return self.style(text, "dim")

    def title(self, text: str) -> str:
        return self.style(text, "bold", "cyan")

    # --- cards ------------------------------------------------------------------------------
    def card(self, card: Card, *extra: str) -> str:
        """A card's short label, red for hearts and diamonds."""
        text = short_name(card, self.lang)
        if card.suit is not None and card.suit.is_red:
            return self.style(text, "red", *extra)
        return self.style(text, *extra)

    def cards(self, cards: Iterable[Card], sep: str = " ") -> str:
        return sep.join(self.card(c) for c in cards)

    def card_long(self, card: Card) -> str:
        return card_name(card, self.lang)

    def suit_name(self, suit: Suit) -> str:
        return suit_name(suit, self.lang)

    def suit(self, suit: Suit) -> str:
        return self.style(suit.symbol, "red") if suit.is_red else suit.symbol
