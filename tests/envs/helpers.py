"""What the environment tests share: the configurations, the game counts, and the expected
rewards computed straight from an engine result (independently of the adapters)."""

from __future__ import annotations

import os
from typing import Any

import pytest

pytest.importorskip("numpy")

# (game, preset, options): every preset, plus the other table sizes
CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("bourloto", "ru", {}),
    ("bourloto", "gr", {}),
    ("bourre", "ru", {}),
    ("bourre", "ru", {"players": 2}),
    ("bourre", "ru", {"players": 7}),
    ("burraco", "seed", {}),
    ("burraco", "fibur", {}),
    ("burraco", "seed", {"players": 2}),
    ("burraco", "seed", {"players": 3}),
]
PRESETS = [c for c in CONFIGS if not c[2]]

# random games each adapter plays to the end, per configuration: at least 1,000 per game
# (Burraco's, the slowest, spread over its presets and table sizes); TRAPOULA_ENV_GAMES=k
# multiplies them all by k
GAMES = {
    ("bourloto", "ru", ""): 1000, ("bourloto", "gr", ""): 1000,
    ("bourre", "ru", ""): 1000, ("bourre", "ru", "players=2"): 150,
    ("bourre", "ru", "players=7"): 150,
    ("burraco", "seed", ""): 500, ("burraco", "fibur", ""): 300,
    ("burraco", "seed", "players=2"): 100, ("burraco", "seed", "players=3"): 100,
}
SCALE = float(os.environ.get("TRAPOULA_ENV_GAMES", "1"))


def games(name: str, preset: str, options: dict[str, Any]) -> int:
    key = (name, preset, ",".join(f"{k}={v}" for k, v in options.items()))
    return max(1, int(GAMES.get(key, 100) * SCALE))


def config_id(value: Any) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "-"
    return str(value)


def expected_rewards(name: str, state: Any) -> dict[str, float]:
    """Each seat's margin (partnership games, Burraco) or chips (Bourré), from the engine's
    final state: its ``result`` and, for Bourré, the public fees and ante."""
    res = state.result
    seats = [f"P{i + 1}" for i in range(len(state.view("P1").hand_counts))]
    if name == "bourre":
        v = state.view("P1")
        return {s: float(res["payouts"].get(s, 0) - v.ante - v.fees_paid[s]
                         - res["bourre"].get(s, 0)) for s in seats}
    if res.get("thrown_in"):
        return dict.fromkeys(seats, 0.0)
    sc = res["scores"]
    if len(seats) == 4:
        team = {s: "AB"[i % 2] for i, s in enumerate(seats)}
        return {s: float(sc[team[s]] - sc["B" if team[s] == "A" else "A"]) for s in seats}
    total = sum(sc.values())
    return {s: sc[s] - (total - sc[s]) / (len(seats) - 1) for s in seats}
