"""RULES.md §2.3: the forced trump lead, following (must head the trick), the trick winner,
who leads — checked against a plain transcription of the pseudo-code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.cards import Card, Suit, cards_of, deck_52, mask_of, parse_cards
from trapoula.errors import ConfigError, IllegalActionError
from trapoula.games.bourre.play import legal_mask, trick_winner

from .helpers import EXAMPLE_ACTIONS, EXAMPLE_SETUP, game, play

S = int(Suit.S)


def legal(hand: str, trick: str, forced: str = "any_of_AKQ", trump: int = S) -> list[str]:
    m = legal_mask(mask_of(parse_cards(hand)), [c.index for c in parse_cards(trick)], trump,
                   forced)
    return [str(c) for c in cards_of(m)]


# --- the forced trump lead ------------------------------------------------------------------
def test_2_3_forced_lead_any_of_akq_leads_highest_trump() -> None:
    assert legal("QS 3S AH 2D 5C", "") == ["QS"]
    assert legal("KS JS 3S AH", "") == ["KS"]
    assert legal("AS QS 2H", "") == ["AS"]


def test_2_3_forced_lead_not_triggered_by_lower_trumps() -> None:
    assert legal("JS 3S AH 2D 5C", "") == ["3S", "JS", "AH", "2D", "5C"]


def test_2_3_forced_lead_cinch_akq_needs_all_three() -> None:
    assert legal("QS KS 3S AH 2D", "", "cinch_AKQ") == ["3S", "QS", "KS", "AH", "2D"]
    assert legal("QS KS AS 2D 5C", "", "cinch_AKQ") == ["AS"]


def test_2_3_forced_lead_none_leaves_leads_free() -> None:
    assert legal("AS KS QS 2D", "", "none") == ["QS", "KS", "AS", "2D"]


def test_2_3_forced_lead_applies_to_every_lead_not_only_the_first() -> None:
    # §2.5 deal: P1 leads AS, then KS, then QS as long as he holds A/K/Q of trumps
    s = play(game().from_setup(EXAMPLE_SETUP), *EXAMPLE_ACTIONS[:4])
    assert [str(a) for a in s.legal_actions()] == ["play AS"]
    s = play(s, *EXAMPLE_ACTIONS[4:7])
    assert [str(a) for a in s.legal_actions()] == ["play KS"]
    with pytest.raises(IllegalActionError):
        s.apply("P1 play 2H")


# --- following --------------------------------------------------------------------------------
def test_2_3_follow_must_head_the_led_suit() -> None:
    assert legal("5H JH KH 2S", "9H") == ["JH", "KH"]


def test_2_3_follow_any_card_of_led_suit_when_none_is_higher() -> None:
    assert legal("5H 2H 2S", "9H") == ["2H", "5H"]


def test_2_3_follow_suit_after_the_trick_was_trumped() -> None:
    assert legal("AH 2H 3S", "9H 4S") == ["2H", "AH"]


def test_2_3_void_must_overtrump_when_able() -> None:
    assert legal("3S 10S AD", "9H 6S") == ["10S"]


def test_2_3_void_any_trump_when_none_beats() -> None:
    assert legal("3S 4S AD", "9H 6S") == ["3S", "4S"]


def test_2_3_void_must_trump_a_plain_trick() -> None:
    assert legal("2S AD", "9H KH") == ["2S"]


def test_2_3_void_in_led_suit_and_trumps_any_card() -> None:
    assert legal("2D AC", "9H 6S") == ["2D", "AC"]


def test_2_3_trump_led_must_head() -> None:
    assert legal("2S JS AS 5H", "10S") == ["JS", "AS"]


# --- trick winner -----------------------------------------------------------------------------
def test_2_3_trick_winner_highest_trump_else_highest_led() -> None:
    idx = [c.index for c in parse_cards("9H KH 2S AH")]
    assert trick_winner(idx, S) == 2
    idx = [c.index for c in parse_cards("9H KH 2C AH")]
    assert trick_winner(idx, S) == 3
    idx = [c.index for c in parse_cards("9H AC")]
    assert trick_winner(idx, S) == 0


# --- the pseudo-code, transcribed literally, against the engine (Hypothesis) -----------------
def reference_legal(hand: list[Card], trick: list[Card], trump: Suit) -> set[Card]:
    def beats(c: Card, w: Card) -> bool:
        assert c.rank is not None and w.rank is not None
        return c.suit == w.suit and c.rank > w.rank

    led = trick[0].suit
    w = trick[0]
    for c in trick[1:]:
        if beats(c, w) or (c.suit == trump and w.suit != trump):
            w = c
    led_cards = [c for c in hand if c.suit == led]
    if led_cards:
        if w.suit == led:
            higher = [c for c in led_cards if beats(c, w)]
            return set(higher or led_cards)
        return set(led_cards)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        if w.suit == trump:
            higher = [c for c in trumps if beats(c, w)]
            return set(higher or trumps)
        return set(trumps)
    return set(hand)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(deck_52()), min_size=3, max_size=11, unique=True),
    cut=st.integers(1, 6),
    trump=st.sampled_from(list(Suit)),
)
def test_2_3_following_matches_the_pseudo_code(cards: list[Card], cut: int, trump: Suit) -> None:
    cut = min(cut, len(cards) - 1)
    trick, hand = cards[:cut], cards[cut:]
    got = legal_mask(mask_of(hand), [c.index for c in trick], int(trump), "any_of_AKQ")
    assert set(cards_of(got)) == reference_legal(hand, trick, trump)


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(deck_52()), min_size=2, max_size=7, unique=True),
    trump=st.sampled_from(list(Suit)),
)
def test_2_3_trick_winner_is_highest_trump_else_highest_of_led(
    cards: list[Card], trump: Suit
) -> None:
    w = cards[trick_winner([c.index for c in cards], int(trump))]
    trumps = [c for c in cards if c.suit == trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    assert w == max(pool, key=lambda c: c.rank or 0)


# --- who leads --------------------------------------------------------------------------------
def test_2_3_first_lead_is_first_active_left_of_dealer() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), "P1 fold", "P2 fold", "P3 stay", "P4 stay")
    assert s.phase == "play" and s.current_player == "P3"


def test_2_3_trick_winner_leads_next_and_folded_players_skip() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), *EXAMPLE_ACTIONS[:16])
    assert s.current_player == "P2"  # P2 won trick 4 with AH
    assert s.tricks_won() == {"P1": 3, "P2": 1, "P4": 0}


def test_2_3_five_tricks_then_over() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), *EXAMPLE_ACTIONS)
    assert s.is_over and s.tricks_done == 5 and s.legal_actions() == []


def test_2_3_check_hook_answers_legal_plays_and_trick_winner() -> None:
    g = game()
    assert g.check({"check": "legal_plays", "trump": "S", "trick": [],
                    "hand": ["QS", "3S", "AH", "2D", "5C"]}) == ["QS"]
    assert g.check({"check": "trick_winner", "trump": "S",
                    "trick": ["9H", "KH", "2S", "AH"]}) == 2
    with pytest.raises(ConfigError):
        g.check({"check": "declarations", "trump": "S", "hand": []})
