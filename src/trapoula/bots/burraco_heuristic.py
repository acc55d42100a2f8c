"""A rule-based Burraco bot that plays from a seat's view only.

``BurracoHeuristicBot`` scores each legal action with a few plain rules:

* **Draw or pick up.** It takes the discard pile when the pile's cards build melds or
  additions at once (their points, more for a burraco), against the value of the dead cards
  it would have to carry (weighed more as the stock runs out).
* **Melds and additions.** Laying cards scores their points and any burraco bonus gained;
  a wild used outside a burraco, or dirtying a long clean meld, costs (wilds are held for
  burracos), unless the player is racing to his pozzetto or the hand is about to end.
  Reaching one card when the team may close counts the closing's worth.
* **Discards.** It keeps wilds and cards that work with its hand, and throws what the next
  opponent cannot add to his team's melds, the highest-valued such card first.
* **Closing.** A one-card hand that may close does (the engine offers nothing else); the
  bot aims for it when closing pays by its estimate of both teams' hand scores.

>>> import trapoula
>>> from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
>>> g = trapoula.make("burraco")
>>> bots = [BurracoHeuristicBot(g, seed=i) for i in range(4)]
>>> s = g.new_deal(seed=7)
>>> while not s.is_over:
...     s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))
>>> sorted(s.result)
['scores']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.action import Action
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_meld, hand_melds
from trapoula.games.burraco.tables import IS_WILD, VALUE

__all__ = ["BurracoHeuristicBot", "pile_value"]

WILD_OUTSIDE_BURRACO = 35.0  # cost of spending a wild on a meld shorter than 7
DIRTY_LONG_CLEAN = 45.0  # cost of putting a wild into a clean meld of 5 or 6 cards
LAY_CARD = 4.0  # each card laid is a card that cannot count against the team
KEEP_WILD = 60.0
PAIR = 12.0
NEIGHBOUR = (0.0, 10.0, 5.0)  # same-suit cards at distance 1 and 2
FEEDS_OPPONENT = 100.0  # more than any pair and neighbours: never feed when another card does not
AVG_CARD = 8.0  # expected value of an unseen card in a hand


def _infos(view: Any, team: str) -> list[MeldInfo]:
    out = []
    for m in view.melds[team]:
        info = analyze_meld(m.cards)
        assert info is not None
        out.append(info)
    return out


def _opponents(view: Any) -> list[str]:
    """The other sides' meld keys: the other team, or every other seat in 2-3 player games."""
    return [k for k in view.melds if k != view.team]


def _opp_infos(view: Any) -> list[MeldInfo]:
    return [info for k in _opponents(view) for info in _infos(view, k)]


def _table_score(melds: list[MeldInfo], semi: int) -> int:
    return sum(m.points + m.bonus(semi) for m in melds)


def pile_value(pile: Sequence[int], hand: Sequence[int], melds: Sequence[MeldInfo],
               semi: int) -> tuple[float, float]:
    """``(gain, dead)``: what the pile would bring a player with ``hand`` and his side's
    ``melds`` at once, and the value of the pile's cards that would stay dead in his hand
    (the heuristic's measure of a pile).

    >>> from trapoula.games.burraco.melds import parse_cards
    >>> ix = lambda t: [c.index for c in parse_cards(t)]
    >>> pile_value(ix("5H 9C"), ix("6H 7H KD"), [], 0)
    (27.0, 10.0)
    """
    used: set[int] = set()
    gain = 0.0
    for c in set(pile):
        if not IS_WILD[c] and any(add_to_meld(m, (c,)) for m in melds):
            used.add(c)
            gain += VALUE[c] + LAY_CARD
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    for c in pile:
        counts[c] += 1
    pile_set = set(pile)
    best = 0.0
    for t in hand_melds(counts):
        if any(IS_WILD[c] for c in t) or not pile_set.intersection(t):
            continue
        info = analyze_meld(t)
        assert info is not None
        value = info.points + info.bonus(semi) + LAY_CARD * len(t)
        if value > best:
            best = value
            used.update(c for c in t if c in pile_set)
    gain += best
    dead = float(sum(VALUE[c] for c in pile if c not in used))
    return gain, dead


