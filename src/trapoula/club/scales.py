"""Conversion scales: bridge's IMP table adapted to each game, and FIBUR's victory points.

* :data:`WBF_IMP_STEPS` — the World Bridge Federation's IMP table (Laws of Duplicate Bridge
  2017, Law 78B; the revision in force since 1962): a point difference of 20-40 is 1 IMP, ...,
  4000 or more is 24.  A step starts at its lower bound (a difference of 10-19 is 0 IMPs).
* :func:`game_imps` — the same shape for the card games here: the difference is first
  multiplied by the game's factor (:data:`IMP_FACTOR`: Bourloto 4, Burraco 2), then read in
  the WBF table.  docs/tournaments.md explains the factors.
* :func:`fibur_vp` — FIBUR's victory points for a Burraco match of 3 or 4 hands (Codice di
  Gara art. 17, as published by eburraco.com and puntiburraco.it): the match-point
  difference gives 10-10 up to 20-0.

>>> imps(470), game_imps("bourloto", 116), game_imps("burraco", 200)
(10, 10, 9)
>>> fibur_vp(0, 3), fibur_vp(155, 3), fibur_vp(-1600, 3), fibur_vp(2005, 4)
((10, 10), (12, 8), (0, 20), (20, 0))
"""

from __future__ import annotations

from bisect import bisect_right

from trapoula.errors import ConfigError

__all__ = ["FIBUR_VP_STEPS", "IMP_FACTOR", "WBF_IMP_STEPS", "fibur_vp", "game_imps", "imps"]

# lower bound of 1, 2, ..., 24 IMPs (WBF Law 78B)
WBF_IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
                 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)
# a game's deal difference times its factor is read as a bridge difference
IMP_FACTOR = {"bourloto": 4, "burraco": 2}
# FIBUR: the largest difference of each step from 10-10 up; above the last one: 20-0
FIBUR_VP_STEPS = {
    3: (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500),
    4: (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000),
}


def imps(difference: int) -> int:
    """IMPs for a bridge point difference (its sign kept)."""
    n = bisect_right(WBF_IMP_STEPS, abs(difference))
    return n if difference >= 0 else -n


def game_imps(game: str, difference: int) -> int:
    """IMPs for a difference of ``game``'s deal points (its sign kept)."""
    if game not in IMP_FACTOR:
        raise ConfigError(f"no IMP scale for {game!r}; scales exist for "
                          f"{', '.join(IMP_FACTOR)}")
    return imps(difference * IMP_FACTOR[game])


def fibur_vp(difference: int, hands: int = 3) -> tuple[int, int]:
    """FIBUR victory points ``(first side, second side)`` for a Burraco match whose score
    difference (first minus second) is ``difference``, in a match of ``hands`` hands."""
    if hands not in FIBUR_VP_STEPS:
        raise ConfigError(f"FIBUR victory points are published for matches of "
                          f"{' or '.join(map(str, FIBUR_VP_STEPS))} hands, not {hands}")
    steps = FIBUR_VP_STEPS[hands]
    d = abs(difference)
    k = next((i for i, top in enumerate(steps) if d <= top), len(steps))
    win, lose = 10 + k, 10 - k
    return (win, lose) if difference >= 0 else (lose, win)
