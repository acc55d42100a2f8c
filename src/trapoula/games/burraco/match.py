"""Matches of 2 or 3 Burraco players each playing alone (RULES.md §3.8 read per player).

A Burraco match is a :class:`trapoula.core.match.TargetMatch` whatever the table: its sides
are the two partnerships with four players, else the players themselves (scores by seat).
After each hand a side at or above the target with the highest total wins; equal highest
totals call for ``tie_extra_deals`` more hands (:func:`solo_step`, the one rule of
:func:`trapoula.core.match.match_step`).  The deal passes to the left.

>>> solo_step({"P1": 1950, "P2": 1900, "P3": 10}, {"P1": 40, "P2": 120, "P3": 5},
...           target=2000, tie_extra_deals=1)
MatchStep(scores={'P1': 1990, 'P2': 2020, 'P3': 15}, winner='P2', extra_deals=0)
>>> solo_step({"P1": 1990, "P2": 1990}, {"P1": 30, "P2": 30}, target=2000, tie_extra_deals=1)
MatchStep(scores={'P1': 2020, 'P2': 2020}, winner=None, extra_deals=1)
"""

from __future__ import annotations

from trapoula.core.match import TargetMatch, match_step

__all__ = ["SoloMatch", "solo_step"]

solo_step = match_step  # the end-of-hand rule by player (the same rule for any sides)
SoloMatch = TargetMatch  # a match of players alone is a target match with a side per seat
