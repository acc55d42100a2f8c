"""A Stable-Baselines3 ``VecEnv`` over :mod:`trapoula.vector` (one learner seat per deal),
with ``action_masks`` for sb3-contrib's ``MaskablePPO``.

Needs the optional ``rl-train`` extra (``pip install 'trapoula[rl-train]'``: stable-baselines3,
sb3-contrib and so torch).  Observations are the adapter's tensors ``[N, size]`` (a ``Box``),
actions its integers; masks come from ``env_method("action_masks")``, which is how
``MaskablePPO`` asks a ``VecEnv`` for them.  Deals reset in the step they end.

    from sb3_contrib import MaskablePPO
    env = TrapoulaSB3VecEnv("bourloto", "gr", num_envs=64)
    MaskablePPO("MlpPolicy", env, n_steps=64).learn(20_000)

See docs/envs/vector_maskable_ppo.py for a whole training run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from trapoula.vector.incremental import make
from trapoula.vector.seat import Opponent, SeatDriver

__all__ = ["TrapoulaSB3VecEnv"]


class TrapoulaSB3VecEnv(VecEnv):
    """``num_envs`` deals for SB3 (see the module docs); ``seat``, ``opponent`` (a policy,
    a bot name such as ``"heuristic"``, a weights file, a league), ``learn_phases`` and
    ``assist`` as in :class:`~trapoula.vector.seat.SeatDriver`."""

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 num_envs: int = 16, seat: int | str = 0, opponent: Opponent | Any = None,
                 reward_scale: float = 1.0, seed: int = 0,
                 learn_phases: tuple[str, ...] | None = None, assist: Any = "heuristic",
                 **kwargs: Any) -> None:
        self.venv = make(game, preset, num_envs=num_envs, seed=seed, **kwargs)
        self.driver = SeatDriver(self.venv, seat=seat, opponent=opponent, seed=seed,
                                 learn_phases=learn_phases, assist=assist)
        self.reward_scale = float(reward_scale)
        ad = self.venv.adapter
        super().__init__(num_envs, spaces.Box(0.0, 1.0, (ad.obs_layout.size,), np.float32),
                         spaces.Discrete(ad.num_actions))
        self._actions: np.ndarray | None = None
        self._returns = np.zeros(num_envs, np.float64)
        self._lengths = np.zeros(num_envs, np.int64)

    def reset(self) -> np.ndarray:
        obs, _ = self.driver.reset()
        self._returns[:] = 0
        self._lengths[:] = 0
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, np.int64)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        assert self._actions is not None, "step_async first"
        obs, _, reward, done = self.driver.step(self._actions)
        reward = reward * self.reward_scale
        self._returns += reward
        self._lengths += 1
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done).tolist():  # what SB3's Monitor would report
            infos[i]["episode"] = {"r": float(self._returns[i]), "l": int(self._lengths[i])}
            self._returns[i] = 0
            self._lengths[i] = 0
        return obs.copy(), reward.astype(np.float32), done.copy(), infos

    def action_masks(self) -> np.ndarray:
        out: np.ndarray = self.venv.mask.astype(bool)
        return out

    def _indices(self, indices: Any) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        return [indices] if isinstance(indices, int) else list(indices)

    def env_method(self, method_name: str, *args: Any, indices: Any = None,
                   **kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"the deals have no method {method_name!r}")
        masks = self.action_masks()
        return [masks[i] for i in self._indices(indices)]

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = {"render_mode": None}.get(attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"cannot set {attr_name!r} on the batched deals")

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def close(self) -> None:
        pass
