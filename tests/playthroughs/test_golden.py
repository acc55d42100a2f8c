"""Golden playthroughs: a whole seeded deal per preset written out step by step (hands,
every legal-action list, the action taken, the views' scores, the result) and compared with
the file in this folder.  Any change to the rules engine's behaviour shows up as a diff.
Regenerate deliberately with ``TRAPOULA_REGEN=1 pytest tests/playthroughs``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import trapoula

HERE = Path(__file__).parent
CASES = [("bourloto", "ru", 3), ("bourloto", "gr", 7)]


def render(game_name: str, preset: str, seed: int) -> str:
    game = trapoula.make(game_name, preset)
    rng = random.Random(seed)
    # random deals until one is played out (ru may throw in)
    for attempt in range(50):
        state = game.new_deal(seed=seed * 100 + attempt)
        lines = [f"# {game_name} {preset} seed={seed * 100 + attempt}"]
        for i in range(4):
            lines.append(f"hand P{i + 1}: {' '.join(map(str, state.hand(i)))}")
        while not state.is_over:
            acts = state.legal_actions()
            a = acts[int(rng.random() * len(acts))]
            listed = ", ".join(map(str, acts))
            lines.append(f"{state.phase:8} {state.current_player} [{listed}] -> {a}")
            state = state.apply(a)
        lines.append(f"result: {state.result}")
        if not state.result.get("thrown_in"):  # type: ignore[union-attr]
            return "\n".join(lines) + "\n"
    raise AssertionError("no played deal")


@pytest.mark.parametrize("game, preset, seed", CASES)
def test_golden_playthrough(game: str, preset: str, seed: int) -> None:
    path = HERE / f"{game}_{preset}.txt"
    text = render(game, preset, seed)
    if os.environ.get("TRAPOULA_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with TRAPOULA_REGEN=1"
    assert text == path.read_text(encoding="utf-8")
