"""A rule-of-thumb Bourré bot: judges its hand before staying, draws sensibly, fights for tricks.

It sees only a seat's view.

- **Decision**: the cards worth keeping are the trumps and the side cards at most one below the
  best unseen card of their suit; the rest (lowest first, up to ``max_draw``) are exchanged.
  The bot estimates its tricks from the kept cards (a card wins roughly when nobody left in
  the deal holds a higher one) plus a little for each new card, and stays when that estimate
  beats a threshold that rises with the number of opponents and the draw fee, and falls when
  the pot is rich (the thresholds were tuned against random opponents) — but in a big pot
  (``big_pot`` antes) a hand expected to take under ``big_pot_tricks`` tricks folds, for a
  bourré there pays the whole pot.  The last to speak stays when everyone else folded (the
  pot is his).
- **Play**: a leader draws trumps with a sure winner, else cashes a sure side winner, else
  leads low from his shortest side suit; a follower that can head the trick plays the
  lowest card nobody can beat (when others still play), else his lowest winning card; one
  that cannot win throws his lowest card, side suits first.

>>> import trapoula
>>> g = trapoula.make("bourre", players=4)
>>> bot = BourreHeuristicBot(g, seed=1)
>>> s = g.new_deal(seed=3)
>>> while not s.is_over:
...     s = s.apply(bot.choose(s.view(s.current_player)))
>>> sorted(s.result)
['bourre', 'carry', 'payouts']
"""

from __future__ import annotations

from typing import Any

from trapoula.bots.base import Bot
from trapoula.cards import Card
from trapoula.core.action import Action

__all__ = ["BourreHeuristicBot"]


def _suit(c: Card) -> int:
    return int(c.suit) if c.suit is not None else -1


def _rank(c: Card) -> int:
    return int(c.rank) if c.rank is not None else 0


