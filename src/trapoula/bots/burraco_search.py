"""Burraco search bot: the draw-or-pick-up decision by rollouts, the rest heuristic.

At the start of its turn, when both the stock and the discard pile may be taken, the bot
compares them by rollouts of sampled worlds played on by the heuristic bots
(:mod:`trapoula.search.burraco_rollout`) and overrules the heuristic's choice only when the
paired differences favour the other by ``z`` standard errors; melds, additions and discards
are the heuristic bot's.  Work per decision is a count of worlds, so a seeded bot replays exactly.

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("burraco")
>>> bot = make_bot("rollout", g, seed=1)
>>> s = g.new_deal(seed=5)
>>> str(bot.choose(s.view(s.current_player))) in ("draw", "pickup")
True
"""

from __future__ import annotations

from typing import Any

from trapoula.bots.base import Bot
from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
from trapoula.core.action import Action
from trapoula.core.game import Game

__all__ = ["BurracoSearchBot"]


class BurracoSearchBot(Bot):
    """Rollouts for draw / pickup; heuristic otherwise (``make_bot("rollout", ...)``)."""

    name = "rollout"
    rollouts = 6
    z = 2.0  # how many standard errors the rollouts must favour overruling the heuristic

    def __init__(self, game: Game, seed: int | None = None, *,
                 rollouts: int | None = None) -> None:
        super().__init__(game, seed)
        if rollouts is not None:
            self.rollouts = rollouts
        self.heuristic = BurracoHeuristicBot(game, seed=self.rng.getrandbits(32))

    def choose(self, view: Any) -> Action:
        acts: tuple[Action, ...] = tuple(view.legal_actions)
        kinds = {a.kind for a in acts}
        if view.phase != "draw" or not {"draw", "pickup"} <= kinds or self.rollouts <= 0:
            return self.heuristic.choose(view)
        from trapoula.search.burraco_rollout import draw_samples

        h = self.heuristic.choose(view)
        other = next((a for a in acts if a.kind in ("draw", "pickup") and a != h), None)
        if other is None or h.kind not in ("draw", "pickup"):
            return h
        samples = draw_samples(view, self.game, [h, other], self.rollouts, self.rng,
                               BurracoHeuristicBot)
        # paired differences over the same worlds: overrule the heuristic only when the
        # rollouts say so clearly (margins vary by hundreds of points between worlds)
        d = [b - a for a, b in zip(samples[h], samples[other], strict=True)]
        n = len(d)
        if n < 2:
            return h
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return other if mean > self.z * (var / n) ** 0.5 else h
