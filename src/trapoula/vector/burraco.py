"""Burraco's observations for a whole batch (the fenced fast path of :mod:`trapoula.vector`),
pinned to the adapter by :mod:`trapoula.vector.check`.

The engine plays every move (Burraco's melds are chosen integer by integer from the
engine's legal list, :class:`~trapoula.envs.base.Play`); the observations are the rows of
:mod:`trapoula.envs.burraco_fast`, one per deal and seat in a ``[N, seats, size]`` array:
each step brings the acting seat's row of every deal up to date from its state (only the
cells that changed since that seat last acted), writes all the changes in one numpy
assignment, takes the acting rows into the batch's array and adds the pending meld of
the deals that are building one.

>>> import trapoula.vector
>>> env = trapoula.vector.make("burraco", num_envs=2, seed=1)
>>> type(env.encoder).__name__
'BurracoEncoder'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.envs.base import Adapter, Play
from trapoula.envs.burraco_fast import RowCache, StateCells, knows
from trapoula.vector.encode import Encoder

__all__ = ["BurracoEncoder", "knows"]


class BurracoEncoder(Encoder):
    """Every seat's row of every deal, brought up to date when that seat acts."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        from trapoula.games.burraco.state import BurracoState

        super().__init__(adapter, num_envs)
        self.cells = StateCells(adapter)
        self.n = n = adapter.players
        self.rows = np.zeros((num_envs, n, self.size), np.float32)
        self.flat: Any = self.rows.reshape(-1)
        self.caches = [[RowCache(self.cells.teams) for _ in range(n)] for _ in range(num_envs)]
        self._cls = BurracoState
        self._pending_cells: Any = getattr(adapter, "pending_cells")  # noqa: B009

    def start(self, i: int, play: Play) -> None:
        self.rows[i] = 0.0
        self.caches[i] = [RowCache(self.cells.teams) for _ in range(self.n)]

    def write(self, plays: Sequence[Play], to_act: np.ndarray, out: np.ndarray) -> None:
        n, size = self.n, self.size
        changes = self.cells.changes
        caches = self.caches
        cls = self._cls
        idx: list[int] = []
        vals: list[float] = []
        seats = to_act.tolist()
        other: list[int] = []
        for i, play in enumerate(plays):
            st = play.state
            me = seats[i]
            if st.__class__ is not cls:
                other.append(i)
                continue
            w = changes(st, me, caches[i][me])
            if w:
                base = (i * n + me) * size
                idx += [base + k for k in w]
                vals += w.values()
        if idx:
            self.flat[idx] = vals
        np.take(self.rows.reshape(-1, size), np.arange(len(out)) * n + to_act, axis=0, out=out)
        on: list[int] = []
        at: list[int] = []
        pv: list[float] = []
        for i, play in enumerate(plays):
            if play.pending:
                p_on, p_vals = self._pending_cells(play.pending)
                base = i * size
                on += [base + k for k in p_on]
                for k, x in p_vals:
                    at.append(base + k)
                    pv.append(x)
        flat: Any = out.reshape(-1)
        if on:
            flat[on] = 1.0
            flat[at] = pv
        ad = self.adapter
        for i in other:  # (not a deal state: from the view)
            st = plays[i].state
            ad.observe(st.view(ad.seats[seats[i]]), plays[i].pending, out[i])
