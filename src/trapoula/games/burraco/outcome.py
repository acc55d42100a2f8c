"""Burraco's :class:`~trapoula.core.outcome.GameInfo` and what a finished hand pays.

Four players play in two partnerships (P1+P3 = A, P2+P4 = B); two or three each alone.
A hand pays each seat its side's points (RULES.md §3.7: melds and bonuses minus the cards
left in hand).

>>> import trapoula
>>> i = trapoula.make("burraco", players=2).info
>>> i.sides, i.min_utility, i.max_utility
((('P1',), ('P2',)), -1180.0, 4180.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.core.outcome import DealOutcome, GameInfo, side_returns
from trapoula.core.seats import seat_names

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco

__all__ = ["deal_outcome", "game_info"]


def game_info(game: Burraco) -> GameInfo:
    """The seats and sides of the ``players`` option.  All 108 cards are worth 1,080; a
    side lays at most 15 burracos (a clean one 200, or ``semi_clean_bonus``) and closes
    (100); the worst is every card held (-1,080) and the pozzetto never taken (-100).

    The longest hand: turns that are not idle are stock draws (the stock and the pozzetti
    refilling it), pickups of two or more cards (one more than the draws) and pickups
    followed by a meld (each lays a card: 108); idle turns come in runs of at most
    ``stalemate_turns`` between them.  A turn is a draw, its melds (each lays a card or
    more) and a discard."""
    opts = game.options
    n = int(opts.players)
    seats = seat_names(n)
    if n == 4:
        sides: tuple[tuple[str, ...], ...] = (("P1", "P3"), ("P2", "P4"))
        names: tuple[str, ...] = ("A", "B")
    else:
        sides, names = tuple((s,) for s in seats), seats
    bonus = max(200, int(opts.semi_clean_bonus))
    top = 1080.0 + 15 * bonus + 100
    draws = 108 - 11 * n - 1
    busy = 2 * draws + 1 + 108
    stall = max(int(opts.stalemate_turns), 1)
    turns = busy + stall * (busy + 1)
    return GameInfo(
        name=game.name, preset=game.preset, min_players=2, max_players=4, seats=seats,
        sides=sides, side_names=names, zero_sum=False, min_utility=-1180.0,
        max_utility=top, max_decisions=2 * turns + 108, unit="points",
    )


def deal_outcome(game: Burraco, result: dict[str, Any]) -> DealOutcome:
    """The outcome of a hand whose rules result is ``result`` (its ``scores`` by side)."""
    points = {k: int(v) for k, v in result["scores"].items()}
    return DealOutcome(side_returns(game.info, points), points, False, "points", result)
