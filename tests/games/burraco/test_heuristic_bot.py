"""The Burraco heuristic bot: legal play from views only, and the behaviours it promises
(picks up a useful pile, holds wilds for burracos, discards what the next opponent cannot
use, beats random play)."""

from __future__ import annotations

import pytest

import trapoula
from tests.games.burraco.helpers import FILLER, setup
from trapoula.bots import make_bot
from trapoula.bots.base import RandomBot
from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
from trapoula.core.game import derive_seed


def test_self_play_is_legal_and_ends() -> None:
    for preset in ("seed", "fibur"):
        game = trapoula.make("burraco", preset)
        bots = [make_bot("heuristic", game, seed=s) for s in range(4)]
        assert isinstance(bots[0], BurracoHeuristicBot)
        for i in range(3):
            state = game.new_deal(seed=i)
            while not state.is_over:
                seat = state.current_player
                state = state.apply(bots[int(seat[1]) - 1].choose(state.view(seat)))
            assert state.end_reason in ("closing", "stock", "stalemate")


def choose(state) -> str:  # type: ignore[no-untyped-def]
    bot = BurracoHeuristicBot(state.game, seed=0)
    return str(bot.choose(state.view(state.current_player)))


def test_picks_up_a_pile_that_builds_melds_and_draws_otherwise() -> None:
    useful = setup({"P1": ["7H", "8H", "KS", "4C"]}, discard=["3D", "9H", "10H"])
    assert choose(useful) == "pickup"
    useless = setup({"P1": ["7H", "8H", "KS", "4C"]}, discard=["3D", "QS", "AC"])
    assert choose(useless) == "draw"


def test_holds_wilds_for_burracos() -> None:
    s = setup({"P1": ["5H", "6H", "7H", "JK", "QC", "KC"]}, stock=["3D", *FILLER]).apply("draw")
    assert choose(s) == "meld 5H 6H 7H"


def test_discards_what_the_next_opponent_cannot_use() -> None:
    s = setup({"P1": ["QC", "9S", "4H", "4D", "4S"]}, stock=["AD", *FILLER],
              melds={"B": [["QS", "QH", "QD"]]}).apply("draw")
    s = s.apply("meld 4S 4H 4D")
    assert choose(s) in ("discard 9S", "discard AD")


def test_beats_random_play() -> None:
    game = trapoula.make("burraco")
    total = 0
    for i in range(4):
        for hero in (0, 1):
            bots = [BurracoHeuristicBot(game, seed=s) if s % 2 == hero
                    else RandomBot(game, seed=derive_seed(i, s)) for s in range(4)]
            state = game.new_deal(seed=derive_seed(5, i))
            while not state.is_over:
                seat = state.current_player
                state = state.apply(bots[int(seat[1]) - 1].choose(state.view(seat)))
            scores = state.result["scores"]
            total += scores["AB"[hero]] - scores["AB"[1 - hero]]
    assert total > 0


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_bot_plays_individual_burraco(players: int) -> None:
    import trapoula
    from trapoula.bots import make_bot

    game = trapoula.make("burraco", players=players)
    bot = make_bot("heuristic", game, seed=1)
    state = game.new_deal(seed=3)
    steps = 0
    while not state.is_over and steps < 3000:
        seat = state.current_player
        action = bot.choose(state.view(seat))
        assert action in state.legal_actions()
        state = state.apply(action)
        steps += 1
    assert state.is_over
