"""Burraco's integer actions for learning environments: the ranges of the 146 integers
and the prefix rule of a meld's sub-decisions (:func:`select_table`, :func:`narrow`).

They live in a module of their own, free of numpy and of the adapter, so that a batch's
fast path (:mod:`trapoula.envs.burraco_fast`) runs the very same rule compiled (mypyc,
``make compiled``) that the adapter (:mod:`trapoula.envs.burraco`, which imports the
ranges and :func:`select_table` from here) runs for one deal.

>>> SELECT0, COMMIT
(92, 145)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

__all__ = ["ADD0", "COMMIT", "DISCARD0", "DRAW", "MAX_MELDS", "MELD", "PICKUP", "SELECT0",
           "TYPES", "narrow", "select_table"]

TYPES: Final = 53  # 52 cards and the joker
MAX_MELDS: Final = 36
DRAW: Final = 0
PICKUP: Final = 1
DISCARD0: Final = 2
MELD: Final = 55
ADD0: Final = 56
SELECT0: Final = ADD0 + MAX_MELDS  # 92
COMMIT: Final = SELECT0 + TYPES  # 145


def select_table(cands: Sequence[tuple[int, ...]], pending: tuple[int, ...],
                 matched: bool = False, whats: Sequence[Any] | None = None
                 ) -> dict[int, Any]:
    """A meld's next sub-decision after ``pending`` (its target and the cards chosen so
    far), from the legal melds or additions of that target (``cands``: their card types,
    ascending): ``SELECT0 + type`` (value None) for every card that continues a
    candidate, ``COMMIT`` when the cards chosen are one, its value what that candidate
    completes (``whats[j]`` for ``cands[j]``; without ``whats``, its card types).
    ``matched``: every candidate begins with the cards chosen (as :func:`narrow` keeps
    them), which is not checked again.

    >>> select_table([(1, 2, 3), (1, 2, 3, 4)], (MELD, SELECT0 + 1, SELECT0 + 2))
    {95: None}
    >>> select_table([(1, 2, 3), (1, 2, 3, 4)], (MELD, 93, 94, 95), whats=["a", "b"])
    {145: 'a', 96: None}
    """
    n = len(pending) - 1
    chosen = tuple([p - SELECT0 for p in pending[1:]]) if not matched else ()
    out: dict[int, Any] = {}
    for j in range(len(cands)):
        types = cands[j]
        if not matched and types[:n] != chosen:
            continue
        if len(types) == n:
            out[COMMIT] = types if whats is None else whats[j]
        else:
            out[SELECT0 + types[n]] = None
    return out


def narrow(cands: list[tuple[int, ...]], k: int, t: int) -> list[tuple[int, ...]]:
    """The candidates of :func:`select_table` whose card number ``k`` (0-based) is type
    ``t``: those still open once that card is selected (the ones before it being chosen
    already), so that the next sub-decisions read fewer.

    >>> narrow([(1, 2, 3), (1, 4, 5), (1,)], 1, 4)
    [(1, 4, 5)]
    """
    return [c for c in cands if len(c) > k and c[k] == t]
