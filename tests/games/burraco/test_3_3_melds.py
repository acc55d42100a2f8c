"""RULES.md §3.3: melds (sets, sequences, wilds, the natural 2, burraco kinds, additions),
checked by hand and against a naive reading of the rule (tests/games/burraco/oracle.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.burraco.helpers import idx
from tests.games.burraco.oracle import oracle, submultisets, value
from trapoula.games.burraco.melds import (
    add_to_meld,
    analyze_meld,
    analyze_sorted,
    cards_text,
    counts_of_cards,
    hand_melds,
    meld_additions,
)


def meld(text: str):  # type: ignore[no-untyped-def]
    return analyze_meld(idx(text))


def test_3_3_set_of_one_rank_suits_may_repeat() -> None:
    m = meld("7S 7S 7H")
    assert m is not None and m.kind == "set" and m.clean and m.points == 15


@pytest.mark.parametrize("text", ["2S 2H 2D", "JK JK JK", "2S 2H JK", "3S 3H"])
def test_3_3_no_sets_of_twos_or_jokers_and_three_cards_minimum(text: str) -> None:
    assert meld(text) is None


def test_3_3_set_with_one_wild_but_not_two() -> None:
    assert meld("10S 10H JK").wild == 52  # type: ignore[union-attr]
    assert meld("10S 10H 2C").wild == 39  # type: ignore[union-attr]
    assert meld("10S JK 2C") is None
    assert meld("10S 10H JK 2C") is None


def test_3_3_sequence_one_suit_consecutive() -> None:
    assert meld("3H 4H 5H").kind == "sequence"  # type: ignore[union-attr]
    assert meld("3H 4H 5S") is None
    assert meld("3H 4H 6H") is None


def test_3_3_ace_low_or_high_not_both_never_wrapping() -> None:
    assert meld("AH 2H 3H") is not None
    assert meld("QH KH AH") is not None
    wrapped = meld("KH AH 2H")  # K-A-2 never wraps: the 2H can only be a wild (the queen)
    assert wrapped is not None and not wrapped.clean and str(wrapped) == "2H KH AH"
    assert meld("KH AH 2H 3H") is None
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert meld(full) is not None and meld(full).size == 13  # type: ignore[union-attr]
    assert meld(full + " AH") is None  # two aces
    assert meld(full + " JK") is None  # a wild may not stand for the second ace
    assert meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK") is not None


def test_3_3_natural_two_is_not_a_wild() -> None:
    m = meld("AH 2H 3H")
    assert m is not None and m.clean and m.wild == -1
    m = meld("AH 2H 3H 2S 5H")  # natural 2H plus the wild 2S (FIB example)
    assert m is not None and not m.clean and m.wild == idx("2S")[0]
    assert str(m) == "AH 2H 3H 2S 5H"


def test_3_3_same_suit_two_out_of_place_is_a_wild() -> None:
    m = meld("2H 4H 5H")
    assert m is not None and not m.clean and str(m) == "2H 4H 5H"  # the 2H stands for 3H
    assert meld("2H 2H 3H").clean is False  # type: ignore[union-attr]
    assert str(meld("2H 4H 5H JK")) == "2H JK 4H 5H"  # natural 2H, the joker is the 3
    assert meld("2H 5H 6H JK") is None  # the 2H cannot stand at 2: two wilds


def test_3_3_at_most_one_wild() -> None:
    assert meld("5H 6H JK 8H") is not None
    assert meld("5H JK 7H JK") is None
    assert meld("5H 6H JK 2S") is None


def test_3_3_ambiguous_wild_goes_low_or_high_when_low_impossible() -> None:
    assert str(meld("5H 6H JK")) == "JK 5H 6H"
    assert str(meld("KH AH JK")) == "JK KH AH"
    assert str(meld("AH 2H JK")) == "AH 2H JK"


def test_3_3_addition_legal_iff_still_valid_same_kind() -> None:
    m = meld("5H 6H 7H")
    assert add_to_meld(m, idx("8H 9H")) is not None  # type: ignore[arg-type]
    assert add_to_meld(m, idx("8S")) is None  # type: ignore[arg-type]
    assert add_to_meld(m, idx("JK 2S")) is None  # type: ignore[arg-type]
    s = meld("QS QH QD")
    assert add_to_meld(s, idx("QC QC JK")) is not None  # type: ignore[arg-type]
    assert add_to_meld(s, idx("KS")) is None  # type: ignore[arg-type]


def test_3_3_wild_replacement_shifts_the_wild_to_an_end() -> None:
    m = meld("5H 6H JK 8H")
    grown = add_to_meld(m, idx("7H"))  # type: ignore[arg-type]
    assert grown is not None and str(grown) == "JK 5H 6H 7H 8H" and grown.wild == 52


def test_3_3_two_becomes_natural_when_its_place_is_filled() -> None:
    m = meld("2H 4H 5H")
    assert m is not None and not m.clean
    grown = add_to_meld(m, idx("3H"))
    assert grown is not None and grown.clean


def test_3_3_burraco_kinds_and_bonuses() -> None:
    clean = meld("3H 4H 5H 6H 7H 8H 9H")
    dirty = meld("3H 4H 5H JK 7H 8H 9H")
    semi = meld("3H 4H 5H 6H 7H 8H 9H JK")
    assert (clean.burraco(), clean.bonus()) == ("clean", 200)  # type: ignore[union-attr]
    assert (dirty.burraco(), dirty.bonus()) == ("dirty", 100)  # type: ignore[union-attr]
    assert (semi.burraco(), semi.bonus()) == ("dirty", 100)  # type: ignore[union-attr]
    assert (semi.burraco(150), semi.bonus(150)) == ("semi_clean", 150)  # type: ignore[union-attr]
    assert meld("3H 4H 5H 6H 7H 8H").burraco() is None  # type: ignore[union-attr]


def test_3_3_semi_clean_needs_seven_consecutive_naturals_and_a_set_of_seven_naturals() -> None:
    assert meld("3H 4H 5H JK 7H 8H 9H 10H").semi is False  # type: ignore[union-attr]
    assert meld("3H 4H 5H 6H 7H 8H 9H JK 10H JH").semi is True  # type: ignore[union-attr]
    assert meld("9S 9S 9H 9H 9D 9D 9C JK").semi is True  # type: ignore[union-attr]
    assert meld("9S 9S 9H 9H 9D 9D JK").semi is False  # type: ignore[union-attr]
    assert meld("9S 9S 9H 9H 9D 9D 9C 9C").clean is True  # type: ignore[union-attr]


def test_3_3_card_points() -> None:
    assert meld("2S 10S 10H").points == 20 + 10 + 10  # type: ignore[union-attr]
    assert meld("JK 3C 4C").points == 30 + 5 + 5  # type: ignore[union-attr]
    assert meld("AS AH AD 7C 7C") is None
    assert meld("AS AH AD").points == 45  # type: ignore[union-attr]


def test_3_3_enumeration_lists_each_multiset_once() -> None:
    h = counts_of_cards(idx("5H 6H 7H JK"))
    got = [cards_text(t) for t in hand_melds(h)]
    assert len(got) == len(set(got))
    # the joker may stand for 4, 8 or any of the three cards: each distinct multiset once
    assert "5H 6H JK" in got and "5H 7H JK" in got and "5H 6H 7H JK" in got


# --- properties ---------------------------------------------------------------------------------
CARD = st.integers(0, 52)


@st.composite
def near_melds(draw: st.DrawFn) -> list[int]:
    """Multisets that are often melds: a run or a rank, plus noise and wilds."""
    if draw(st.booleans()):
        s = draw(st.integers(0, 3))
        lo = draw(st.integers(1, 12))
        hi = draw(st.integers(lo, min(14, lo + 12)))
        cards = [13 * s + (12 if p in (1, 14) else p - 2) for p in range(lo, hi + 1)]
        cards = [c for c in cards if draw(st.integers(0, 9)) > 0]
    else:
        k = draw(st.integers(1, 12))
        cards = [13 * draw(st.integers(0, 3)) + k for _ in range(draw(st.integers(1, 8)))]
    cards += draw(st.lists(st.sampled_from([0, 13, 26, 39, 52]), max_size=2))
    cards += draw(st.lists(CARD, max_size=1))
    return legal_multiset(cards)


def legal_multiset(cards: list[int]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if out.count(c) < (4 if c == 52 else 2):
            out.append(c)
    return sorted(out)


@settings(max_examples=400, deadline=None)
@given(near_melds())
def test_3_3_validity_matches_a_naive_reading(cards: list[int]) -> None:
    m = analyze_sorted(tuple(cards))
    want = oracle(cards)
    if want is None:
        assert m is None
        return
    assert m is not None
    kind, key, clean, semi = want
    assert m.kind == kind and m.clean == clean and m.semi == semi
    assert (m.suit if kind == "sequence" else m.rank) == key
    assert m.points == sum(value(c) for c in cards)
    assert sorted(m.order) == cards


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(idx("AH 2H 3H 4H 5H 6H 7H 7S 7D 2S JK")), min_size=3,
                max_size=8).map(legal_multiset))
def test_3_3_enumerated_melds_are_exactly_the_valid_submultisets(hand: list[int]) -> None:
    want = {t for t in submultisets(hand) if len(t) >= 3 and oracle(t) is not None}
    got = hand_melds(counts_of_cards(hand))
    assert len(got) == len(set(got))
    assert set(got) == want


@settings(max_examples=80, deadline=None)
@given(near_melds(), st.lists(CARD, min_size=1, max_size=6).map(legal_multiset))
def test_3_3_additions_keep_melds_valid_and_refuse_the_rest(base: list[int],
                                                            extra: list[int]) -> None:
    m = analyze_sorted(tuple(base))
    if m is None:
        return
    room = [c for c in extra if base.count(c) + extra.count(c) <= (4 if c == 52 else 2)]
    listed = set(meld_additions(m, counts_of_cards(room)))
    for sub in submultisets(room):
        if not sub:
            continue
        grown = add_to_meld(m, sub)
        want = oracle(sorted(base + list(sub)))
        same_kind = want is not None and want[0] == m.kind and (
            want[1] == (m.suit if m.kind == "sequence" else m.rank))
        assert (grown is not None) == same_kind == (sub in listed)
        if grown is not None:
            assert grown.kind == m.kind and grown.suit == m.suit and grown.rank == m.rank
