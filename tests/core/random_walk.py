"""A state some random legal actions into a deal or a match, for the property tests of
actions and errors (tests/core/test_action_roundtrip.py, tests/core/test_user_errors.py)."""

from __future__ import annotations

import random
from typing import Any

import trapoula

#: (game, preset, options, "deal" or "match")
Config = tuple[str, str, dict[str, Any], str]


def random_walk(config: Config, seed: int, steps: int) -> Any:
    """The state ``steps`` random legal actions into a new deal or match (or its end)."""
    name, preset, options, kind = config
    game = trapoula.make(name, preset, **options)
    state = game.new_match(seed=seed) if kind == "match" else game.new_deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state
