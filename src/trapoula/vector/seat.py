"""One learning seat per deal of a :class:`~trapoula.vector.env.VectorEnv`, the other seats
played by an opponent: what single-agent algorithms (Gymnasium, SB3) train on.

:class:`SeatDriver` moves every deal to the learner's next decision: the opponents' turns
are played in batches (every deal waiting for an opponent moves at once) by ``opponent``,
a function ``(obs [M, size], mask [M, actions]) -> actions [M]`` (default: uniformly random
legal integers, drawn in numpy), or anything :func:`trapoula.vector.opponents.make_opponent`
takes: a bot name (``"heuristic"``, ``"hard"``, ``"learned"``), a weights file, a bot, a
:class:`~trapoula.vector.opponents.League` of snapshots.  The learner's seat is fixed
(``seat=0`` is ``P1``) or drawn for every deal (``seat="random"``).  The reward of a step
is the learner seat's reward of the deals that ended since its last decision (0
otherwise); a deal that ends is replaced by the next one at once, so the observation after
``done`` is the new deal's first (Gymnasium's ``AutoresetMode.SAME_STEP``).

``learn_phases`` (e.g. ``("play",)``) leaves the learner only its decisions in those phases
of the game (``state.phase``): its seat's other decisions are played by ``assist`` (a bot name
etc., as ``opponent``; default ``"heuristic"``) — say the bidding by the heuristic while the
learner learns the card play (docs/envs/vector_maskable_ppo.py).

>>> import trapoula.vector
>>> d = SeatDriver(trapoula.vector.make("bourloto", "gr", num_envs=4, seed=1), seat=0)
>>> obs, mask = d.reset()
>>> bool((d.env.to_act == 0).all()), obs.shape
(True, (4, 742))
>>> obs, mask, reward, done = d.step(mask.argmax(1))
>>> reward.shape, done.dtype
((4,), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from trapoula.vector.env import VectorEnv
from trapoula.vector.opponents import RowOpponent, make_opponent, random_policy

__all__ = ["Opponent", "SeatDriver", "random_policy"]

Opponent = Callable[[np.ndarray, np.ndarray], np.ndarray]


class SeatDriver:
    """The learner's decisions of every deal, the other seats played by ``opponent``."""

    def __init__(self, env: VectorEnv, *, seat: int | str = 0,
                 opponent: Opponent | Any = None, seed: int = 0,
                 learn_phases: tuple[str, ...] | None = None, assist: Any = "heuristic"
                 ) -> None:
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < env.players):
            raise ValueError(f"seat must be 'random' or 0..{env.players - 1}, not {seat!r}")
        self.env = env
        self.rng = np.random.default_rng(seed)
        self.opponent: Any = (random_policy(self.rng) if opponent is None else
                         make_opponent(opponent, env.game, seed=seed,
                                       layout=env.adapter.layout_mode))
        self._rows = self.opponent if isinstance(self.opponent, RowOpponent) else None
        self.learn_phases = None if learn_phases is None else frozenset(learn_phases)
        self.assist: Any = None if learn_phases is None else make_opponent(
            assist, env.game, seed=seed + 1, layout=env.adapter.layout_mode)
        self.random_seat = seat == "random"
        self.seats = np.full(env.num_envs, 0 if seat == "random" else int(seat), np.int64)

    def _draw(self, rows: np.ndarray) -> None:
        if self.random_seat and len(rows):
            self.seats[rows] = self.rng.integers(0, self.env.players, len(rows))

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Deal every env and play up to the learner's first decisions: ``(obs, mask)``."""
        self.env.reset()
        self._draw(np.arange(self.env.num_envs))
        reward = np.zeros(self.env.num_envs, np.float32)
        done = np.zeros(self.env.num_envs, bool)
        self._opponents(reward, done)
        return self.env.obs, self.env.mask

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                 np.ndarray]:
        """The learner's action in every deal: ``(obs, mask, reward [N], done [N])``."""
        env = self.env
        reward = np.zeros(env.num_envs, np.float32)
        done = np.zeros(env.num_envs, bool)
        _, _, _, r, d = env.step(np.asarray(actions, np.int64))
        self._collect(r, d, reward, done)
        self._opponents(reward, done)
        return env.obs, env.mask, reward, done

    def _collect(self, r: np.ndarray, d: np.ndarray, reward: np.ndarray,
                 done: np.ndarray) -> None:
        ended = np.flatnonzero(d)
        if len(ended):  # (a deal that ends without a learner decision adds to the next)
            reward[ended] += r[ended, self.seats[ended]]
            done[ended] = True
            self._draw(ended)
        if self._rows is not None and d.any():
            self._rows.deals_ended(np.flatnonzero(d))

    def _assisted(self, mine: np.ndarray) -> np.ndarray:
        """The deals of ``mine`` (the learner's turn) in a phase the learner does not learn."""
        if self.learn_phases is None:
            return np.zeros(0, np.int64)
        rows = np.flatnonzero(mine)
        phases = self.learn_phases
        return rows[[getattr(self.env.state(i), "phase", "") not in phases
                     for i in rows.tolist()]].astype(
            np.int64)

    def _opponents(self, reward: np.ndarray, done: np.ndarray) -> None:
        """Move every deal whose seat to act is not the learner's, in batches."""
        env = self.env
        while True:
            wait = env.to_act != self.seats
            helped = self._assisted(~wait)
            if not wait.any() and not len(helped):
                return
            rows = np.flatnonzero(wait)
            acts = np.full(env.num_envs, -1, np.int64)
            if len(helped):
                assist = self.assist
                acts[helped] = (assist.act_rows(env, helped) if hasattr(assist, "act_rows")
                                else assist(env.obs[helped], env.mask[helped]))
            if self._rows is not None:
                acts[rows] = self._rows.act_rows(env, rows)
            else:
                acts[rows] = self.opponent(env.obs[rows], env.mask[rows])
            _, _, _, r, d = env.step(acts)
            self._collect(r, d, reward, done)
