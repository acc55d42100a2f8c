"""RULES.md §1.7: the full worked deal, in both presets, through the public API."""

from __future__ import annotations

import pytest

from .helpers import EXAMPLE_PLAYS, legal, play_setup, run

# restricted decision points of §1.7: (trick, seat) -> legal cards
RESTRICTED = {
    (1, "P2"): {"7H", "QH", "KH", "AH"}, (1, "P3"): {"10H"}, (1, "P4"): {"JH"},
    (2, "P1"): {"JC", "QC"}, (2, "P3"): {"8C", "9C", "10C"},
    (3, "P1"): {"QC"}, (3, "P2"): {"QH", "KH", "AH"}, (3, "P3"): {"9C", "10C"},
    (4, "P3"): {"7D", "9D"}, (4, "P4"): {"8D", "JD"}, (4, "P1"): {"10D", "KD"},
    (5, "P1"): {"8H"}, (7, "P4"): {"JD"}, (7, "P1"): {"10D"},
}


def _play_through(state, words: dict[str, str]):  # type: ignore[no-untyped-def]
    for t, trick in enumerate(EXAMPLE_PLAYS, start=1):
        for play in trick:
            seat, card = play.split()
            cards = {a.split()[1] for a in legal(state)}
            if (t, seat) in RESTRICTED:
                assert cards == RESTRICTED[(t, seat)], (t, seat)
            state = state.apply(f"{seat} play {card}{words.get(f'{t} {seat}', '')}")
    return state


def test_1_7_gr_contract_made() -> None:
    s = _play_through(play_setup("gr", buyer="B"),
                      {"1 P2": " declare", "1 P3": " declare", "3 P2": " bourlot"})
    assert s.result == {"scores": {"A": 58, "B": 144}, "hanging": 0}
    v = s.view("P1")
    assert v.points_taken == {"A": 58, "B": 104}
    assert sum(v.points_taken.values()) == 162


def test_1_7_gr_same_cards_with_a_as_buyer_is_inside() -> None:
    s = _play_through(play_setup("gr", buyer="A"),
                      {"1 P2": " declare", "1 P3": " declare", "3 P2": " bourlot"})
    assert s.result == {"scores": {"A": 0, "B": 202}, "hanging": 0}


def test_1_7_ru_no_comparison() -> None:
    s = play_setup("ru", buyer=None)
    s = run(s, ["P1 pass", "P2 declare", "P3 declare", "P4 pass"])
    s = _play_through(s, {})
    assert s.result == {"scores": {"A": 78, "B": 144}}


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_1_7_trump_points(preset: str) -> None:
    s = play_setup(preset, buyer=None if preset == "ru" else "B")
    if preset == "ru":
        s = run(s, ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    s = _play_through(s, {})
    assert s.tally[2:4] == (0, 62)
