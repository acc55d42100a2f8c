"""Shuffling for Bourré: the pack from one random key, the refilled stock (RULES.md §2.2.6).

>>> permute([1, 2, 3], 1), permute([1, 2, 3], 5)
([3, 1, 2], [1, 2, 3])
>>> sorted(refill_stock(0b1011, refill_key=7, number=1))
[0, 1, 3]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trapoula.cards.cardset import bit_indices

__all__ = ["permute", "refill_stock"]

# radix groups of the Lehmer code: ((product, ((j, j + 1), ...)), ...) for j from the top
# down, each product below 2**30 so that the inner digits are one-limb integers
_GROUPS: dict[int, tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}


def _groups(n: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    cur: list[tuple[int, int]] = []
    prod = 1
    for j in range(n - 1, 0, -1):
        if prod * (j + 1) >= 1 << 30:
            out.append((prod, tuple(cur)))
            cur, prod = [], 1
        cur.append((j, j + 1))
        prod *= j + 1
    if cur:
        out.append((prod, tuple(cur)))
    g = _GROUPS[n] = tuple(out)
    return g


def permute(items: Sequence[int], key: int) -> list[int]:
    """A shuffle of ``items`` decided by one random ``key`` (Lehmer code): uniform when ``key``
    has comfortably more bits than ``log2(len(items)!)``.

    Fisher-Yates from the top: position ``j`` swaps with ``key_j``, the next digit of ``key``
    in the mixed radix ``len, len - 1, ..., 2`` (read a few digits at a time).
    """
    out = list(items)
    groups = _GROUPS.get(len(out)) or _groups(len(out))
    for prod, digits in groups:
        key, r = divmod(key, prod)
        for j, radix in digits:
            k = r % radix
            r //= radix
            out[j], out[k] = out[k], out[j]
    return out


def refill_stock(pool: int, refill_key: int, number: int) -> list[int]:
    """The new stock (top first) made of the ``pool`` cards at refill ``number`` (§2.2.6).

    The pool (earlier discards and folded hands) is shuffled from its canonical order by a
    key derived from the deal's ``refill_key`` (drawn when the deal was dealt), so a deal is
    replayable.
    """
    return permute(bit_indices(pool), random.Random(refill_key * 16 + number).getrandbits(256))
