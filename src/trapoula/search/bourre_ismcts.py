"""Information-set MCTS (SO-ISMCTS) for Bourré card play.

One tree over the seat's information sets; each iteration draws hands consistent with the
view (:mod:`trapoula.search.bourre_sampler`; one draw serves ``reuse`` iterations), walks the
tree by UCB with availability counts among the cards legal in that draw (RULES.md §2.3: the
forced trump lead, follow and beat), adds one node, finishes the tricks with random legal
cards and backs up, at every node, the share of the pot the player who moved there ends with
(:func:`~trapoula.search.bourre_dd.chips_value`, scaled to 0..1: 0 for a bourré, 1 for the
whole pot).

>>> import random, trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=2)
>>> while s.phase == "decide":
...     s = s.apply("stay")
>>> v = s.view(s.current_player)
>>> visits = bourre_ismcts_visits(v, s.game.options, 100, random.Random(1))
>>> sum(visits.values()) == 100
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from trapoula.cards import Card
from trapoula.games.bourre.play import legal_mask, trick_winner
from trapoula.search.bourre_dd import SCALE, chips_value
from trapoula.search.bourre_sampler import bourre_constraints, sample_bourre_hands

__all__ = ["bourre_ismcts_visits"]


def bourre_ismcts_visits(view: Any, opts: Any, iterations: int, rng: random.Random, *,
                         c: float = 0.7, reuse: int = 4) -> dict[Card, int]:
    """Root visit counts of each legal card after ``iterations`` iterations."""
    info = bourre_constraints(view, opts)
    staying = sorted(view.staying, key=lambda x: int(x[1:]))
    seats = [int(x[1:]) - 1 for x in staying]
    n = len(seats)
    trump = int(view.trump)
    forced = str(opts.forced_lead)
    tie_rule = str(opts.tie_rule)
    trick0 = [cd.index for _, cd in view.trick]
    leader0 = staying.index(view.trick[0][0]) if view.trick else staying.index(view.seat)
    won0 = [int(view.tricks_won.get(x, 0)) for x in staying]
    rand = rng.random
    root: list[Any] = [0, 0.0, {}, {}]
    hands0: list[int] = []
    for it in range(iterations):
        if it % reuse == 0:
            drawn = sample_bourre_hands(info, rng)
            hands0 = [drawn[s] for s in seats]
        h = list(hands0)
        trick = list(trick0)
        leader = leader0
        won = list(won0)
        p = (leader + len(trick)) % n
        node = root
        path: list[tuple[list[Any], int]] = [(root, -1)]
        expanding = True
        while trick or h[leader]:
            lm = legal_mask(h[p], trick, trump, forced)
            if expanding:
                kids, avail = node[2], node[3]
                fresh = []
                m = lm
                while m:
                    low = m & -m
                    cc = low.bit_length() - 1
                    if cc in kids:
                        avail[cc] = avail.get(cc, 0) + 1
                    else:
                        fresh.append(cc)
                    m ^= low
                if fresh:
                    cc = fresh[int(rand() * len(fresh))]
                    child: list[Any] = [0, 0.0, {}, {}]
                    kids[cc] = child
                    avail[cc] = avail.get(cc, 0) + 1
                    node = child
                    expanding = False
                else:
                    cc, best_v = -1, -1.0
                    m = lm
                    while m:
                        low = m & -m
                        k = low.bit_length() - 1
                        ch = kids[k]
                        v = ch[1] / ch[0] + c * math.sqrt(math.log(avail[k]) / ch[0])
                        if v > best_v:
                            cc, best_v = k, v
                        m ^= low
                    node = kids[cc]
                path.append((node, p))
            else:
                k = int(rand() * lm.bit_count())
                m = lm
                while k:
                    m &= m - 1
                    k -= 1
                cc = (m & -m).bit_length() - 1
            h[p] ^= 1 << cc
            trick.append(cc)
            if len(trick) == n:
                w = (leader + trick_winner(trick, trump)) % n
                won[w] += 1
                trick = []
                leader = p = w
            else:
                p = (p + 1) % n
        final = tuple(won)
        util = [(chips_value(final, k, tie_rule) + SCALE) / (2 * SCALE) for k in range(n)]
        for nd, mover in path:
            nd[0] += 1
            if mover >= 0:
                nd[1] += util[mover]
    return {Card.from_index(k): ch[0] for k, ch in root[2].items()}
