"""Information-set Monte Carlo tree search (SO-ISMCTS) for Bourloto card play.

One tree over the seat's information sets: every iteration draws a deal consistent with the
view (:mod:`trapoula.search.bourloto_sampler`; one draw serves ``reuse`` iterations), walks the
tree choosing among the cards legal in that deal by UCB with availability counts (Cowling,
Powley and Whitehouse 2012), adds one node, finishes the deal with random legal cards and
backs up each mover's side's share of the points still to be won (the last trick's +10
included).  Cards are renumbered as in :mod:`trapoula.search.bourloto_dd` (trump suit last,
trick order within suits), so a playout is a few integer operations per card.

>>> import random, trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.new_deal(seed=4).apply("P1 take")
>>> while s.phase != "play":
...     s = s.apply(s.legal_actions()[0])
>>> visits = ismcts_visits(s.view(s.current_player), g.options, 200, random.Random(1))
>>> sum(visits.values()) == 200, all(c in s.view(s.current_player).hand for c in visits)
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from trapoula.cards import Card
from trapoula.search.bourloto_dd import _ABOVE, _C2G, _G2C, PTS, to_compact
from trapoula.search.bourloto_sampler import constraints, sample_hands

__all__ = ["ismcts_visits"]

_SUIT = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_TRUMPS = 0xFF000000


def ismcts_visits(
    view: Any, opts: Any, iterations: int, rng: random.Random, *,
    c: float = 0.7, reuse: int = 4, time_limit: float | None = None,
) -> dict[Card, int]:
    """Root visit counts of each legal card after ``iterations`` iterations (or fewer when
    ``time_limit`` seconds run out)."""
    info = constraints(view, opts)
    trump = info.trump
    g2c = _G2C[trump]
    me = info.me
    overtrump = bool(opts.overtrump_required)
    pexc = bool(opts.partner_exception)
    leader0 = int(view.trick[0][0][1:]) - 1 if view.trick else me
    trick0 = [g2c[c.index] for _, c in view.trick]
    left0 = 8 - len(view.tricks)
    rand = rng.random
    above = _ABOVE
    suit_m = _SUIT
    pts = PTS
    # node: [visits, reward sum, children {card: node}, availability {card: count}]
    root: list[Any] = [0, 0.0, {}, {}]
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    hands0 = (0, 0, 0, 0)

    def legal(hand: int, n: int, led: int, win: int, wseat: int, seat: int) -> int:
        if n == 0:
            return hand
        follow = hand & suit_m[led]
        pw = pexc and n >= 2 and wseat == seat ^ 2
        if led == 3:
            if follow:
                if overtrump and not pw:
                    return follow & above[win] or follow
                return follow
            return hand
        if follow:
            return follow
        tr = hand & _TRUMPS
        if not tr or pw:
            return hand
        if overtrump and win >= 24:
            return tr & above[win] or tr
        return tr

    for it in range(iterations):
        if it % reuse == 0:
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            g = sample_hands(info, rng)
            hands0 = (to_compact(g[0], trump), to_compact(g[1], trump),
                      to_compact(g[2], trump), to_compact(g[3], trump))
        h = list(hands0)
        # the current trick
        leader = leader0
        n = len(trick0)
        seat = (leader + n) & 3
        led = trick0[0] >> 3 if n else 0
        win, wseat, tp = -1, -1, 0
        for k, cc in enumerate(trick0):
            tp += pts[cc]
            if win < 0 or (cc > win and (cc >> 3 == win >> 3 or cc >= 24)):
                win, wseat = cc, (leader + k) & 3
        left = left0
        got = [0, 0]
        node = root
        path = [(root, 0)]
        expanding = True
        while left:
            hand = h[seat]
            lm = legal(hand, n, led, win, wseat, seat)
            if expanding:
                kids = node[2]
                avail = node[3]
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
                    path.append((child, seat & 1))
                    expanding = False
                else:
                    best, best_v = -1, -1.0
                    m = lm
                    while m:
                        low = m & -m
                        k = low.bit_length() - 1
                        ch = kids[k]
                        v = ch[1] / ch[0] + c * math.sqrt(math.log(avail[k]) / ch[0])
                        if v > best_v:
                            best, best_v = k, v
                        m ^= low
                    cc = best
                    node = kids[cc]
                    path.append((node, seat & 1))
            else:
                k = lm.bit_count()
                r = int(rand() * k)
                m = lm
                while r:
                    m &= m - 1
                    r -= 1
                cc = (m & -m).bit_length() - 1
            # play cc
            h[seat] = hand ^ (1 << cc)
            if n == 0:
                led, win, wseat, tp = cc >> 3, cc, seat, pts[cc]
            else:
                tp += pts[cc]
                if cc > win and (cc >> 3 == win >> 3 or cc >= 24):
                    win, wseat = cc, seat
            n += 1
            if n == 4:
                left -= 1
                got[wseat & 1] += tp + (10 if left == 0 else 0)
                leader = seat = wseat
                n = 0
            else:
                seat = (seat + 1) & 3
        total = got[0] + got[1]
        for nd, team in path:
            nd[0] += 1
            nd[1] += got[team] / total if total else 0.5
    c2g = _C2G[trump]
    return {Card.from_index(c2g[k]): ch[0] for k, ch in root[2].items()}
