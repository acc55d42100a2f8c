"""RULES.md §2.4 settlement and the §2.5 worked example: payouts, ties, bourré payments,
the carry into the next pot."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.core.options import build_options
from trapoula.errors import ConfigError
from trapoula.games.bourre.rules import BourreOptions
from trapoula.games.bourre.settlement import settle

from .helpers import EXAMPLE_ACTIONS, EXAMPLE_SETUP, game, play


def opts(**kw: Any) -> BourreOptions:
    return build_options(BourreOptions, {}, kw)


def result(pot: int, players: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return settle(pot, players, opts(**kw)).as_result()


# --- §2.5 worked example ------------------------------------------------------------------------
def test_2_5_worked_example_settlement() -> None:
    got = result(6, {"P1": 3, "P2": 2, "P3": "folded", "P4": 0})
    assert got == {"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}


def test_2_5_worked_example_as_a_whole_deal() -> None:
    s = game().from_setup(EXAMPLE_SETUP)
    s = play(s, *EXAMPLE_ACTIONS[:4])
    assert s.pot == 6  # antes 4, P1 and P4 each pay the draw fee
    s = play(s, *EXAMPLE_ACTIONS[4:])
    assert s.tricks_won() == {"P1": 3, "P2": 2, "P4": 0}
    res = s.result
    assert res == {"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}
    # net for the deal: what a seat takes - ante - draw fee - bourré
    net = {
        p: res["payouts"].get(p, 0) - 1 - s.fees_paid[i] - res["bourre"].get(p, 0)
        for i, p in enumerate(("P1", "P2", "P3", "P4"))
    }
    assert net == {"P1": 4, "P2": -1, "P3": -1, "P4": -8}
    assert sum(net.values()) == -res["carry"]
    assert res["carry"] + 4 == 10  # next pot before play


# --- §2.4.1 one winner ------------------------------------------------------------------------
def test_2_4_1_most_tricks_takes_the_whole_pot() -> None:
    assert result(9, {"P1": 1, "P2": 4}) == {"payouts": {"P2": 9}, "bourre": {}, "carry": 0}


# --- §2.4.2 ties ------------------------------------------------------------------------------
def test_2_4_2_tie_split_among_tied_remainder_carries() -> None:
    assert result(7, {"P1": 2, "P2": 2, "P3": 1}) == {
        "payouts": {"P1": 3, "P2": 3}, "bourre": {}, "carry": 1}


def test_2_4_2_five_way_tie_of_single_tricks() -> None:
    players = {f"P{i}": 1 for i in range(1, 6)}
    assert result(13, players) == {
        "payouts": {p: 2 for p in players}, "bourre": {}, "carry": 3}


def test_2_4_2_tie_with_a_pot_smaller_than_the_tied_players() -> None:
    players = {f"P{i}": 1 for i in range(1, 6)}
    assert result(4, players) == {"payouts": {}, "bourre": {}, "carry": 4}


def test_2_4_2_tie_rule_carry() -> None:
    assert result(7, {"P1": 2, "P2": 2, "P3": 1}, tie_rule="carry") == {
        "payouts": {}, "bourre": {}, "carry": 7}


def test_2_4_2_tie_rule_split_all_active() -> None:
    got = result(8, {"P1": 2, "P2": 2, "P3": 1, "P4": "folded"}, tie_rule="split_all_active")
    assert got == {"payouts": {"P1": 2, "P2": 2, "P3": 2}, "bourre": {}, "carry": 2}


def test_2_4_2_tie_with_a_bourre_player() -> None:
    got = result(6, {"P1": 2, "P2": 2, "P3": 1, "P4": 0})
    assert got == {"payouts": {"P1": 3, "P2": 3}, "bourre": {"P4": 6}, "carry": 6}


# --- §2.4.3 bourré ----------------------------------------------------------------------------
def test_2_4_3_every_active_player_without_a_trick_pays_the_pot() -> None:
    got = result(8, {"P1": 3, "P2": 2, "P3": 0, "P4": 0})
    assert got == {"payouts": {"P1": 8}, "bourre": {"P3": 8, "P4": 8}, "carry": 16}


def test_2_4_3_folded_players_are_never_bourre() -> None:
    got = result(5, {"P1": 5, "P2": "folded", "P3": 0})
    assert got == {"payouts": {"P1": 5}, "bourre": {"P3": 5}, "carry": 5}


def test_2_4_3_bourre_cap_option() -> None:
    got = result(30, {"P1": 5, "P2": 0, "P3": 0}, bourre_cap=10)
    assert got == {"payouts": {"P1": 30}, "bourre": {"P2": 10, "P3": 10}, "carry": 20}
    assert result(6, {"P1": 5, "P2": 0}, bourre_cap=10)["bourre"] == {"P2": 6}


def test_2_4_lone_active_player_wins_without_play_nobody_bourre() -> None:
    got = result(6, {"P1": "folded", "P2": {"tricks": 0}, "P3": "folded"})
    assert got == {"payouts": {"P2": 6}, "bourre": {}, "carry": 0}
    assert result(6, {"P1": "folded", "P2": "folded"}) == {
        "payouts": {}, "bourre": {}, "carry": 6}


def test_2_4_check_hook_settle_scenario_form() -> None:
    case = {"check": "settle", "pot": 8,
            "players": {"P1": {"tricks": 3}, "P2": {"tricks": 2}, "P3": {"tricks": 0},
                        "P4": {"tricks": 0}}}
    assert game().check(case) == {"payouts": {"P1": 8}, "bourre": {"P3": 8, "P4": 8},
                                  "carry": 16}
    with pytest.raises(ConfigError):
        game().check({**case, "players": {"P1": {"tricks": 9}}})
    with pytest.raises(ConfigError):
        game().check({**case, "players": {"P1": "asleep"}})


# --- conservation (Hypothesis) ----------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(
    pot=st.integers(0, 500),
    tricks=st.lists(st.one_of(st.none(), st.integers(0, 5)), min_size=2, max_size=7),
    tie_rule=st.sampled_from(["split_tied", "carry", "split_all_active"]),
    cap=st.integers(0, 20),
)
def test_2_4_4_pot_money_is_conserved(
    pot: int, tricks: list[int | None], tie_rule: str, cap: int
) -> None:
    players = {f"P{i + 1}": t for i, t in enumerate(tricks)}
    s = settle(pot, players, opts(tie_rule=tie_rule, bourre_cap=cap))
    # the pot is paid out or carried; bourré money starts the next pot
    assert sum(s.payouts.values()) + s.carry == pot + sum(s.bourre.values())
    active = [p for p, t in players.items() if t is not None]
    assert set(s.payouts) <= set(active) and set(s.bourre) <= set(active)
    assert all(v > 0 for v in s.payouts.values()) and all(v > 0 for v in s.bourre.values())
    if len(active) >= 2:
        assert set(s.bourre) == ({p for p in active if players[p] == 0} if pot else set())
