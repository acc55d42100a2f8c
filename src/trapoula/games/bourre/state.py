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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, cards_of
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.state import GameState, LogCell
from trapoula.errors import IllegalActionError, ParseError
from trapoula.games.bourre.play import legal_mask, trick_winner
from trapoula.games.bourre.settlement import settle

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.rules import BourreOptions
    from trapoula.games.bourre.view import BourreView

__all__ = [
    "FOLD",
    "PHASES",
    "PLAY_ACTIONS",
    "STAY",
    "BourreState",
    "draw_action",
    "parse_bourre_action",
    "permute",
    "refill_stock",
]

DECIDE, PLAY, OVER = range(3)
PHASES = ("decide", "play", "over")
_SEATS = tuple(seat_name(i) for i in range(8))

# --- interned actions ---------------------------------------------------------------------------
FOLD = Action("fold")
STAY = Action("stay")
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action("play", (Card.from_index(i),)) for i in range(52))
_DRAWS: dict[int, Action] = {}
_SMALL_DRAWS: dict[int, Action] = {}
_DRAW_CACHE = 30_000
_FORMS = "fold, stay, draw C [C ...], play C"


def draw_action(mask: int) -> Action:
    """The ``draw`` action discarding the cards of ``mask`` (canonical card order).

    >>> from trapoula.cards import parse_cards, mask_of
    >>> str(draw_action(mask_of(parse_cards("5C 2H"))))
    'draw 2H 5C'
    """
    a = _DRAWS.get(mask)
    if a is None:
        a = _intern(mask, tuple(cards_of(mask)))
    return a


def _intern(mask: int, cards: tuple[Card, ...]) -> Action:
    # draws of one or two cards (1,378) are kept for good; the 290k larger ones would cost
    # too much memory, so they live in a bounded cache
    a = Action("draw", cards)
    if len(cards) > 2:
        if len(_DRAWS) >= _DRAW_CACHE:
            _DRAWS.clear()
            _DRAWS.update(_SMALL_DRAWS)
    else:
        _SMALL_DRAWS[mask] = a
    _DRAWS[mask] = a
    return a


# subsets of the positions 0..4 of a 5-card hand, as 5-bit ints, by size then lexicographic
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << p for p in combo) for k in range(1, top + 1)
          for combo in combinations(range(5), k))
    for top in range(6)
)
_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(5) if s >> p & 1) for s in range(32)
)


def hand_draws(hand: int, max_draw: int) -> list[Action]:
    """Every ``draw`` of 1..max_draw cards of ``hand``: by count, then lexicographic card order.

    >>> from trapoula.cards import parse_cards, mask_of
    >>> [str(a) for a in hand_draws(mask_of(parse_cards("2S 3S 4S")), 2)]
    ['draw 2S', 'draw 3S', 'draw 4S', 'draw 2S 3S', 'draw 2S 4S', 'draw 3S 4S']
    """
    cards = cards_of(hand)
    if len(cards) != 5:  # (only setups and tools ask for other sizes)
        out = []
        for k in range(1, max_draw + 1):
            for combo in combinations(cards, k):
                m = sum(1 << c.index for c in combo)
                out.append(_DRAWS.get(m) or _intern(m, combo))
        return out
    bits = [1 << c.index for c in cards]
    sub = [0] * 32
    for s in range(1, 32):
        low = s & -s
        sub[s] = sub[s ^ low] | bits[low.bit_length() - 1]
    get = _DRAWS.get
    out = []
    for s in _SUBSETS[min(max_draw, 5)]:
        m = sub[s]
        a = get(m)
        if a is None:
            a = _intern(m, tuple(cards[p] for p in _POSITIONS[s]))
        out.append(a)
    return out


