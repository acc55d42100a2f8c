"""Evaluation: duplicate deals, play-outs and 95 % confidence intervals, in one place.

Everything that measures players against each other (``trapoula simulate``, ``trapoula
arena``, the bots' duplicate matches, the benchmarks) uses these pieces, and the payoffs
come from ``state.returns()`` (:mod:`trapoula.core.outcome`).  The module is rules-free and
standard-library only: a *player* is anything with ``choose(view) -> action`` (every bot).

* :func:`play_out` plays a state to its end, one player per seat.
* :func:`duplicate_seatings` says who sits where in each play of a duplicate deal: the
  partnerships' seats swapped (P1<->P2, P3<->P4), or, where everyone plays alone, the table
  rotated once per seat (slot ``k`` at seat ``k + r``).
* :func:`play_duplicate` plays one deal once per seating; :func:`mean_ci`,
  :func:`pair_stats` and :func:`win_rate` summarise.

>>> import trapoula
>>> g = trapoula.make("bourre", players=3)
>>> [[at[s] for s in g.info.seats] for at in duplicate_seatings(g.info, ["a", "b", "c"])]
[['a', 'b', 'c'], ['c', 'a', 'b'], ['b', 'c', 'a']]
>>> duplicate_seatings(trapoula.make("bourloto").info, ["x1", "y1", "x2", "y2"])[1]
{'P1': 'y1', 'P2': 'x1', 'P3': 'y2', 'P4': 'x2'}
>>> c = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> c.mean, round(c.half_width, 3), c.as_dict()["n"]
(2.5, 1.265, 4)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from trapoula.core.outcome import GameInfo
from trapoula.core.state import GameState

__all__ = [
    "Z95", "MeanCI", "PairStats", "Player", "duplicate_seatings", "mean_ci", "pair_stats",
    "play_duplicate", "play_out", "win_rate",
]

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval

T = TypeVar("T")


class Player(Protocol):
    """Whatever chooses an action from a seat's view (every bot)."""

    def choose(self, view: Any) -> Any: ...


# called after every decision with the seat and the seconds its player took
Clock = Callable[[str, float], None]


@dataclass(frozen=True)
class MeanCI:
    """A mean over ``n`` samples with its 95 % confidence half-width (normal
    approximation; infinite below two samples)."""

    n: int
    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly: ``n``, ``mean``, ``half_width``, ``low``, ``high`` (the last
        three None when the interval is not defined)."""
        finite = math.isfinite(self.half_width)
        return {"n": self.n, "mean": self.mean,
                "half_width": self.half_width if finite else None,
                "low": self.low if finite else None, "high": self.high if finite else None}


def mean_ci(xs: Sequence[float]) -> MeanCI:
    """The mean of ``xs`` and its 95 % half-width (the sample standard deviation over
    ``sqrt(n)`` times :data:`Z95`)."""
    n = len(xs)
    if n == 0:
        return MeanCI(0, 0.0, math.inf)
    m = sum(xs) / n
    if n < 2:
        return MeanCI(n, m, math.inf)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return MeanCI(n, m, Z95 * math.sqrt(var / n))


@dataclass(frozen=True)
class PairStats:
    """Summary of per-deal-pair results of side 1 against side 2."""

    n: int
    mean1: float  # side 1's points per deal
    mean2: float
    diff: float  # mean of (side 1 - side 2) per deal, averaged over the pair
    half_width: float  # 95 % confidence half-width of ``diff``

    @property
    def low(self) -> float:
        return self.diff - self.half_width

    @property
    def high(self) -> float:
        return self.diff + self.half_width


def pair_stats(pairs: Sequence[tuple[float, float, float, float]]) -> PairStats:
    """Stats from ``(side1 first play, side2 first play, side1 swapped, side2 swapped)``.

    >>> s = pair_stats([(100, 62, 90, 72), (80, 82, 70, 92), (162, 0, 81, 81)])
    >>> s.n, round(s.mean1, 2), round(s.mean2, 2), round(s.diff, 2), round(s.half_width, 2)
    (3, 97.17, 64.83, 32.33, 52.79)
    """
    n = len(pairs)
    diff = mean_ci([((a1 - b1) + (a2 - b2)) / 2 for a1, b1, a2, b2 in pairs])
    if n == 0:
        return PairStats(0, 0.0, 0.0, 0.0, math.inf)
    mean1 = sum(a1 + a2 for a1, _, a2, _ in pairs) / (2 * n)
    mean2 = sum(b1 + b2 for _, b1, _, b2 in pairs) / (2 * n)
    return PairStats(n, mean1, mean2, diff.mean, diff.half_width)


def win_rate(outcomes: Sequence[int]) -> dict[str, Any]:
    """Wins (1), draws (0) and losses (-1): the rate (a draw counts half) with a 95 % Wilson
    interval.

    >>> w = win_rate([1, 1, 0, -1])
    >>> w["wins"], w["draws"], w["losses"], w["rate"]
    (2, 1, 1, 0.625)
    """
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


def play_out(state: GameState, players: Mapping[str, Player],
             clock: Clock | None = None, now: Callable[[], float] = time.perf_counter,
             ) -> GameState:
    """Play ``state`` to its end, each seat's action chosen by ``players[seat]`` from that
    seat's view; ``clock(seat, seconds)`` is told how long each choice took (by ``now``:
    wall time, or e.g. ``time.process_time`` for CPU time)."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if clock is None:
            action = players[seat].choose(view)
        else:
            t = now()
            action = players[seat].choose(view)
            clock(seat, now() - t)
        state = state.apply(action)
    return state


def duplicate_seatings(info: GameInfo, slots: Sequence[T]) -> list[dict[str, T]]:
    """Who sits where in each play of a duplicate deal, ``slots`` given in seat order for
    the first play: in a partnership game the second play swaps the partnerships' seats
    (each seat takes its right-hand neighbour's place: P1<->P2, P3<->P4); where everyone
    plays alone there is one play per seat, slot ``k`` at seat ``(k + r) mod n`` in play
    ``r``, so every slot plays every seat's cards."""
    seats = info.seats
    n = len(seats)
    if len(slots) != n:
        raise ValueError(f"a duplicate deal of {info.name} seats {n} players, not {len(slots)}")
    first = dict(zip(seats, slots, strict=True))
    if info.partnership:
        return [first, {seats[k]: slots[k ^ 1] for k in range(n)}]
    return [{seats[(k + r) % n]: slots[k] for k in range(n)} for r in range(n)]


def play_duplicate(start: Callable[[], GameState], tables: Sequence[Mapping[str, Player]],
                   clock: Callable[[int, str, float], None] | None = None) -> list[GameState]:
    """One duplicate deal: a fresh ``start()`` (the same deal every time) played once per
    table of players (see :func:`duplicate_seatings`); the final states, in order.
    ``clock(play, seat, seconds)`` times every choice."""
    out = []
    for k, table in enumerate(tables):
        timer: Clock | None = None
        if clock is not None:
            def timer(seat: str, dt: float, k: int = k) -> None:
                clock(k, seat, dt)
        out.append(play_out(start(), table, timer))
    return out
