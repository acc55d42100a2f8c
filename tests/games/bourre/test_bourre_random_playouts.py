"""Random playouts: the fast path agrees with the public path, and every random deal keeps
the invariants (cards conserved, five cards per hand until play, a legal action until the
end, records replay exactly)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.games.bourre.fast import public_playouts, random_playouts

from .helpers import all_cards, game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_fast_path_agrees_with_public_path_on_200_deals(players: int) -> None:
    g = game(players)
    assert random_playouts(g, 200, seed=players) == public_playouts(g, 200, seed=players)


@pytest.mark.parametrize(
    "options",
    [
        {"trump_card": "dealer_fifth", "players": 5},
        {"forced_lead": "cinch_AKQ", "tie_rule": "split_all_active", "players": 4},
        {"forced_lead": "none", "tie_rule": "carry", "draw_fee_mode": "per_card", "players": 6},
        {"max_draw": 5, "bourre_cap": 3, "draw_fee": 2, "players": 7},
    ],
)
def test_fast_path_agrees_under_options(options: dict[str, Any]) -> None:
    g = trapoula.make("bourre", **options)
    assert random_playouts(g, 150, seed=3) == public_playouts(g, 150, seed=3)


def test_random_playouts_method_and_results_shape() -> None:
    res = game(4).random_playouts(50, seed=1)
    assert len(res) == 50
    for r in res:
        assert set(r) == {"payouts", "bourre", "carry"}
        assert sum(r["payouts"].values()) + r["carry"] >= 4  # at least the antes


@pytest.mark.parametrize("players", [2, 4, 7])
def test_random_deals_keep_the_invariants(players: int) -> None:
    g = game(players)
    rng = random.Random(players)
    for seed in range(40):
        s = g.new_deal(seed=seed)
        states = [s]
        while not s.is_over:
            legal = s.legal_actions()
            assert legal, "a legal action exists until the end"
            assert sorted(all_cards(s)) == list(range(52))
            if s.phase == "decide":
                for seat in s.seats:
                    if seat not in s.folded:
                        assert s.hands[int(seat[1:]) - 1].bit_count() == 5
            else:
                in_trick = len(s.trick)
                order = [p for p in s.seats if p not in s.folded]
                for seat in order:
                    held = s.hands[int(seat[1:]) - 1].bit_count()
                    assert held in (5 - s.tricks_done, 4 - s.tricks_done)
                assert sum(s.hands[int(p[1:]) - 1].bit_count() for p in order) == (
                    len(order) * (5 - s.tricks_done) - in_trick)
            s = s.apply(legal[int(rng.random() * len(legal))])
            states.append(s)
        assert s.legal_actions() == [] and s.current_player is None
        r = trapoula.replay(s.record())
        assert r.result == s.result and r.hands == s.hands and r.history == s.history
        # every intermediate state is still what it was (immutability)
        assert states[0].history == [] and states[0].phase == "decide"


def test_record_of_an_injected_rng_deal_replays() -> None:
    s = game(6).new_deal(rng=random.Random(12))
    rng = random.Random(1)
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.random() * len(legal))])
    rec = s.record()
    assert "deck" in rec and "refill_key" in rec
    r = trapoula.replay(rec)
    assert r.result == s.result and r.history == s.history


def test_setup_record_replays() -> None:
    from .helpers import EXAMPLE_ACTIONS, EXAMPLE_SETUP, play

    s = play(game().from_setup(EXAMPLE_SETUP, seed=4), *EXAMPLE_ACTIONS)
    r = trapoula.replay(s.record())
    assert r.result == s.result == {"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}
