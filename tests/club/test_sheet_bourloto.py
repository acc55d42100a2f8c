"""The Bourloto score sheet adds up as the engine scores (RULES.md §1.5, §1.6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.club.sheet import load_sheet, new_sheet
from trapoula.core.options import build_options
from trapoula.errors import IllegalActionError, RecordError
from trapoula.games.bourloto.rules import PRESETS, BourlotoOptions
from trapoula.games.bourloto.scoring import score_deal


def test_s1_7_worked_example_gr_made_and_inside() -> None:
    made = new_sheet("bourloto", "gr").add(
        {"buyer": "B", "tricks": {"A": 58, "B": 104}, "decl": {"A": 0, "B": 40}})
    assert made.rows[-1]["scores"] == {"A": 58, "B": 144}
    assert not made.rows[-1]["inside"]
    inside = new_sheet("bourloto", "gr").add({"buyer": "A", "tricks": {"A": 58},
                                              "decl": {"B": 40}})
    assert inside.rows[-1]["scores"] == {"A": 0, "B": 202}
    assert inside.rows[-1]["inside"]


def test_s1_7_worked_example_ru_no_comparison() -> None:
    s = new_sheet("bourloto", "ru").add({"tricks": {"A": 58}, "decl": {"A": 20, "B": 40}})
    assert s.totals == {"A": 78, "B": 144}


def test_s1_5_2_hanging_pool_goes_to_the_next_decided_deal() -> None:
    s = new_sheet("bourloto", "gr")
    s = s.add({"buyer": "A", "tricks": {"A": 81}})  # hang: B writes 81, A's 81 hang
    assert s.rows[-1]["hang"] and s.state["hanging"] == 81
    assert s.totals == {"A": 0, "B": 81}
    s = s.add({"buyer": "B", "tricks": {"A": 71}, "decl": {"A": 20}})  # 91-91: hangs again
    assert s.state["hanging"] == 81 + 91 and s.totals == {"A": 91, "B": 81}
    s = s.add({"buyer": "B", "tricks": {"A": 60}})  # B made: the pool is B's
    assert s.rows[-1]["scores"] == {"A": 60, "B": 102 + 172}
    assert s.rows[-1]["paid_pool"] == 172 and s.state["hanging"] == 0


def test_s1_5_2_pool_counts_before_the_end_of_match_check_and_is_dropped_after() -> None:
    s = new_sheet("bourloto", "gr", {"target": 200})
    s = s.add({"buyer": "A", "tricks": {"A": 81}})
    s = s.add({"buyer": "A", "tricks": {"A": 100}})  # A 100 + pool 81 -> 181
    assert s.totals == {"A": 181, "B": 143} and s.winner is None
    s = s.add({"buyer": "B", "tricks": {"A": 81}})  # hang: A writes 81 -> 262, pool 81
    assert s.winner == "A" and s.over
    assert s.rows[-1]["dropped"] == 81
    with pytest.raises(IllegalActionError, match="over"):
        s.add({"buyer": "A", "tricks": {"A": 100}})


def test_s1_5_1_meza_needs_the_trump_points_and_transfers_the_tricks() -> None:
    s = new_sheet("bourloto", "ru")
    with pytest.raises(IllegalActionError, match="trump"):
        s.add({"tricks": {"A": 81}})
    with pytest.raises(IllegalActionError, match="62"):
        s.add({"tricks": {"A": 81}, "trump": {"A": 34, "B": 34}})
    s = s.add({"tricks": {"A": 81}, "trump": {"A": 34}})
    assert s.totals == {"A": 162, "B": 0}
    assert s.entries[-1]["trump"] == {"A": 34, "B": 28}


@pytest.mark.parametrize(("preset", "capot_a"), [("ru", 252), ("gr", 250), ("pexevida", 252)])
def test_s1_5_capot_by_preset(preset: str, capot_a: int) -> None:
    s = new_sheet("bourloto", preset).add({"buyer": "A", "capot": "A"})
    assert s.rows[-1]["scores"] == {"A": capot_a, "B": 0}
    assert s.entries[-1]["tricks"] == {"A": 162, "B": 0}


def test_s1_5_trick_points_must_add_up_and_state_is_unchanged() -> None:
    s = new_sheet("bourloto", "gr")
    with pytest.raises(IllegalActionError, match="162"):
        s.add({"buyer": "A", "tricks": {"A": 100, "B": 100}})
    with pytest.raises(IllegalActionError, match="buyer"):
        s.add({"tricks": {"A": 100}})  # gr has a contract: the buyer is needed
    with pytest.raises(IllegalActionError, match="unknown field"):
        s.add({"buyer": "A", "tricks": {"A": 100}, "bid": 3})
    assert s.entries == () and s.totals == {"A": 0, "B": 0}


@pytest.mark.parametrize(("preset", "extra"), [("ru", 2), ("gr", 1)])
def test_s1_6_equal_totals_at_the_target_call_for_more_deals(preset: str, extra: int) -> None:
    s = new_sheet("bourloto", preset, {"target": 150})
    # 100-62, then 62-100: 162 each, at the target
    s = s.add({"buyer": "A", "tricks": {"A": 100}})
    s = s.add({"buyer": "B", "tricks": {"A": 62}})
    assert s.totals == {"A": 162, "B": 162}
    assert s.winner is None and s.state["extra"] == extra
    for _ in range(extra - 1):
        s = s.add({"buyer": "A", "tricks": {"A": 100}})
        assert s.winner is None
    s = s.add({"buyer": "A", "tricks": {"A": 100}})
    assert s.winner == "A"


def test_s1_6_pexevida_plays_to_1551() -> None:
    s = new_sheet("bourloto", "pexevida")
    for _ in range(6):
        s = s.add({"buyer": "A", "capot": "A", "decl": {"A": 0}})
    assert s.totals["A"] == 6 * 252 and s.winner is None
    s = s.add({"buyer": "A", "capot": "A"})
    assert s.winner == "A"


deal = st.fixed_dictionaries({
    "buyer": st.sampled_from(["A", "B"]),
    "tricks": st.fixed_dictionaries({"A": st.integers(0, 162)}),
    "decl": st.fixed_dictionaries({"A": st.sampled_from([0, 20, 50, 100]),
                                   "B": st.sampled_from([0, 20, 40, 150])}),
    "trump": st.integers(0, 62).map(lambda a: {"A": a, "B": 62 - a}),
})


@pytest.mark.parametrize("preset", ["ru", "gr", "pexevida"])
@settings(max_examples=60, deadline=None)
@given(deals=st.lists(deal, max_size=12))
def test_s1_5_sheet_rows_are_the_engines_score_deal(preset: str, deals: list[dict]) -> None:
    """Each row is score_deal's answer with the pool carried, and the totals add the rows
    up; the saved sheet replays to the same rows."""
    opts = build_options(BourlotoOptions, PRESETS[preset], {"target": 100000})
    s = new_sheet("bourloto", preset, {"target": 100000})
    pool = 0
    for d in deals:
        s = s.add(d)
        t = s.entries[-1]["tricks"]
        want = score_deal(opts, buyer=d["buyer"] if opts.contract else None, tricks=t,
                          capot=None, declarations=d["decl"], trump_points=d["trump"],
                          hanging=pool)
        pool = want.pop("hanging")
        assert s.rows[-1]["scores"] == want
    assert s.totals == {x: sum(r["scores"][x] for r in s.rows) for x in "AB"}
    assert load_sheet(s.to_json()).rows == s.rows


def test_a_sheet_that_does_not_add_up_is_refused_on_load() -> None:
    s = new_sheet("bourloto", "gr").add({"buyer": "A", "tricks": {"A": 100}})
    data = s.to_dict()
    data["entries"][0]["tricks"] = {"A": 100, "B": 100}
    with pytest.raises(RecordError, match="entry 1"):
        load_sheet(data)
