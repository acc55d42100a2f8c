"""The heuristic Bourré bot: always legal, sensible decisions, better than random."""

from __future__ import annotations

import pytest

from trapoula.bots.base import RandomBot
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.core.game import derive_seed

from .helpers import EXAMPLE_SETUP, game, play


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_bot_always_chooses_a_legal_action(players: int) -> None:
    for options in ({}, {"trump_card": "dealer_fifth", "forced_lead": "none", "max_draw": 5}):
        g = game(players, **options)
        bot = BourreHeuristicBot(g, seed=1)
        for seed in range(15):
            s = g.new_deal(seed=seed)
            while not s.is_over:
                a = bot.choose(s.view(s.current_player))
                assert a in s.legal_actions()
                s = s.apply(a)


def test_bot_stays_when_everyone_else_folded() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), "P1 fold", "P2 fold", "P3 fold")
    bot = BourreHeuristicBot(s.game, seed=0)
    assert str(bot.choose(s.view("P4"))) == "stay"


def test_bot_keeps_trumps_and_throws_low_side_cards() -> None:
    s = game().from_setup(EXAMPLE_SETUP)  # P1: AS KS 4C 5C 6C, trump spades
    bot = BourreHeuristicBot(s.game, seed=0)
    assert str(bot.choose(s.view("P1"))) == "draw 4C 5C 6C"


def test_bot_heads_the_trick_with_its_lowest_sure_winner() -> None:
    s = play(game().from_setup(EXAMPLE_SETUP), "P1 draw 4C 5C 6C", "P2 stay", "P3 fold",
             "P4 draw 5D 6D", "P1 play AS", "P2 play 9C", "P4 play 2D", "P1 play KS",
             "P2 play 10C", "P4 play 3D", "P1 play QS", "P2 play JC", "P4 play 4D",
             "P1 play 2H")
    bot = BourreHeuristicBot(s.game, seed=0)
    assert [str(a) for a in s.legal_actions()] == ["play KH", "play AH"]
    # P2 holds AH himself, so KH already wins for sure: the lowest sure winner
    assert str(bot.choose(s.view("P2"))) == "play KH"


def net(g: object, seed: int, seat: int, hero: bool) -> int:
    deal = g.new_deal(seed=seed)  # type: ignore[attr-defined]
    n = len(deal.seats)
    bots = [RandomBot(deal.game, seed=derive_seed(seed, s)) for s in range(n)]
    if hero:
        bots[seat] = BourreHeuristicBot(deal.game, seed=seed)
    while not deal.is_over:
        p = deal.current_player
        deal = deal.apply(bots[int(p[1:]) - 1].choose(deal.view(p)))
    r, name = deal.result, f"P{seat + 1}"
    return int(r["payouts"].get(name, 0) - r["bourre"].get(name, 0) - deal.ante
               - deal.fees_paid[seat])


@pytest.mark.parametrize("players", [2, 4])
def test_bot_wins_more_chips_than_random_in_every_seat_on_average(players: int) -> None:
    g = game(players)
    hero = base = 0
    for d in range(60):
        seed = derive_seed(99, players, d)
        for seat in range(players):
            hero += net(g, seed, seat, True)
            base += net(g, seed, seat, False)
    assert hero > base
