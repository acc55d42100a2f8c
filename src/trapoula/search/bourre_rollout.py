"""Rollouts for Bourré's decision round: is folding, staying or drawing worth most?

For a seat about to decide (RULES.md §2.2.5), :func:`decision_values` draws worlds consistent
with its view — the other hands and the stock order from the unseen cards (the seat's own hand
and the upturned trump card excepted), the earlier players' draws replayed with cards taken
from their drawn hands — and, in each world, plays every candidate action followed by the
rollout policy's bots (the caller passes them: :mod:`trapoula.search.rollout`; the PIMC bot
passes the heuristic bot) to the end of the deal.  A candidate's value is the seat's mean
chips for the deal (what it takes from the pot, less its ante, fees and bourré payment);
every candidate meets the same worlds (common random numbers).

>>> import random, trapoula
>>> from trapoula.bots.bourre_heuristic import BourreHeuristicBot
>>> g = trapoula.make("bourre", players=3)
>>> s = g.new_deal(seed=3)
>>> v = s.view(s.current_player)
>>> vals = decision_values(v, g, [a for a in v.legal_actions if a.kind != "draw"], 4,
...                        random.Random(1), BourreHeuristicBot)
>>> sorted(str(a) for a in vals)
['fold', 'stay']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from trapoula.cards import Card, deck_52
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.search.rollout import RolloutPolicy, play_out

__all__ = ["candidate_actions", "decision_values"]


def _worst_first(cards: Sequence[Card], trump: int) -> list[Card]:
    """Cards in the order a player would exchange them: plain suits low first, then trumps."""
    return sorted(cards, key=lambda c: (c.index // 13 == trump, int(c.rank or 0)))


def candidate_actions(view: Any, extra: Action | None = None) -> list[Action]:
    """Fold, stay, and exchanging the 1..max worst cards (plus ``extra``), where legal."""
    legal = list(view.legal_actions)
    by_set = {frozenset(a.cards): a for a in legal if a.kind == "draw"}
    out = [a for a in legal if a.kind in ("fold", "stay")]
    worst = _worst_first(view.hand, int(view.trump))
    for k in range(1, len(worst) + 1):
        a = by_set.get(frozenset(worst[:k]))
        if a is not None:
            out.append(a)
    if extra is not None and extra not in out:
        out.append(extra)
    return out


def _world(view: Any, game: Game, rng: random.Random) -> Any:
    """A start-of-deal state consistent with ``view``, replayed up to the seat's turn."""
    opts: Any = game.options
    me = view.seat
    trump_card = view.trump_card
    mine = set(view.hand)
    fifth = opts.trump_card == "dealer_fifth"
    unseen = [c for c in deck_52() if c not in mine and c != trump_card]
    rng.shuffle(unseen)
    seats = list(view.players)
    hands: dict[str, list[Card]] = {}
    for s in seats:
        if s == me:
            hands[s] = list(view.hand)
        elif fifth and s == view.dealer:
            hands[s] = [trump_card] + [unseen.pop() for _ in range(4)]
        else:
            hands[s] = [unseen.pop() for _ in range(5)]
    pot0 = int(view.pot) - sum(int(v) for v in view.fees_paid.values())
    setup = {
        "hands": {s: [str(c) for c in h] for s, h in hands.items()},
        "trump_card": str(trump_card), "stock": [str(c) for c in unseen],
        "pot": pot0, "ante": int(view.ante), "dealer": view.dealer,
    }
    state = game.from_setup(setup)
    trump = int(view.trump)
    for e in view.events:
        seat = e.seat
        if e.action is None:  # another seat's draw: only its number of cards is known
            held = state.view(seat).hand
            out = _worst_first(held, trump)[:e.hidden]
            state = state.apply(f"{seat} draw {' '.join(str(c) for c in out)}")
        else:
            state = state.apply(e.action)
    return state


def decision_values(view: Any, game: Game, candidates: Sequence[Action], rollouts: int,
                    rng: random.Random, policy: RolloutPolicy) -> dict[Action, float]:
    """Mean chips of the seat for each candidate over ``rollouts`` sampled worlds, played on
    by ``policy`` bots (:mod:`trapoula.search.rollout`)."""
    me = view.seat
    totals = {a: 0.0 for a in candidates}
    done = 0
    for _ in range(rollouts):
        try:
            start = _world(view, game, rng)
        except (ValueError, KeyError):  # a history the replay cannot follow: skip the world
            continue
        seed = rng.getrandbits(32)
        for a in candidates:
            s = play_out(start.apply(a), game, policy, seed)
            totals[a] += s.returns().get(me, 0.0)
        done += 1
    return {a: v / max(done, 1) for a, v in totals.items()}
