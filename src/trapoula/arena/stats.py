"""Arena statistics: OpenSkill ratings, beside the means with 95 % confidence intervals
and the win rates of :mod:`trapoula.core.evaluate` (the one place they are computed).

>>> ci_dict([1.0, 2.0, 3.0, 4.0])["high"] == mean_ci([1.0, 2.0, 3.0, 4.0]).high
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trapoula.core.evaluate import mean_ci, win_rate

__all__ = ["ci_dict", "openskill_ratings", "win_rate"]


def ci_dict(xs: Sequence[float]) -> dict[str, Any]:
    """:func:`~trapoula.core.evaluate.mean_ci` as the results file stores it (``n``,
    ``mean``, ``half_width``, ``low``, ``high``; None where undefined)."""
    return mean_ci(xs).as_dict()


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
