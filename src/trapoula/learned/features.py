"""Card-play features for the learned bot that a small network cannot derive from the observation.

The learning environments' observation (docs/envs/layouts.md) holds the cards played but not
trick by trick, so who showed out of which suit is not in it.  :func:`card_features` computes,
from the seat's view only (:class:`~trapoula.bots.bourloto_knowledge.Knowledge`: the tracking
the heuristic bot plays with), :data:`SIZE` values appended to the network's input in the play
phase (zeros before it):

- for each other seat (left, partner, right) and each of the 32 cards, the probability that the
  seat holds it (0 for cards seen; voids, failed overtrumps, declared cards and the upcard's
  holder are taken into account): 96 values;
- for each of the 32 cards, 1 if it is the master of its suit (no unseen card of the suit
  beats it, trump order in trumps) and still in play: 32 values;
- who wins the current trick so far: the seat itself, its partner, an opponent (3 one-hot
  values, all 0 when the trick is empty).

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.new_deal(seed=4).apply("P1 take")
>>> while s.phase != "play":
...     s = s.apply(s.legal_actions()[0])
>>> f = card_features(s.view(s.current_player), g.options)
>>> len(f), round(sum(f[:96]), 6)
(131, 24.0)
"""

from __future__ import annotations

from typing import Any

from trapoula.bots.bourloto_knowledge import SUIT32, Knowledge, bits, card_strength
from trapoula.games.bourloto.tables import DECK32_MASK, STRENGTH, TRUMP_STRENGTH

__all__ = ["CARDS", "NAME", "SIZE", "card_features"]

NAME = "knowledge-v1"  # the feature set's name in a weights file (``features``)
CARDS: tuple[int, ...] = tuple(bits(DECK32_MASK))  # the 32 card indices, in order
SIZE = 3 * 32 + 32 + 3


def card_features(view: Any, opts: Any) -> list[float]:
    """The :data:`SIZE` card-play values of ``view`` (a list of floats; zeros before play)."""
    if view.phase != "play" or view.trump is None:
        return [0.0] * SIZE
    k = Knowledge(view, opts)
    me = k.me
    out: list[float] = []
    for d in (1, 2, 3):
        row = k.prob[(me + d) & 3]
        out.extend(row[c] for c in CARDS)
    live = k.unseen | k.hand
    trump = k.trump
    for c in CARDS:
        if not live >> c & 1:
            out.append(0.0)
            continue
        s = c // 13
        table = TRUMP_STRENGTH if s == trump else STRENGTH
        strength = table[c]
        beaten = any(table[d] > strength for d in bits(k.unseen & SUIT32[s]))
        out.append(0.0 if beaten else 1.0)
    win = [0.0, 0.0, 0.0]
    if view.trick:
        led = view.trick[0][1].index // 13
        best_seat, best = view.trick[0]
        for seat_txt, card in view.trick[1:]:
            if card_strength(card.index, trump, led) > card_strength(best.index, trump, led):
                best_seat, best = seat_txt, card
        who = int(best_seat[1:]) - 1
        win[0 if who == me else 1 if who == k.partner else 2] = 1.0
    out.extend(win)
    return out
