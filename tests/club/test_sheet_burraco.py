"""The Burraco score sheet (RULES.md §3.6-§3.9) counts with the engine's scoring."""

from __future__ import annotations

import pytest

from trapoula.club.sheet import load_sheet, new_sheet
from trapoula.errors import IllegalActionError
from trapoula.games.burraco.melds import analyze_meld, parse_cards

EXAMPLE = {"A": {"melds": 75, "clean": 1, "held": 15, "pozzetto": True, "closed": True},
           "B": {"melds": 45, "held": 65}}
EXAMPLE_CARDS = {"A": {"meld_cards": ["3H 4H 5H 6H 7H 8H 9H", "KS KH KD"], "held_cards": "5C QD",
                       "pozzetto": True, "closed": True},
                 "B": {"meld_cards": ["4S 5S 6S JK"], "held_cards": "AH JK 3C 4C 9C"}}


@pytest.mark.parametrize("entry", [EXAMPLE, EXAMPLE_CARDS], ids=["numbers", "cards"])
def test_s3_9_worked_example(entry: dict) -> None:
    s = new_sheet("burraco").add(entry)
    assert s.rows[-1]["scores"] == {"A": 360, "B": -120}
    assert s.leader == "A" and s.winner is None


def test_s3_7_cards_are_counted_like_the_numbers() -> None:
    by_cards = new_sheet("burraco").add(EXAMPLE_CARDS)
    side = by_cards.entries[-1]["A"]
    assert (side["melds"], side["clean"], side["dirty"], side["held"]) == (75, 1, 0, 15)
    assert by_cards.entries[-1]["B"]["held"] == 65


def test_s3_3_burraco_bonuses_are_the_meld_analysis_bonuses() -> None:
    from trapoula.club.sheet_burraco import BURRACO_BONUS

    clean = analyze_meld(parse_cards("3H 4H 5H 6H 7H 8H 9H"))
    dirty = analyze_meld(parse_cards("3H 4H 5H JK 7H 8H 9H"))
    assert clean is not None and dirty is not None
    assert (BURRACO_BONUS["clean"], BURRACO_BONUS["dirty"]) == (clean.bonus(), dirty.bonus())


def test_s3_3_semi_clean_only_where_the_preset_has_it() -> None:
    entry = {"A": {"melds": 100, "semi": 1, "pozzetto": True}, "B": {"pozzetto": True}}
    assert new_sheet("burraco", "fibur").add(entry).rows[-1]["scores"]["A"] == 250
    with pytest.raises(IllegalActionError, match="semi-clean"):
        new_sheet("burraco", "seed").add(entry)


def test_s3_6_closing_needs_the_pozzetto_and_a_burraco() -> None:
    s = new_sheet("burraco")
    with pytest.raises(IllegalActionError, match="pozzetto"):
        s.add({"A": {"melds": 75, "clean": 1, "closed": True}})
    with pytest.raises(IllegalActionError, match="burraco"):
        s.add({"A": {"melds": 75, "pozzetto": True, "closed": True}})
    with pytest.raises(IllegalActionError, match="one side"):
        s.add({"A": {"melds": 75, "clean": 1, "pozzetto": True, "closed": True},
               "B": {"melds": 75, "clean": 1, "pozzetto": True, "closed": True}})
    clean_only = new_sheet("burraco", options={"closing_requires": "clean_burraco"})
    with pytest.raises(IllegalActionError, match="clean burraco"):
        clean_only.add({"A": {"melds": 75, "dirty": 1, "pozzetto": True, "closed": True}})
    assert s.entries == ()


def test_s3_7_no_pozzetto_costs_100_and_the_variant_spares_the_closers_hands() -> None:
    entry = {"A": {"melds": 75, "clean": 1, "held": 15, "pozzetto": True, "closed": True},
             "B": {"melds": 45, "held": 65, "pozzetto": False}}
    spare = new_sheet("burraco", options={"deduct_hands": "except_closing_team"}).add(entry)
    assert spare.rows[-1]["scores"] == {"A": 375, "B": -120}


def test_s3_8_the_match_ends_at_the_target_and_a_tie_plays_one_more_hand() -> None:
    s = new_sheet("burraco", options={"target": 700})
    s = s.add(EXAMPLE).add(EXAMPLE)
    assert s.totals == {"A": 720, "B": -240} and s.winner == "A"
    tie = new_sheet("burraco", options={"target": 300})
    even = {"A": {"melds": 200, "clean": 1, "pozzetto": True},
            "B": {"melds": 200, "clean": 1, "pozzetto": True}}
    tie = tie.add(even)
    assert tie.totals == {"A": 400, "B": 400} and tie.winner is None and not tie.over
    tie = tie.add(EXAMPLE)
    assert tie.winner == "A"


def test_s3_8_fibur_target_2005() -> None:
    s = new_sheet("burraco", "fibur")
    big = {"A": {"melds": 905, "clean": 5, "pozzetto": True, "closed": True},
           "B": {"pozzetto": True}}
    s = s.add(big)  # 905 + 1000 + 100 = 2005
    assert s.totals["A"] == 2005 and s.winner == "A"


def test_a_tournament_match_of_three_hands_gives_fibur_victory_points() -> None:
    s = new_sheet("burraco", "fibur", setup={"hands": 3})
    for _ in range(3):
        s = s.add(EXAMPLE)
    assert s.totals == {"A": 1080, "B": -360} and s.over and s.winner == "A"
    assert s.rows[-1]["vp"] == {"A": 19, "B": 1}  # a difference of 1440: the 1255-1500 step
    again = load_sheet(s.to_json())
    assert again.rows == s.rows


def test_three_players_score_alone() -> None:
    s = new_sheet("burraco", options={"players": 3})
    assert s.sides == ("P1", "P2", "P3")
    s = s.add({"P1": {"melds": 75, "clean": 1, "pozzetto": True, "closed": True},
               "P2": {"melds": 30, "held": 20, "pozzetto": True}, "P3": {"held": 40}})
    assert s.totals == {"P1": 375, "P2": 10, "P3": -140}
    with pytest.raises(IllegalActionError, match="holds no card"):
        s.add({"P1": {"melds": 75, "clean": 1, "held": 5, "pozzetto": True, "closed": True}})
