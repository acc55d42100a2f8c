"""Bourré search bot: determinised paranoid double-dummy search (PIMC) for the card play.

For each card to play, hands consistent with the view are drawn
(:mod:`trapoula.search.bourre_sampler`) and solved with every other player against the bot
(:mod:`trapoula.search.bourre_dd`, objective: the bot's share of the pot, minus the pot for
a bourré); the card with the best mean is played.  Work per move is a count of worlds and of
solver nodes, so a seeded bot replays exactly.  In the decision round the bot compares
folding, staying and exchanging its worst cards by rollouts of sampled deals played on by
the heuristic bots (:mod:`trapoula.search.bourre_rollout`).

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourre", players=3)
>>> bots = [make_bot("pimc", g, seed=i) for i in range(3)]
>>> s = g.new_deal(seed=5)
>>> while not s.is_over:
...     s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))
>>> sorted(s.result)
['bourre', 'carry', 'payouts']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trapoula.bots.base import Bot
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.search.bourre_dd import SCALE, BourrePosition, move_values
from trapoula.search.bourre_sampler import bourre_constraints, sample_bourre_hands

__all__ = ["BOURRE_LEVELS", "BourreExpertBot", "BourreHardBot", "BourreISMCTSBot",
           "BourreLevel", "BourrePIMCBot"]


@dataclass(frozen=True)
class BourreLevel:
    """Worlds and solver nodes per move; ``objective``: ``chips`` (the share of the pot,
    minus the pot for a bourré) or ``tricks``."""

    worlds: int
    nodes: int
    min_worlds: int = 3
    objective: str = "chips"
    rollouts: int = 0  # decision round: worlds per candidate (0: the heuristic decides)


BOURRE_LEVELS = {
    "hard": BourreLevel(worlds=12, nodes=3_000, rollouts=8),
    "expert": BourreLevel(worlds=40, nodes=40_000, rollouts=40),
}


class BourrePIMCBot(Bot):
    """PIMC card play over paranoid double-dummy values; heuristic decisions."""

    name = "pimc"
    level = "hard"

    def __init__(self, game: Game, seed: int | None = None, *,
                 level: BourreLevel | None = None) -> None:
        super().__init__(game, seed)
        self.opts: Any = game.options
        self.params = BOURRE_LEVELS[self.level] if level is None else level
        self.heuristic = BourreHeuristicBot(game, seed=self.rng.getrandbits(32))

    def choose(self, view: Any) -> Action:
        acts: tuple[Action, ...] = tuple(view.legal_actions)
        if len(acts) > 1 and view.phase == "decide" and self.params.rollouts > 0:
            return self._decide(view)
        if len(acts) == 1 or view.phase != "play":
            return self.heuristic.choose(view)
        by_card = {a.cards[0].index: a for a in acts}
        values = self.card_values(view)
        if not values:
            return self.heuristic.choose(view)
        best = max(values.values())
        top = [c for c, v in values.items() if v >= best - 1e-9]
        if len(top) > 1:
            h = self.heuristic.choose(view)
            if h.cards and h.cards[0].index in top:
                return h
        return by_card[min(top)]

    def _decide(self, view: Any) -> Action:
        """Fold, stay or draw by rollouts (:mod:`trapoula.search.bourre_rollout`)."""
        from trapoula.search.bourre_rollout import candidate_actions, decision_values

        h = self.heuristic.choose(view)
        cands = candidate_actions(view, h)
        values = decision_values(view, self.game, cands, self.params.rollouts, self.rng,
                                 BourreHeuristicBot)
        best = max(values.values())
        if values.get(h, -1e9) >= best - 1e-9:
            return h
        return max(cands, key=lambda a: values[a])

    def card_values(self, view: Any) -> dict[int, float]:
        """Mean paranoid chip value of each legal card over sampled worlds ({} if too few
        worlds fit in the node budget)."""
        p = self.params
        info = bourre_constraints(view, self.opts)
        staying = sorted(view.staying, key=lambda s: int(s[1:]))
        seats = tuple(int(s[1:]) - 1 for s in staying)
        trick = tuple(c.index for _, c in view.trick)
        leader_txt = view.trick[0][0] if view.trick else view.seat
        won = tuple(int(view.tricks_won.get(s, 0)) for s in staying)
        budget = [p.nodes]
        totals: dict[int, float] = {}
        used = 0
        for _ in range(p.worlds):
            hands = sample_bourre_hands(info, self.rng)
            pos = BourrePosition(seats, tuple(hands[s] for s in seats), int(view.trump),
                                 staying.index(leader_txt), trick, won,
                                 str(self.opts.forced_lead), str(self.opts.tie_rule))
            try:
                vals = move_values(pos, p.objective, budget)
            except RuntimeError:
                break
            for c, v in vals.items():
                totals[c] = totals.get(c, 0.0) + v
            used += 1
        if used < p.min_worlds:
            return {}
        return {c: v / used for c, v in totals.items()}


    def hint_values(self, view: Any) -> dict[Card, float]:
        """Mean chip value (share of the pot, -1..1) of each legal card, for hints."""
        scale = SCALE if self.params.objective == "chips" else 1
        return {Card.from_index(c): v / scale for c, v in self.card_values(view).items()}


class BourreHardBot(BourrePIMCBot):
    name = "hard"
    level = "hard"


class BourreExpertBot(BourrePIMCBot):
    name = "expert"
    level = "expert"


class BourreISMCTSBot(BourrePIMCBot):
    """The decision round as ``hard`` (rollouts); card play by SO-ISMCTS
    (:mod:`trapoula.search.bourre_ismcts`) with ``iterations`` per card."""

    name = "ismcts"
    level = "hard"
    iterations = 1500

    def choose(self, view: Any) -> Action:
        acts: tuple[Action, ...] = tuple(view.legal_actions)
        if view.phase != "play" or len(acts) == 1:
            return super().choose(view)
        from trapoula.search.bourre_ismcts import bourre_ismcts_visits

        visits = bourre_ismcts_visits(view, self.opts, self.iterations, self.rng)
        card = max(sorted(visits), key=lambda k: visits[k])
        return next(a for a in acts if a.cards[0] == card)
