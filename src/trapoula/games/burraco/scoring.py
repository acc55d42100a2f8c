"""Burraco hand scoring (RULES.md §3.7) and the draw for the first dealer (§3.2, §3.1).

>>> from trapoula.games.burraco.melds import analyze_meld, parse_cards
>>> melds = [analyze_meld(parse_cards(t)) for t in ("3H 4H 5H 6H 7H 8H 9H", "KS KH KD")]
>>> team_score(melds, [c.index for c in parse_cards("5C QD")], took_pozzetto=True, closed=True)
360
>>> dealer_draw({"P1": parse_cards("5D")[0], "P2": parse_cards("3C")[0]})
('dealer', 'P2')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from trapoula.cards import Card
from trapoula.games.burraco.melds import MeldInfo
from trapoula.games.burraco.tables import DRAW_RANK, JOKER, VALUE

__all__ = ["CLOSING_BONUS", "NO_POZZETTO_PENALTY", "dealer_draw", "draw_for_dealer", "team_score"]

CLOSING_BONUS = 100
NO_POZZETTO_PENALTY = 100


def team_score(
    melds: Iterable[MeldInfo],
    held: Iterable[int],
    *,
    took_pozzetto: bool,
    closed: bool,
    semi_clean_bonus: int = 0,
    deduct_hands: str = "all_players",
) -> int:
    """One team's score for the hand (§3.7).

    ``held``: the cards left in both partners' hands (a taken, unplayed pozzetto included).
    ``deduct_hands="except_closing_team"`` (BU-A7 variant) spares the closing team's cards.
    """
    score = 0
    for m in melds:
        score += m.points + m.bonus(semi_clean_bonus)
    if closed:
        score += CLOSING_BONUS
    if not (closed and deduct_hands == "except_closing_team"):
        for c in held:
            score -= VALUE[c]
    if not took_pozzetto:
        score -= NO_POZZETTO_PENALTY
    return score


def _draw_key(card: int, by_suit: bool) -> tuple[int, int]:
    """Lower deals. Suits (variant): spades > hearts > diamonds > clubs."""
    if not by_suit or card == JOKER:
        return (DRAW_RANK[card], 0)
    return (DRAW_RANK[card], 3 - card // 13)


def dealer_draw(
    draws: Mapping[str, Card | int], tiebreak: str = "redraw"
) -> tuple[str, str | list[str]]:
    """Who deals after one round of the draw: ``("dealer", seat)`` or ``("redraw", seats)``.

    The lowest card deals (3 < 4 < ... < K < A < 2 < joker).  Players tied for the lowest
    redraw; with ``tiebreak="suit"`` only identical cards tie (spades high, clubs low).

    >>> from trapoula.cards import parse_card as p
    >>> dealer_draw({"P1": p("4S"), "P2": p("4C"), "P3": p("9H")})
    ('redraw', ['P1', 'P2'])
    >>> dealer_draw({"P1": p("4S"), "P2": p("4C"), "P3": p("9H")}, tiebreak="suit")
    ('dealer', 'P2')
    """
    by_suit = tiebreak == "suit"
    keys = {
        seat: _draw_key(c if isinstance(c, int) else c.index, by_suit) for seat, c in draws.items()
    }
    low = min(keys.values())
    tied = sorted((s for s, k in keys.items() if k == low), key=_seat_order)
    if len(tied) == 1:
        return ("dealer", tied[0])
    return ("redraw", tied)


def _seat_order(seat: str) -> int:
    return int(seat[1:])


def draw_for_dealer(
    rng: random.Random, seats: Sequence[str], tiebreak: str = "redraw"
) -> tuple[int, tuple[dict[str, int], ...]]:
    """Simulate the draw for the first dealer from a shuffled 108-card deck.

    Returns the dealer's seat index and every round of draws (seat -> card index).

    >>> dealer, rounds = draw_for_dealer(random.Random(3), ("P1", "P2", "P3", "P4"))
    >>> 0 <= dealer < 4 and len(rounds) >= 1
    True
    """
    deck = [i for i in range(52) for _ in range(2)] + [JOKER] * 4
    rng.shuffle(deck)
    drawing = list(seats)
    rounds: list[dict[str, int]] = []
    while True:
        if len(deck) < len(drawing):  # pragma: no cover - needs dozens of identical ties
            deck = [i for i in range(52) for _ in range(2)] + [JOKER] * 4
            rng.shuffle(deck)
        rnd = {seat: deck.pop() for seat in drawing}
        rounds.append(rnd)
        kind, who = dealer_draw(rnd, tiebreak)
        if kind == "dealer":
            assert isinstance(who, str)
            return seats.index(who), tuple(rounds)
        assert isinstance(who, list)
        drawing = who
