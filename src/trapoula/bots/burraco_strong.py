"""A Burraco bot that plays the discard pile against the next opponent (the ``hard`` level).

``BurracoStrongBot`` plays like :class:`~trapoula.bots.burraco_heuristic.BurracoHeuristicBot`
(melds, additions and the measure of a pile) with three changes, each about the discard
pile, which goes whole to whoever takes it:

* **Denial.** Taking the pile is also worth keeping it from the next opponent: ``deny``
  points for each pile card his side could add to its melds, plus half the pile's expected
  worth to him (``deny_worth``, below).
* **Danger of a discard.** To the heuristic's cost of throwing a card (keep wilds, pairs
  and neighbours; do not give a card the opponents can add to their melds) it adds the
  expected worth of the pile, with that card on top, to the next opponent.
* **Threat.** When an opponent may close soon (his side has its pozzetto and a burraco,
  and he holds ``threat_cards`` cards or fewer) it races: wilds are spent freely and the
  highest cards go first.

The worth of a pile to the next opponent is estimated by dealing his hand ``samples`` times
from what the seat knows (the cards he took with a pile and has not laid or thrown since
are in it; the rest come from the cards the seat has not seen) and valuing the pile for him
the way the heuristic values one for itself (:func:`pile_value`: cards that join his side's
melds, the best new meld the pile completes with his hand, against the dead cards he would
carry), counting it only where he would take it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from trapoula.bots.burraco_heuristic import (
    BurracoHeuristicBot,
    _opp_infos,
    pile_value,
)
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.games.burraco.melds import add_to_meld, analyze_meld

__all__ = ["BurracoStrongBot", "known_hands", "pile_value"]

_DECK = [c for c in range(52) for _ in range(2)] + [52] * 4


def known_hands(view: Any) -> dict[str, Counter[int]]:
    """Cards each other seat is known to hold: taken with a pile, not laid or thrown since.

    >>> import trapoula
    >>> s = trapoula.make("burraco").new_deal(seed=3)
    >>> s = s.apply("P1 draw")
    >>> s = s.apply(s.legal_actions()[-1])  # P1 throws his last card in canonical order
    >>> thrown = s.discard[-1]
    >>> s = s.apply("P2 pickup")
    >>> [c for c, k in known_hands(s.view("P3"))["P2"].items()] == [thrown]
    True
    """
    pile: list[int] = []  # (the card turned up at the deal is not in the history)
    held: dict[str, Counter[int]] = {}
    for e in view.events:
        seat, kind = e.seat, e.kind
        if kind == "discard":
            c = e.cards[0].index
            pile.append(c)
            held.setdefault(seat, Counter())[c] -= 1
        elif kind == "pickup":
            held.setdefault(seat, Counter()).update(pile)
            pile = []
        elif kind in ("meld", "add"):
            cnt = held.setdefault(seat, Counter())
            for card in e.cards:
                cnt[card.index] -= 1
    return {s: Counter({c: k for c, k in cnt.items() if k > 0}) for s, cnt in held.items()}


class BurracoStrongBot(BurracoHeuristicBot):
    """The heuristic, playing the discard pile against the next opponent (module docstring)."""

    name = "hard"
    samples = 6  # hands dealt to the next opponent per decision
    danger = 1.0  # weight of the pile's expected worth to the next opponent
    threat_cards = 4  # an opponent who may close holds this many cards or fewer: race
    threat_div = 1.0  # then throw high cards first (the heuristic divides values by 5)
    deny = 25.0  # worth of taking each pile card the opponents could add to their melds
    deny_worth = 0.5  # weight of the pile's expected worth to the next opponent, when taking it

    def __init__(self, game: Game, seed: int | None = None, *,
                 samples: int | None = None, danger: float | None = None) -> None:
        super().__init__(game, seed)
        if samples is not None:
            self.samples = samples
        if danger is not None:
            self.danger = danger

    def _pickup_extra(self, view: Any, pile: list[int]) -> float:
        """Taking the pile keeps from the next opponent the cards that join his side's melds."""
        extra = 0.0
        if self.deny:
            theirs = _opp_infos(view)
            extra += self.deny * sum(1 for c in pile if any(add_to_meld(m, (c,)) for m in theirs))
        if self.deny_worth:
            extra += self.deny_worth * self._worth_to_next(view, {0: pile}).get(0, 0.0)
        return extra

    def _threat(self, view: Any) -> bool:
        """May an opponent close soon (his side has its pozzetto and a burraco, and he holds
        ``threat_cards`` cards or fewer)?"""
        seats = list(view.hand_counts)
        for i, seat in enumerate(seats):
            side = ("AB"[i % 2]) if len(seats) == 4 else seat
            if side == view.team or not view.pozzetto_taken[side]:
                continue
            if view.hand_counts[seat] <= self.threat_cards and any(
                    len(m.cards) >= 7 for m in view.melds[side]):
                return True
        return False

    def _racing(self, view: Any, n: int) -> bool:
        return super()._racing(view, n) or self._threat(view)

    def _discard_div(self, view: Any) -> float:
        """Under threat, throw high cards first (the heuristic divides values by 5)."""
        return self.threat_div if self._threat(view) else 5.0

    def _discard_extra(self, view: Any, acts: list[Action]) -> dict[int, float]:
        """The danger of each discard: the pile's expected worth to the next opponent."""
        risk = self._dangers(view, {a.cards[0].index for a in acts if a.kind == "discard"})
        return {c: self.danger * r for c, r in risk.items()}

    def _dangers(self, view: Any, cards: set[int]) -> dict[int, float]:
        """Each candidate card's expected worth of the pile to the next opponent, less the
        least of them."""
        if self.danger == 0 or len(cards) < 2:
            return {}
        base = [c.index for c in view.discard]
        out = self._worth_to_next(view, {c: base + [c] for c in cards})
        if not out:
            return {}
        low = min(out.values())
        return {c: v - low for c, v in out.items()}

    def _worth_to_next(self, view: Any, piles: dict[int, list[int]]) -> dict[int, float]:
        """The expected worth of each pile to the next opponent over ``samples`` hands dealt
        to him from the seat's knowledge: ``gain - dead`` when he would take it, else 0."""
        seats = list(view.hand_counts)
        nxt = seats[(seats.index(view.seat) + 1) % len(seats)]
        need = view.hand_counts[nxt]
        if need <= 0 or self.samples <= 0:
            return {}
        team = "AB"[seats.index(nxt) % 2] if len(seats) == 4 else nxt
        infos = [analyze_meld(m.cards) for m in view.melds[team]]
        melds = [m for m in infos if m is not None]
        semi = int(self.game.options.semi_clean_bonus)  # type: ignore[attr-defined]
        unseen = Counter(_DECK)
        unseen.subtract(c.index for c in view.hand)
        unseen.subtract(c.index for c in view.discard)
        for metas in view.melds.values():
            for m in metas:
                unseen.subtract(c.index for c in m.cards)
        his: list[int] = []
        for seat, cnt in known_hands(view).items():
            if seat == view.seat:
                continue
            for c, k in cnt.items():
                take = min(k, max(unseen[c], 0))
                unseen[c] -= take
                if seat == nxt:
                    his.extend([c] * take)
        his = his[:need]
        pool = [c for c, k in unseen.items() for _ in range(max(k, 0))]
        risk = 1.0 if view.stock_count < 12 else 0.4
        out = {key: 0.0 for key in piles}
        k = min(need - len(his), len(pool))
        for _ in range(self.samples):
            hand = his + self.rng.sample(pool, k)
            for key, pile in piles.items():
                gain, dead = pile_value(pile, hand, melds, semi)
                dead *= risk
                if gain > 0 and gain >= dead:
                    out[key] += (gain - dead) / self.samples
        return out

