"""Cards: suits, ranks, interned cards, notation, decks, bitmask hands and card names."""

from trapoula.cards.card import (
    JOKER_INDEX,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from trapoula.cards.cardset import (
    FULL_52,
    SUIT_MASKS,
    cards_of,
    format_mask,
    indices_of,
    mask_of,
)
from trapoula.cards.deck import deck_32, deck_52, deck_108, shuffled
from trapoula.cards.names import LANGUAGES, card_name, short_name, suit_name

__all__ = [
    "FULL_52",
    "JOKER_INDEX",
    "LANGUAGES",
    "SUIT_MASKS",
    "Card",
    "Rank",
    "Suit",
    "card_name",
    "cards_of",
    "deck_32",
    "deck_52",
    "deck_108",
    "format_cards",
    "format_mask",
    "indices_of",
    "mask_of",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "short_name",
    "shuffled",
    "suit_name",
]
