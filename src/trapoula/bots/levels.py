"""The levels ``easy`` / ``medium`` / ``expert`` for the games whose ladder is the heuristic bot.

Bourloto has its own levels (``bourloto_pimc``).  For Bourré and Burraco:

- ``easy``: the heuristic bot, which in one decision of four (where there is a choice) plays a
  uniformly random legal action instead — a beginner who follows the plan but slips;
- ``medium``: the heuristic bot;
- ``hard``: Bourré PIMC/rollouts (``bourre_pimc``), Burraco :class:`BurracoStrongBot`;
- ``expert``: Bourré ``bourre_pimc.BourreExpertBot``; Burraco the strong bot with four times the
  sampled opponent hands (24 per decision, ≤ 1 s a move), not measurably stronger than ``hard``
  (docs/search.md).

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourre", players=4)
>>> bots = {f"P{i}": make_bot("easy", g, seed=i) for i in range(1, 5)}
>>> s = g.new_deal(seed=3)
>>> while not s.is_over:
...     s = s.apply(bots[s.current_player].choose(s.view(s.current_player)))
>>> s.is_over
True
"""

from __future__ import annotations

from typing import Any

from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
from trapoula.bots.burraco_strong import BurracoStrongBot
from trapoula.core.action import Action
from trapoula.core.game import Game

__all__ = [
    "BourreEasyBot", "BourreMediumBot", "BurracoEasyBot", "BurracoExpertBot", "BurracoMediumBot",
]

MISTAKE_RATE = 0.25


class _Slips:
    """Mixin for ``easy``: a uniformly random legal action in one decision of four."""

    rng: Any

    def choose(self, view: Any) -> Action:
        acts = view.legal_actions
        if len(acts) > 1 and self.rng.random() < MISTAKE_RATE:
            return acts[int(self.rng.random() * len(acts))]  # type: ignore[no-any-return]
        return super().choose(view)  # type: ignore[misc, no-any-return]


class BourreEasyBot(_Slips, BourreHeuristicBot):
    """Bourré ``easy``: the heuristic with a random slip in one decision of four."""

    name = "easy"


class BurracoEasyBot(_Slips, BurracoHeuristicBot):
    """Burraco ``easy``: the heuristic with a random slip in one decision of four."""

    name = "easy"


class BourreMediumBot(BourreHeuristicBot):
    """Bourré ``medium``: the heuristic bot."""

    name = "medium"


class BurracoMediumBot(BurracoHeuristicBot):
    """Burraco ``medium``: the heuristic bot."""

    name = "medium"


class BurracoExpertBot(BurracoStrongBot):
    """Burraco ``expert``: the strong bot with 24 sampled opponent hands per decision."""

    name = "expert"

    def __init__(self, game: Game, seed: int | None = None, *,
                 samples: int | None = 24, danger: float | None = None) -> None:
        super().__init__(game, seed, samples=samples, danger=danger)
