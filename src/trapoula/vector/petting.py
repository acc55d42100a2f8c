"""PettingZoo-style batched multi-agent access to :mod:`trapoula.vector`: dicts keyed by
agent (``player_0`` is ``P1`` ...), each value a batch over the ``N`` deals.

As in PettingZoo's turn-based games, only the agent to act in a deal has a decision there:
its entry of that deal holds the observation and mask (the adapter's), every other agent's
entry is zeros, mask included.  ``step`` takes ``{agent: actions [N]}`` and plays, in each
deal, the action of the agent to act (the others' are ignored); rewards are per agent,
terminations the deals that ended (and were replaced by the next deal at once).

>>> env = ParallelVectorEnv("bourre", num_envs=2, seed=3)
>>> obs, infos = env.reset()
>>> sorted(obs)[:2], obs["player_0"]["observation"].shape
(['player_0', 'player_1'], (2, 670))
>>> acts = {a: o["action_mask"].argmax(1) for a, o in obs.items()}
>>> obs, rewards, terminations, truncations, infos = env.step(acts)
>>> rewards["player_0"].shape
(2,)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trapoula.vector.incremental import make

__all__ = ["ParallelVectorEnv"]


class ParallelVectorEnv:
    """``num_envs`` deals with every seat an agent (see the module docs)."""

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 num_envs: int = 16, seed: int = 0, **kwargs: Any) -> None:
        self.env = make(game, preset, num_envs=num_envs, seed=seed, **kwargs)
        self.adapter = self.env.adapter
        self.num_envs = num_envs
        self.possible_agents = [f"player_{i}" for i in range(self.adapter.players)]
        self.agents = list(self.possible_agents)

    def _split(self) -> dict[str, dict[str, np.ndarray]]:
        env = self.env
        out = {}
        for k, agent in enumerate(self.agents):
            me = (env.to_act == k)[:, None]
            out[agent] = {"observation": np.where(me, env.obs, np.float32(0)),
                          "action_mask": np.where(me, env.mask, np.int8(0))}
        return out

    def reset(self, seed: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self.env.seed = seed
        self.env.reset()
        return self._split(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, np.ndarray],
                                                    dict[str, np.ndarray],
                                                    dict[str, np.ndarray], dict[str, Any]]:
        env = self.env
        stacked = np.stack([np.asarray(actions[a], np.int64) for a in self.agents])
        chosen = stacked[env.to_act, np.arange(self.num_envs)]
        _, _, _, rewards, done = env.step(chosen)
        rew = {a: rewards[:, k].copy() for k, a in enumerate(self.agents)}
        term = {a: done.copy() for a in self.agents}
        trunc = {a: np.zeros(self.num_envs, bool) for a in self.agents}
        return self._split(), rew, term, trunc, {a: {} for a in self.agents}