def parse_bourre_action(text: str) -> Action:
    """Parse Bourré action text (any case; the cards of a draw in any order).

    >>> str(parse_bourre_action("DRAW 5c 2h")), str(parse_bourre_action(" play th "))
    ('draw 2H 5C', 'play 10H')
    >>> parse_bourre_action("draw 2H 2h")
    Traceback (most recent call last):
    ...
    trapoula.errors.ParseError: 'draw' names 2H twice
    """
    words = text.strip().split()
    if not words:
        raise ParseError(f"empty action; Bourré actions are: {_FORMS}")
    kind = words[0].lower()
    if kind in ("fold", "stay"):
        if len(words) != 1:
            raise ParseError(f"'{kind}' takes nothing after it; got {text.strip()!r}")
        return FOLD if kind == "fold" else STAY
    if kind == "play":
        if len(words) != 2:
            raise ParseError("'play' needs exactly one card, e.g. 'play 10H'")
        card = Card.parse(words[1])
        if card.is_joker:
            raise ParseError("Bourré has no jokers")
        return PLAY_ACTIONS[card.index]
    if kind == "draw":
        if len(words) < 2:
            raise ParseError(
                "'draw' needs the cards to discard, e.g. 'draw 2H 5C' "
                "(to keep all five cards, 'stay')"
            )
        mask = 0
        for w in words[1:]:
            card = Card.parse(w)
            if card.is_joker:
                raise ParseError("Bourré has no jokers")
            if mask >> card.index & 1:
                raise ParseError(f"'draw' names {card} twice")
            mask |= 1 << card.index
        return draw_action(mask)
    raise ParseError(f"not a Bourré action: {text.strip()!r}; actions are: {_FORMS}")


def permute(items: Sequence[int], key: int) -> list[int]:
    """A shuffle of ``items`` decided by one random ``key`` (Lehmer code): uniform when ``key``
    has comfortably more bits than ``log2(len(items)!)``.

    >>> permute([1, 2, 3], 1), permute([1, 2, 3], 5)
    ([3, 1, 2], [1, 2, 3])
    """
    out = list(items)
    for j in range(len(out) - 1, 0, -1):
        key, k = divmod(key, j + 1)
        out[j], out[k] = out[k], out[j]
    return out


def refill_stock(pool: int, refill_key: int, number: int) -> list[int]:
    """The new stock (top first) made of the ``pool`` cards at refill ``number`` (§2.2.6).

    The pool (earlier discards and folded hands) is shuffled from its canonical order by a
    key derived from the deal's ``refill_key`` (drawn when the deal was dealt), so a deal is
    replayable.
    """
    cards = [i for i in range(52) if pool >> i & 1]
    return permute(cards, random.Random(refill_key * 16 + number).getrandbits(256))


@dataclass(frozen=True)
class _Ctx:
    """What a deal fixes once and shares between its states."""

    game: Bourre
    opts: BourreOptions
    seed: int
    refill_key: int
    origin: dict[str, Any]
    n: int  # seats at the table (P1..Pn)
    seats: tuple[int, ...]  # dealt-in seats, from the dealer's left (decision order)
    dealer: int
    ante: int
    trump_card: int
    trump: int
    max_draw: int
    fees: tuple[int, ...]  # the fee for staying with k = 0..max_draw exchanged
    no_fold: int  # the seat that may not fold (dealer_fifth: upturned ace), or -1
    # set when play starts
    order: tuple[int, ...] = ()  # next active seat after each seat
    players: int = 0  # active players


