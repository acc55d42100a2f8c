"""``random.Random.shuffle``, the same permutation from the same generator, made fast.

A Burraco deal shuffles 108 cards, and the standard library's shuffle is pure Python: about
20 µs, half of dealing a deal (a learning batch deals several every step).  :func:`shuffle`
runs the same algorithm (CPython 3.11-3.13: for ``i`` from the last index down to 1, swap
``x[i]`` with ``x[j]``, ``j`` drawn below ``i + 1`` by ``getrandbits(n.bit_length())``
until under ``n``), compiled with mypyc (``make compiled``), so it consumes the generator
exactly as ``rng.shuffle(x)`` does and leaves it in the same state.  It checks that once
at import (:data:`SAME`); on a Python whose shuffle differs, or for a generator other
than a plain ``random.Random``, it calls ``rng.shuffle`` itself.

>>> import random
>>> a, b = list(range(20)), list(range(20))
>>> random.Random(5).shuffle(a); shuffle(random.Random(5), b)
>>> a == b
True
"""

from __future__ import annotations

import random
from typing import Any, Final

__all__ = ["SAME", "shuffle"]

_BITS: Final = tuple(n.bit_length() for n in range(1024))


def _shuffle(rng: random.Random, x: list[Any]) -> None:
    draw = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = _BITS[n] if n < 1024 else n.bit_length()
        r: int = draw(k)
        while r >= n:
            r = draw(k)
        x[i], x[r] = x[r], x[i]


def _agrees() -> bool:
    """Does :func:`_shuffle` give the standard library's permutations (and leave the
    generator in the same state)?"""
    for seed in range(8):
        for size in (0, 1, 2, 3, 31, 108, 300):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            _shuffle(ours, a)
            theirs.shuffle(b)
            if a != b or ours.getrandbits(32) != theirs.getrandbits(32):
                return False
    return True


SAME: Final = _agrees()


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation, the generator left in the same state."""
    if SAME and type(rng) is random.Random:
        _shuffle(rng, x)
    else:
        rng.shuffle(x)
