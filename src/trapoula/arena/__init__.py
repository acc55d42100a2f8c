"""The arena: bots against bots over duplicate deals, with confidence intervals, match win
rates and OpenSkill ratings, run here, in local worker processes or on a Ray cluster.

>>> from trapoula.arena import ArenaSpec, run_arena
>>> res = run_arena(ArenaSpec("bourloto", "ru", bots=("heuristic", "random"), deals=2))
>>> res["pairs"][0]["deals"]["diff"]["n"]
2
"""

from trapoula.arena.run import ArenaSpec, build_units, run_arena, run_units

__all__ = ["ArenaSpec", "build_units", "run_arena", "run_units"]
