"""What a game is (:class:`GameInfo`) and what a finished deal or match paid
(:class:`DealOutcome`, :class:`MatchOutcome`): the one definition of payoff.

``game.info`` answers the questions every consumer used to guess from outside (how many
seats, who plays with whom, whether payoffs cancel, how large they can be, how long a deal
can last); ``state.outcome()`` and ``state.returns()`` say what a finished state paid.

A seat's **payoff** (``returns``) is what its side scored: a partnership's points in
Bourloto and four-player Burraco (both partners get their side's points; a thrown-in deal
pays 0), the player's own points in Burraco for two or three, and in Bourré the chips the
player won or lost in the deal (RULES.md §2.5: what he takes from the pot minus his ante,
his draw fees and his bourré payment).  :meth:`GameInfo.margins` turns payoffs into the
zero-sum margins that the environments reward by default.

>>> import trapoula
>>> info = trapoula.make("bourloto", "gr").info
>>> info.seats, info.sides, info.partnership, info.zero_sum
(('P1', 'P2', 'P3', 'P4'), (('P1', 'P3'), ('P2', 'P4')), True, False)
>>> info.side_of("P4"), info.margins({"P1": 90, "P2": 72, "P3": 90, "P4": 72})["P2"]
('B', -18.0)
>>> info.zero_sum_margins, trapoula.make("bourre").info.zero_sum_margins
(True, False)
>>> deal = trapoula.make("bourre", players=3).new_deal(seed=3)
>>> deal = deal.apply("fold").apply("fold").apply("stay")
>>> deal.returns()
{'P1': -1.0, 'P2': -1.0, 'P3': 2.0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DealOutcome", "GameInfo", "MatchOutcome", "side_returns"]


@dataclass(frozen=True)
class GameInfo:
    """A rules object's fixed facts (``game.info``; frozen, one per game and options).

    ``sides`` lists the seats of each side (``side_names`` names them: ``"A"``/``"B"`` for
    partnerships, the seat itself for a player alone); ``min_players``/``max_players`` are
    the table sizes the game's ``players`` option allows (this game has ``len(seats)``).
    ``min_utility``/``max_utility`` bound any seat's payoff in one standalone deal
    (``returns()`` of ``new_deal``; a match's deal may add what carried into it),
    ``max_decisions`` bounds the actions of one deal, and ``unit`` names the payoff's unit.
    """

    name: str
    preset: str
    min_players: int
    max_players: int
    seats: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]
    side_names: tuple[str, ...]
    zero_sum: bool
    min_utility: float
    max_utility: float
    max_decisions: int
    unit: str = "points"

    @property
    def players(self) -> int:
        """Seats at this table."""
        return len(self.seats)

    @property
    def partnership(self) -> bool:
        """Do some seats play together (two partnerships)?"""
        return any(len(side) > 1 for side in self.sides)

    @property
    def zero_sum_margins(self) -> bool:
        """Do :meth:`margins` add up to 0 in every deal (payoffs in points; chips are left
        as they are, and some stay in the pot)?"""
        return self.unit != "chips"

    def side_of(self, seat: str) -> str:
        """The name of ``seat``'s side (``"A"``/``"B"``, or the seat when it plays alone)."""
        for name, members in zip(self.side_names, self.sides, strict=True):
            if seat in members:
                return name
        raise KeyError(f"{seat} is not at this table ({', '.join(self.seats)})")

    def margins(self, returns: Mapping[str, float]) -> dict[str, float]:
        """Each seat's payoff minus the mean payoff of the other sides: zero-sum between
        sides (what the environments reward with ``reward="margin"``); payoffs already
        meant as chips won or lost (``unit == "chips"``) are returned as they are."""
        if self.unit == "chips":
            return {s: float(returns[s]) for s in self.seats}
        by_side = {n: float(returns[m[0]]) for n, m in zip(self.side_names, self.sides,
                                                              strict=True)}
        total = sum(by_side.values())
        k = len(by_side) - 1
        return {s: (by_side[self.side_of(s)] * (k + 1) - total) / k for s in self.seats}


def side_returns(info: GameInfo, points: Mapping[str, float]) -> dict[str, float]:
    """Every seat's payoff from its side's points (``points`` keyed by side name).

    >>> import trapoula
    >>> side_returns(trapoula.make("bourloto").info, {"A": 90, "B": 72})
    {'P1': 90.0, 'P2': 72.0, 'P3': 90.0, 'P4': 72.0}
    """
    return {s: float(points.get(info.side_of(s), 0)) for s in info.seats}


@dataclass(frozen=True)
class DealOutcome:
    """A finished deal: every seat's payoff (``returns``), what each side scored on the
    score sheet (``points``, by side name), whether it was thrown in (nothing scored) and
    the deal's rules result as the game reports it (``result``, the scenario ``final``)."""

    returns: dict[str, float]
    points: dict[str, int]
    thrown_in: bool = False
    unit: str = "points"
    result: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchOutcome:
    """A finished match (or Bourré session): every seat's payoff (``returns``: its side's
    final total, or the chips won or lost over the session), the totals by side
    (``scores``), the winning side (None: no winner) and the number of deals played."""

    returns: dict[str, float]
    scores: dict[str, int]
    winner: str | None
    deals: int
    unit: str = "points"
