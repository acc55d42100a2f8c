"""Plain minimax over the public engine (no pruning, no tables): the reference the solvers
are checked against on small endgames."""

from __future__ import annotations

import random
from typing import Any

import trapoula
from trapoula.cards import deck_32

_A = ("P1", "P3")


def bourloto_endgame(preset: str, seed: int, tricks_left: int, **options: Any) -> Any:
    """A random play-phase position with ``tricks_left`` cards per hand, reached by random
    play from a random deal (so tricks_done and the leader vary), maybe mid-trick."""
    rng = random.Random(seed)
    game = trapoula.make("bourloto", preset, **options)
    pack = [str(c) for c in deck_32()]
    rng.shuffle(pack)
    setup = {
        "phase": "play", "trump": "SHDC"[rng.randrange(4)], "buyer": None,
        "hands": {f"P{i + 1}": pack[8 * i:8 * i + 8] for i in range(4)},
    }
    state = game.from_setup(setup)
    stop = 4 * (8 - tricks_left) + rng.randrange(4)
    while len(state.history) < stop:
        acts = [a for a in state.legal_actions() if not a.words]
        state = state.apply(rng.choice(acts))
    return state


def minimax_points(state: Any, team: str) -> int:
    """Best-play trick points (last trick +10) ``team`` takes from ``state`` on, by brute
    force over the public API; the current trick's cards count for its winner."""
    before = state.tally[0] if team == "A" else state.tally[1]
    return _mm(state, team) - before


def _mm(state: Any, team: str) -> int:
    if state.is_over or state.tricks_done == 8:
        return int(state.tally[0] if team == "A" else state.tally[1])
    mover = state.current_player
    maxi = (mover in _A) == (team == "A")
    vals = [_mm(state.apply(a), team) for a in state.legal_actions() if not a.words]
    return max(vals) if maxi else min(vals)
