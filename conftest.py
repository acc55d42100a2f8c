"""Doctest collection: skip the modules of optional extras that are not installed."""

import importlib.util

collect_ignore = []
if importlib.util.find_spec("stable_baselines3") is None:
    collect_ignore.append("src/trapoula/vector/sb3.py")
