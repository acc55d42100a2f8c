"""Bourloto's :class:`~trapoula.core.outcome.GameInfo` and what a finished deal pays.

A deal pays each seat its partnership's points (RULES.md §1.5: trick points, declarations
and the Bourloto as scored); a thrown-in deal pays nothing.

>>> import trapoula
>>> g = trapoula.make("bourloto", "ru")
>>> g.info.max_utility, g.info.max_decisions
(1872.0, 54)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.core.outcome import DealOutcome, GameInfo, side_returns

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto

__all__ = ["deal_outcome", "game_info"]

_SEATS = ("P1", "P2", "P3", "P4")


def game_info(game: Bourloto) -> GameInfo:
    """Four seats in two partnerships (P1+P3 = A, P2+P4 = B).  A team scores at most a
    capot (252), every declaration of the 32 cards (four jacks are worth 50 a card; a long
    run ``run6_value`` for six) and the Bourloto (20), and at least 0."""
    opts = game.options
    per_card = max(50.0, opts.run6_value / 6)
    top = 252.0 + 32 * per_card + 20
    bids = 4 * opts.agreement_rounds if opts.bidding == "agreement" else 8
    # bidding, the seven exchange, a declaration (or none) and a redeal demand per seat,
    # the 32 cards, and during in_play tricks a show with two answers per seat and trick
    decisions = bids + 1 + 4 + 1 + 32
    if opts.declaration_timing == "in_play":
        decisions += 3 * 4 * opts.declaration_tricks
    return GameInfo(
        name=game.name, preset=game.preset, min_players=4, max_players=4, seats=_SEATS,
        sides=(("P1", "P3"), ("P2", "P4")), side_names=("A", "B"), zero_sum=False,
        min_utility=0.0, max_utility=top, max_decisions=decisions, unit="points",
    )


def deal_outcome(game: Bourloto, result: dict[str, Any]) -> DealOutcome:
    """The outcome of a deal whose rules result is ``result`` (its ``scores`` by team)."""
    if result.get("thrown_in"):
        points = {"A": 0, "B": 0}
    else:
        points = {t: int(result["scores"][t]) for t in ("A", "B")}
    return DealOutcome(side_returns(game.info, points), points,
                       bool(result.get("thrown_in")), "points", result)
