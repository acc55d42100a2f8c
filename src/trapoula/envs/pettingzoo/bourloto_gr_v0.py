"""PettingZoo module for Bourloto, preset gr (version 0), in PettingZoo's per-game form.

``env(**kwargs)`` / ``raw_env(**kwargs)`` are the turn-based AEC environment,
``parallel_env(**kwargs)`` the parallel form (see :mod:`trapoula.envs.pettingzoo`); keyword
arguments are rule options and environment parameters.

>>> from trapoula.envs.pettingzoo import bourloto_gr_v0
>>> e = bourloto_gr_v0.env()
>>> e.reset(seed=0)
>>> str(e)
'trapoula_bourloto_gr_v0'
"""

from trapoula.envs.pettingzoo import versioned

env, raw_env, parallel_env, cycle_env = versioned("bourloto", "gr")

__all__ = ["cycle_env", "env", "parallel_env", "raw_env"]
