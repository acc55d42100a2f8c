"""numpy building blocks for batched playouts: counter-based random streams that agree with
:class:`trapoula.core.rng.PlayoutRNG`, and bit tricks on 32-bit card masks held in int64.

A batch keeps one SplitMix64 state per deal (``uint64``; arithmetic wraps modulo 2**64 as
SplitMix64 needs).  ``int(rng.random() * n)`` is reproduced exactly: ``random()`` is
``(out >> 11) * 2**-53`` in float64 on both sides.

>>> from trapoula.core.rng import PlayoutRNG
>>> s = stream_keys(5, 10, 3)
>>> r = PlayoutRNG(5, 12)
>>> [r.random() for _ in range(2)] == uniforms(s, 2)[:, 2].tolist()
True
>>> r.random() == float(draw(advance(s, 2))[2])
True
>>> st, r2 = s.copy(), PlayoutRNG(5, 11)
>>> all(int(r2.random() * n) == pick(st, n)[1] for n in (2, 3, 2, 7, 2, 2, 5, 2))
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trapoula.core.rng import _M1, _M2, _STREAM, GAMMA, MASK64, mix64

__all__ = [
    "PC16", "SEL16", "advance", "draw", "pick", "popcount", "select", "stream_keys", "uniforms",
]

Arr = np.ndarray[Any, Any]

_U = np.uint64
_G, _C1, _C2 = _U(GAMMA), _U(_M1), _U(_M2)
_S30, _S27, _S31, _S11 = _U(30), _U(27), _U(31), _U(11)
TO_UNIT = 2.0**-53


def mix(z: Arr) -> Arr:
    """SplitMix64's finaliser on a uint64 array (a new array)."""
    z = z ^ (z >> _S30)
    z *= _C1
    z ^= z >> _S27
    z *= _C2
    z ^= z >> _S31
    return z


def stream_keys(seed: int, start: int, n: int) -> Arr:
    """Keys (= initial states) of streams ``start .. start + n - 1`` of ``seed``
    (:func:`trapoula.core.rng.stream_key`)."""
    base = _U(mix64(int(seed) & MASK64))
    idx = np.arange(start, start + n, dtype=np.uint64)
    return mix(base + idx * _U(_STREAM))


def advance(state: Arr, k: int) -> Arr:
    """The states after ``k`` draws (a new array)."""
    return state + _U((k * GAMMA) & MASK64)


def raw(state: Arr, count: int) -> Arr:
    """The next ``count`` 64-bit outputs of every stream, shape ``(count, n)`` (no advance)."""
    steps = np.arange(1, count + 1, dtype=np.uint64) * _G
    return mix(state[None, :] + steps[:, None])


def uniforms(state: Arr, count: int) -> Arr:
    """The next ``count`` ``random()`` values of every stream, shape ``(count, n)``."""
    return (raw(state, count) >> _S11).astype(np.float64) * TO_UNIT


def draw(state: Arr, rows: Arr | None = None) -> Arr:
    """One ``random()`` for each stream (or for ``rows`` only), advancing their states."""
    if rows is None:
        state += _G
        s = state
    else:
        s = state[rows] + _G
        state[rows] = s
    return (mix(s) >> _S11).astype(np.float64) * TO_UNIT


def pick(state: Arr, n: Any, rows: Arr | None = None) -> Arr:
    """``int(rng.random() * n)`` for each stream (or ``rows``), advancing their states."""
    if isinstance(n, int) and n == 2:  # random() < 0.5 exactly when the top bit is 0
        if rows is None:
            state += _G
            s = state
        else:
            s = state[rows] + _G
            state[rows] = s
        bit: Arr = (mix(s) >> _U(63)).astype(np.int64)
        return bit
    out: Arr = (draw(state, rows) * n).astype(np.int64)
    return out


# --- bits -------------------------------------------------------------------------------------
_BITS16 = (np.arange(1 << 16)[:, None] >> np.arange(16)) & 1
PC16 = _BITS16.sum(1).astype(np.uint8)
# SEL16[v * 8 + r]: the r-th lowest set bit of the 16-bit v (r < 8: a hand has 8 cards at most)
SEL16 = np.zeros((1 << 16) * 8, np.uint8)
_v, _b = np.nonzero(_BITS16)
_r = np.cumsum(_BITS16, 1)[_v, _b] - 1
SEL16[_v[_r < 8] * 8 + _r[_r < 8]] = _b[_r < 8]
del _BITS16, _v, _b, _r

if hasattr(np, "bitwise_count"):  # numpy >= 2.0

    def popcount(x: Arr) -> Arr:
        """Set bits of each non-negative int64 below 2**32 (uint8)."""
        out: Arr = np.bitwise_count(x)
        return out

else:  # pragma: no cover - numpy 1.x

    def popcount(x: Arr) -> Arr:
        """Set bits of each non-negative int64 below 2**32 (uint8)."""
        out: Arr = PC16[x & 0xFFFF] + PC16[x >> 16]
        return out


def select(mask: Arr, r: Arr) -> Arr:
    """The index of the ``r``-th lowest set bit of each 32-bit ``mask`` (``r`` below its bit
    count and below 8).

    >>> select(np.array([0b1011, 1 << 20 | 1]), np.array([2, 1])).tolist()
    [3, 20]
    """
    nlo = PC16[mask & 0xFFFF]
    shift = (r >= nlo) << 4
    out: Arr = SEL16[(((mask >> shift) & 0xFFFF) << 3) + r - (nlo & -(shift >> 4))] + shift
    return out
