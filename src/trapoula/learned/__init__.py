"""Learned bots: networks trained by self-play (:mod:`trapoula.train`), played in numpy.

A package of its own (not :mod:`trapoula.bots`) because a learned bot reads the learning
environments' observation (:mod:`trapoula.envs`), and ``envs`` already depends on ``bots``.
"""