class BourreHeuristicBot(Bot):
    """Stays on a good enough hand, exchanges weak cards, heads tricks it can keep."""

    name = "heuristic"

    #: tricks the bot wants to expect before staying, for one opponent and a free stay
    base_threshold: float = 0.4
    #: more wanted per opponent expected to stay
    per_opponent: float = 0.05
    #: a pot at least this many times the table's antes is big: going bourré there costs it all
    big_pot: float = 3.0
    #: ... so in a big pot a hand expected to take fewer tricks than this folds (issue 15: the
    #: hint advised drawing into big pots with weak hands)
    big_pot_tricks: float = 0.9

    def choose(self, view: Any) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "decide":
            return self._decide(view, legal)
        return self._play(view, legal)

    # --- knowledge ----------------------------------------------------------------------------
    @staticmethod
    def _unseen(view: Any) -> set[int]:
        """Cards the bot has not seen (may be in another hand or the stock)."""
        seen = {c.index for c in view.hand} | {c.index for c in view.played}
        seen |= {c.index for c in view.my_discards}
        seen.add(view.trump_card.index)
        return set(range(52)) - seen

    @staticmethod
    def _higher_unseen(card: Card, unseen: set[int]) -> int:
        s = _suit(card) * 13
        return sum(1 for i in range(card.index + 1, s + 13) if i in unseen)

    # --- decision round -----------------------------------------------------------------------
    def _decide(self, view: Any, legal: tuple[Action, ...]) -> Action:
        by_text = {str(a): a for a in legal}
        stay = by_text.get("stay")
        fold = by_text.get("fold")
        n = len(view.players)
        decided = len(view.staying) + len(view.folded)
        to_come = n - decided - 1
        if not view.staying and to_come == 0 and stay is not None:
            return stay
        action, expected, threshold = self.plan(view, legal)
        big = view.pot >= self.big_pot * max(view.ante, 1) * n
        if big and expected < self.big_pot_tricks and fold is not None:
            return fold
        if expected >= threshold or fold is None:
            return action if action is not None else legal[0]
        return fold

    def plan(self, view: Any, legal: tuple[Action, ...]) -> tuple[Action | None, float, float]:
        """The stay or draw the bot would make, the tricks it expects from it, and the
        tricks it wants before staying."""
        by_text = {str(a): a for a in legal}
        stay = by_text.get("stay")
        n = len(view.players)
        decided = len(view.staying) + len(view.folded)
        to_come = n - decided - 1
        trump = int(view.trump)
        unseen = self._unseen(view)
        opponents = len(view.staying) + 0.8 * to_come
        in_others = min(1.0, 5.0 * max(opponents, 1.0) / max(len(unseen), 1))
        keep, throw = [], []
        for c in view.hand:
            h = self._higher_unseen(c, unseen)
            if _suit(c) == trump or h <= 1:
                keep.append(c)
            else:
                throw.append(c)
        throw.sort(key=_rank)
        draws = [a for a in legal if a.kind == "draw"]
        max_draw = max((len(a.cards) for a in draws), default=0)
        throw = throw[:max_draw]
        expected = sum(self._card_value(c, trump, unseen, in_others, opponents) for c in keep)
        trumps_left = sum(1 for i in unseen if i // 13 == trump)
        expected += len(throw) * 0.35 * trumps_left / max(len(unseen), 1)
        action = stay
        if throw:
            want = {c.index for c in throw}
            action = next((a for a in draws if {c.index for c in a.cards} == want), stay)
        fee = view.ante if action is not stay else 0
        threshold = self.base_threshold + self.per_opponent * max(opponents - 1.0, 0.0)
        threshold += 0.15 * fee / max(view.pot, 1)
        threshold -= 0.1 * min(view.pot / max(view.ante * n, 1) - 1.0, 2.0)
        return action, expected, threshold

    @staticmethod
    def _card_value(
        c: Card, trump: int, unseen: set[int], in_others: float, opponents: float
    ) -> float:
        s = _suit(c) * 13
        higher = sum(1 for i in range(c.index + 1, s + 13) if i in unseen)
        p: float = (1.0 - in_others) ** higher
        if _suit(c) == trump:
            return 0.95 * p + 0.1
        trumped: float = 0.85 ** max(opponents, 1.0)
        return p * trumped

    # --- play ---------------------------------------------------------------------------------
    def _play(self, view: Any, legal: tuple[Action, ...]) -> Action:
        trump = int(view.trump)
        unseen = self._unseen(view)
        cards = [a.cards[0] for a in legal]
        by_card = {a.cards[0]: a for a in legal}
        trick = [c for _, c in view.trick]
        if not trick:
            return by_card[self._lead(cards, trump, unseen)]
        win = trick[0]
        for c in trick[1:]:
            if (_suit(c) == _suit(win) and c.index > win.index) or (
                _suit(c) == trump and _suit(win) != trump
            ):
                win = c
        winners = [
            c for c in cards
            if (_suit(c) == _suit(win) and c.index > win.index)
            or (_suit(c) == trump and _suit(win) != trump)
        ]
        if winners:
            last = len(trick) == len(view.staying) - 1
            safe = [c for c in winners if self._higher_unseen(c, unseen) == 0]
            if safe and not last:
                return by_card[min(safe, key=lambda c: c.index)]
            return by_card[min(winners, key=lambda c: c.index)]
        side = [c for c in cards if _suit(c) != trump]
        pool = side or cards
        return by_card[min(pool, key=_rank)]

    def _lead(self, cards: list[Card], trump: int, unseen: set[int]) -> Card:
        trumps = [c for c in cards if _suit(c) == trump]
        sure = [c for c in trumps if self._higher_unseen(c, unseen) == 0]
        if sure:
            return max(sure, key=lambda c: c.index)
        side = [c for c in cards if _suit(c) != trump]
        top = [c for c in side if self._higher_unseen(c, unseen) == 0]
        if top:
            return max(top, key=_rank)
        if side:
            counts: dict[int, int] = {}
            for c in side:
                counts[_suit(c)] = counts.get(_suit(c), 0) + 1
            return min(side, key=lambda c: (counts[_suit(c)], _rank(c)))
        return min(cards, key=lambda c: c.index)
