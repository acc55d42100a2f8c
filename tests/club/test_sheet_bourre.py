"""The Bourré score sheet (RULES.md §2.2, §2.4) and the sit-and-go structure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.club.sheet import load_sheet, new_sheet
from trapoula.club.sitgo import AnteSchedule
from trapoula.errors import ConfigError, IllegalActionError

EXAMPLE = {"play": {"P1": 3, "P2": 0, "P3": "fold", "P4": 2},
           "tricks": {"P1": 3, "P2": 2, "P4": 0}}


def test_s2_5_worked_example() -> None:
    s = new_sheet("bourre", options={"starting_stack": 20}).add(EXAMPLE)
    row = s.rows[-1]
    assert row["pot"] == 6 and row["fees"] == {"P1": 1, "P4": 1}
    assert row["payouts"] == {"P1": 6} and row["bourre"] == {"P4": 6}
    net = {p: v - 20 for p, v in s.totals.items()}
    assert net == {"P1": 4, "P2": -1, "P3": -1, "P4": -8}
    assert s.state["pot"] == 6
    s = s.add({"play": {"P1": "fold", "P2": "fold", "P3": "fold", "P4": 0}})
    assert s.rows[-1]["pot"] == 10  # §2.5: the next pot is 6 + 4 antes


def test_s2_4_2_a_tie_splits_the_pot_and_the_remainder_carries() -> None:
    s = new_sheet("bourre", options={"players": 3, "starting_stack": 20, "ante": 3})
    s = s.add({"play": {"P1": 0, "P2": 0, "P3": 0}, "tricks": {"P1": 2, "P2": 2, "P3": 1}})
    assert s.rows[-1]["payouts"] == {"P1": 4, "P2": 4} and s.state["pot"] == 1
    carry = new_sheet("bourre", options={"players": 3, "tie_rule": "carry"})
    carry = carry.add({"tricks": {"P1": 2, "P2": 2, "P3": 1}})
    assert carry.rows[-1]["payouts"] == {} and carry.state["pot"] == 3


def test_s2_2_7_one_player_in_takes_the_pot_without_play_and_nobody_folds_twice() -> None:
    s = new_sheet("bourre").add({"play": {"P1": "fold", "P2": "fold", "P3": "fold"}})
    assert s.rows[-1]["payouts"] == {"P4": 4} and s.rows[-1]["bourre"] == {}
    everyone = new_sheet("bourre").add({"play": dict.fromkeys(("P1", "P2", "P3", "P4"),
                                                              "fold")})
    assert everyone.state["pot"] == 4  # nobody stays: the pot carries (BO-A8)


def test_s2_2_5_draws_are_limited_and_tricks_add_up_to_five() -> None:
    s = new_sheet("bourre")
    with pytest.raises(IllegalActionError, match="at most 4"):
        s.add({"play": {"P1": 5}, "tricks": {"P1": 5}})
    with pytest.raises(IllegalActionError, match="5 tricks"):
        s.add({"tricks": {"P1": 3, "P2": 1}})
    with pytest.raises(IllegalActionError, match="took no trick"):
        s.add({"play": {"P1": "fold", "P3": 0, "P4": 0}, "tricks": {"P1": 1, "P2": 4}})
    with pytest.raises(IllegalActionError, match="say what P4 did"):
        s.add({"play": {"P1": "fold"}, "tricks": {"P2": 4, "P3": 1}})
    assert s.entries == ()


def test_s2_4_3_a_bourre_player_who_cannot_pay_leaves_and_the_last_one_wins() -> None:
    s = new_sheet("bourre", options={"starting_stack": 3})
    s = s.add({"play": {"P4": "fold"}, "tricks": {"P1": 3, "P2": 2, "P3": 0}})
    # pot 4: P1 takes it; P3 owes 4, has 2: pays 2 and leaves; the next pot is 4 - 2
    assert s.rows[-1]["bourre"] == {"P3": 2} and s.rows[-1]["left"] == ["P3"]
    assert s.totals == {"P1": 6, "P2": 2, "P3": 0, "P4": 2} and s.state["pot"] == 2
    assert s.state["seated"] == ["P1", "P2", "P4"] and not s.over
    with pytest.raises(IllegalActionError, match="P3"):
        s.add({"play": {"P3": 0}, "tricks": {"P1": 5}})
    s = s.add({"tricks": {"P1": 5, "P2": 0, "P4": 0}})  # pot 5: P2 and P4 pay what they have
    assert s.over and s.winner == "P1" and s.totals["P1"] == 12
    assert s.rows[-1]["places"] == ["P1", "P2", "P4", "P3"]


def test_sit_and_go_antes_rise_by_level_and_placement_is_the_elimination_order() -> None:
    sched = {"levels": [1, 2, 4], "deals_per_level": 1}
    s = new_sheet("bourre", options={"players": 3, "starting_stack": 10},
                  setup={"schedule": sched})
    s = s.add({"tricks": {"P1": 5}, "play": {"P1": 0, "P2": "fold", "P3": "fold"}})
    assert s.rows[-1]["ante"] == 1
    s = s.add({"tricks": {"P1": 3, "P2": 2, "P3": 0}})
    assert s.rows[-1]["ante"] == 2
    assert s.totals == {"P1": 16, "P2": 7, "P3": 1}  # P3 was bourré: paid the pot of 6
    s = s.add({"tricks": {"P1": 3, "P2": 2}})  # ante 4: P3 pays his 1 chip and is out
    assert s.rows[-1]["ante"] == 4 and s.rows[-1]["left"] == ["P3"]
    assert s.totals == {"P1": 27, "P2": 3, "P3": 0} and not s.over
    s = s.add({})  # P2 cannot cover the ante of 4: P1 is the last one seated
    assert s.over and s.winner == "P1" and s.totals == {"P1": 30, "P2": 0, "P3": 0}
    assert s.rows[-1]["places"] == ["P1", "P2", "P3"]


def test_an_ante_schedule_must_rise() -> None:
    with pytest.raises(ConfigError):
        AnteSchedule((3, 2))


entry = st.fixed_dictionaries({
    "ante": st.integers(1, 3),
    "fold": st.lists(st.booleans(), min_size=4, max_size=4),
    "draw": st.lists(st.integers(0, 3), min_size=4, max_size=4),
    "tricks": st.lists(st.integers(0, 3), min_size=4, max_size=4),
})


def _entry(seated: list[str], e: dict) -> dict:
    play = {s: ("fold" if e["fold"][i] else e["draw"][i]) for i, s in enumerate(seated)}
    active = [s for s in seated if play[s] != "fold"]
    tricks = {}
    left = 5
    for i, s in enumerate(active):
        t = left if i == len(active) - 1 else min(left, e["tricks"][i])
        tricks[s] = t
        left -= t
    return {"ante": e["ante"], "play": play, "tricks": tricks}


@settings(max_examples=80, deadline=None)
@given(entries=st.lists(entry, max_size=25),
       rule=st.sampled_from(["split_tied", "carry", "split_all_active"]),
       exemptions=st.sampled_from(["none", "pagat"]))
def test_s2_4_chips_are_never_created_or_lost(entries: list[dict], rule: str,
                                              exemptions: str) -> None:
    s = new_sheet("bourre", options={"starting_stack": 15, "tie_rule": rule,
                                     "ante_exemptions": exemptions})
    for e in entries:
        if s.over:
            break
        s = s.add(_entry(s.kind.playing(s.state, e["ante"]), e))
        assert sum(s.totals.values()) + s.state["pot"] == 60
        assert all(v >= 0 for v in s.totals.values())
    assert load_sheet(s.to_json()).state == s.state
