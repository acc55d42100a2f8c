"""RULES.md §1.4: the legal-move algorithm (both presets and the partner exception) and the
trick winner, checked against a plain transcription of the pseudo-code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.cards import SUIT_MASKS, Card, Suit, cards_of, deck_32, mask_of, parse_cards
from trapoula.games.bourloto.play import legal_mask, trick_winner
from trapoula.games.bourloto.tables import STRENGTH, TRUMP_STRENGTH

H = int(Suit.H)


def legal(hand: str, trick: str, *, overtrump: bool, pexc: bool = False) -> list[str]:
    m = legal_mask(mask_of(parse_cards(hand)), [c.index for c in parse_cards(trick)], H,
                   overtrump=overtrump, partner_exception=pexc)
    return [str(c) for c in cards_of(m)]


def test_1_4_free_lead() -> None:
    assert legal("7S KS JH AC", "", overtrump=True) == ["7S", "KS", "JH", "AC"]


def test_1_4_follow_suit_without_duty_to_beat() -> None:
    assert legal("7S KS JH", "AS", overtrump=True) == ["7S", "KS"]


def test_1_4_void_must_trump_gr_must_overtrump() -> None:
    assert legal("AH JH 7C", "AS 9H", overtrump=True) == ["JH"]
    assert legal("AH JH 7C", "AS 9H", overtrump=False) == ["JH", "AH"]


def test_1_4_undertrump_is_forced_when_no_trump_beats() -> None:
    assert legal("7H 8H 7C", "AS JH", overtrump=True) == ["7H", "8H"]


def test_1_4_trump_led_overtrump_required_in_gr() -> None:
    assert legal("7H AH JH", "9H", overtrump=True) == ["JH"]
    assert legal("7H AH JH", "9H", overtrump=False) == ["7H", "JH", "AH"]


def test_1_4_void_in_led_and_trumps_any_card() -> None:
    assert legal("7D 8C", "AS 9H", overtrump=True) == ["7D", "8C"]


def test_1_4_partner_exception_option() -> None:
    # P1 led AS (winning), P2 discarded, P3 (partner) void may throw anything
    assert legal("7H 8C", "AS 7D", overtrump=True, pexc=True) == ["7H", "8C"]
    assert legal("7H 8C", "AS 7D", overtrump=True, pexc=False) == ["7H"]


@pytest.mark.parametrize(
    "trick, winner", [("10S AS 7H KS", 2), ("9C JC 10C QC", 1), ("7D 8D AS KH", 3),
                      ("AD 7D 8D 9D", 0)]
)
def test_1_4_trick_winner(trick: str, winner: int) -> None:
    trump = Suit.C if "JC" in trick else Suit.H
    assert trick_winner([c.index for c in parse_cards(trick)], int(trump)) == winner


def reference(hand: list[Card], trick: list[Card], trump: int, overtrump: bool) -> set[Card]:
    """RULES.md §1.4 pseudo-code, transcribed literally."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    trumps_in_trick = [c for c in trick if c.suit == trump]
    top = max((TRUMP_STRENGTH[c.index] for c in trumps_in_trick), default=-1)
    mine_trumps = [c for c in hand if c.suit == trump]
    if led == trump:
        if overtrump:
            t = {c for c in mine_trumps if TRUMP_STRENGTH[c.index] > top}
            if t:
                return t
        if mine_trumps:
            return set(mine_trumps)
        return set(hand)
    follow = [c for c in hand if c.suit == led]
    if follow:
        return set(follow)
    if mine_trumps:
        if overtrump:
            t = {c for c in mine_trumps if TRUMP_STRENGTH[c.index] > top}
            if t:
                return t
        return set(mine_trumps)
    return set(hand)


@settings(max_examples=400, deadline=None)
@given(st.permutations(list(deck_32())), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_1_4_legal_mask_matches_the_pseudo_code(
    deck: list[Card], trick_len: int, trump: int, overtrump: bool
) -> None:
    hand, trick = deck[:8], deck[8:8 + trick_len]
    got = set(cards_of(legal_mask(mask_of(hand), [c.index for c in trick], trump,
                                  overtrump=overtrump, partner_exception=False)))
    assert got == reference(hand, trick, trump, overtrump)
    if len(trick) == 3:
        full = trick + [next(iter(got))]
        w = trick_winner([c.index for c in full], trump)
        keys = [TRUMP_STRENGTH[c.index] if c.suit == trump else
                (STRENGTH[c.index] if c.suit == full[0].suit else -1) for c in full]
        assert keys[w] == max(keys)
    assert SUIT_MASKS  # used
