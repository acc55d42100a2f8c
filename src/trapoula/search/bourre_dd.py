"""Double-dummy search for Bourré card play (RULES.md §2.3-§2.4), every hand known.

Bourré is not a two-sided game, so the solver is *paranoid*: the player it solves for
(``me``) maximises and every other active player minimises the same score, which is either
``me``'s tricks (``objective="tricks"``) or ``me``'s share of the pot in units of
:data:`SCALE` (``"chips"``: the whole pot for most tricks alone, a share for a tie as the
``tie_rule`` splits it, minus the pot for a bourré, i.e. no trick).  Alpha-beta with a
transposition table at trick starts; cards of one hand with no other card still in play
between them are equivalent (only tricks count) and searched once.

>>> from trapoula.cards import parse_cards, mask_of, Suit
>>> hands = (mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KS 3H")))
>>> pos = BourrePosition((0, 1), hands, int(Suit.C), 0, (), (2, 1))
>>> solve(pos, me=0), solve(pos, me=1)
(3, 2)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from trapoula.cards import Card
from trapoula.cards.cardset import bit_indices
from trapoula.games.bourre.play import ABOVE, AKQ_MASKS, legal_mask, trick_winner

__all__ = ["SCALE", "BourrePosition", "bourre_card_values", "move_values",
           "position_from_views", "solve"]

SCALE = 420  # divisible by 1..7: pot shares stay integers


class BourrePosition(NamedTuple):
    """A play position: active ``seats`` in play order, their ``hands`` (52-card masks), the
    trump suit, the index (in ``seats``) of the trick's leader, the cards of the current
    trick in order, and the tricks each active seat has won."""

    seats: tuple[int, ...]
    hands: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    forced_lead: str = "any_of_AKQ"
    tie_rule: str = "split_tied"

    @property
    def to_play(self) -> int:
        """Index in ``seats`` of the player to move."""
        return (self.leader + len(self.trick)) % len(self.seats)


def chips_value(won: tuple[int, ...], me: int, tie_rule: str) -> int:
    """``me``'s pot share in :data:`SCALE` units for final trick counts ``won``.

    >>> chips_value((3, 2, 0), 0, "split_tied"), chips_value((2, 2, 1), 1, "split_tied")
    (420, 210)
    >>> chips_value((3, 2, 0), 2, "split_tied")
    -420
    """
    if won[me] == 0:
        return -SCALE
    top = max(won)
    t = won.count(top)
    if t == 1:
        return SCALE if won[me] == top else 0
    if tie_rule == "split_all_active":
        return SCALE // len(won)
    if tie_rule == "carry" or won[me] != top:
        return 0
    return SCALE // t


def _merge(legal: int, present: int, special: int = 0) -> list[int]:
    """The legal cards, dropping each one equal to the kept card just below it (same suit,
    no card of ``present`` between them, neither of them ``special``: the A, K, Q of trumps
    that force a lead); highest first."""
    out: list[int] = []
    prev = -1
    for c in bit_indices(legal):
        if prev >= 0 and prev // 13 == c // 13 and not (
                (ABOVE[prev] & ~ABOVE[c] & ~(1 << c) & present)
                or ((1 << c | 1 << prev) & special)):
            prev = c
            continue
        out.append(c)
        prev = c
    out.reverse()
    return out


def solve(pos: BourrePosition, me: int, objective: str = "tricks",
          tt: dict[Any, tuple[int, int]] | None = None,
          budget: list[int] | None = None, merge: bool = True,
          window: tuple[int, int] | None = None) -> int:
    """``me``'s (an index in ``pos.seats``) paranoid value from ``pos`` (tricks, or chips in
    :data:`SCALE` units).  ``budget``: ``[nodes left]``, decremented; raises
    ``RuntimeError`` when it runs out.  ``merge=False`` searches equivalent cards too (for
    tests); ``window`` is the alpha-beta window (the exact value by default)."""
    n = len(pos.seats)
    tt = {} if tt is None else tt
    trump = pos.trump
    forced = pos.forced_lead
    tie_rule = pos.tie_rule
    hands = list(pos.hands)
    won = list(pos.won)
    special = 0 if forced == "none" else AKQ_MASKS[trump]
    lo_all = -SCALE if objective == "chips" else 0
    hi_all = SCALE if objective == "chips" else 5

    def leaf() -> int:
        if objective == "chips":
            return chips_value(tuple(won), me, tie_rule)
        return won[me]

    def play(p: int, trick: list[int], leader: int, left: int, alpha: int, beta: int) -> int:
        if not trick:
            if left == 0:
                return leaf()
            key = (tuple(hands), leader, tuple(won))
            ent = tt.get(key)
            lo, hi = ent if ent is not None else (lo_all, hi_all)
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            a0, b0 = max(alpha, lo), min(beta, hi)
            if budget is not None:
                budget[0] -= 1
                if budget[0] < 0:
                    raise RuntimeError("node budget spent")
            v = _moves(p, trick, leader, left, a0, b0)
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            tt[key] = (lo, hi)
            return v
        return _moves(p, trick, leader, left, alpha, beta)

    def _moves(p: int, trick: list[int], leader: int, left: int, alpha: int,
               beta: int) -> int:
        hand = hands[p]
        legal = legal_mask(hand, trick, trump, forced)
        present = 0
        for h in hands:
            present |= h
        for c in trick:
            present |= 1 << c
        maxi = p == me
        best = -10**9 if maxi else 10**9
        for c in (_merge(legal, present & ~hand, special) if merge
                  else list(bit_indices(legal))):
            hands[p] = hand ^ (1 << c)
            trick.append(c)
            if len(trick) == n:
                w = (leader + trick_winner(trick, trump)) % n
                won[w] += 1
                done = trick[:]
                trick.clear()
                v = play(w, trick, w, left - 1, alpha, beta)
                trick.extend(done)
                won[w] -= 1
            else:
                v = play((p + 1) % n, trick, leader, left, alpha, beta)
            trick.pop()
            hands[p] = hand
            if maxi:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    # tricks still to finish, the current one included
    left = hands[pos.leader].bit_count() + (1 if pos.trick else 0)
    a, b = window if window is not None else (lo_all - 1, hi_all + 1)
    return play(pos.to_play, list(pos.trick), pos.leader, left, a, b)


def play_card(pos: BourrePosition, card: int) -> BourrePosition:
    """The position after the player to move plays global card ``card``."""
    p = pos.to_play
    hands = list(pos.hands)
    hands[p] ^= 1 << card
    trick = pos.trick + (card,)
    if len(trick) < len(pos.seats):
        return pos._replace(hands=tuple(hands), trick=trick)
    w = (pos.leader + trick_winner(trick, pos.trump)) % len(pos.seats)
    won = list(pos.won)
    won[w] += 1
    return pos._replace(hands=tuple(hands), trick=(), leader=w, won=tuple(won))


def move_values(pos: BourrePosition, objective: str = "tricks",
                budget: list[int] | None = None) -> dict[int, int]:
    """The paranoid value of each legal card (global index) for the player to move; with
    ``objective="tricks"`` the tricks he ends with minus those he has already won."""
    me = pos.to_play
    tt: dict[Any, tuple[int, int]] = {}
    legal = legal_mask(pos.hands[me], list(pos.trick), pos.trump, pos.forced_lead)
    base = pos.won[me] if objective == "tricks" else 0
    return {c: solve(play_card(pos, c), me, objective, tt, budget) - base
            for c in bit_indices(legal)}


def position_from_views(views: dict[str, Any], opts: Any) -> BourrePosition:
    """A full-information position from every active seat's view of one play state."""
    any_view = next(iter(views.values()))
    staying = sorted(any_view.staying, key=lambda s: int(s[1:]))
    seats = tuple(int(s[1:]) - 1 for s in staying)
    hands = []
    for s in staying:
        m = 0
        for c in views[s].hand:
            m |= 1 << c.index
        hands.append(m)
    trick = tuple(c.index for _, c in any_view.trick)
    if any_view.trick:
        leader = staying.index(any_view.trick[0][0])
    else:
        leader = staying.index(any_view.current_player)
    won = tuple(int(any_view.tricks_won.get(s, 0)) for s in staying)
    return BourrePosition(seats, tuple(hands), int(any_view.trump), leader, trick, won,
                          str(opts.forced_lead), str(opts.tie_rule))


def bourre_card_values(state: Any) -> tuple[dict[Card, float], str] | None:
    """Analysis hook: tricks (from now on) of each legal card for the player to move."""
    if state.phase != "play" or state.current_player is None:
        return None
    any_view = state.view(state.current_player)
    views = {s: state.view(s) for s in any_view.staying}
    pos = position_from_views(views, state.game.options)
    vals = move_values(pos, "tricks")
    return {Card.from_index(c): float(v) for c, v in vals.items()}, "tricks"

