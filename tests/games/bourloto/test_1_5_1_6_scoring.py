"""RULES.md §1.5-§1.6: deal scoring (capot, ru meza, gr contract, hanging pool) and the
match end with its tie rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.core.match import match_step
from trapoula.games.bourloto.scoring import score_deal


def score(preset: str, **kw: Any) -> dict[str, int]:
    opts = trapoula.make("bourloto", preset).options
    kw.setdefault("capot", None)
    kw.setdefault("trump_points", {"A": 0, "B": 0})
    kw.setdefault("declarations", {"A": 0, "B": 0})
    return score_deal(opts, **kw)


def test_1_5_1_ru_raw_scores() -> None:
    assert score("ru", buyer=None, tricks={"A": 92, "B": 70},
                 declarations={"A": 20, "B": 50}) == {"A": 112, "B": 120, "hanging": 0}


def test_1_5_1_ru_capot_is_plus_90() -> None:
    assert score("ru", buyer=None, tricks={"A": 162, "B": 0}, capot="A") == {
        "A": 252, "B": 0, "hanging": 0}


def test_1_5_1_ru_meza_more_trump_points_takes_opponents_tricks() -> None:
    got = score("ru", buyer=None, tricks={"A": 71, "B": 91}, declarations={"A": 20, "B": 0},
                trump_points={"A": 40, "B": 22})
    assert got == {"A": 182, "B": 0, "hanging": 0}  # totals 91 = 91: A takes B's 91


def test_1_5_1_meza_keeps_declarations_and_equal_trump_points_means_no_transfer() -> None:
    got = score("ru", buyer=None, tricks={"A": 71, "B": 91}, declarations={"A": 20, "B": 0},
                trump_points={"A": 20, "B": 42})
    assert got == {"A": 20, "B": 162, "hanging": 0}
    got = score("ru", buyer=None, tricks={"A": 81, "B": 81}, trump_points={"A": 31, "B": 31})
    assert got == {"A": 81, "B": 81, "hanging": 0}


def test_1_5_1_meza_compare_on_trick_points_option() -> None:
    opts = trapoula.make("bourloto", "ru", meza_compare="trick_points").options
    got = score_deal(opts, buyer=None, tricks={"A": 71, "B": 91}, capot=None,
                     declarations={"A": 20, "B": 0}, trump_points={"A": 40, "B": 22})
    assert got == {"A": 91, "B": 91, "hanging": 0}  # trick points differ: no meza


def test_1_5_2_gr_contract_made_and_inside() -> None:
    assert score("gr", buyer="A", tricks={"A": 82, "B": 80}, declarations={"A": 20, "B": 0}) \
        == {"A": 102, "B": 80, "hanging": 0}
    assert score("gr", buyer="A", tricks={"A": 70, "B": 92}, declarations={"A": 20, "B": 0}) \
        == {"A": 0, "B": 182, "hanging": 0}


def test_1_5_2_gr_capot_replaces_with_250_or_plus_90() -> None:
    assert score("gr", buyer="B", tricks={"A": 0, "B": 162}, capot="B")["B"] == 250
    opts = trapoula.make("bourloto", "gr", capot_mode="bonus_90").options
    got = score_deal(opts, buyer="B", tricks={"A": 0, "B": 162}, capot="B",
                     declarations={"A": 0, "B": 0}, trump_points={"A": 0, "B": 0})
    assert got["B"] == 252


def test_1_5_2_gr_hanging_pool_goes_to_the_next_decided_winner() -> None:
    hang = score("gr", buyer="A", tricks={"A": 81, "B": 81})
    assert hang == {"A": 0, "B": 81, "hanging": 81}
    again = score("gr", buyer="B", tricks={"A": 81, "B": 81}, hanging=81)
    assert again == {"A": 81, "B": 0, "hanging": 162}
    won = score("gr", buyer="B", tricks={"A": 60, "B": 102}, hanging=162)
    assert won == {"A": 60, "B": 264, "hanging": 0}
    inside = score("gr", buyer="B", tricks={"A": 100, "B": 62}, hanging=50)
    assert inside == {"A": 212, "B": 0, "hanging": 0}


def test_1_6_ru_both_over_target_equal_means_two_more_deals() -> None:
    step = match_step({"A": 950, "B": 950}, {"A": 81, "B": 81}, target=1000, tie_extra_deals=2)
    assert step.winner is None and step.extra_deals == 2
    step2 = match_step(step.scores, {"A": 100, "B": 62}, target=1000, tie_extra_deals=2,
                       extra_pending=2)
    assert step2.winner is None and step2.extra_deals == 1
    step3 = match_step(step2.scores, {"A": 0, "B": 162}, target=1000, tie_extra_deals=2,
                       extra_pending=1)
    assert step3.winner == "B"


@pytest.mark.parametrize(
    "before, deal, winner",
    [
        ({"A": 980, "B": 900}, {"A": 112, "B": 120}, "A"),
        ({"A": 900, "B": 900}, {"A": 162, "B": 0}, "A"),
        ({"A": 900, "B": 990}, {"A": 62, "B": 100}, "B"),
        ({"A": 100, "B": 100}, {"A": 62, "B": 100}, None),
    ],
)
def test_1_6_match_end(before: dict[str, int], deal: dict[str, int], winner: str | None) -> None:
    assert match_step(before, deal, target=1000, tie_extra_deals=2).winner == winner


def test_1_6_gr_equal_totals_one_more_deal() -> None:
    g = trapoula.make("bourloto", "gr")
    assert g.options.tie_extra_deals == 1


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_1_6_a_whole_match_runs_to_a_winner(preset: str) -> None:
    g = trapoula.make("bourloto", preset, target=300)
    m = g.new_match(seed=3)
    rng = random.Random(3)
    while not m.is_over:
        acts = m.legal_actions()
        m = m.apply(acts[int(rng.random() * len(acts))])
    res = m.result
    assert res is not None and res["winner"] in ("A", "B")
    totals = {t: sum(d.points[t] for d in m.deals) for t in "AB"}
    assert totals == res["scores"]
    assert max(res["scores"].values()) >= 300
    dealers = [d.dealer for d in m.deals]
    assert len(dealers) == len(m.deals) >= 2
    replayed = trapoula.replay(m.record())
    assert replayed.result == res and len(replayed.history) == len(m.history)
