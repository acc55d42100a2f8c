"""The environments' rewards are the deal's ``returns()``: read from a final view (the
batched drivers) or from the state, in both reward modes, within the reward bounds."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.envs import make_adapter

from ..core.test_outcome import IDS, configs


@pytest.mark.parametrize(("name", "preset", "options"), configs(), ids=IDS)
def test_view_rewards_are_the_state_returns(name: str, preset: str,
                                            options: dict[str, Any]) -> None:
    game = trapoula.make(name, preset, **options)
    rng = random.Random(name)
    for reward in ("score", "margin"):
        ad = make_adapter(game, reward)
        lo, hi = ad.reward_bounds()
        for i in range(3 if name == "burraco" else 10):
            s = game.new_deal(seed=i)
            while not s.is_over:
                legal = s.legal_actions()
                s = s.apply(legal[int(rng.random() * len(legal))])
            want = s.returns() if reward == "score" else game.info.margins(s.returns())
            assert ad.state_rewards(s) == want
            assert ad.rewards(s.view(ad.seats[0])) == pytest.approx(want)
            assert all(lo <= v <= hi for v in want.values())
