"""The Bourré double-dummy search against plain minimax over the public engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.search.bourre_dd import (
    bourre_card_values,
    chips_value,
    move_values,
    position_from_views,
    solve,
)


def _endgame(seed: int, players: int, **options: Any) -> Any:
    rng = random.Random(seed)
    s = trapoula.make("bourre", players=players, **options).new_deal(seed=seed)
    while s.phase == "decide":
        s = s.apply(rng.choice([a for a in s.legal_actions() if str(a) != "fold"]))
    for _ in range(rng.randrange(players, 3 * players)):  # at least one trick played
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def _minimax_tricks(s: Any, me: str) -> int:
    if s.is_over:
        return int(s.view(me).tricks_won.get(me, 0))
    vals = [_minimax_tricks(s.apply(a), me) for a in s.legal_actions()]
    return max(vals) if s.current_player == me else min(vals)


@pytest.mark.parametrize("forced", ["any_of_AKQ", "cinch_AKQ", "none"])
def test_2_3_card_values_match_paranoid_minimax(forced: str) -> None:
    checked = 0
    for seed in range(14):
        s = _endgame(seed, 2 + seed % 2, forced_lead=forced)
        if s.is_over:
            continue
        me = s.current_player
        got = bourre_card_values(s)
        assert got is not None
        values, unit = got
        before = s.view(me).tricks_won.get(me, 0)
        for a in s.legal_actions():
            assert values[a.cards[0]] == _minimax_tricks(s.apply(a), me) - before
        checked += 1
    assert checked >= 8


def test_equal_card_merging_changes_no_value() -> None:
    for seed in range(24):
        s = _endgame(seed, 2 + seed % 3)
        if s.is_over:
            continue
        v = s.view(s.current_player)
        pos = position_from_views({x: s.view(x) for x in v.staying}, s.game.options)
        for me in range(len(pos.seats)):
            for objective in ("tricks", "chips"):
                assert solve(pos, me, objective) == solve(pos, me, objective, merge=False)


def test_2_4_chips_objective_prefers_winning_the_pot() -> None:
    assert chips_value((3, 1, 1), 0, "split_tied") > chips_value((2, 2, 1), 0, "split_tied")
    assert chips_value((2, 2, 1), 0, "carry") == 0
    assert chips_value((5, 0), 1, "split_tied") == -chips_value((5, 0), 0, "split_tied")
    s = _endgame(3, 3)
    if not s.is_over:
        v = s.view(s.current_player)
        pos = position_from_views({x: s.view(x) for x in v.staying}, s.game.options)
        vals = move_values(pos, "chips")
        assert vals and all(-420 <= x <= 420 for x in vals.values())
