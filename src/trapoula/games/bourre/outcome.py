"""Bourré's :class:`~trapoula.core.outcome.GameInfo` and the chips a finished deal pays.

Everyone plays for himself.  A seat's payoff for a deal (RULES.md §2.5) is what it takes
from the pot minus its ante, its draw fees and its bourré payment; a seat not dealt in
(a session's player who left) gets 0.  What nobody takes within the deal (bourré payments,
undivided remainders: the next pot at a real table) is lost to all, so a deal is not
zero-sum.

>>> import trapoula
>>> g = trapoula.make("bourre", players=3)
>>> s = g.new_deal(seed=3).apply("fold").apply("fold").apply("stay")
>>> s.outcome().returns, s.outcome().unit
({'P1': -1.0, 'P2': -1.0, 'P3': 2.0}, 'chips')
>>> g.info.min_utility, g.info.max_utility, g.info.zero_sum
(-8.0, 5.0, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trapoula.core.outcome import DealOutcome, GameInfo
from trapoula.core.seats import seat_name, seat_names
from trapoula.games.bourre.rules import draw_fee, max_draw_for

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.state import BourreState

__all__ = ["deal_outcome", "game_info"]


def game_info(game: Bourre) -> GameInfo:
    """``players`` seats (2-7), each its own side.  A standalone deal's pot holds at most
    every ante and every largest draw fee; a seat wins at most that pot less its own ante,
    and loses at most its ante, its fee and a bourré payment of a pot (or ``bourre_cap``)."""
    opts = game.options
    n = int(opts.players)
    seats = seat_names(n)
    fee = max(draw_fee(opts, opts.ante, k) for k in range(max_draw_for(opts, n) + 1))
    pot = n * (opts.ante + fee)
    penalty = min(pot, opts.bourre_cap) if opts.bourre_cap else pot
    return GameInfo(
        name=game.name, preset=game.preset, min_players=2, max_players=7, seats=seats,
        sides=tuple((s,) for s in seats), side_names=seats, zero_sum=False,
        min_utility=-float(opts.ante + fee + penalty), max_utility=float(pot - opts.ante),
        max_decisions=6 * n, unit="chips",
    )


def deal_outcome(game: Bourre, deal: BourreState) -> DealOutcome:
    """The chips each seat won or lost in the finished ``deal``."""
    res = deal.result
    assert res is not None
    ctx = deal._ctx
    nets = {}
    for i in ctx.seats:
        s = seat_name(i)
        nets[s] = (res["payouts"].get(s, 0) - ctx.ante - deal.fees_paid[i]
                   - res["bourre"].get(s, 0))
    returns = {s: float(nets.get(s, 0)) for s in game.info.seats}
    return DealOutcome(returns, {s: int(v) for s, v in returns.items()}, False, "chips", res)
