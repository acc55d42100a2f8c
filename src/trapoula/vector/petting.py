"""PettingZoo-style batched multi-agent access to :mod:`trapoula.vector`: dicts keyed by
agent (``player_0`` is ``P1`` ...), each value a batch over the ``N`` deals.

As in PettingZoo's turn-based games, only the agent to act in a deal has a decision there:
its entry of that deal holds the observation and mask (the adapter's), every other agent's
entry is zeros, mask included.  ``step`` takes ``{agent: actions [N]}`` and plays, in each
deal, the action of the agent to act (the others' are ignored); rewards are per agent,
terminations the deals that ended (and were replaced by the next deal at once).

``opponents={"player_1": "heuristic", ...}`` seats trapoula's own players in some seats
(anything :func:`trapoula.vector.opponents.make_opponent` takes: bot names, weights files,
a :class:`~trapoula.vector.opponents.League`): those agents leave ``agents`` and their turns
are played inside ``reset`` and ``step``, so every deal waits for one of the other agents;
rewards of deals that ended in their turns are added to the step's.

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
                 num_envs: int = 16, seed: int = 0, opponents: dict[str, Any] | None = None,
                 **kwargs: Any) -> None:
        from trapoula.vector.opponents import make_opponent

        self.env = make(game, preset, num_envs=num_envs, seed=seed, **kwargs)
        self.adapter = self.env.adapter
        self.num_envs = num_envs
        self.possible_agents = [f"player_{i}" for i in range(self.adapter.players)]
        unknown = set(opponents or {}) - set(self.possible_agents)
        if unknown:
            raise ValueError(f"no agents {sorted(unknown)}; agents: {self.possible_agents}")
        self.opponents = {self.possible_agents.index(a): make_opponent(
            o, self.env.game, seed=seed + k, layout=self.adapter.layout_mode)
            for k, (a, o) in enumerate(sorted((opponents or {}).items()))}
        self.agents = [a for k, a in enumerate(self.possible_agents)
                       if k not in self.opponents]
        self._index = [self.possible_agents.index(a) for a in self.agents]

    def _split(self) -> dict[str, dict[str, np.ndarray]]:
        env = self.env
        out = {}
        for k, agent in zip(self._index, self.agents, strict=True):
            me = (env.to_act == k)[:, None]
            out[agent] = {"observation": np.where(me, env.obs, np.float32(0)),
                          "action_mask": np.where(me, env.mask, np.int8(0))}
        return out

    def reset(self, seed: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self.env.seed = seed
        self.env.reset()
        self._opponents(np.zeros((self.num_envs, self.adapter.players), np.float32),
                        np.zeros(self.num_envs, bool))
        return self._split(), {a: {} for a in self.agents}

    def _opponents(self, rewards: np.ndarray, done: np.ndarray) -> None:
        """Play the opponents' turns of every deal (adding to ``rewards`` and ``done``)."""
        from trapoula.vector.opponents import RowOpponent

        env = self.env
        while self.opponents:
            acts = np.full(self.num_envs, -1, np.int64)
            for k, opp in self.opponents.items():
                rows = np.flatnonzero(env.to_act == k)
                if not len(rows):
                    continue
                if isinstance(opp, RowOpponent):
                    acts[rows] = opp.act_rows(env, rows)
                else:
                    acts[rows] = opp(env.obs[rows], env.mask[rows])
            if (acts < 0).all():
                return
            _, _, _, r, d = env.step(acts)
            rewards += r
            done |= d
            for opp in self.opponents.values():
                if isinstance(opp, RowOpponent) and d.any():
                    opp.deals_ended(np.flatnonzero(d))

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, np.ndarray],
                                                    dict[str, np.ndarray],
                                                    dict[str, np.ndarray], dict[str, Any]]:
        env = self.env
        stacked = np.full((self.adapter.players, self.num_envs), -1, np.int64)
        for k, a in zip(self._index, self.agents, strict=True):
            stacked[k] = np.asarray(actions[a], np.int64)
        chosen = stacked[env.to_act, np.arange(self.num_envs)]
        _, _, _, r, d = env.step(chosen)
        rewards, done = r.copy(), d.copy()
        self._opponents(rewards, done)
        for opp in self.opponents.values():
            if hasattr(opp, "deals_ended") and d.any():
                opp.deals_ended(np.flatnonzero(d))
        rew = {a: rewards[:, k].copy() for k, a in zip(self._index, self.agents, strict=True)}
        term = {a: done.copy() for a in self.agents}
        trunc = {a: np.zeros(self.num_envs, bool) for a in self.agents}
        return self._split(), rew, term, trunc, {a: {} for a in self.agents}
