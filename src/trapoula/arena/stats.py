"""Arena statistics: means with 95 % confidence intervals, win rates and OpenSkill ratings.

>>> m = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> m["mean"], round(m["low"], 3), round(m["high"], 3)
(2.5, 1.235, 3.765)
>>> w = win_rate([1, 1, 0, -1])
>>> w["wins"], w["draws"], w["losses"], w["rate"]
(2, 1, 1, 0.625)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["mean_ci", "openskill_ratings", "win_rate"]

Z95 = 1.96


def mean_ci(xs: Sequence[float]) -> dict[str, Any]:
    """Mean and 95 % CI (normal approximation; the half-width is None below two samples)."""
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": 0.0, "half_width": None, "low": None, "high": None}
    m = sum(xs) / n
    if n < 2:
        return {"n": n, "mean": m, "half_width": None, "low": None, "high": None}
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    hw = Z95 * math.sqrt(var / n)
    return {"n": n, "mean": m, "half_width": hw, "low": m - hw, "high": m + hw}


def win_rate(outcomes: Sequence[int]) -> dict[str, Any]:
    """Wins (1), draws (0) and losses (-1): the rate (a draw counts half) with a 95 % Wilson
    interval."""
    n = len(outcomes)
    wins = sum(1 for o in outcomes if o > 0)
    draws = sum(1 for o in outcomes if o == 0)
    losses = n - wins - draws
    if n == 0:
        return {"n": 0, "wins": 0, "draws": 0, "losses": 0, "rate": None, "low": None,
                "high": None}
    p = (wins + 0.5 * draws) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"n": n, "wins": wins, "draws": draws, "losses": losses, "rate": p,
            "low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def openskill_ratings(
    games: Sequence[tuple[Sequence[Sequence[str]], Sequence[float]]],
) -> dict[str, dict[str, float]] | None:
    """OpenSkill (Plackett-Luce) ratings from ``(teams, scores)`` games in order: each team
    a list of bot names (a bot twice in one team counts once), higher score better.  None
    when the ``openskill`` package is not installed (``pip install trapoula[arena]``)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for teams, scores in games:
        names = [list(dict.fromkeys(t)) for t in teams]
        for t in names:
            for x in t:
                if x not in ratings:
                    ratings[x] = model.rating(name=x)
        rated = model.rate([[ratings[x] for x in t] for t in names],
                           scores=[float(s) for s in scores])
        for t, new in zip(names, rated, strict=True):
            for x, r in zip(t, new, strict=True):
                ratings[x] = r
    return {x: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for x, r in sorted(ratings.items(), key=lambda kv: -kv[1].ordinal())}
