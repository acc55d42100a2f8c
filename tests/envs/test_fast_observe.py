"""The adapters' observations read from the state (``observe_state``, the fenced fast path of
Bourloto) equal the observations of the seat's view, for every seat, along random deals of
both presets and the shared layout, matches included."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

import trapoula  # noqa: E402
from trapoula.envs import make_adapter  # noqa: E402


@pytest.mark.parametrize("preset, layout", [("gr", "own"), ("ru", "own"), ("gr", "shared")])
def test_observe_state_equals_observe_of_the_view(preset: str, layout: str) -> None:
    ad = make_adapter(trapoula.make("bourloto", preset), layout=layout)
    rng = random.Random(8)
    checked = 0
    for deal in range(25):
        s = ad.game.new_deal(seed=deal) if deal % 5 else ad.game.new_match(seed=deal)
        while True:
            for seat in ad.seats:
                assert np.array_equal(ad.observe_state(s, seat), ad.observe(s.view(seat)))
                checked += 1
            if s.is_over or (deal % 5 == 0 and len(s.history) > 60):
                break
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
    assert checked > 2000
