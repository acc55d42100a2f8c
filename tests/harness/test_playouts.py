"""The one random-playout harness, run against every registered game and preset.

Invariants at every step: a legal action exists (and a current player) until the end,
``apply`` leaves its state unchanged, cards are conserved (every game: tests/harness/hooks.py),
no view (a seat's or the public one: its fields, events and JSON) shows a card the game's
``hidden_cards(state, seat)`` says it cannot see, actions round-trip through their text; at
the end the points add up and the record replays to the same state.  Bourloto runs >= 1,000
seeded deals per preset.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import trapoula
from trapoula.core.registry import available_games, game_class

from .hooks import HOOKS, Hooks, view_leaks

DEALS = {"bourloto": 1000, "bourre": 300, "burraco": 40}
DEALS_SCALE = float(os.environ.get("TRAPOULA_HARNESS_SCALE", "1"))


def _configs() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for name in available_games():
        cls = game_class(name)
        for preset in cls.presets:
            out.append((name, preset, {}))
        if name == "bourre":
            out += [(name, "ru", {"players": n}) for n in (2, 5, 7)]
        if name == "burraco":
            out += [(name, "seed", {"players": n}) for n in (2, 3)]
    return out


def _view_leaks(state: Any, hooks: Hooks, seats: list[str]) -> None:
    for seat in (*seats, None):
        view = state.view(seat) if seat else state.public_view()
        leaked = view_leaks(state, seat, view, hooks)
        assert not leaked, f"{seat or 'the public'}'s view shows hidden cards: {leaked}"
        assert view.seat == (seat or "")
        if seat != state.current_player:
            assert not view.legal_actions, "only the seat to act sees actions"
        assert view.history == tuple(str(e) for e in view.events)
        assert len(view.events) == len(state.history)


@pytest.mark.parametrize("name, preset, options", _configs(),
                         ids=lambda v: str(v) if not isinstance(v, dict) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "-")
def test_random_playouts_keep_every_invariant(name: str, preset: str, options: dict) -> None:
    game = trapoula.make(name, preset, **options)
    hooks = HOOKS[name]  # every game has hooks: none may pass with nothing checked
    n = max(1, int(DEALS.get(name, 100) * DEALS_SCALE))
    rng = random.Random(f"{name}/{preset}/{options}")
    for i in range(n):
        deep = i % 25 == 0  # views and replays on a sample of the deals
        state = game.new_deal(seed=i)
        seats = [f"P{k}" for k in range(1, getattr(game.options, "players", 4) + 1)]
        steps = 0
        while not state.is_over:
            acts = state.legal_actions()
            assert acts, f"no legal action at step {steps} of deal {i}"
            assert state.current_player in seats
            hooks.check_cards(state)
            if deep:
                _view_leaks(state, hooks, seats)
                for a in acts:
                    assert game.parse_action(str(a)) == a
            action = acts[int(rng.random() * len(acts))]
            before = (state.current_player, len(state.history))
            nxt = state.apply(action)
            assert (state.current_player, len(state.history)) == before, "apply mutated"
            state = nxt
            steps += 1
            assert steps < 5000, "a deal must end"
        assert state.current_player is None and state.legal_actions() == []
        assert state.result is not None
        hooks.check_result(state)
        if deep:
            _view_leaks(state, hooks, seats)
            replayed = trapoula.replay(state.record())
            assert replayed.history == state.history
            assert replayed.result == state.result


@pytest.mark.parametrize("name, options", [("bourloto", {}), ("bourre", {}), ("burraco", {}),
                                           ("burraco", {"players": 3})])
def test_the_leak_check_catches_a_leaky_view(name: str, options: dict) -> None:
    """A view that shows the next seat's hand, or names one of its cards in an event's text,
    fails the check (so the harness can fail)."""
    import dataclasses

    from trapoula.core.view import SeatEvent
    from trapoula.games import hidden_cards

    game = trapoula.make(name, **options)
    state = game.new_deal(seed=3)
    hooks = HOOKS[name]
    view = state.view("P1")
    assert view_leaks(state, "P1", view, hooks) == []
    theirs = state.view("P2").hand
    assert view_leaks(state, "P1", dataclasses.replace(view, hand=theirs), hooks)
    hidden = hidden_cards(state, "P1")
    card = next(c for c in theirs if hidden[c] == hooks.copies)  # no copy of it in sight
    told = SeatEvent("P2", "note", None, f"P2 holds {card}")
    leaky = dataclasses.replace(view, events=(*view.events, told))
    assert any(str(card) in p for p in view_leaks(state, "P1", leaky, hooks))
    assert view_leaks(state, "P1", dataclasses.replace(view, hand=(*view.hand, *theirs)), hooks)
    assert view_leaks(state, None, view, hooks)  # a seat's view is not the public's
