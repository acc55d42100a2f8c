"""CHANGE DETECTORS, not rule checks: golden playthroughs.

A whole seeded deal per preset written out step by step (hands, every legal-action list, the
action taken, the result) and compared with the file in this folder (``bourloto_ru.txt``,
``bourloto_gr.txt``).  The files were written by the engine itself, so they say what the
engine did, not what the rulebook says: a diff means "the engine's behaviour changed, check
that the change was meant", not "a rule is wrong".  The rules are checked by the rule-clause
tests (tests/games, named after RULES.md sections), the conformance scenarios and the worked
examples beside this file (``test_2_5_bourre_worked_example.py``,
``test_3_9_burraco_worked_example.py``), whose figures come from the rulebook.

Regenerate deliberately, after checking the diff, with
``TRAPOULA_REGEN=1 pytest tests/playthroughs -k change_detector`` (README.md here).
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
def test_change_detector_golden_playthrough(game: str, preset: str, seed: int) -> None:
    """Change detector: the engine plays this seeded deal exactly as it did when the file
    was written (a diff: behaviour changed; check it, then regenerate)."""
    path = HERE / f"{game}_{preset}.txt"
    text = render(game, preset, seed)
    if os.environ.get("TRAPOULA_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with TRAPOULA_REGEN=1"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name}: the engine's behaviour changed (a change detector, not a rule check); "
        f"if the change is meant, regenerate with TRAPOULA_REGEN=1 (tests/playthroughs/README.md)")
