"""Every game offers the levels easy / medium / hard / expert (issue 6), each playing legally."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.base import available_bots

LEVELS = ("easy", "medium", "hard", "expert")
GAMES = [("bourloto", {"preset": "gr"}), ("bourre", {"players": 4}), ("burraco", {"players": 2})]


@pytest.mark.parametrize("name", [g for g, _ in GAMES])
def test_every_game_has_the_four_levels(name: str) -> None:
    assert set(LEVELS) <= set(available_bots(name))


@pytest.mark.parametrize(("name", "opts"), GAMES[1:])
@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_level_plays_a_whole_deal(name: str, opts: dict[str, object], level: str) -> None:
    game = trapoula.make(name, **opts)  # type: ignore[arg-type]
    s = game.new_deal(seed=11)
    seats = [f"P{i}" for i in range(1, int(game.options.players) + 1)]  # type: ignore[attr-defined]
    bots = {seat: make_bot(level, game, seed=i) for i, seat in enumerate(seats)}
    steps = 0
    while not s.is_over and steps < 3000:
        seat = s.current_player
        action = bots[seat].choose(s.view(seat))
        assert action in s.legal_actions()
        s = s.apply(action)
        steps += 1
    assert s.is_over


@pytest.mark.parametrize(("name", "opts"), GAMES[1:])
def test_easy_slips_where_the_heuristic_would_not(name: str, opts: dict[str, object]) -> None:
    game = trapoula.make(name, **opts)  # type: ignore[arg-type]
    easy, heur = make_bot("easy", game, seed=5), make_bot("heuristic", game, seed=5)
    differ = choices = 0
    for seed in range(6):
        s = game.new_deal(seed=seed)
        while not s.is_over:
            seat = s.current_player
            v = s.view(seat)
            a = heur.choose(v)
            if len(v.legal_actions) > 1:
                choices += 1
                differ += easy.choose(v) != a
            s = s.apply(a)
    assert choices > 20 and 0 < differ < choices
