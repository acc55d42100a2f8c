"""public_view() on every game's state: everything public, no card of a hand not shown.

Random playouts of matches (and sessions) for every game and table size; at every step the
public view and every seat's view are serialised and checked against the full state.
"""

from __future__ import annotations

import random

import pytest

import trapoula
from tests.web.leak import hidden, leaks
from trapoula.web.serialize import to_json

GAMES = [
    ("bourloto", "ru", {}), ("bourloto", "gr", {}),
    ("bourre", "ru", {}), ("bourre", "ru", {"players": 2}), ("bourre", "ru", {"players": 7}),
    ("burraco", "seed", {}), ("burraco", "fibur", {"players": 2}),
    ("burraco", "seed", {"players": 3}),
]


@pytest.mark.parametrize(("game", "preset", "options"), GAMES)
def test_public_view_hides_every_hand(game: str, preset: str, options: dict) -> None:
    g = trapoula.make(game, preset, **options)
    seats = [f"P{i + 1}" for i in range(g.players)]  # type: ignore[attr-defined]
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = g.new_match(seed=seed)
        for _ in range(250):
            if state.is_over:
                break
            pub = state.public_view()
            assert pub.seat == "" and pub.hand == () and pub.legal_actions == ()
            assert leaks(state, None, {"view": to_json(pub)}) == []
            for s in seats:
                assert leaks(state, s, {"view": to_json(state.view(s))}) == []
            checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_leak_check_catches_a_hand() -> None:
    """The checker itself: another seat's hand in a message is found."""
    state = trapoula.make("bourloto", "ru").new_match(seed=4)
    other = to_json(state.view("P2"))
    assert leaks(state, "P1", {"view": other})
    assert leaks(state, None, {"view": to_json(state.view("P1"))})
    assert sum(hidden(state, None).values()) == 32 - 1  # all but the upcard


def test_leak_check_counts_burraco_copies() -> None:
    state = trapoula.make("burraco").new_match(seed=2)
    assert leaks(state, "P1", {"view": to_json(state.view("P2"))})
    assert leaks(state, "P1", {"view": to_json(state.view("P1"))}) == []
