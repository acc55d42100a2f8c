"""Named slices of a flat observation tensor, and small helpers shared by the game adapters.

A :class:`Layout` is an ordered list of named pieces, each with a shape; the tensor is the
pieces flattened one after another.  Every value lies in ``[0, 1]`` (one-hot cells, card
counts divided by the number of copies, scalars divided by a documented scale and clipped).

>>> lay = Layout([("hand", (32,)), ("trick", (4, 32)), ("points", (2,))])
>>> lay.size, lay.offset("trick"), lay.slices["points"]
(162, 32, slice(160, 162, None))
>>> import numpy as np
>>> t = np.zeros(lay.size, np.float32)
>>> t[lay.offset("trick") + 1 * 32 + 5] = 1
>>> lay.views(t)["trick"][1].nonzero()[0].tolist()
[5]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod

import numpy as np

__all__ = ["Layout", "clip01", "relative", "table_rows"]


class Layout:
    """Pieces ``(name, shape)`` laid out one after another in a flat float32 tensor."""

    def __init__(self, pieces: Iterable[tuple[str, tuple[int, ...]]]) -> None:
        self.pieces: list[tuple[str, tuple[int, ...]]] = []
        self.slices: dict[str, slice] = {}
        self.shapes: dict[str, tuple[int, ...]] = {}
        at = 0
        for name, shape in pieces:
            if name in self.slices:
                raise ValueError(f"piece {name!r} appears twice")
            size = prod(shape)
            self.pieces.append((name, shape))
            self.slices[name] = slice(at, at + size)
            self.shapes[name] = shape
            at += size
        self.size = at

    def offset(self, name: str) -> int:
        """Where piece ``name`` starts in the flat tensor."""
        start: int = self.slices[name].start
        return start

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Each piece of ``tensor`` as a reshaped view (no copy)."""
        return {n: tensor[self.slices[n]].reshape(s) for n, s in self.pieces}

    def extend(self, pieces: Iterable[tuple[str, tuple[int, ...]]]) -> Layout:
        """This layout followed by more pieces (the information-state tensor)."""
        return Layout([*self.pieces, *pieces])

    def rows(self) -> list[tuple[str, str, str]]:
        """``(name, shape, flat range)`` rows for the documentation tables."""
        out = []
        for name, shape in self.pieces:
            s = self.slices[name]
            out.append((name, "x".join(map(str, shape)), f"{s.start}-{s.stop - 1}"))
        return out


def clip01(x: float) -> float:
    """``x`` clipped to ``[0, 1]``.

    >>> clip01(1.5), clip01(-2), clip01(0.25)
    (1.0, 0.0, 0.25)
    """
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)


def relative(seat: str, me: str, n: int) -> int:
    """Where ``seat`` sits relative to ``me``: 0 is me, 1 the next seat in the direction of
    play, ... (``P1``..``Pn``).

    >>> relative("P1", "P3", 4), relative("P4", "P3", 4), relative("P3", "P3", 4)
    (2, 1, 0)
    """
    return (int(seat[1:]) - int(me[1:])) % n


def table_rows(rows: Sequence[Sequence[object]], header: Sequence[str]) -> str:
    """A Markdown table.

    >>> print(table_rows([(1, "a")], ("n", "x")))
    | n | x |
    |---|---|
    | 1 | a |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)
