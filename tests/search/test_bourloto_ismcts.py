"""ISMCTS for Bourloto: legal, reproducible, and right in small endgames."""

from __future__ import annotations

import random

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.search.bourloto_dd import BourlotoSolver, position_from_state
from trapoula.search.bourloto_ismcts import ismcts_visits


def _late(game: trapoula.core.Game, seed: int, tricks_done: int) -> trapoula.core.GameState:
    bots = [make_bot("heuristic", game, seed=i) for i in range(4)]
    s = game.new_deal(seed=seed)
    while not s.is_over and not (s.phase == "play" and s.tricks_done == tricks_done):
        s = s.apply(bots[s.current_index].choose(s.view(s.current_player)))
    return s


def test_visits_cover_legal_cards_and_replay_with_the_seed() -> None:
    g = trapoula.make("bourloto", "gr")
    s = _late(g, 3, 1)
    if s.is_over:
        pytest.skip("thrown in")
    view = s.view(s.current_player)
    a = ismcts_visits(view, g.options, 300, random.Random(2))
    b = ismcts_visits(view, g.options, 300, random.Random(2))
    assert a == b and sum(a.values()) == 300
    legal = {x.cards[0] for x in view.legal_actions}
    assert set(a) <= legal and len(a) == len(legal)


def test_1_4_given_the_true_deal_ismcts_finds_a_double_dummy_best_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import trapoula.search.bourloto_ismcts as mod

    checked = 0
    for preset in ("ru", "gr"):
        g = trapoula.make("bourloto", preset)
        for seed in range(8):
            s = _late(g, seed, 6)
            if s.is_over or len({a.cards[0] for a in s.legal_actions()}) < 2:
                continue
            real = s.hands
            monkeypatch.setattr(mod, "sample_hands", lambda info, rng, h=real: h)
            visits = ismcts_visits(s.view(s.current_player), g.options, 3000,
                                   random.Random(seed), reuse=1)
            card = max(sorted(visits), key=lambda k: visits[k])
            values = BourlotoSolver.for_game(g).move_values(position_from_state(s))
            assert values[card] == max(values.values()), (preset, seed)
            checked += 1
    assert checked >= 4
