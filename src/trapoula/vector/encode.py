"""Observation encoders of :class:`~trapoula.vector.env.VectorEnv`: how the acting seat's
observation of every deal gets into the ``[N, obs_size]`` array.

:class:`AdapterEncoder` is the reference: each step it builds the acting seat's view and
asks the adapter for its tensor (``adapter.ones``), then writes the whole batch with two
numpy assignments.  Faster encoders (:mod:`trapoula.vector.incremental`) must give the same
arrays; ``tests/vector`` compares them.

>>> import trapoula.envs
>>> from trapoula.envs.base import Play
>>> ad = trapoula.envs.adapter_for("bourre")
>>> enc, play = AdapterEncoder(ad, 1), Play(ad, ad.game.new_deal(seed=1))
>>> out = np.zeros((1, ad.obs_layout.size), np.float32)
>>> enc.write([play], np.array([0]), out)
>>> bool((out[0] == ad.observe(play.state.view(play.seat))).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play

__all__ = ["AdapterEncoder", "Encoder"]


class Encoder:
    """The protocol: told of every new deal and every move, writes the observations."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        self.adapter = adapter
        self.num_envs = num_envs
        self.size = adapter.obs_layout.size

    def start(self, i: int, play: Play) -> None:
        """Env ``i`` starts a new deal."""

    def moved(self, i: int, before: GameState, play: Play, action: int) -> None:
        """Integer ``action`` was played in env ``i`` (``before``: the state it was played in;
        the deal goes on)."""

    def write(self, plays: Sequence[Play], to_act: np.ndarray, out: np.ndarray) -> None:
        """Fill ``out[i]`` with the observation of the seat to act in ``plays[i]``."""
        raise NotImplementedError

    def final_view(self, state: GameState) -> Any:
        """The view the adapter's ``rewards`` reads for a finished deal (any seat's)."""
        return state.view(self.adapter.seats[0])


class AdapterEncoder(Encoder):
    """Every observation through the adapter: ``state_ones`` (``ones`` of the seat's view,
    or the adapter's own reading of the state where it has one, pinned to it)."""

    def write(self, plays: Sequence[Play], to_act: np.ndarray, out: np.ndarray) -> None:
        size = self.size
        on: list[int] = []
        at: list[int] = []
        vals: list[float] = []
        ones = self.adapter.state_ones  # ones(state.view(seat)), or read from the state
        for i, play in enumerate(plays):
            seat = play.state.current_player
            idx, values = ones(play.state, seat, play.pending)  # type: ignore[arg-type]
            base = i * size
            on.extend([base + k for k in idx])
            for k, x in values:
                at.append(base + k)
                vals.append(x)
        flat: Any = out.reshape(-1)
        out.fill(0.0)
        flat[on] = 1.0
        flat[at] = vals