class BurracoHeuristicBot(Bot):
    """Greedy one-action scoring with the rules in the module docstring."""

    name = "heuristic"

    def choose(self, view: Any) -> Action:
        acts: list[Action] = list(view.legal_actions)
        if len(acts) == 1:
            return acts[0]
        if view.phase == "draw":
            return self._draw_or_pickup(view, acts)
        return self._play(view, acts)

    # --- the draw -----------------------------------------------------------------------------
    def _draw_or_pickup(self, view: Any, acts: list[Action]) -> Action:
        by_kind = {a.kind: a for a in acts}
        if "pickup" not in by_kind:
            return acts[0]
        if "draw" not in by_kind:
            return by_kind["pickup"]
        pile = [c.index for c in view.discard]
        hand = [c.index for c in view.hand]
        mine = _infos(view, view.team)
        semi = int(self.game.options.semi_clean_bonus)  # type: ignore[attr-defined]
        gain, dead = pile_value(pile, hand, mine, semi)
        gain += self._pickup_extra(view, pile)
        dead *= 1.0 if view.stock_count < 12 else 0.4
        if not view.pozzetto_taken[view.team] and len(pile) >= 6:
            dead *= 0.7  # a big pile feeds the run to the pozzetto
        return by_kind["pickup"] if gain > 0 and gain >= dead else by_kind["draw"]

    def _pickup_extra(self, view: Any, pile: list[int]) -> float:
        """What else taking ``pile`` is worth (a hook for stronger bots; none here)."""
        return 0.0

    # --- melds, additions, discards -----------------------------------------------------------
    def _play(self, view: Any, acts: list[Action]) -> Action:
        team = view.team
        mine = _infos(view, team)
        theirs = _opp_infos(view)
        semi = int(self.game.options.semi_clean_bonus)  # type: ignore[attr-defined]
        hand = [c.index for c in view.hand]
        n = len(hand)
        racing = self._racing(view, n)
        best: tuple[float, int] | None = None
        discards: list[Action] = []
        for k, a in enumerate(acts):
            if a.kind == "discard":
                discards.append(a)
                continue
            cards = tuple(c.index for c in a.cards)
            old = mine[a.number - 1] if a.kind == "add" and a.number else None
            new = add_to_meld(old, cards) if old is not None else analyze_meld(cards)
            if new is None:
                continue
            score = self._lay_score(old, new, cards, semi, racing)
            left = n - len(cards)
            if left == 0:
                score += 30.0  # al volo: the pozzetto comes at once
            elif left == 1 and view.pozzetto_taken[team]:
                after = [m for m in mine if m is not old] + [new]
                score += self._closing_worth(view, after, theirs, semi)
            if best is None or score > best[0]:
                best = (score, k)
        if best is not None and (best[0] > 0 or not discards):
            return acts[best[1]]
        return self._discard(view, discards, hand, mine, theirs)

    def _racing(self, view: Any, n: int) -> bool:
        """Spend wilds freely: the pozzetto is near (``n`` cards left) or the stock ends."""
        return (not view.pozzetto_taken[view.team] and n <= 6) or view.stock_count <= 6

    def _lay_score(self, old: MeldInfo | None, new: MeldInfo, cards: tuple[int, ...],
                   semi: int, racing: bool) -> float:
        score = sum(VALUE[c] for c in cards) + LAY_CARD * len(cards)
        score += new.bonus(semi) - (old.bonus(semi) if old is not None else 0)
        uses_wild = new.wild >= 0 and new.wild in cards and (old is None or old.clean)
        if uses_wild and not racing:
            if new.size < 7:
                score -= WILD_OUTSIDE_BURRACO
            if old is not None and old.clean and old.size >= 5:
                score -= DIRTY_LONG_CLEAN
        return score

    def _closing_worth(self, view: Any, mine: list[MeldInfo], theirs: list[MeldInfo],
                       semi: int) -> float:
        """Estimated worth of being able to close next: positive when closing pays."""
        if not any(m.size >= 7 for m in mine):
            return 0.0
        me = view.seat
        teams = len(view.hand_counts) == 4
        partner = f"P{(int(me[1]) + 1) % 4 + 1}" if teams else me
        ours = _table_score(mine, semi) + 100
        if teams:
            ours -= AVG_CARD * view.hand_counts[partner]
        opp_cards = sum(k for s, k in view.hand_counts.items() if s not in (me, partner))
        theirs_score = _table_score(theirs, semi) - AVG_CARD * opp_cards
        theirs_score -= 100 * sum(1 for k in _opponents(view) if not view.pozzetto_taken[k])
        return 40.0 if ours >= theirs_score - 50 or view.stock_count <= 10 else -40.0

    def _discard(self, view: Any, acts: list[Action], hand: list[int], mine: list[MeldInfo],
                 theirs: list[MeldInfo]) -> Action:
        counts = [0] * 53
        for c in hand:
            counts[c] += 1
        div = self._discard_div(view)
        extra = self._discard_extra(view, acts)
        best: tuple[float, int] | None = None
        for k, a in enumerate(acts):
            if a.kind != "discard":
                continue
            c = a.cards[0].index
            cost = -VALUE[c] / div
            if IS_WILD[c]:
                cost += KEEP_WILD
            else:
                rank, suit = c % 13, c // 13
                same_rank = sum(counts[s * 13 + rank] for s in range(4)) - 1
                cost += PAIR * min(same_rank, 2)
                for d in (1, 2):
                    for r in (rank - d, rank + d):
                        if 1 <= r <= 12 and counts[suit * 13 + r]:
                            cost += NEIGHBOUR[d]
                if any(add_to_meld(m, (c,)) for m in mine):
                    cost += PAIR
            if any(add_to_meld(m, (c,)) for m in theirs):
                cost += FEEDS_OPPONENT
            if extra:
                cost += extra.get(c, 0.0)
            if best is None or cost < best[0]:
                best = (cost, k)
        assert best is not None
        return acts[best[1]]

    def _discard_div(self, view: Any) -> float:
        """A discard's face value is divided by this in its cost (hook for stronger bots)."""
        return 5.0

    def _discard_extra(self, view: Any, acts: list[Action]) -> dict[int, float]:
        """Extra cost per discardable card index (hook for stronger bots; none here)."""
        return {}
