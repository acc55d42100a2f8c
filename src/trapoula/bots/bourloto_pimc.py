"""Bourloto search bots: determinised double-dummy search (PIMC) over sampled hidden hands.

For a card to play, :class:`BourlotoPIMCBot` draws worlds consistent with the seat's view
(:mod:`trapoula.search.bourloto_sampler`), solves each one double dummy for the value of every
legal card (:mod:`trapoula.search.bourloto_dd`: the card points the team takes from now on)
and plays the card with the best mean.  A move's work is a count of worlds and of solver
nodes; early in the deal, where too few worlds can be solved within it, information-set MCTS
(:mod:`trapoula.search.bourloto_ismcts`) chooses instead.  Counts, unlike clocks, replay
exactly: a seeded bot makes the same moves on any machine (``time_limit`` adds an optional
clock on top).  Bidding, declarations and the seven exchange are the heuristic bot's.

Levels (``make_bot(name, game)``; mean / slowest time per move on a 2-core machine):

* ``easy`` — the heuristic's bidding, always the highest card (``GreedyBourlotoBot``);
* ``medium`` — the heuristic bot (about 1 ms);
* ``hard`` (also ``pimc``) — PIMC once 16 worlds fit in 1,500 solver nodes (about the
  last five tricks), ISMCTS with 1,000 iterations before (≤ 50 ms per move);
* ``expert`` — PIMC with up to 40 worlds in 30,000 nodes (about the last seven tricks),
  ISMCTS with 10,000 iterations before (≤ 1 s per move);
* ``ismcts`` — ISMCTS alone, 1,500 iterations per card.

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
from dataclasses import dataclass
from typing import Any

from trapoula.bots.base import Bot
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot, GreedyBourlotoBot
from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.search.bourloto_dd import BourlotoSolver, DDPosition, SearchAborted
from trapoula.search.bourloto_sampler import constraints, sample_hands

__all__ = [
    "LEVELS",
    "Level",
    "BourlotoEasyBot",
    "BourlotoExpertBot",
    "BourlotoHardBot",
    "BourlotoISMCTSBot",
    "BourlotoMediumBot",
    "BourlotoPIMCBot",
    "pimc_values",
]

@dataclass(frozen=True)
class Level:
    """The work of one move: at most ``worlds`` sampled deals and ``nodes`` solver nodes
    (trick starts) in all.  When fewer than ``min_worlds`` worlds could be solved (early in
    the deal) ISMCTS plays with ``ismcts`` iterations (0: the heuristic plays)."""

    worlds: int
    nodes: int
    min_worlds: int = 4
    ismcts: int = 0


LEVELS: dict[str, Level] = {
    "hard": Level(worlds=16, nodes=1_500, ismcts=1_000),
    "expert": Level(worlds=40, nodes=30_000, min_worlds=6, ismcts=10_000),
}


def pimc_values(
    view: Any, opts: Any, worlds: int, rng: Any, solver: BourlotoSolver,
    deadline: float | None = None, nodes: int | None = None,
) -> tuple[dict[int, float], int]:
    """Mean double-dummy value (the seat's team's card points from now on) of each legal
    card over up to ``worlds`` sampled deals, stopping early when ``nodes`` solver nodes or
    the ``deadline`` (a ``time.perf_counter`` time) are spent; returns (values by global card
    index, worlds solved).  A world left unfinished does not count."""
    info = constraints(view, opts)
    me = info.me
    team = "AB"[me & 1]
    leader = int(view.trick[0][0][1:]) - 1 if view.trick else me
    trick = tuple(c.index for _, c in view.trick)
    done = len(view.tricks)
    totals: dict[int, float] = {}
    used = 0
    solver.set_budget(nodes)
    try:
        for _ in range(worlds):
            hands = sample_hands(info, rng)
            pos = DDPosition(hands, info.trump, leader, trick, done)
            try:
                vals = solver.move_values(pos, team)
            except SearchAborted:
                break
            for card, v in vals.items():
                totals[card.index] = totals.get(card.index, 0.0) + v
            used += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
    finally:
        solver.set_budget(None)
    return ({c: v / used for c, v in totals.items()} if used else {}), used


class BourlotoPIMCBot(Bot):
    """PIMC card play (see the module docs); the heuristic bot bids and declares."""

    name = "pimc"
    level = "hard"

    def __init__(
        self, game: Game, seed: int | None = None, *,
        level: Level | None = None, time_limit: float | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.opts: Any = game.options
        self.params = LEVELS[self.level] if level is None else level
        self.time_limit = time_limit
        self.heuristic = BourlotoHeuristicBot(game, seed=self.rng.getrandbits(32))
        self.solver = BourlotoSolver.for_game(game, max_entries=400_000)

    def choose(self, view: Any) -> Action:
        swap, acts = self.heuristic.swap_or_rest(view)
        if swap is not None:
            return swap
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
        p = self.params
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        values, used = pimc_values(view, self.opts, p.worlds, self.rng, self.solver, deadline,
                                   p.nodes)
        self.solver.clear()
        # the search knows the card rules only: keep the cards legal here (after a show with
        # follow_declaration, the shown ones)
        values = {c: v for c, v in values.items() if c in by_card}
        if used < p.min_worlds or not values:
            if p.ismcts > 0:
                return self._ismcts(view, by_card, p.ismcts)
            return self.heuristic.choose(view)
        best = max(values.values())
        top = [c for c, v in values.items() if v >= best - 1e-9]
        if len(top) > 1:  # ties: let the heuristic choose among the best cards
            h = self.heuristic.choose(view)
            if h.cards and h.cards[0].index in top:
                return by_card[h.cards[0].index]
        return by_card[min(top)]

    def _ismcts(self, view: Any, by_card: dict[int, Action], iterations: int) -> Action:
        from trapoula.search.bourloto_ismcts import ismcts_visits

        visits = ismcts_visits(view, self.opts, iterations, self.rng)
        legal = sorted(k for k in visits if k.index in by_card)
        if not legal:
            return self.heuristic.choose(view)
        card = max(legal, key=lambda k: visits[k])
        return by_card[card.index]

    def card_values(self, view: Any, worlds: int = 20) -> dict[Card, float]:
        """Mean DD value of each legal card over ``worlds`` sampled deals (for hints)."""
        values, _ = pimc_values(view, self.opts, worlds, self.rng, self.solver,
                                nodes=self.params.nodes)
        self.solver.clear()
        return {Card.from_index(c): v for c, v in values.items()}


    def hint_values(self, view: Any) -> dict[Card, float]:
        """Mean double-dummy points (the team's, from now on) of each legal card."""
        return self.card_values(view, max(self.params.min_worlds, 12))


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


class BourlotoISMCTSBot(Bot):
    """SO-ISMCTS card play (:mod:`trapoula.search.bourloto_ismcts`): a fixed number of
    iterations per move (``iterations``), the most visited card; heuristic bidding."""

    name = "ismcts"

    def __init__(self, game: Game, seed: int | None = None, *, iterations: int = 1500,
                 c: float = 0.7, reuse: int = 4) -> None:
        super().__init__(game, seed)
        self.opts: Any = game.options
        self.iterations = iterations
        self.c = c
        self.reuse = reuse
        self.heuristic = BourlotoHeuristicBot(game, seed=self.rng.getrandbits(32))

    def choose(self, view: Any) -> Action:
        from trapoula.search.bourloto_ismcts import ismcts_visits

        swap, acts = self.heuristic.swap_or_rest(view)
        if swap is not None:
            return swap
        if len(acts) == 1 or acts[0].kind != "play":
            return self.heuristic.choose(view)
        by_card: dict[int, Action] = {}
        for a in acts:
            c = a.cards[0].index
            old = by_card.get(c)
            if old is None or len(a.words) > len(old.words):
                by_card[c] = a
        if len(by_card) == 1:
            return next(iter(by_card.values()))
        visits = ismcts_visits(view, self.opts, self.iterations, self.rng, c=self.c,
                               reuse=self.reuse)
        legal = sorted(k for k in visits if k.index in by_card)  # (see BourlotoPIMCBot)
        if not legal:
            return self.heuristic.choose(view)
        card = max(legal, key=lambda k: visits[k])
        return by_card[card.index]
