"""Batched environments for research: many deals stepped at once, numpy in and out.

Pgx/EnvPool-shaped, for every game and preset (install the ``rl`` extra)::

    env = trapoula.vector.make("bourloto", preset="gr", num_envs=1024, seed=0)
    obs, mask, to_act = env.reset()                       # [N, obs_size], [N, actions], [N]
    obs, mask, to_act, rewards, done = env.step(actions)  # int [N]; rewards [N, seats]
    env.state(i)      # the engine state of env i now
    env.records()     # {i: record} of the deals that ended at the last step
    env.adapter       # the adapter of trapoula.envs.make_adapter (integers, layouts)

Observations, masks and rewards are exactly the adapter's for the same position (the tests
compare them).  Wrappers: :mod:`trapoula.vector.gym` (a Gymnasium ``VectorEnv``) and
:mod:`trapoula.vector.petting` (PettingZoo-style dicts keyed by agent).  See docs/vector.md.

>>> env = make("burraco", num_envs=2, seed=1)
>>> obs, mask, to_act = env.reset()
>>> obs.shape, env.adapter.num_actions
((2, 5948), 146)
"""

from __future__ import annotations

from trapoula.vector.env import VectorEnv
from trapoula.vector.incremental import make

__all__ = ["VectorEnv", "make"]
