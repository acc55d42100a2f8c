"""Duplicate matches between two bot teams: every deal is played twice, teams swapped.

Deal ``i`` uses seed ``derive_seed(seed, i)``; in the first playing team ``X`` holds seats
P1/P3 (team A), in the second it holds P2/P4 (team B), so both teams get the same cards.
The per-deal figure is the mean over the two playings of X's deal points minus Y's
(a thrown-in deal counts 0).

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourloto", "gr")
>>> rnd = lambda seat, i: make_bot("random", g, seed=i * 4 + seat)
>>> st = duplicate(g, rnd, rnd, deals=4, seed=1)
>>> st.deals, len(st.diffs)
(4, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.evaluate import duplicate_seatings, mean_ci, play_out
from trapoula.core.game import Game, derive_seed
from trapoula.core.seats import seat_index, seat_names

__all__ = ["DuplicateStats", "duplicate", "play_deal"]

# makes the bot for a seat index (0..3) and a deal number
BotFactory = Callable[[int, int], Bot]


@dataclass
class DuplicateStats:
    """Per-deal differences (team X minus team Y) and timing."""

    deals: int = 0
    diffs: list[float] = field(default_factory=list)
    played: int = 0  # playings that were not thrown in (two per deal at most)
    moves: dict[str, int] = field(default_factory=lambda: {"X": 0, "Y": 0})
    seconds: dict[str, float] = field(default_factory=lambda: {"X": 0.0, "Y": 0.0})
    slowest: dict[str, float] = field(default_factory=lambda: {"X": 0.0, "Y": 0.0})

    @property
    def mean(self) -> float:
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def half_width(self) -> float:
        """Half-width of the 95 % confidence interval of :attr:`mean`
        (:func:`trapoula.core.evaluate.mean_ci`)."""
        return mean_ci(self.diffs).half_width

    def ms_per_move(self, team: str) -> float:
        n = self.moves[team]
        return 1000.0 * self.seconds[team] / n if n else 0.0

    def merge(self, other: DuplicateStats) -> DuplicateStats:
        """Both runs' deals together (e.g. from worker processes)."""
        out = DuplicateStats(
            self.deals + other.deals, self.diffs + other.diffs, self.played + other.played
        )
        for t in ("X", "Y"):
            out.moves[t] = self.moves[t] + other.moves[t]
            out.seconds[t] = self.seconds[t] + other.seconds[t]
            out.slowest[t] = max(self.slowest[t], other.slowest[t])
        return out


def play_deal(
    state: Any, bots: Sequence[Bot], clock: Callable[[int, float], None] | None = None
) -> Any:
    """Play ``state`` to the end, seat ``i`` choosing with ``bots[i]``; the final state
    (:func:`trapoula.core.evaluate.play_out` with the bots in seat order)."""
    timer = None if clock is None else (lambda seat, dt: clock(seat_index(seat), dt))
    return play_out(state, dict(zip(seat_names(len(bots)), bots, strict=True)), timer)


def duplicate(
    game: Game, make_x: BotFactory, make_y: BotFactory, deals: int, seed: int = 0,
    start: int = 0,
) -> DuplicateStats:
    """Team X (``make_x``) against team Y over duplicate deals ``start .. start+deals-1``
    (:func:`trapoula.core.evaluate.duplicate_seatings`; the points are ``returns()``)."""
    st = DuplicateStats()
    info = game.info
    for i in range(start, start + deals):
        deal_seed = derive_seed(seed, i)
        total = 0.0
        # X holds slots 0 and 2 (team A's seats in the first play, team B's in the second)
        for at in duplicate_seatings(info, range(4)):
            x_seats = tuple(info.seats.index(s) for s, k in at.items() if k % 2 == 0)
            x_seat, y_seat = (next(s for s, k in at.items() if k == slot) for slot in (0, 1))
            bots = [make_x(s, i) if s in x_seats else make_y(s, i) for s in range(4)]

            def clock(i_seat: int, dt: float, x_seats: tuple[int, ...] = x_seats) -> None:
                side = "X" if i_seat in x_seats else "Y"
                st.moves[side] += 1
                st.seconds[side] += dt
                if dt > st.slowest[side]:
                    st.slowest[side] = dt

            final = play_deal(game.new_deal(seed=deal_seed), bots, clock)
            out = final.outcome()
            if out is None or getattr(out, "thrown_in", False):
                continue
            st.played += 1
            total += out.returns[x_seat] - out.returns[y_seat]
        st.diffs.append(total / 2.0)
        st.deals += 1
    return st
