"""Burraco rollouts: sampled worlds match the seat's view; the search bot is legal."""

from __future__ import annotations

import random

import trapoula
from trapoula.bots import make_bot
from trapoula.search.burraco_rollout import world_at_turn_start


def test_3_worlds_at_the_turn_start_match_the_view() -> None:
    g = trapoula.make("burraco")
    bots = [make_bot("heuristic", g, seed=i) for i in range(4)]
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        s = g.new_deal(seed=seed)
        while not s.is_over and checked < 40:
            v = s.view(s.current_player)
            if v.phase == "draw":
                w = world_at_turn_start(v, g, rng).view(v.seat)
                assert sorted(w.hand) == sorted(v.hand)
                assert w.discard == v.discard and w.hand_counts == v.hand_counts
                assert w.stock_count == v.stock_count and w.pozzetti_left == v.pozzetti_left
                assert {t: [m.cards for m in ms] for t, ms in w.melds.items()} == {
                    t: [m.cards for m in ms] for t, ms in v.melds.items()}
                assert {str(a) for a in w.legal_actions} == {str(a) for a in v.legal_actions}
                checked += 1
            s = s.apply(bots[int(s.current_player[1]) - 1].choose(v))
    assert checked > 20


def test_search_bot_plays_legal_moves_and_replays_with_its_seed() -> None:
    g = trapoula.make("burraco")

    def play(seed: int) -> list[str]:
        bots = [make_bot("rollout", g, seed=i, rollouts=1) if i % 2 == 0
                else make_bot("heuristic", g, seed=i) for i in range(4)]
        s = g.new_deal(seed=seed)
        n = 0
        while not s.is_over and n < 60:
            a = bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player))
            assert a in s.legal_actions()
            s = s.apply(a)
            n += 1
        return [str(e) for e in s.history]

    assert play(1) == play(1)
