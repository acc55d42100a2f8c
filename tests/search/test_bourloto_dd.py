"""The Bourloto double-dummy solver against plain minimax over the public engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.search.minimax_ref import bourloto_endgame, minimax_points
from trapoula.search.bourloto_dd import (
    BourlotoSolver,
    DDPosition,
    deal_hands,
    play_card,
    position_from_state,
    trick_points,
)


@pytest.mark.parametrize("preset,options", [
    ("ru", {}),
    ("gr", {}),
    ("gr", {"partner_exception": True}),
    ("ru", {"overtrump_required": True, "partner_exception": True}),
])
def test_1_4_solver_matches_minimax_on_endgames(preset: str, options: dict[str, bool]) -> None:
    for seed in range(9):
        state = bourloto_endgame(preset, seed, 1 + seed % 3, **options)
        solver = BourlotoSolver.for_game(state.game)
        pos = position_from_state(state)
        for team in "AB":
            assert solver.solve(pos, team) == minimax_points(state, team), (preset, seed, team)


def test_1_4_move_values_match_minimax_per_card() -> None:
    for seed in range(6):
        state = bourloto_endgame("gr", 100 + seed, 3)
        solver = BourlotoSolver.for_game(state.game)
        values = solver.move_values(position_from_state(state))
        team = "AB"[state.current_index & 1]
        before = state.tally[0] if team == "A" else state.tally[1]
        for action in state.legal_actions():
            if action.words:
                continue
            nxt = state.apply(action)
            gained = (nxt.tally[0] if team == "A" else nxt.tally[1]) - before
            assert values[action.cards[0]] == gained + minimax_points(nxt, team)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_1_1_team_values_add_up_to_the_points_in_play(seed: int, cut: int) -> None:
    state = bourloto_endgame("gr", seed, 3)
    pos = position_from_state(state)
    solver = BourlotoSolver(overtrump=True)
    a, b = solver.solve(pos, "A"), solver.solve(pos, "B")
    total = solver._setup(pos)[1]  # cards in hands and in the current trick, +10
    assert a + b == total
    # the best card's value is the position's value for the mover's team
    mover = "AB"[pos.to_play & 1]
    assert max(solver.move_values(pos).values()) == (a if mover == "A" else b)
    # and a bounded search agrees with the exact value on either side of it
    assert solver.bounded(pos, a - 1, a + 1) == a


def test_full_deal_solves_and_is_consistent_with_its_children() -> None:
    hands, trump = deal_hands(3)
    pos = DDPosition(hands, trump, 0, (), 4)  # 4 tricks left: quick, still a real search
    hands4 = tuple(_keep(h, 4) for h in hands)
    pos = DDPosition(hands4, trump, 0, (), 4)  # type: ignore[arg-type]
    solver = BourlotoSolver(overtrump=True)
    value = solver.solve(pos, "A")
    children = [solver.solve(play_card(pos, c), "A") for c in solver.legal_cards(pos)]
    assert value == max(children)


def _keep(mask: int, n: int) -> int:
    out = 0
    while out.bit_count() < n:
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def _brute(solver: BourlotoSolver, pos: DDPosition) -> int:
    """Team A's points from ``pos`` on by plain minimax over DDPositions: no pruning, no
    table, no move ordering, no card merging (legality from the game's own ``legal_mask``)."""
    cards = solver.legal_cards(pos)
    if not cards:
        return 0
    maxi = pos.to_play & 1 == 0
    best = -1 if maxi else 1 << 30
    for g in cards:
        nxt = play_card(pos, g)
        v = _brute(solver, nxt)
        if not nxt.trick and len(pos.trick) == 3 and nxt.leader & 1 == 0:  # A took the trick
            v += trick_points(pos.trick + (g,), pos.trump, nxt.tricks_done == 8)
        best = max(best, v) if maxi else min(best, v)
    return best


def _ending(rng: random.Random, cards: int) -> DDPosition:
    """``cards`` random cards a hand of a random 32-card deal, maybe mid-trick."""
    hands, trump = deal_hands(rng.randrange(1 << 30))
    hands4 = [_keep_random(h, cards, rng) for h in hands]
    leader = rng.randrange(4)
    pos = DDPosition((hands4[0], hands4[1], hands4[2], hands4[3]), trump, leader, (),
                     8 - cards)
    probe = BourlotoSolver(overtrump=True)
    for _ in range(rng.randrange(4)):  # 0-3 cards of the first trick already played
        pos = play_card(pos, rng.choice(probe.legal_cards(pos)))
    return pos


@pytest.mark.parametrize("overtrump,pexc", [(True, False), (False, False), (True, True)])
def test_1_4_shared_solver_matches_brute_force_on_3_and_4_card_endings(
        overtrump: bool, pexc: bool) -> None:
    # one solver for every ending: its transposition table, move ordering and history carry
    # over from position to position, so a key or bound bug shows as a wrong value
    rng = random.Random(35 + 2 * overtrump + pexc)
    solver = BourlotoSolver(overtrump=overtrump, partner_exception=pexc)
    for i in range(14):
        pos = _ending(rng, 3 if i % 4 else 4)
        a = _brute(solver, pos)
        total = solver._setup(pos)[1]
        assert solver.solve(pos, "A") == a, (i, pos)
        assert solver.solve(pos, "B") == total - a, (i, pos)
        mover = "AB"[pos.to_play & 1]
        for g, v in solver.move_values(pos).items():
            nxt = play_card(pos, g.index)
            want = _brute(solver, nxt)
            if mover == "B":
                want = solver._setup(nxt)[1] - want
            if not nxt.trick and len(pos.trick) == 3 and "AB"[nxt.leader & 1] == mover:
                want += trick_points(pos.trick + (g.index,), pos.trump, nxt.tricks_done == 8)
            assert v == want, (i, pos, str(g))


def _keep_random(mask: int, n: int, rng: random.Random) -> int:
    cards = [i for i in range(52) if mask >> i & 1]
    return sum(1 << c for c in rng.sample(cards, n))
