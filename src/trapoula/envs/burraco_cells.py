"""The cells of Burraco's observation that a deal's adapter and a batch's fast path both
write: the phases, the copies of each card type in the pack, and a meld's block of the
``melds`` slice (:func:`meld_cells`, :func:`count_values`).

They live in a module of their own, free of numpy and of the adapter, so that the adapter
(:mod:`trapoula.envs.burraco`) and the fast path (:mod:`trapoula.envs.burraco_fast`, which
the adapter loads only when numpy is there) share them without importing each other.

>>> PHASES, _MELD, MELD_MINE
(('draw', 'play', 'over'), 78, 77)
"""

from __future__ import annotations

from collections.abc import Sequence

from trapoula.envs.burraco_actions import TYPES
from trapoula.envs.layout import clip01

__all__ = ["MELD_MINE", "PHASES", "count_values", "meld_cells"]

PHASES = ("draw", "play", "over")
_COPIES = tuple(4.0 if i == 52 else 2.0 for i in range(TYPES))
_MELD = TYPES + 2 + 4 + 14 + 5  # counts, kind, suit, span, clean/burraco/points/bonus/mine


def _span(types: Sequence[int]) -> int:
    """The sequence positions (1 = ace low .. 14 = ace high) a sequence covers, as bits
    (``types``: its card types in display order)."""
    for j, t in enumerate(types):
        if t == 52 or t % 13 == 0:
            continue  # jokers and 2s may be wild: place the meld by a natural card
        r = t % 13 + 2
        pos = (1 if j == 0 else 14) if r == 14 else r
        start = pos - j
        return ((1 << len(types)) - 1) << (start - 1)
    return 0


def count_values(base: int, types: Sequence[int]) -> list[tuple[int, float]]:
    """The cells of a multiset of card types: ``(base + type, copies / copies in the pack)``.

    >>> count_values(10, [52, 3, 52])
    [(62, 0.5), (13, 0.5)]
    """
    counts: dict[int, int] = {}
    for t in types:
        counts[t] = counts.get(t, 0) + 1
    return [(base + t, k / _COPIES[t]) for t, k in counts.items()]


def meld_cells(types: Sequence[int], is_set: bool, suit: int, clean: bool, burraco: bool,
               points: int, bonus: int) -> tuple[list[int], list[tuple[int, float]]]:
    """A meld's cells relative to its block of the ``melds`` slice (all but "laid by me",
    cell ``MELD_MINE``): ``types`` in display order, ``suit`` -1 for a set.

    >>> meld_cells([14, 15, 16], False, 1, True, False, 15, 0)[0]  # 3H 4H 5H: a clean run
    [54, 56, 61, 62, 63, 73]
    """
    on: list[int] = []
    x = TYPES
    if is_set:
        on.append(x)
    else:
        on.append(x + 1)
        if suit >= 0:
            on.append(x + 2 + suit)
        span = _span(types)
        on.extend(x + 6 + p for p in range(14) if span >> p & 1)
    x += 20
    if clean:
        on.append(x)
    if burraco:
        on.append(x + 1)
    vals = count_values(0, types)
    vals.append((x + 2, clip01(points / 200.0)))
    vals.append((x + 3, clip01(bonus / 200.0)))
    return on, vals


MELD_MINE = TYPES + 24  # the "laid by me" cell of a meld's block
