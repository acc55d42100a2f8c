"""Bourloto search bots: determinised double-dummy search (PIMC) over sampled hidden hands.

For a card to play, :class:`BourlotoPIMCBot` draws worlds consistent with the seat's view
(:mod:`trapoula.search.bourloto_sampler`), solves each one double dummy for the value of every
legal card (:mod:`trapoula.search.bourloto_dd`: the card points the team takes from now on)
and plays the card with the best mean.  The number of worlds depends on how many tricks are
left (early positions cost far more to solve); where it is 0 the heuristic bot plays.  The
work per move is fixed (not timed), so a seeded bot replays exactly; ``time_limit`` (s) adds
an optional clock that stops drawing worlds once it is spent.  Bidding, declarations and the
seven exchange are the heuristic bot's.

Levels (``make_bot(name, game)``; mean / slowest time per move on a 2-core machine):

* ``easy`` — the heuristic's bidding, always the highest card (``GreedyBourlotoBot``);
* ``medium`` — the heuristic bot (about 1 ms);
* ``hard`` (also ``pimc``) — PIMC over the last five tricks (≤ 50 ms per move);
* ``expert`` — PIMC over the last seven tricks with more worlds (≤ 1 s per move).

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourloto", "gr")
>>> bots = [make_bot("pimc", g, seed=i) for i in range(4)]
>>> s = g.new_deal(seed=7)
>>> while not s.is_over:
...     s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))
>>> sorted(s.result)
['hanging', 'scores']
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from trapoula.bots.base import Bot
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot, GreedyBourlotoBot
from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.search.bourloto_dd import BourlotoSolver, DDPosition
from trapoula.search.bourloto_sampler import constraints, sample_hands

__all__ = [
    "LEVELS",
    "BourlotoEasyBot",
    "BourlotoExpertBot",
    "BourlotoHardBot",
    "BourlotoMediumBot",
    "BourlotoPIMCBot",
    "pimc_values",
]

# tricks left -> worlds per move (missing or 0: the heuristic plays)
LEVELS: dict[str, dict[int, int]] = {
    "hard": {5: 10, 4: 16, 3: 16, 2: 16},
    "expert": {7: 6, 6: 24, 5: 40, 4: 40, 3: 40, 2: 40},
}


def pimc_values(
    view: Any, opts: Any, worlds: int, rng: Any, solver: BourlotoSolver,
    deadline: float | None = None,
) -> tuple[dict[int, float], int]:
    """Mean double-dummy value (the seat's team's card points from now on) of each legal
    card over ``worlds`` sampled deals; returns (values by global card index, worlds used)."""
    info = constraints(view, opts)
    me = info.me
    team = "AB"[me & 1]
    leader = int(view.trick[0][0][1:]) - 1 if view.trick else me
    trick = tuple(c.index for _, c in view.trick)
    done = len(view.tricks)
    totals: dict[int, float] = {}
    used = 0
    for _ in range(worlds):
        hands = sample_hands(info, rng)
        pos = DDPosition(hands, info.trump, leader, trick, done)
        for card, v in solver.move_values(pos, team).items():
            totals[card.index] = totals.get(card.index, 0.0) + v
        used += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {c: v / used for c, v in totals.items()}, used


class BourlotoPIMCBot(Bot):
    """PIMC card play (see the module docs); the heuristic bot bids and declares."""

    name = "pimc"
    level = "hard"

    def __init__(
        self, game: Game, seed: int | None = None, *,
        worlds: Mapping[int, int] | None = None, time_limit: float | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.opts: Any = game.options
        self.worlds = dict(LEVELS[self.level] if worlds is None else worlds)
        self.time_limit = time_limit
        self.heuristic = BourlotoHeuristicBot(game, seed=self.rng.getrandbits(32))
        self.solver = BourlotoSolver.for_game(game, max_entries=400_000)

    def choose(self, view: Any) -> Action:
        acts: tuple[Action, ...] = view.legal_actions
        if len(acts) == 1 or acts[0].kind != "play":
            return self.heuristic.choose(view)
        by_card: dict[int, Action] = {}
        for a in acts:  # keep the version with the most words (declare, bourlot)
            c = a.cards[0].index
            old = by_card.get(c)
            if old is None or len(a.words) > len(old.words):
                by_card[c] = a
        if len(by_card) == 1:
            return next(iter(by_card.values()))
        left = 8 - len(view.tricks)
        n = self.worlds.get(left, 0)
        if n <= 0:
            return self.heuristic.choose(view)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        values, _ = pimc_values(view, self.opts, n, self.rng, self.solver, deadline)
        self.solver.clear()
        best = max(values.values())
        top = [c for c, v in values.items() if v >= best - 1e-9]
        if len(top) > 1:  # ties: let the heuristic choose among the best cards
            h = self.heuristic.choose(view)
            if h.cards and h.cards[0].index in top:
                return by_card[h.cards[0].index]
        return by_card[min(top)]

    def card_values(self, view: Any, worlds: int = 20) -> dict[Card, float]:
        """Mean DD value of each legal card over ``worlds`` sampled deals (for hints)."""
        values, _ = pimc_values(view, self.opts, worlds, self.rng, self.solver)
        self.solver.clear()
        return {Card.from_index(c): v for c, v in values.items()}


class BourlotoHardBot(BourlotoPIMCBot):
    name = "hard"
    level = "hard"


class BourlotoExpertBot(BourlotoPIMCBot):
    name = "expert"
    level = "expert"


class BourlotoMediumBot(BourlotoHeuristicBot):
    name = "medium"


class BourlotoEasyBot(GreedyBourlotoBot):
    name = "easy"
