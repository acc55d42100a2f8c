"""The ``trapoula`` command line: play, replay, simulate, conformance, rules, games."""
