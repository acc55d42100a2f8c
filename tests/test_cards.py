"""Cards and notation (scenarios.md "Notation"): round-trips, leniency, errors, decks, names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trapoula.cards import (
    LANGUAGES,
    Card,
    Rank,
    Suit,
    card_name,
    cards_of,
    deck_32,
    deck_52,
    deck_108,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
)
from trapoula.cards.cardset import bit_indices
from trapoula.errors import ParseError

ALL = [Card.from_index(i) for i in range(53)]


@given(st.sampled_from(ALL), st.booleans(), st.booleans())
def test_notation_round_trips_any_case_and_t_for_ten(card: Card, lower: bool, use_t: bool) -> None:
    text = str(card)
    if use_t and card.rank == Rank.TEN:
        text = "T" + text[2:]
    if lower:
        text = text.lower()
    assert parse_card(text) is card
    assert str(parse_card(str(card))) == str(card)


@given(st.text(max_size=4))
def test_random_text_is_a_card_or_a_parse_error(text: str) -> None:
    try:
        card = parse_card(text)
    except ParseError as exc:
        assert "rank+suit" in str(exc)
    else:
        assert parse_card(str(card)) is card


def test_canonical_output_is_upper_case_with_10() -> None:
    assert str(parse_card("th")) == "10H"
    assert str(parse_card("qs")) == "QS"
    assert str(parse_card("jk")) == "JK"
    assert [str(c) for c in parse_cards("AC, 7d 10s")] == ["AC", "7D", "10S"]


@pytest.mark.parametrize("bad", ["", "1H", "11S", "ZZ", "10X", "JKK", "H10"])
def test_bad_cards_raise_parse_error(bad: str) -> None:
    with pytest.raises(ParseError):
        parse_card(bad)


def test_suits_parse_letters_and_glyphs() -> None:
    assert parse_suit("h") is Suit.H and parse_suit("♣") is Suit.C
    with pytest.raises(ParseError):
        parse_suit("X")


def test_decks() -> None:
    assert len(set(deck_32())) == 32 and {c.rank for c in deck_32()} == set(Rank) - {
        Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX}
    assert len(set(deck_52())) == 52
    d108 = deck_108()
    assert len(d108) == 108 and sum(c.is_joker for c in d108) == 4
    assert all(d108.count(c) == 2 for c in deck_52())


def test_canonical_order_is_suit_then_rank_jokers_last() -> None:
    assert sorted(parse_cards("JK AC 2S 10H KS")) == parse_cards("2S KS 10H AC JK")


@given(st.sets(st.sampled_from(ALL[:52])))
def test_bitmask_round_trip(cards: set[Card]) -> None:
    m = mask_of(cards)
    assert set(cards_of(m)) == cards
    assert [Card.from_index(i) for i in bit_indices(m)] == sorted(cards)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_distinct_name_in_every_language(lang: str) -> None:
    names = {card_name(c, lang) for c in deck_52()}
    assert len(names) == 52
