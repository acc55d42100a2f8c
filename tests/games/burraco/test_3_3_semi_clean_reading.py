"""RULES.md §3.3, the settled semi-clean reading (option ``semi_clean_bonus``, preset fibur):
7 consecutive naturals with the one wild just outside them (before or after); natural cards
beyond the wild do not change it; an ace stands low or high, whichever its side profits from.
Checked on the meld analysis and through the public conformance check (preset fibur)."""

from __future__ import annotations

import pytest

import trapoula
from tests.games.burraco.helpers import idx
from trapoula.games.burraco.melds import analyze_meld

FIBUR = trapoula.make("burraco", "fibur")


def _kind(cards: str) -> str | None:
    m = analyze_meld(idx(cards))
    assert m is not None, cards
    return m.burraco(FIBUR.options.semi_clean_bonus)  # type: ignore[attr-defined]


def _check(cards: str) -> dict:
    return FIBUR.check({"check": "meld", "cards": cards.split()})  # type: ignore[no-any-return]


@pytest.mark.parametrize("cards", [
    "3H 4H 5H 6H 7H 8H 9H JK",  # the wild just after 7 consecutive naturals
    "JK 4H 5H 6H 7H 8H 9H 10H",  # ... or just before them (the wild stands for 3H, low end)
    "3D 2C 5D 6D 7D 8D 9D 10D JD",  # RULES' example: 3D beyond the wild (2C = 4D)
    "3H 4H 5H 6H 7H 8H 9H JK JH QH",  # naturals beyond the wild on the high side
    "AS 2S 3S 4S 5S 6S 7S JK",  # ace low: A..7 with the natural 2S, the wild as 8S
    "8S 9S 10S JS QS KS AS JK",  # ace high: 8..A, the wild as 7S
    "AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS",  # RULES' example: the ace read high profits
    "9S 9S 9H 9H 9D 9D 9C JK",  # a set: 7 naturals and the wild
])
def test_3_3_semi_clean(cards: str) -> None:
    assert _kind(cards) == "semi_clean"
    got = _check(cards)
    assert got["burraco"] == "semi_clean" and got["bonus"] == 150


@pytest.mark.parametrize("cards", [
    "3H 4H 5H JK 7H 8H 9H 10H",  # the wild inside: 3 + 4 naturals, not 7 consecutive
    "3H 4H 5H 6H 7H 8H JK 10H JH",  # 6 consecutive, the wild, 2 more: never 7 in a row
    "AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS",  # 6 + wild + 5 whichever way the ace reads
    "3H 4H 5H 6H 7H 8H JK",  # 7 cards only: a dirty burraco
    "9S 9S 9H 9H 9D 9D JK",  # a set of 6 naturals and the wild
])
def test_3_3_not_semi_clean(cards: str) -> None:
    assert _kind(cards) == "dirty"
    assert _check(cards)["burraco"] == "dirty"


def test_3_3_semi_clean_needs_the_option() -> None:
    seed = trapoula.make("burraco", "seed")
    got = seed.check({"check": "meld", "cards": "3H 4H 5H 6H 7H 8H 9H JK".split()})
    assert (got["burraco"], got["bonus"]) == ("dirty", 100)
