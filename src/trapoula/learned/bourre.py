"""The learned Bourré bot: a Q-network over the vector observations, numpy only.

Trained by ``trapoula train bourre`` (Deep Monte-Carlo over :mod:`trapoula.vector`,
:mod:`trapoula.train.game_dmc`); how it plays: :mod:`trapoula.learned.generic`.  No weights
are shipped yet: ``make_bot("learned", game, weights=PATH)`` with a file of
``trapoula train bourre --export PATH`` (without ``weights`` a ConfigError says so).
"""

from __future__ import annotations

from trapoula.learned.generic import LearnedGameBot

__all__ = ["LearnedBourreBot"]


class LearnedBourreBot(LearnedGameBot):
    """The learned Bourré bot (:class:`~trapoula.learned.generic.LearnedGameBot`)."""
