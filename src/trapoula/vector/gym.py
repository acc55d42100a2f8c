"""A Gymnasium ``VectorEnv`` over :mod:`trapoula.vector`: one learner seat per deal.

``TrapoulaVectorEnv(game, preset, num_envs=N, seat=0, opponent=None, **options)``; its
observations are ``{"observation": [N, size], "action_mask": [N, actions]}`` (the adapter's,
for the learner's seat), actions integers ``[N]``, rewards the learner seat's reward of the
deals that ended (times ``reward_scale``).  Opponents' turns are played inside
(:class:`~trapoula.vector.seat.SeatDriver`: uniformly random legal integers unless an
``opponent`` is given: a policy, a bot name such as ``"heuristic"``, ``"hard"`` or
``"learned"``, a weights file or a :class:`~trapoula.vector.opponents.League`;
``learn_phases`` / ``assist`` leave the learner only some phases, as there).  Deals reset
in the step they end (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): the
observation returned with ``terminated`` is the next deal's first, so its mask always
offers a legal action.
``action_masks()`` returns the last masks as booleans (for maskable policies).

>>> import numpy as np
>>> env = TrapoulaVectorEnv("bourloto", "gr", num_envs=3)
>>> obs, info = env.reset(seed=2)
>>> obs["observation"].shape, int(env.single_action_space.n)
((3, 742), 140)
>>> obs, reward, terminated, truncated, info = env.step(env.action_masks().argmax(1))
>>> reward.shape, terminated.shape
((3,), (3,))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from trapoula.vector.incremental import make
from trapoula.vector.seat import Opponent, SeatDriver

__all__ = ["TrapoulaVectorEnv"]


class TrapoulaVectorEnv(VectorEnv):
    """``num_envs`` deals, one learner seat in each (see the module docs)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 num_envs: int = 16, seat: int | str = 0, opponent: Opponent | Any = None,
                 reward: str = "margin", reward_scale: float = 1.0, layout: str = "own",
                 seed: int = 0, learn_phases: tuple[str, ...] | None = None,
                 assist: Any = "heuristic", **options: Any) -> None:
        self._make = dict(game=game, preset=preset, num_envs=num_envs, reward=reward,
                          layout=layout, **options)
        self.venv = make(seed=seed, **self._make)
        self.seat, self.opponent, self.reward_scale = seat, opponent, float(reward_scale)
        self._assist = dict(learn_phases=learn_phases, assist=assist)
        self.driver = SeatDriver(self.venv, seat=seat, opponent=opponent, seed=seed,
                                 **self._assist)
        self.adapter = self.venv.adapter
        self.num_envs = num_envs
        n, size = self.adapter.num_actions, self.adapter.obs_layout.size
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.single_action_space = spaces.Discrete(n)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal every env (``seed`` re-seeds the deals and the opponents)."""
        if seed is not None:
            self.venv = make(seed=seed, **self._make)
            self.driver = SeatDriver(self.venv, seat=self.seat, opponent=self.opponent,
                                     seed=seed, **self._assist)
        obs, mask = self.driver.reset()
        return {"observation": obs.copy(), "action_mask": mask.copy()}, {}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        obs, mask, reward, done = self.driver.step(np.asarray(actions))
        return ({"observation": obs.copy(), "action_mask": mask.copy()},
                reward * self.reward_scale, done.copy(), np.zeros(self.num_envs, bool), {})

    def action_masks(self) -> np.ndarray:
        """The learner's legal integers in every deal, as booleans."""
        out: np.ndarray = self.venv.mask.astype(bool)
        return out
