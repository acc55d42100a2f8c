"""Duplicate scoring: one board (the same cards in the same seats at every table), each
table's result compared with every other table's.

A board's result at a table is the net score of the side sitting in the board's first seats
(side A: Bourloto's P1 and P3, Burraco's first partnership): its points less the other
side's.  The other side's net is the negation, so one number per table is enough.

* :func:`matchpoints` — bridge's pair scoring: 2 for each table beaten, 1 for each tie (the
  board's top is ``2 * (tables - 1)``; every table's matchpoints add up to
  ``tables * (tables - 1)`` for each direction).
* :func:`cross_imps` — each table's result against every other one, the difference turned
  into IMPs of the game's scale (:func:`trapoula.club.scales.game_imps`) and averaged.

>>> matchpoints({"t1": 86, "t2": -116, "t3": 86})
{'t1': 3, 't2': 0, 't3': 3}
>>> other_side(matchpoints({"t1": 86, "t2": -116, "t3": 86}), 3)
{'t1': 1, 't2': 4, 't3': 1}
>>> cross_imps("bourloto", {"t1": 86, "t2": -116, "t3": 86})
{'t1': 6.5, 't2': -13.0, 't3': 6.5}
"""

from __future__ import annotations

from collections.abc import Mapping

from trapoula.club.scales import game_imps
from trapoula.errors import ConfigError

__all__ = ["board_results", "cross_imps", "matchpoints", "other_side", "percentages"]


def matchpoints(results: Mapping[str, int]) -> dict[str, int]:
    """Matchpoints of each table on one board for the side whose net ``results`` are."""
    return {t: sum(2 if r > o else 1 if r == o else 0
                   for u, o in results.items() if u != t)
            for t, r in results.items()}


def other_side(mps: Mapping[str, int], tables: int) -> dict[str, int]:
    """The other direction's matchpoints (the top less each)."""
    top = 2 * (tables - 1)
    return {t: top - v for t, v in mps.items()}


def percentages(mps: Mapping[str, int], tables: int) -> dict[str, float]:
    """Matchpoints as a percentage of the top (one decimal)."""
    top = 2 * (tables - 1)
    return {t: round(100.0 * v / top, 1) if top else 50.0 for t, v in mps.items()}


def cross_imps(game: str, results: Mapping[str, int]) -> dict[str, float]:
    """Each table's IMPs against every other table on one board, averaged (two decimals)."""
    n = len(results)
    if n < 2:
        return {t: 0.0 for t in results}
    return {t: round(sum(game_imps(game, r - o) for u, o in results.items() if u != t)
                     / (n - 1), 2)
            for t, r in results.items()}


def board_results(scores: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Net results of side A from each table's deal score ``{table: {"A": .., "B": ..}}``."""
    out = {}
    for table, sc in scores.items():
        if set(sc) != {"A", "B"}:
            raise ConfigError(f"table {table}: a board's score is {{'A': n, 'B': n}}, got "
                              f"{dict(sc)!r}")
        out[table] = int(sc["A"]) - int(sc["B"])
    return out
