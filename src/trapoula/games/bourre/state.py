"""The Bourré deal as an explicit phase machine (RULES.md §2.2-§2.4).

Phases: ``decide`` (each dealt-in player, from the dealer's left: ``fold``, ``stay`` or
``draw C …``, paying the draw fee), ``play`` (5 tricks among the players who stayed) and
``over`` (the pot settled: ``result`` is ``{"payouts": …, "bourre": …, "carry": N}``).
States are immutable; ``apply`` returns the next state.

>>> import trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=3)
>>> s.phase, s.current_player, s.pot, [str(a) for a in s.legal_actions()][:2]
('decide', 'P1', 3, ['fold', 'stay'])
>>> s2 = s.apply("P1 fold").apply("P2 fold").apply("P3 stay")
>>> s2.is_over, s2.result
(True, {'payouts': {'P3': 3}, 'bourre': {}, 'carry': 0})

Speed (``benchmarks/speed_bourre.py``): every state is made with its legal list, a tuple of
shared actions found by table look-ups (:mod:`trapoula.games.bourre.actions`).  ``apply``
plays a card inline: one new object of 13 slots, whose hands are the hands the decision
round left minus the cards ``played`` (so nothing is copied per card), with the winning card
of the trick kept as it goes.  A decision makes a new :class:`DealBook` (the decision
round's bookkeeping) and the next player's list; no dataclass is copied anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, cards_of
from trapoula.cards.cardset import bit_indices
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.state import DealState, LogCell
from trapoula.games.bourre.actions import (
    FOLD,
    PLAY_ACTIONS,
    STAY,
    SUIT_PLAYS,
    decide_actions,
    draw_action,
    draw_mask,
    hand_draws,
    parse_bourre_action,
    plays_of,
)
from trapoula.games.bourre.context import LED, DealBook, DealContext
from trapoula.games.bourre.deck import permute, refill_stock
from trapoula.games.bourre.play import ABOVE
from trapoula.games.bourre.settlement import settle_core

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.view import BourreView

__all__ = [
    "FOLD",
    "PHASES",
    "PLAY_ACTIONS",
    "STAY",
    "BourreState",
    "draw_action",
    "hand_draws",
    "parse_bourre_action",
    "permute",
    "refill_stock",
]

DECIDE, PLAY, OVER = range(3)
PHASES = ("decide", "play", "over")
_SEATS = tuple(seat_name(i) for i in range(8))
_new = object.__new__

# the positions (in a sorted five-card hand) of the cards of each draw, in legal order
_DRAW_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    p for k in range(1, 6) for p in combinations(range(5), k)
)


class BourreState(DealState, frozen=True):
    PHASES = PHASES
    """One Bourré deal.  Use ``game.new_deal()`` or ``game.from_setup()``."""

    __slots__ = (
        "_ctx", "_deal", "_phase", "_turn", "_score", "trick", "played", "_best", "_wseat",
        "_cell", "_legal", "_result", "is_over",
    )

    _ctx: DealContext
    _deal: DealBook  # the decision round's bookkeeping (fixed once play starts)
    _phase: int
    _turn: int
    _score: tuple[int, tuple[int, ...], int]  # (leader, tricks by seat, tricks done)
    trick: tuple[int, ...]  # the cards of the current trick, in the order played
    played: int  # every card played so far, as a mask
    _best: int  # the card winning the current trick (-1 before its lead)
    _wseat: int  # the seat that played it
    _cell: LogCell
    _legal: tuple[Action, ...]  # the legal list, made with the state
    _result: dict[str, Any]  # set once over
    is_over: bool

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def _start(
        cls,
        ctx: DealContext,
        hands: Sequence[int],
        stock: Sequence[int],
        pot: int,
        stacks: Sequence[int] | None = None,
    ) -> BourreState:
        d = _new(DealBook)
        hands = d.hands = tuple(hands)
        d.active = 0
        d.stock = tuple(stock)
        d.pool = 0
        d.refills = 0
        d.discards = d.fees_paid = (0,) * ctx.n
        d.pot = pot
        d.stacks = None if stacks is None else tuple(stacks)
        d.dpos = 0
        s: BourreState = _new(cls._building)
        s._ctx = ctx
        s._deal = d
        s._phase = DECIDE
        seat = s._turn = ctx.seats[0]
        s._score = (-1, d.discards, 0)
        s.trick = ()
        s.played = 0
        s._best = s._wseat = -1
        s._cell = None
        s._legal = decide_actions(hands[seat], ctx.max_draw, seat != ctx.no_fold)
        s.is_over = False
        s.__class__ = cls
        return s

    def _copy(self) -> BourreState:
        """A copy to change (a building instance: freeze it when done)."""
        n: BourreState = _new(_Building)
        n._ctx = self._ctx
        n._deal = self._deal
        n._phase = self._phase
        n._turn = self._turn
        n._score = self._score
        n.trick = self.trick
        n.played = self.played
        n._best = self._best
        n._wseat = self._wseat
        n._cell = self._cell
        n._legal = self._legal
        if self.is_over:
            n._result = self._result
        n.is_over = self.is_over
        return n

    def _with_cards(
        self, hands: Sequence[int], stock: Sequence[int], pool: int
    ) -> BourreState:
        """This state with other cards in the hands, the stock and the pool (for tests and
        tools that deal the unseen cards again; the cards played stay as they are)."""
        n = self._copy()
        d = n._deal = self._deal.copy()
        d.hands, d.stock, d.pool = tuple(hands), tuple(stock), pool
        n._legal = n._compute_legal()
        n.__class__ = BourreState
        return n

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Bourre:
        return self._ctx.game


    @property
    def ante(self) -> int:
        return self._ctx.ante

    @property
    def trump(self) -> Suit:
        return Suit(self._ctx.trump)

    @property
    def trump_card(self) -> Card:
        return Card.from_index(self._ctx.trump_card)

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats dealt in, from the dealer's left."""
        return tuple(_SEATS[s] for s in self._ctx.seats)

    @property
    def folded(self) -> tuple[str, ...]:
        """Seats that have folded so far."""
        d = self._deal
        return tuple(_SEATS[s] for s in self._ctx.seats[: d.dpos] if not d.active >> s & 1)

    @property
    def hands(self) -> tuple[int, ...]:
        """Every seat's cards as a mask, by seat (0 for a seat not dealt in or folded)."""
        played = self.played
        if not played:
            return self._deal.hands
        return tuple(h & ~played for h in self._deal.hands)

    @property
    def active(self) -> int:
        """The seats that stayed in, as a bitmask."""
        return self._deal.active

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, top first."""
        return self._deal.stock

    @property
    def pool(self) -> int:
        """Discards and folded hands that would make a new stock."""
        return self._deal.pool

    @property
    def refills(self) -> int:
        return self._deal.refills

    @property
    def discards(self) -> tuple[int, ...]:
        """Each seat's own discards (only he sees them)."""
        return self._deal.discards

    @property
    def fees_paid(self) -> tuple[int, ...]:
        """The draw fees each seat paid into this pot (public)."""
        return self._deal.fees_paid

    @property
    def pot(self) -> int:
        return self._deal.pot

    @property
    def stacks(self) -> tuple[int, ...] | None:
        """Chips behind each seat (sessions only)."""
        return self._deal.stacks

    @property
    def leader(self) -> int:
        """The seat that led the current trick (-1 before play)."""
        return self._score[0]

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks taken so far, by seat."""
        return self._score[1]

    @property
    def tricks_done(self) -> int:
        return self._score[2]

    @property
    def current_player(self) -> str | None:
        return None if self._phase == OVER else _SEATS[self._turn]

    @property
    def current_index(self) -> int:
        return -1 if self._phase == OVER else self._turn

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        r = self._result
        return {"payouts": dict(r["payouts"]), "bourre": dict(r["bourre"]), "carry": r["carry"]}

    def hand(self, seat: str | int) -> list[Card]:
        """The cards a seat holds (full information: not for players; see :meth:`view`)."""
        i = seat if isinstance(seat, int) else seat_index(seat)
        return cards_of(self.hands[i])

    def tricks_won(self) -> dict[str, int]:
        """Tricks taken so far by each player who stayed in."""
        active = self._deal.active
        tricks = self._score[1]
        return {_SEATS[s]: tricks[s] for s in self._ctx.seats if active >> s & 1}

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    # --- the moves: core's template (GameState.apply) judges, these answer and move ---------
    def _allows(self, action: Action) -> bool:
        return action in self._legal

    def _apply_legal(self, action: Action) -> BourreState:
        if self._phase != PLAY:
            return self._apply_decision(action)
        # --- hot path: a card is played (one new object; hands are derived from `played`)
        ctx = self._ctx
        seat = self._turn
        card = action.cards[0].index
        n = _new(_Building)
        n._ctx = ctx
        n._deal = deal = self._deal
        n._phase = PLAY
        played = n.played = self.played | 1 << card
        n._cell = (self._cell, _SEATS[seat], action)
        trick = self.trick
        if not trick:
            best, wseat = card, seat
        elif ctx.beats[self._best] >> card & 1:
            best, wseat = card, seat
        else:
            best, wseat = self._best, self._wseat
        trick += (card,)
        if len(trick) < ctx.players:
            n.trick = trick
            n._best = best
            n._wseat = wseat
            n._score = self._score
            n.is_over = False
            nxt = n._turn = ctx.order[seat]
            # follow suit, beating the winning card if possible; else trump (beating a
            # winning trump if possible); else any card
            h = deal.hands[nxt] & ~played
            f = h & LED[trick[0]]
            if f:
                n._legal = SUIT_PLAYS[f & ABOVE[best] or f]
            else:
                f = h & ctx.tmask
                n._legal = SUIT_PLAYS[f & ABOVE[best] or f] if f else plays_of(h)
            n.__class__ = BourreState
            return n
        # the trick is complete: its winner takes it and leads the next one
        _, tricks, done = self._score
        tricks = (*tricks[:wseat], tricks[wseat] + 1, *tricks[wseat + 1:])
        n._score = (wseat, tricks, done + 1)
        n.trick = ()
        n._best = n._wseat = -1
        n._turn = wseat
        if done == 4:
            n._finish()
            n.__class__ = BourreState
            return n
        n.is_over = False
        n._legal = ctx.lead_legal(deal.hands[wseat] & ~played)
        n.__class__ = BourreState
        return n

    def record(self) -> dict[str, Any]:
        """The deal's record: how it started (seed, dealer, the dealt pack and the refill
        key; a session's seats, pot and stacks; or a setup), the actions and the result."""
        from trapoula.core.chance import record_head

        rec = record_head(self._ctx.game, "deal")
        for key, value in self._ctx.origin.items():
            if key == "deck" and value and isinstance(value[0], int):  # (a dealt pack)
                value = [str(Card.from_index(c)) for c in value]
            rec[key] = value
        rec["actions"] = [str(e) for e in self.history]
        if self.is_over:
            rec["result"] = self.result
        return rec

    def chance(self) -> dict[str, Any]:
        origin = self._ctx.origin
        return {
            "dealer": self.dealer,
            "deck": [str(Card.from_index(c)) if isinstance(c, int) else c
                     for c in origin["deck"]],
            "refill_key": self._ctx.refill_key,
        }

    def _log(self) -> LogCell:
        return self._cell

    def view(self, seat: str) -> BourreView:
        from trapoula.games.bourre.view import make_view

        return make_view(self, seat)

    def public_view(self) -> BourreView:
        """A spectator's view: every draw as a count, played cards, the pot; no hand."""
        from trapoula.games.bourre.view import make_view

        return make_view(self, "P1", public=True)

    # --- legality -----------------------------------------------------------------------------
    def _compute_legal(self) -> tuple[Action, ...]:
        """The legal list from scratch (the transitions make it as they go)."""
        phase = self._phase
        ctx = self._ctx
        seat = self._turn
        if phase == OVER:
            return ()
        h = self.hands[seat]
        if phase == DECIDE:
            return decide_actions(h, ctx.max_draw, seat != ctx.no_fold)
        if not self.trick:
            return ctx.lead_legal(h)
        best = self._best
        f = h & LED[self.trick[0]]
        if f:
            return SUIT_PLAYS[f & ABOVE[best] or f]
        f = h & ctx.tmask
        return SUIT_PLAYS[f & ABOVE[best] or f] if f else plays_of(h)

    # --- transitions --------------------------------------------------------------------------
    def _apply_decision(self, action: Action) -> BourreState:
        """``fold``, ``stay`` or ``draw`` by the seat to decide (§2.2.5-§2.2.7)."""
        legal = self._legal
        for j, x in enumerate(legal):  # noqa: B007 (apply found it: an interned action)
            if x is action:
                break
        else:
            j = legal.index(action)
            action = legal[j]  # the canonical object
        ctx = self._ctx
        seat = self._turn
        old = self._deal
        hands, pool, active, stock, refills = (
            old.hands, old.pool, old.active, old.stock, old.refills)
        discards, fees_paid, pot, stacks = old.discards, old.fees_paid, old.pot, old.stacks
        if action is FOLD:
            pool |= hands[seat]
            hands = (*hands[:seat], 0, *hands[seat + 1:])
        else:
            active |= 1 << seat
            j -= 2 if legal[0] is FOLD else 1  # the draws come after fold and stay
            if j < 0:
                k = out = 0
            else:  # the j-th draw: which cards of the hand, by position
                idx = bit_indices(hands[seat])
                if len(idx) == 5:
                    out = 0
                    for p in _DRAW_POSITIONS[j]:
                        out |= 1 << idx[p]
                else:
                    out = draw_mask(action)
                k = out.bit_count()
            fee = ctx.fees[k]
            if fee:  # (in a session, at most what he has)
                if stacks is not None:
                    fee = min(fee, stacks[seat])
                    stacks = (*stacks[:seat], stacks[seat] - fee, *stacks[seat + 1:])
                pot += fee
                fees_paid = (*fees_paid[:seat], fees_paid[seat] + fee, *fees_paid[seat + 1:])
            if k:  # discard, draw from the stock; made again from the pool if it runs out
                take = stock[:k]
                stock = stock[k:]
                if len(take) < k:
                    refills += 1
                    new = refill_stock(pool, ctx.refill_key, refills)
                    pool = 0
                    need = k - len(take)
                    take += tuple(new[:need])
                    stock = tuple(new[need:])
                pool |= out
                h = hands[seat] ^ out
                for c in take:
                    h |= 1 << c
                hands = (*hands[:seat], h, *hands[seat + 1:])
                discards = (*discards[:seat], discards[seat] | out, *discards[seat + 1:])
        d = _new(DealBook)
        d.hands, d.active, d.stock, d.pool, d.refills = hands, active, stock, pool, refills
        d.discards, d.fees_paid, d.pot, d.stacks = discards, fees_paid, pot, stacks
        d.dpos = dpos = old.dpos + 1
        n = _new(_Building)
        n._ctx = ctx
        n._deal = d
        n._phase = DECIDE
        n._score = self._score
        n.trick = ()
        n.played = 0
        n._best = n._wseat = -1
        n._cell = (self._cell, _SEATS[seat], action)
        n.is_over = False
        if dpos < len(ctx.seats):
            nxt = n._turn = ctx.seats[dpos]
            n._legal = decide_actions(d.hands[nxt], ctx.max_draw, nxt != ctx.no_fold)
            n.__class__ = BourreState
            return n
        # everyone has decided: play among those who stayed, if two or more did
        n._turn = seat
        if d.active.bit_count() < 2:
            n._finish()
            n.__class__ = BourreState
            return n
        ctx = n._ctx = ctx.playing(d.active)
        n._phase = PLAY
        first = next(s for s in ctx.seats if d.active >> s & 1)
        n._turn = first
        n._score = (first, n._score[1], 0)
        n._legal = ctx.lead_legal(d.hands[first])
        n.__class__ = BourreState
        return n

    def _finish(self) -> None:
        """Settle the pot (on a state being built)."""
        ctx = self._ctx
        active = self._deal.active
        tricks = self._score[1]
        payouts, bourre, carry, _ = settle_core(
            self._deal.pot, [(_SEATS[s], tricks[s]) for s in ctx.seats if active >> s & 1],
            ctx.opts.tie_rule, ctx.opts.bourre_cap,
        )
        self._result = {"payouts": payouts, "bourre": bourre, "carry": carry}
        self._phase = OVER
        self._legal = ()
        self.is_over = True

    # --- helpers for views, bots and sessions -------------------------------------------------
    def draw_count(self, seat: int) -> int:
        """How many cards ``seat`` exchanged (public), or -1 if he has not stayed in."""
        d = self._deal
        return d.discards[seat].bit_count() if d.active >> seat & 1 else -1


_Building: type[BourreState] = BourreState._building
