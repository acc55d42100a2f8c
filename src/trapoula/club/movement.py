"""Club-night movements: who sits where and which boards each table plays, round by round.

* :func:`mitchell` — the Mitchell movement for ``pairs`` pairs at ``tables = ceil(pairs / 2)``
  tables: the North-South pairs stay at their table, the East-West pairs move up one table
  after each round and the board sets move down one.  With an even number of tables the
  East-West pairs skip a table after half the rounds (the "skip Mitchell"), so that no pair
  plays a board set twice; the session then has ``tables - 1`` rounds.  With an odd number of
  pairs the missing East-West pair is a sit-out (the pair due to meet it rests that round).
  Every board set is played once per round at one table; each East-West pair plays each set
  at most once and meets each North-South pair at most once.

A duplicate round of an online tournament needs no movement: a pairing
(:mod:`trapoula.club.pairing`) decides who meets and every table plays the same deals.

Pairs are numbered 1..N: North-South pairs ``1..T`` (pair ``t`` at table ``t``), East-West
pairs ``T+1..2T``.

>>> m = mitchell(6)
>>> [(s.table, s.ns, s.ew, s.boards) for s in m[0]]
[(1, 1, 4, 1), (2, 2, 5, 2), (3, 3, 6, 3)]
>>> [(s.table, s.ns, s.ew, s.boards) for s in m[1]]
[(1, 1, 6, 2), (2, 2, 4, 3), (3, 3, 5, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

from trapoula.errors import ConfigError

__all__ = ["Seating", "mitchell"]


@dataclass(frozen=True)
class Seating:
    """One table in one round: its pairs (``0`` = nobody: a sit-out) and its board set."""

    round: int
    table: int
    ns: int
    ew: int
    boards: int

    @property
    def sit_out(self) -> bool:
        return self.ns == 0 or self.ew == 0


def mitchell(pairs: int, rounds: int | None = None) -> list[list[Seating]]:
    """The Mitchell movement (see the module): ``rounds`` (default: all) lists of seatings."""
    if pairs < 4:
        raise ConfigError(f"a Mitchell movement needs at least 4 pairs, got {pairs}")
    t = (pairs + 1) // 2
    most = t - 1 if t % 2 == 0 else t
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ConfigError(f"{pairs} pairs at {t} tables play 1 to {most} rounds of a "
                          f"Mitchell, not {rounds}")
    out = []
    for r in range(rounds):
        skip = 1 if t % 2 == 0 and r >= t // 2 else 0
        row = []
        for table in range(t):
            ew_index = (table - r - skip) % t  # the East-West pair that started at ew_index
            ew = t + 1 + ew_index
            ns = table + 1
            row.append(Seating(r + 1, table + 1, ns if ns <= pairs else 0,
                               ew if ew <= pairs else 0, (table + r) % t + 1))
        out.append(row)
    return out

