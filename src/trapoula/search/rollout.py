"""Playing a sampled position to the end with a rollout policy (the rollout searches' loop).

:mod:`trapoula.search.bourre_rollout` and :mod:`trapoula.search.burraco_rollout` value a
candidate action by playing each sampled world on to the end of the deal.  Who plays the
seats there is a *policy* the caller passes: a callable ``policy(game, seed)`` returning a
bot (anything with ``choose(view)``), usually the calling bot's own heuristic class.  The
search layer never imports a bot (docs/architecture.md); the bots that search pass their
policy in.

Each seat gets its own policy bot the first time it is to move, seeded ``seed``, ``seed + 1``,
... in that order, so a rollout replays exactly for the same seed.

>>> import trapoula
>>> from trapoula.bots.bourre_heuristic import BourreHeuristicBot
>>> g = trapoula.make("bourre", players=3)
>>> play_out(g.new_deal(seed=3), g, BourreHeuristicBot, seed=7).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from trapoula.core.action import Action
from trapoula.core.game import Game

__all__ = ["RolloutBot", "RolloutPolicy", "play_out"]


class RolloutBot(Protocol):
    """What a rollout needs of a bot: an action for a seat's view."""

    def choose(self, view: Any) -> Action: ...


RolloutPolicy = Callable[[Game, int], RolloutBot]
"""Makes the bot that plays one seat of a rollout from ``(game, seed)``."""


def play_out(state: Any, game: Game, policy: RolloutPolicy, seed: int,
             max_steps: int | None = None) -> Any:
    """``state`` played on by ``policy`` bots until the deal is over (or ``max_steps``
    actions have been taken)."""
    bots: dict[str, RolloutBot] = {}
    s = state
    steps = 0
    while not s.is_over and (max_steps is None or steps < max_steps):
        who = s.current_player
        bot = bots.get(who)
        if bot is None:
            bot = bots[who] = policy(game, seed + len(bots))
        s = s.apply(bot.choose(s.view(who)))
        steps += 1
    return s
