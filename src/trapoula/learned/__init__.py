"""Learned bots: networks trained by self-play (:mod:`trapoula.train`), played in numpy.

A package of its own (not :mod:`trapoula.bots`) because a learned bot reads the learning
environments' observation (:mod:`trapoula.envs`), and ``envs`` already depends on ``bots``.
"""

#: Where the shipped weights beat ``hard`` (95 % confidence interval above 0 over 600
#: duplicate deal pairs, ``benchmarks/learned_strength.py``; docs/learned.md): in these
#: (game, preset) pairs ``learned`` is the bot a web table's seat gets when none is named
#: (issue 17: "if it beats hard, it becomes the default bot of web tables").
BEATS_HARD: frozenset[tuple[str, str]] = frozenset({("bourloto", "ru")})

__all__ = ["BEATS_HARD"]