class BourreState(GameState):
    """One Bourré deal.  Use ``game.new_deal()`` or ``game.from_setup()``."""

    __slots__ = (
        "_ctx", "_phase", "_turn", "_dpos", "hands", "active", "stock", "pool", "refills",
        "discards", "fees_paid", "pot", "stacks", "trick", "leader", "tricks", "tricks_done",
        "played", "_cell", "_legal", "_result",
    )

    _ctx: _Ctx
    _phase: int
    _turn: int
    _dpos: int
    hands: tuple[int, ...]
    active: int  # bitmask of seats that stayed in
    stock: tuple[int, ...]  # top first
    pool: int  # discards and folded hands that would make a new stock
    refills: int
    discards: tuple[int, ...]  # each seat's own discards (only he sees them)
    fees_paid: tuple[int, ...]  # draw fees each seat paid into this pot (public)
    pot: int
    stacks: tuple[int, ...] | None  # chips behind each seat (sessions only)
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[int, ...]
    tricks_done: int
    played: int
    _cell: LogCell
    _legal: list[Action] | None
    _result: dict[str, Any] | None

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def _start(
        cls,
        ctx: _Ctx,
        hands: Sequence[int],
        stock: Sequence[int],
        pot: int,
        stacks: Sequence[int] | None = None,
    ) -> BourreState:
        s = object.__new__(cls)
        s._ctx = ctx
        s._phase = DECIDE
        s._dpos = 0
        s._turn = ctx.seats[0]
        s.hands = tuple(hands)
        s.active = 0
        s.stock = tuple(stock)
        s.pool = 0
        s.refills = 0
        s.discards = (0,) * ctx.n
        s.fees_paid = (0,) * ctx.n
        s.pot = pot
        s.stacks = None if stacks is None else tuple(stacks)
        s.trick = ()
        s.leader = -1
        s.tricks = (0,) * ctx.n
        s.tricks_done = 0
        s.played = 0
        s._cell = None
        s._legal = None
        s._result = None
        return s

    def _copy(self) -> BourreState:
        n = object.__new__(BourreState)
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n._dpos = self._dpos
        n.hands = self.hands
        n.active = self.active
        n.stock = self.stock
        n.pool = self.pool
        n.refills = self.refills
        n.discards = self.discards
        n.fees_paid = self.fees_paid
        n.pot = self.pot
        n.stacks = self.stacks
        n.trick = self.trick
        n.leader = self.leader
        n.tricks = self.tricks
        n.tricks_done = self.tricks_done
        n.played = self.played
        n._cell = self._cell
        n._legal = None
        n._result = None
        return n

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Bourre:
        return self._ctx.game

    @property
    def phase(self) -> str:
        return PHASES[self._phase]

    @property
    def dealer(self) -> str:
        return _SEATS[self._ctx.dealer]

    @property
    def dealer_index(self) -> int:
        return self._ctx.dealer

    @property
    def seed(self) -> int:
        return self._ctx.seed

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
        ctx = self._ctx
        return tuple(_SEATS[s] for s in ctx.seats[: self._dpos] if not self.active >> s & 1)

    @property
    def current_player(self) -> str | None:
        return None if self._phase == OVER else _SEATS[self._turn]

    @property
    def current_index(self) -> int:
        return -1 if self._phase == OVER else self._turn

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def result(self) -> dict[str, Any] | None:
        r = self._result
        if r is None:
            return None
        return {"payouts": dict(r["payouts"]), "bourre": dict(r["bourre"]), "carry": r["carry"]}

    def hand(self, seat: str | int) -> list[Card]:
        """The cards a seat holds (full information: not for players; see :meth:`view`)."""
        i = seat if isinstance(seat, int) else seat_index(seat)
        return cards_of(self.hands[i])

    def tricks_won(self) -> dict[str, int]:
        """Tricks taken so far by each player who stayed in."""
        return {_SEATS[s]: self.tricks[s] for s in self._ctx.seats if self.active >> s & 1}

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def apply(self, action: Action | str) -> BourreState:
        if action.__class__ is not Action:
            action = self.parse(action)
        assert isinstance(action, Action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            if self._phase == OVER:
                raise IllegalActionError(f"{action} is not allowed: the deal is over")
            raise IllegalActionError(
                f"{self.current_player} cannot {action} now; allowed: {self._allowed_text()}"
            )
        return self._apply_legal(action)

    def record(self) -> dict[str, Any]:
        from trapoula.core.record import FORMAT

        game = self._ctx.game
        rec: dict[str, Any] = {
            "format": FORMAT, "game": game.name, "preset": game.preset,
            "options": game.changed_options(), "kind": "deal",
        }
        rec.update(self._ctx.origin)
        rec["actions"] = [str(e) for e in self.history]
        return rec

    def _log(self) -> LogCell:
        return self._cell

    def view(self, seat: str) -> BourreView:
        from trapoula.games.bourre.view import make_view

        return make_view(self, seat)

    # --- legality -----------------------------------------------------------------------------
    def _compute_legal(self) -> list[Action]:
        phase = self._phase
        ctx = self._ctx
        seat = self._turn
        if phase == PLAY:
            m = legal_mask(self.hands[seat], self.trick, ctx.trump, ctx.opts.forced_lead)
            out = []
            while m:
                low = m & -m
                out.append(PLAY_ACTIONS[low.bit_length() - 1])
                m ^= low
            return out
        if phase == OVER:
            return []
        acts = [STAY] if seat == ctx.no_fold else [FOLD, STAY]
        if ctx.max_draw:
            acts.extend(hand_draws(self.hands[seat], ctx.max_draw))
        return acts

    # --- transitions --------------------------------------------------------------------------
    def _apply_legal(self, action: Action) -> BourreState:
        seat = self._turn
        n = self._copy()
        n._cell = (self._cell, _SEATS[seat], action)
        if self._phase == PLAY:
            n._play(seat, action.cards[0].index)
        else:
            n._decide(seat, action)
        return n

    def _pay(self, seat: int, fee: int) -> None:
        """``seat`` pays ``fee`` into the pot (in a session, at most what he has)."""
        if not fee:
            return
        stacks = self.stacks
        if stacks is not None:
            fee = min(fee, stacks[seat])
            st = list(stacks)
            st[seat] -= fee
            self.stacks = tuple(st)
        self.pot += fee
        f = list(self.fees_paid)
        f[seat] += fee
        self.fees_paid = tuple(f)

    def _decide(self, seat: int, action: Action) -> None:
        ctx = self._ctx
        hands = list(self.hands)
        if action is FOLD or action.kind == "fold":
            self.pool |= hands[seat]
            hands[seat] = 0
        else:
            self.active |= 1 << seat
            k = len(action.cards)
            self._pay(seat, ctx.fees[k])
            if k:
                out = 0
                for card in action.cards:
                    out |= 1 << card.index
                stock = self.stock
                take = list(stock[:k])
                stock = stock[k:]
                if len(take) < k:
                    self.refills += 1
                    new = refill_stock(self.pool, ctx.refill_key, self.refills)
                    self.pool = 0
                    need = k - len(take)
                    take.extend(new[:need])
                    stock = tuple(new[need:])
                self.stock = stock
                self.pool |= out
                h = hands[seat] ^ out
                for c in take:
                    h |= 1 << c
                hands[seat] = h
                d = list(self.discards)
                d[seat] |= out
                self.discards = tuple(d)
        self.hands = tuple(hands)
        self._dpos += 1
        if self._dpos < len(ctx.seats):
            self._turn = ctx.seats[self._dpos]
            return
        self._end_decisions()

    def _end_decisions(self) -> None:
        ctx = self._ctx
        staying = [s for s in ctx.seats if self.active >> s & 1]
        if len(staying) < 2:
            self._finish()
            return
        order = [-1] * ctx.n
        for i, s in enumerate(staying):
            order[s] = staying[(i + 1) % len(staying)]
        self._ctx = replace(ctx, order=tuple(order), players=len(staying))
        self._phase = PLAY
        self._turn = self.leader = staying[0]

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        hands = list(self.hands)
        hands[seat] ^= bit
        self.hands = tuple(hands)
        self.played |= bit
        trick = self.trick + (card,)
        ctx = self._ctx
        if len(trick) < ctx.players:
            self.trick = trick
            self._turn = ctx.order[seat]
            return
        winner = self.leader
        for _ in range(trick_winner(trick, ctx.trump)):
            winner = ctx.order[winner]
        t = list(self.tricks)
        t[winner] += 1
        self.tricks = tuple(t)
        self.trick = ()
        self.leader = self._turn = winner
        self.tricks_done += 1
        if self.tricks_done == 5:
            self._finish()

    def _finish(self) -> None:
        ctx = self._ctx
        players = {
            _SEATS[s]: (self.tricks[s] if self.active >> s & 1 else None) for s in ctx.seats
        }
        self._result = settle(self.pot, players, ctx.opts).as_result()
        self._phase = OVER

    # --- helpers for views, bots and sessions -------------------------------------------------
    def draw_count(self, seat: int) -> int:
        """How many cards ``seat`` exchanged (public), or -1 if he has not stayed in."""
        return self.discards[seat].bit_count() if self.active >> seat & 1 else -1
