"""Search: double-dummy solvers, samplers of hidden hands, PIMC and ISMCTS.

* :mod:`trapoula.search.bourloto_dd` — exact card-point solver for a Bourloto position with
  every hand known (alpha-beta, transposition table, move ordering, equal-card merging).
* :mod:`trapoula.search.bourloto_sampler` — hidden hands consistent with what a seat knows.
* :mod:`trapoula.search.bourloto_pimc` — determinised search (PIMC) over the solver.
"""
