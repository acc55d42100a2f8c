"""Rollouts for Burraco's draw: take the stock's top card or pick up the discard pile?

At the start of its turn a seat sees its hand, the melds, the discard pile, how many cards
every hand, the stock and the pozzetti hold.  :func:`draw_values` deals the unseen cards of
the 108 (two packs and four jokers) at random into the other hands, the pozzetti still on the
table and the stock (cards a player picked up with the pile and has not laid or discarded
since go back into his hand), builds that position with ``game.from_setup`` and plays each
candidate followed by the rollout policy's bots (the caller passes them:
:mod:`trapoula.search.rollout`; the rollout bot passes the heuristic bot) to the end of the
deal.  A candidate's value is the seat's side's deal points minus the best other side's,
averaged over the same worlds for every candidate (common random numbers).

>>> import random, trapoula
>>> from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
>>> g = trapoula.make("burraco")
>>> s = g.new_deal(seed=2)
>>> v = s.view(s.current_player)
>>> vals = draw_values(v, g, list(v.legal_actions), 2, random.Random(1), BurracoHeuristicBot)
>>> sorted(str(a) for a in vals)
['draw', 'pickup']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from trapoula.cards import Card, deck_108
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.search.rollout import RolloutPolicy, play_out

__all__ = ["draw_samples", "draw_values", "world_at_turn_start"]


def _picked_up(view: Any) -> dict[str, Counter[Card]]:
    """Cards each other seat took with the pile and may still hold (public knowledge)."""
    pile: list[Card] = []
    held: dict[str, Counter[Card]] = {}
    for e in view.events:
        seat, kind = e.seat, e.kind
        if kind == "discard":
            pile.append(e.cards[0])
            held.setdefault(seat, Counter()).subtract(e.cards)
        elif kind == "pickup":
            held.setdefault(seat, Counter()).update(pile)
            pile = []
        elif kind in ("meld", "add"):
            held.setdefault(seat, Counter()).subtract(e.cards)
    return {s: Counter({c: k for c, k in cnt.items() if k > 0}) for s, cnt in held.items()}


def world_at_turn_start(view: Any, game: Game, rng: random.Random) -> Any:
    """A position consistent with ``view`` (a seat about to draw), hidden cards at random."""
    me = view.seat
    unseen = Counter(deck_108())
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    for metas in view.melds.values():
        for m in metas:
            unseen.subtract(m.cards)
    hands: dict[str, list[Card]] = {me: list(view.hand)}
    known = _picked_up(view)
    for seat in view.hand_counts:
        if seat == me:
            continue
        keep = []
        for c, k in known.get(seat, Counter()).items():
            take = min(k, unseen[c])
            keep.extend([c] * take)
            unseen[c] -= take
        hands[seat] = keep[: view.hand_counts[seat]]
    pool = [c for c, k in unseen.items() for _ in range(max(k, 0))]
    rng.shuffle(pool)
    for seat in view.hand_counts:
        if seat != me:
            need = view.hand_counts[seat] - len(hands[seat])
            hands[seat].extend(pool[:need])
            del pool[:need]
    pozzetti = []
    for _ in range(view.pozzetti_left):
        pozzetti.append([str(c) for c in pool[:11]])
        del pool[:11]
    stock = pool[: view.stock_count]
    setup = {
        "hands": {s: [str(c) for c in h] for s, h in hands.items()},
        "discard": [str(c) for c in view.discard],
        "stock": [str(c) for c in stock],
        "pozzetti": pozzetti,
        "taken": dict(view.pozzetto_taken),
        "melds": {t: [[str(c) for c in m.cards] for m in ms] for t, ms in view.melds.items()},
        "to_act": me,
    }
    return game.from_setup(setup)


def _margin(result: dict[str, Any], side: str) -> float:
    scores = result.get("scores", {})
    mine = float(scores.get(side, 0))
    others = [float(v) for k, v in scores.items() if k != side]
    return mine - (max(others) if others else 0.0)


def draw_samples(view: Any, game: Game, candidates: Sequence[Action], rollouts: int,
                 rng: random.Random, policy: RolloutPolicy) -> dict[Action, list[float]]:
    """The seat's side's deal-point margin for each candidate in each of ``rollouts`` worlds
    (the same worlds, in the same order, for every candidate), played on by ``policy`` bots
    (:mod:`trapoula.search.rollout`)."""
    side = view.team
    out: dict[Action, list[float]] = {a: [] for a in candidates}
    for _ in range(rollouts):
        try:
            start = world_at_turn_start(view, game, rng)
        except ValueError:  # (a ConfigError) a world the engine refuses: skip it
            continue
        seed = rng.getrandbits(32)
        for a in candidates:
            s = play_out(start.apply(a), game, policy, seed, max_steps=2000)
            out[a].append(_margin(s.result or {}, side) if s.is_over else 0.0)
    return out


def draw_values(view: Any, game: Game, candidates: Sequence[Action], rollouts: int,
                rng: random.Random, policy: RolloutPolicy) -> dict[Action, float]:
    """Mean deal-point margin of the seat's side for each candidate over ``rollouts`` worlds."""
    samples = draw_samples(view, game, candidates, rollouts, rng, policy)
    return {a: sum(v) / max(len(v), 1) for a, v in samples.items()}
