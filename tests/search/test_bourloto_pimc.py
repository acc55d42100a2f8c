"""The PIMC bot: legal, reproducible, and it finds what the double-dummy solver finds."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.bourloto_pimc import BourlotoPIMCBot, Level
from trapoula.search.bourloto_dd import BourlotoSolver, position_from_state


def _play(game: trapoula.core.Game, names: list[str], seed: int) -> list[str]:
    bots = [make_bot(n, game, seed=seed * 10 + i) for i, n in enumerate(names)]
    s = game.new_deal(seed=seed)
    while not s.is_over:
        a = bots[s.current_index].choose(s.view(s.current_player))
        assert a in s.legal_actions()
        s = s.apply(a)
    return [str(e) for e in s.history]


def test_seeded_pimc_bots_replay_exactly() -> None:
    g = trapoula.make("bourloto", "gr")
    names = ["hard", "heuristic", "hard", "heuristic"]
    assert _play(g, names, 3) == _play(g, names, 3)


def test_pimc_given_the_true_deal_plays_a_double_dummy_best_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # with a "sampler" that returns the real hands, PIMC is the double-dummy solver
    import trapoula.bots.bourloto_pimc as pimc

    g = trapoula.make("bourloto", "ru")
    bot = BourlotoPIMCBot(g, seed=1, level=Level(worlds=2, nodes=50_000, min_worlds=1))
    checked = 0
    for seed in range(6):
        s = g.new_deal(seed=seed)
        heur = [make_bot("heuristic", g, seed=i) for i in range(4)]
        while not s.is_over:
            if s.phase == "play" and s.tricks_done >= 4:
                real = s.hands
                monkeypatch.setattr(pimc, "sample_hands", lambda info, rng, h=real: h)
                action = bot.choose(s.view(s.current_player))
                values = BourlotoSolver.for_game(g).move_values(position_from_state(s))
                assert values[action.cards[0]] == max(values.values())
                checked += 1
            s = s.apply(heur[s.current_index].choose(s.view(s.current_player)))
    assert checked > 20


def test_levels_are_registered() -> None:
    g = trapoula.make("bourloto", "gr")
    for name in ("easy", "medium", "hard", "expert", "pimc"):
        bot = make_bot(name, g, seed=0)
        assert bot.choose(g.new_deal(seed=1).view("P1")) in ("take", "pass")
