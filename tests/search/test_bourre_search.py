"""Bourré sampling, rollouts and the search bot."""

from __future__ import annotations

import random

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.search.bourre_rollout import _world, candidate_actions, decision_values
from trapoula.search.bourre_sampler import bourre_constraints, sample_bourre_hands


@pytest.mark.parametrize("players,trump_card", [(3, "stock_top"), (5, "stock_top"),
                                                (4, "dealer_fifth")])
def test_2_2_sampled_worlds_replay_the_public_decisions(players: int, trump_card: str) -> None:
    g = trapoula.make("bourre", players=players, trump_card=trump_card)
    rng = random.Random(players)
    bots = [make_bot("heuristic", g, seed=i) for i in range(players)]
    checked = 0
    for seed in range(6):
        s = g.new_deal(seed=seed)
        while not s.is_over and s.phase == "decide":
            v = s.view(s.current_player)
            w = _world(v, g, rng)
            wv = w.view(v.seat)
            assert wv.history == v.history and wv.hand == v.hand and wv.pot == v.pot
            assert wv.legal_actions == v.legal_actions
            checked += 1
            s = s.apply(bots[s.current_index].choose(v))
    assert checked > 5


def test_2_3_the_real_hands_fit_the_play_inferences() -> None:
    g = trapoula.make("bourre", players=4)
    bots = [make_bot("heuristic", g, seed=i) for i in range(4)]
    rng = random.Random(2)
    for seed in range(10):
        s = g.new_deal(seed=seed)
        while not s.is_over:
            if s.phase == "play":
                me = s.current_player
                info = bourre_constraints(s.view(me), g.options)
                for seat, allowed in info.allowed.items():
                    real = 0
                    for c in s.view(f"P{seat + 1}").hand:
                        real |= 1 << c.index
                    assert real & ~allowed == 0  # no real card is ruled out
                hands = sample_bourre_hands(info, rng)
                for seat, h in hands.items():
                    if seat != info.me:
                        assert h & ~info.allowed[seat] == 0
                        assert h.bit_count() == info.counts[seat]
            s = s.apply(bots[s.current_index].choose(s.view(s.current_player)))


def test_rollouts_value_every_candidate_and_the_bot_replays() -> None:
    g = trapoula.make("bourre", players=3)
    s = g.new_deal(seed=8)
    v = s.view(s.current_player)
    cands = candidate_actions(v)
    assert {"fold", "stay"} <= {str(a) for a in cands}
    vals = decision_values(v, g, cands, 3, random.Random(0), BourreHeuristicBot)
    assert set(vals) == set(cands) and all(-100 < x < 100 for x in vals.values())

    def play(seed: int) -> list[str]:
        bots = [make_bot("hard", g, seed=i) for i in range(3)]
        st = g.new_deal(seed=seed)
        while not st.is_over:
            st = st.apply(bots[st.current_index].choose(st.view(st.current_player)))
        return list(st.view("P1").history)

    assert play(4) == play(4)


def test_2_3_bourre_ismcts_visits_only_legal_cards_and_replays() -> None:
    from trapoula.search.bourre_ismcts import bourre_ismcts_visits

    g = trapoula.make("bourre", players=4)
    s = g.new_deal(seed=6)
    while s.phase == "decide":
        s = s.apply("stay")
    for _ in range(5):  # into the first trick
        v = s.view(s.current_player)
        a = bourre_ismcts_visits(v, g.options, 200, random.Random(3))
        assert a == bourre_ismcts_visits(v, g.options, 200, random.Random(3))
        assert sum(a.values()) == 200
        assert set(a) == {x.cards[0] for x in v.legal_actions}
        s = s.apply(make_bot("ismcts", g, seed=1).choose(v))
