"""Sampled hidden hands: consistent with the view, and the true deal always fits."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapoula
from trapoula.bots import make_bot
from trapoula.search.bourloto_sampler import constraints, sample_hands


def _positions(preset: str, seed: int, **options: Any) -> list[Any]:
    """Every play-phase state of a deal the heuristic bots play."""
    game = trapoula.make("bourloto", preset, **options)
    bots = [make_bot("heuristic", game, seed=seed + i) for i in range(4)]
    s = game.new_deal(seed=seed)
    out = []
    while not s.is_over:
        if s.phase == "play":
            out.append(s)
        s = s.apply(bots[s.current_index].choose(s.view(s.current_player)))
    return out


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["ru", "gr"]), st.integers(0, 10**6), st.booleans())
def test_1_4_inferences_hold_for_the_real_deal(preset: str, seed: int, pexc: bool) -> None:
    for s in _positions(preset, seed, partner_exception=pexc)[::3]:
        me = s.current_index
        info = constraints(s.view(s.current_player), s.game.options)
        assert info.hand == s.hands[me]
        for seat in range(4):
            if seat == me:
                continue
            assert s.hands[seat] & ~info.allowed[seat] == 0  # never rules out a real card
            assert info.known[seat] & ~s.hands[seat] == 0  # known cards are really there
            assert info.counts[seat] == s.hands[seat].bit_count()


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_samples_respect_counts_voids_and_known_cards(preset: str) -> None:
    rng = random.Random(5)
    for seed in range(4):
        for s in _positions(preset, seed)[::2]:
            info = constraints(s.view(s.current_player), s.game.options)
            for _ in range(5):
                hands = sample_hands(info, rng)
                assert hands[info.me] == info.hand
                others = 0
                for seat in range(4):
                    assert hands[seat].bit_count() == info.counts[seat]
                    if seat != info.me:
                        assert hands[seat] & ~info.allowed[seat] == 0
                        assert info.known[seat] & ~hands[seat] == 0
                        others |= hands[seat]
                assert others == info.unseen


def test_voids_are_sampled_away() -> None:
    # a player who showed out of a suit never gets a card of it in a sample
    rng = random.Random(1)
    hits = 0
    for seed in range(30):
        for s in _positions("gr", seed):
            info = constraints(s.view(s.current_player), s.game.options)
            void = [seat for seat in range(4) if seat != info.me
                    and info.unseen & ~info.allowed[seat]]
            for seat in void:
                hits += 1
                for _ in range(3):
                    assert sample_hands(info, rng)[seat] & ~info.allowed[seat] == 0
        if hits > 20:
            break
    assert hits > 0
