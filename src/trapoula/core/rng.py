"""Counter-based random streams for playouts: the same numbers in pure Python and in a
vectorised (numpy) implementation.

``PlayoutRNG(seed, stream)`` is a :class:`random.Random` whose ``j``-th 64-bit output is
``mix64(key + (j + 1) * GAMMA)`` (SplitMix64), with ``key`` derived from ``seed`` and
``stream``.  Any stream's ``j``-th number can be computed directly, which is what lets a batched
engine play thousands of deals at once and still agree, deal by deal, with the public API.

>>> r = PlayoutRNG(7, 3)
>>> a = [r.random() for _ in range(3)]
>>> b = PlayoutRNG(7, 3)
>>> a == [b.random() for _ in range(3)], all(0 <= x < 1 for x in a)
(True, True)
>>> PlayoutRNG(7, 3).getrandbits(64) == output(stream_key(7, 3), 0)
True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["GAMMA", "MASK64", "PlayoutRNG", "mix64", "output", "stream_key"]

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_STREAM = 0xD1B54A32D192ED03


def mix64(z: int) -> int:
    """The SplitMix64 finaliser (a bijection of 64-bit integers)."""
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def stream_key(seed: int, stream: int) -> int:
    """The key of stream ``stream`` of ``seed``."""
    return mix64((mix64(seed & MASK64) + (stream & MASK64) * _STREAM) & MASK64)


def output(key: int, j: int) -> int:
    """The ``j``-th (0-based) 64-bit output of the stream with this key."""
    return mix64((key + (j + 1) * GAMMA) & MASK64)


class PlayoutRNG(random.Random):
    """A :class:`random.Random` on a SplitMix64 counter stream (see the module docs)."""

    def __init__(self, seed: int = 0, stream: int = 0) -> None:
        self._key = 0
        self._state = 0
        super().__init__((seed, stream))  # type: ignore[arg-type]

    def seed(self, a: Any = None, version: int = 2) -> None:  # noqa: ARG002
        seed, stream = a if isinstance(a, tuple) else (int(a or 0), 0)
        self._key = stream_key(int(seed), int(stream))
        self._state = self._key

    def _next(self) -> int:
        self._state = (self._state + GAMMA) & MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * 1.1102230246251565e-16  # exactly 2 ** -53

    def getrandbits(self, k: int) -> int:
        if k <= 0:
            return 0
        out, have = 0, 0
        while have < k:
            out |= self._next() << have
            have += 64
        return out & ((1 << k) - 1)

    def getstate(self) -> tuple[int, int]:
        return (self._key, self._state)

    def setstate(self, state: Any) -> None:
        self._key, self._state = state
