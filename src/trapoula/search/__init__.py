"""Search: double-dummy solvers, samplers of hidden hands, PIMC and ISMCTS.

* :mod:`trapoula.search.bourloto_dd` — exact card-point solver for a Bourloto position with
  every hand known (alpha-beta, transposition table, move ordering, equal-card merging).
* :mod:`trapoula.search.bourloto_sampler` — hidden hands consistent with what a seat knows.
* :mod:`trapoula.search.bourloto_prior` — the auction's and declarations' soft evidence, with
  the bidding hand model of :mod:`trapoula.search.bourloto_hand_model`.
* :mod:`trapoula.search.rollout` — playing sampled worlds on with a policy the calling bot
  passes (Bourré and Burraco rollouts).

The PIMC and ISMCTS bots built on these are in :mod:`trapoula.bots`; search never imports a
bot (docs/architecture.md).
"""
