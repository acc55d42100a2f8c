"""What a Bourré deal shares between its states: the deal context (fixed when dealt, then
when play starts) and the decision round's bookkeeping (replaced at each decision).

>>> import trapoula
>>> s = trapoula.make("bourre", players=4).new_deal(seed=5)
>>> s._ctx.seats, s._ctx.max_draw, s._ctx.fees
((0, 1, 2, 3), 4, (0, 1, 1, 1, 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.cards import SUIT_MASKS
from trapoula.core.action import Action
from trapoula.games.bourre.actions import SUIT_PLAYS, plays_of
from trapoula.games.bourre.play import ABOVE, AKQ_MASKS

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.rules import BourreOptions

__all__ = ["BEATS", "LED", "DealBook", "DealContext"]

_new = object.__new__

# LED[c]: the cards of c's suit; BEATS[trump][c]: the cards that beat c when it is winning a
# trick (a higher card of its suit, or any trump if c is not one)
LED: tuple[int, ...] = tuple(SUIT_MASKS[c // 13] for c in range(52))
BEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ABOVE[c] | (0 if c // 13 == t else SUIT_MASKS[t]) for c in range(52))
    for t in range(4)
)
# the order of play among the players who stayed: (n, seats, active) -> (next seat, players)
_ORDERS: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, ...], int]] = {}


class DealContext:
    """What a deal fixes once and shares between its states."""

    __slots__ = (
        "game", "opts", "seed", "refill_key", "origin", "n", "seats", "dealer", "ante",
        "trump_card", "trump", "max_draw", "fees", "no_fold", "order", "players", "tmask",
        "akq", "cinch", "beats",
    )

    game: Bourre
    opts: BourreOptions
    seed: int
    refill_key: int
    origin: dict[str, Any]  # what a record stores to deal again ("deck" as card indices)
    n: int  # seats at the table (P1..Pn)
    seats: tuple[int, ...]  # dealt-in seats, from the dealer's left (decision order)
    dealer: int
    ante: int
    trump_card: int
    trump: int
    max_draw: int
    fees: tuple[int, ...]  # the fee for staying with k = 0..max_draw exchanged
    no_fold: int  # the seat that may not fold (dealer_fifth: upturned ace), or -1
    order: tuple[int, ...]  # set when play starts: next active seat after each seat
    players: int  # set when play starts: active players
    tmask: int  # the trump suit's cards
    akq: int  # the A, K, Q of trumps when a forced lead applies, else 0
    cinch: bool  # the forced lead needs all three (cinch_AKQ)
    beats: tuple[int, ...]  # BEATS[trump]

    def __init__(
        self, game: Bourre, seed: int, refill_key: int, origin: dict[str, Any],
        seats: tuple[int, ...], dealer: int, ante: int, trump_card: int, max_draw: int,
        fees: tuple[int, ...], no_fold: int,
    ) -> None:
        opts = self.opts = game.options
        self.game = game
        self.seed = seed
        self.refill_key = refill_key
        self.origin = origin
        self.n = opts.players
        self.seats = seats
        self.dealer = dealer
        self.ante = ante
        self.trump_card = trump_card
        trump = self.trump = trump_card // 13
        self.max_draw = max_draw
        self.fees = fees
        self.no_fold = no_fold
        self.order = ()
        self.players = 0
        self.tmask = SUIT_MASKS[trump]
        mode = opts.forced_lead
        self.akq = 0 if mode == "none" else AKQ_MASKS[trump]
        self.cinch = mode == "cinch_AKQ"
        self.beats = BEATS[trump]

    def playing(self, active: int) -> DealContext:
        """This context with the order of play among the ``active`` seats."""
        c = _new(DealContext)
        c.game, c.opts, c.seed, c.refill_key = self.game, self.opts, self.seed, self.refill_key
        c.origin, c.n, c.seats, c.dealer, c.ante = (
            self.origin, self.n, self.seats, self.dealer, self.ante)
        c.trump_card, c.trump, c.max_draw, c.fees = (
            self.trump_card, self.trump, self.max_draw, self.fees)
        c.no_fold, c.tmask, c.akq, c.cinch, c.beats = (
            self.no_fold, self.tmask, self.akq, self.cinch, self.beats)
        key = (self.n, self.seats, active)
        got = _ORDERS.get(key)
        if got is None:
            staying = [s for s in self.seats if active >> s & 1]
            order = [-1] * self.n
            for i, s in enumerate(staying):
                order[s] = staying[(i + 1) % len(staying)]
            got = _ORDERS[key] = (tuple(order), len(staying))
        c.order, c.players = got
        return c

    def lead_legal(self, hand: int) -> tuple[Action, ...]:
        """What a leader holding ``hand`` may lead: his highest trump if forced, else any."""
        held = hand & self.akq
        if held and (held == self.akq or not self.cinch):
            return SUIT_PLAYS[1 << ((hand & self.tmask).bit_length() - 1)]
        return plays_of(hand)


class DealBook:
    """The decision round's bookkeeping: replaced at each decision, shared by the states of
    the play (whose hands are these hands minus the cards played)."""

    __slots__ = (
        "hands", "active", "stock", "pool", "refills", "discards", "fees_paid", "pot",
        "stacks", "dpos",
    )

    hands: tuple[int, ...]
    active: int
    stock: tuple[int, ...]
    pool: int
    refills: int
    discards: tuple[int, ...]
    fees_paid: tuple[int, ...]
    pot: int
    stacks: tuple[int, ...] | None
    dpos: int

    def copy(self) -> DealBook:
        d = _new(DealBook)
        d.hands, d.active, d.stock, d.pool, d.refills = (
            self.hands, self.active, self.stock, self.pool, self.refills)
        d.discards, d.fees_paid, d.pot, d.stacks, d.dpos = (
            self.discards, self.fees_paid, self.pot, self.stacks, self.dpos)
        return d

