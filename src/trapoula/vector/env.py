"""A batch of deals stepped together: the engine's states, the adapter's integers, numpy out.

:class:`VectorEnv` holds ``num_envs`` deals of one rules object.  Each step takes one integer
per deal (the adapter's layout, ``env.adapter``), plays it in that deal with the engine
(the only judge of legality) and returns numpy arrays: the acting seat's observation and
mask in every deal, the seat to act, the rewards of the deals that ended and which ended.
A deal that ends is replaced at once by the next deal of that env (auto-reset): the arrays
then describe the new deal, and the finished deal's record stays in :meth:`records` until
the next step.

Deal ``j`` of env ``i`` is ``game.new_deal(seed=deal_seed(seed, i, j))`` (a SplitMix64 key,
:func:`trapoula.core.rng.stream_key`), so a seed gives the same batch every time, and env
``i`` the same deals whatever the batch size.

>>> import trapoula.envs
>>> env = VectorEnv(trapoula.envs.adapter_for("bourloto", "gr"), num_envs=3, seed=0)
>>> obs, mask, to_act = env.reset()
>>> obs.shape, mask.shape, to_act.tolist()
((3, 742), (3, 140), [0, 0, 0])
>>> import numpy as np
>>> first = np.array([np.flatnonzero(m)[0] for m in mask])
>>> obs, mask, to_act, rewards, done = env.step(first)
>>> rewards.shape, done.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

import gc
import sys
from typing import Any

import numpy as np

from trapoula.core.rng import stream_key
from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.errors import IllegalActionError
from trapoula.vector.encode import AdapterEncoder, Encoder

__all__ = ["VectorEnv", "deal_seed"]


def deal_seed(seed: int, i: int, j: int) -> int:
    """The seed of deal ``j`` of env ``i`` in a batch seeded ``seed`` (62 bits).

    >>> deal_seed(0, 1, 2) == deal_seed(0, 1, 2) != deal_seed(0, 2, 1)
    True
    """
    return stream_key(seed, (i << 32) | j) >> 2


class VectorEnv:
    """``num_envs`` deals of one adapter's rules stepped together (see the module docs)."""

    def __init__(self, adapter: Adapter, num_envs: int, seed: int = 0,
                 encoder: Encoder | None = None) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.adapter = adapter
        self.game = adapter.game
        self.num_envs = num_envs
        self.seed = seed
        self.players = adapter.players
        self.num_actions = adapter.num_actions
        self.obs_size = adapter.obs_layout.size
        self.encoder = encoder if encoder is not None else AdapterEncoder(adapter, num_envs)
        self._seat_index = {s: k for k, s in enumerate(adapter.seats)}
        self._plays: list[Play] = []
        # adapters whose integers are whole actions fixed for every position: the legal
        # integers straight from the engine's legal list (no per-position table)
        self._static: list[Any] | None = getattr(adapter, "static_actions", None)
        self._index: dict[str, int] = getattr(adapter, "action_index", {})
        self._ints: list[list[int]] = []
        self._deal_no = [0] * num_envs
        self._finished: dict[int, GameState] = {}
        self.obs = np.zeros((num_envs, self.obs_size), np.float32)
        self.mask = np.zeros((num_envs, self.num_actions), np.int8)
        self.to_act = np.zeros(num_envs, np.int64)
        self.rewards = np.zeros((num_envs, self.players), np.float32)
        self.done = np.zeros(num_envs, bool)
        self.batched = np.zeros(num_envs, bool)  # deals stepped by a subclass in numpy
        self._obs_pool: list[np.ndarray] = []

    # --- dealing ------------------------------------------------------------------------------
    def _deal(self, i: int) -> Play:
        """The next deal of env ``i`` (one where somebody acts)."""
        while True:
            j = self._deal_no[i]
            self._deal_no[i] = j + 1
            play = Play(self.adapter, self.game.new_deal(seed=deal_seed(self.seed, i, j)),
                        rows=False)  # the encoder keeps the observations
            if not play.over:
                self.encoder.start(i, play)
                return play

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal the first deal of every env: ``(obs [N, obs_size], mask [N, num_actions],
        to_act [N])`` (seat indices, 0 = ``P1``)."""
        self._deal_no = [0] * self.num_envs
        self._finished = {}
        self._plays = [self._deal(i) for i in range(self.num_envs)]
        self._finish()
        return self.obs, self.mask, self.to_act

    # --- stepping -----------------------------------------------------------------------------
    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          np.ndarray]:
        """Play ``actions[i]`` in deal ``i``: ``(obs, mask, to_act, rewards [N, seats],
        done [N])``, new arrays every step.  A negative action leaves that deal as it is
        (for drivers that move only some deals).  Every action is checked first: an
        illegal one raises ``IllegalActionError`` and no deal moves.

        The step runs with Python's cyclic garbage collector paused (and restored as it
        was): a step of a large batch makes and drops many short-lived objects (states,
        tuples), acyclic, which reference counting frees, while the collector's passes
        over the batch's long-lived objects cost up to a fifth of a Burraco step; anything
        cyclic is collected by the next collection after the step."""
        if not gc.isenabled():
            return self._step(actions)
        gc.disable()
        try:
            return self._step(actions)
        finally:
            gc.enable()

    def _step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                           np.ndarray]:
        acts = np.asarray(actions).astype(np.int64, copy=False).tolist()
        plays = self._plays
        if len(acts) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(acts)}")
        static = self._static
        tables: list[Any] = (self._ints if static is not None else
                             [p.table() if a >= 0 else () for p, a in zip(plays, acts,
                                                                          strict=True)])
        bad = [i for i, (a, t) in enumerate(zip(acts, tables, strict=True))
               if a not in t and a >= 0]
        if bad:
            i, ad = bad[0], self.adapter
            raise IllegalActionError(
                f"env {i}: {plays[i].seat} cannot play integer {acts[i]} now; legal: "
                + ", ".join(f"{j} ({ad.label(j)})" for j in sorted(tables[i])))
        self._finished = {}
        # new arrays every step: what a caller keeps from the last step stays as it was
        rewards = self.rewards = np.zeros((self.num_envs, self.players), np.float32)
        done = self.done = np.zeros(self.num_envs, bool)
        enc = self.encoder
        seats = self.adapter.seats
        for i, a in enumerate(acts):
            if a < 0:
                continue
            play = plays[i]
            before = play.state
            if static is not None:
                play._table = None
                play.state = before.apply(static[a])  # the engine checks it again
            elif (act := tables[i][a]) is None or play.pending:
                play.step(a)  # a sub-decision, or the one completing it
            else:  # Play.step's work for a whole action (legality was checked above)
                play._table = None
                play.state = before.apply(act)  # the engine checks it again
            if play.state.is_over:
                state = play.state
                r = self.adapter.rewards(enc.final_view(state))
                rewards[i] = [r[s] for s in seats]
                done[i] = True
                self._finished[i] = state
                plays[i] = self._deal(i)
            else:
                enc.moved(i, before, play, a)
        self._finish()
        return self.obs, self.mask, self.to_act, rewards, done

    def _before_finish(self) -> None:
        """Subclasses that step some deals in batches play them here."""

    def _masks(self, flat: list[int]) -> None:
        """Subclasses write the masks and seats to act of the deals in ``self.batched``."""

    def _finish(self) -> None:
        """The masks, seats to act and observations of the deals as they are now."""
        self._before_finish()
        plays = self._plays
        n_act = self.num_actions
        flat: list[int] = []
        to_act = self.to_act = np.zeros(self.num_envs, np.int64)
        index = self._seat_index
        static = self._static is not None
        ints = self._ints = []
        legal_index = self._index
        batched = self.batched.tolist()
        for i, play in enumerate(plays):
            if batched[i]:
                ints.append([])
                continue
            base = i * n_act
            state = play.state
            if static:
                legal = [legal_index[a] for a in state.legal_actions()]
                ints.append(legal)
            else:
                legal = list(play.table())
            flat.extend([base + k for k in legal])
            to_act[i] = index[state.current_player]  # type: ignore[index]
        self.mask = np.zeros((self.num_envs, n_act), np.int8)
        self.mask.ravel()[flat] = 1
        self._masks(flat)
        self.obs = self._new_obs()
        self.encoder.write(plays, to_act, self.obs)

    def _new_obs(self) -> np.ndarray:
        """The array of this step's observations: a new one, or the one returned two steps
        ago when nothing outside holds it any more (nor any view of it: CPython's reference
        count says so), which saves allocating (and faulting in) a large array per step.
        What a caller keeps is never written again."""
        pool = self._obs_pool  # the arrays of the last steps, oldest first
        if len(pool) >= 2:
            old = pool.pop(0)
            if sys.getrefcount(old) == 2:  # ``old`` and the call's argument: nobody else
                pool.append(old)
                return old
            del old
        out = np.empty((self.num_envs, self.obs_size), np.float32)
        pool.append(out)
        return out

    # --- inspection ---------------------------------------------------------------------------
    def state(self, i: int) -> GameState:
        """The engine state of env ``i`` now (the public API object)."""
        return self._plays[i].state

    def pending(self, i: int) -> tuple[int, ...]:
        """The integers of env ``i``'s unfinished sub-decision (Burraco's melds), which its
        observation shows to the seat to act: ``obs[i]`` is
        ``adapter.observe(env.state(i).view(seat), env.pending(i))``."""
        return self.play(i).pending

    def play(self, i: int) -> Play:
        """Env ``i``'s deal as the adapters drive it (state, pending sub-decision)."""
        return self._plays[i]

    def records(self) -> dict[int, dict[str, Any]]:
        """``{i: record}`` of the deals that ended at the last step (``game.replay``)."""
        return {i: s.record() for i, s in self._finished.items()}

    def finished(self, i: int) -> GameState | None:
        """The final state of env ``i``'s deal that ended at the last step, if one did."""
        return self._finished.get(i)
