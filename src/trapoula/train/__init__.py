"""Training the learned bots (torch, the ``train`` extra): Deep Monte-Carlo self-play.

:mod:`trapoula.train.actors` plays deals over :mod:`trapoula.vector` with numpy copies of the
network (no torch: actors may run on Ray workers), :mod:`trapoula.train.dmc` regresses the
network on the deals' returns and evaluates it against the heuristic bot,
:mod:`trapoula.train.export` writes the numpy weights the bot ships with.  See docs/learned.md.
"""
