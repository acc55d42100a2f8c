"""The learned Burraco bot: a Q-network over the vector observations, numpy only.

Trained by ``trapoula train burraco`` (Deep Monte-Carlo over :mod:`trapoula.vector`,
:mod:`trapoula.train.game_dmc`); how it plays: :mod:`trapoula.learned.generic`.  No weights
are shipped yet: ``make_bot("learned", game, weights=PATH)`` with a file of
``trapoula train burraco --export PATH`` (without ``weights`` a ConfigError says so).
"""

from __future__ import annotations

from trapoula.learned.generic import LearnedGameBot

__all__ = ["LearnedBurracoBot"]


class LearnedBurracoBot(LearnedGameBot):
    """The learned Burraco bot (:class:`~trapoula.learned.generic.LearnedGameBot`)."""
