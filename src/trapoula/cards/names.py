"""Localised card names for display (English, Greek, Russian, Italian).

>>> from trapoula.cards import Card
>>> card_name(Card.parse("QH"), "en"), card_name(Card.parse("QH"), "el")
('queen of hearts', 'ντάμα κούπα')
>>> card_name(Card.parse("10S"), "ru"), card_name(Card.parse("AC"), "it")
('десятка пик', 'asso di fiori')
>>> short_name(Card.parse("KD"), "ru")
'К♦'
"""

from __future__ import annotations

from trapoula.cards.card import Card, Rank, Suit
from trapoula.errors import ConfigError

__all__ = ["LANGUAGES", "card_name", "rank_short", "short_name", "suit_name"]

LANGUAGES = ("en", "el", "ru", "it")

_SUITS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "el": ("μπαστούνι", "κούπα", "καρό", "σπαθί"),
    "ru": ("пик", "червей", "бубен", "треф"),
    "it": ("picche", "cuori", "quadri", "fiori"),
}
_SUITS_NOMINATIVE = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "el": ("μπαστούνι", "κούπα", "καρό", "σπαθί"),
    "ru": ("пики", "червы", "бубны", "трефы"),
    "it": ("picche", "cuori", "quadri", "fiori"),
}
_RANKS = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
           9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"},
    "el": {2: "δυάρι", 3: "τριάρι", 4: "τεσσάρι", 5: "πεντάρι", 6: "εξάρι", 7: "εφτάρι",
           8: "οχτάρι", 9: "εννιάρι", 10: "δεκάρι", 11: "βαλές", 12: "ντάμα", 13: "ρήγας",
           14: "άσος"},
    "ru": {2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка",
           7: "семёрка", 8: "восьмёрка", 9: "девятка", 10: "десятка", 11: "валет",
           12: "дама", 13: "король", 14: "туз"},
    "it": {2: "due", 3: "tre", 4: "quattro", 5: "cinque", 6: "sei", 7: "sette", 8: "otto",
           9: "nove", 10: "dieci", 11: "fante", 12: "donna", 13: "re", 14: "asso"},
}
_RANK_SHORT = {
    "en": {11: "J", 12: "Q", 13: "K", 14: "A"},
    "el": {11: "Β", 12: "Ν", 13: "Ρ", 14: "Α"},
    "ru": {11: "В", 12: "Д", 13: "К", 14: "Т"},
    "it": {11: "J", 12: "Q", 13: "K", 14: "A"},
}
_JOKER = {"en": "joker", "el": "τζόκερ", "ru": "джокер", "it": "jolly"}
_OF = {"en": "{r} of {s}", "el": "{r} {s}", "ru": "{r} {s}", "it": "{r} di {s}"}


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ConfigError(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


def suit_name(suit: Suit, lang: str = "en") -> str:
    """The suit's name in a language (nominative)."""
    return _SUITS_NOMINATIVE[_lang(lang)][suit]


def card_name(card: Card, lang: str = "en") -> str:
    """The card's full name in a language."""
    lang = _lang(lang)
    if card.rank is None or card.suit is None:
        return _JOKER[lang]
    return _OF[lang].format(r=_RANKS[lang][card.rank], s=_SUITS[lang][card.suit])


def rank_short(rank: Rank, lang: str = "en") -> str:
    """A short rank label as players of that language write it (RU: В Д К Т)."""
    return _RANK_SHORT[_lang(lang)].get(int(rank), str(int(rank)))


def short_name(card: Card, lang: str = "en") -> str:
    """Short label with the suit glyph, e.g. ``Q♥`` or, in Russian, ``Д♥``."""
    if card.rank is None or card.suit is None:
        return "JK"
    return rank_short(card.rank, lang) + card.suit.symbol
