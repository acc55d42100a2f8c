"""Bourré's kernel (:mod:`trapoula.core.kernel`): one deal on plain ints, stepped in place.

The decision round (§2.2) and the five tricks (§2.3) of :func:`.fast.random_playouts`, one
step at a time: hands are card masks, the legal cards are §2.3's readable
:func:`.play.legal_mask`, the trick's winning card is followed as cards are played (the
state's ``BEATS``), the pot is settled by :func:`.settlement.settle_core`.  The reference
is the engine, :class:`.state.BourreState` (its legal lists come from its own tables).

Action ids are the learning environments' (``envs/bourre.py``): ``0`` fold, ``1`` stay,
``1 + b`` the draw of the cards at the positions of bitmask ``b`` (1-31) in the sorted
hand, ``33 + c`` the play of card ``c``.

>>> import trapoula
>>> g = trapoula.make("bourre", players=3)
>>> k = new_kernel(g, seed=4)
>>> k.phase, k.to_act, k.legal_ids()[:4]
('decide', 0, [0, 1, 2, 3])
>>> [k.decode(i) for i in k.legal_ids()] == g.new_deal(seed=4).legal_actions()
True
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from trapoula.cards.cardset import bit_indices
from trapoula.core.action import Action
from trapoula.games.bourre.actions import FOLD, PLAY_ACTIONS, STAY, draw_action
from trapoula.games.bourre.context import DealContext
from trapoula.games.bourre.deck import refill_stock
from trapoula.games.bourre.play import legal_mask
from trapoula.games.bourre.settlement import settle_core

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.state import BourreState

__all__ = ["PLAY0", "BourreKernel", "kernel_of", "new_kernel"]

DECIDE, PLAY, OVER = range(3)
_PHASES = ("decide", "play", "over")
PLAY0 = 33
_SEATS = tuple(f"P{i}" for i in range(1, 9))
# hand size -> max draw -> the position bitmasks of the draws, by size then lexicographic
_DRAWS = {
    (h, m): tuple(sum(1 << p for p in combo) for k in range(1, min(h, m) + 1)
                  for combo in combinations(range(h), k))
    for h in range(9) for m in range(6)
}


def _bits(mask: int) -> list[int]:
    return list(bit_indices(mask))


class BourreKernel:
    """One Bourré deal (see the module docstring)."""

    __slots__ = (
        "ctx", "hands", "stock", "pool", "refills", "active", "discards", "fees_paid", "pot",
        "dpos", "_phase", "turn", "order", "trick", "best", "wseat", "tricks", "done",
        "stacks", "_result",
    )

    def __init__(self, state: BourreState) -> None:
        ctx: DealContext = state._ctx
        d = state._deal
        self.ctx = ctx
        self.hands = list(state.hands)
        self.stock = d.stock
        self.pool = d.pool
        self.refills = d.refills
        self.active = d.active
        self.discards = list(d.discards)
        self.fees_paid = list(d.fees_paid)
        self.pot = d.pot
        self.dpos = d.dpos
        self._phase = state._phase
        self.turn = state._turn
        self.order = ctx.order
        self.trick = list(state.trick)
        self.best = state._best
        self.wseat = state._wseat
        self.tricks = list(state._score[1])
        self.done = state._score[2]
        self.stacks = None if d.stacks is None else list(d.stacks)  # (a session's deal)
        self._result: dict[str, Any] | None = state.result

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return _PHASES[self._phase]

    @property
    def to_act(self) -> int | None:
        return None if self._phase == OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        return self._phase == OVER

    def result(self) -> dict[str, Any] | None:
        return self._result

    def hand_codes(self, seat: int) -> tuple[int, ...]:
        return tuple(_bits(self.hands[seat]))

    def legal_mask(self) -> int:
        """The cards the player to act may play (play phase): §2.3's one readable
        definition, :func:`.play.legal_mask`."""
        ctx = self.ctx
        return legal_mask(self.hands[self.turn], self.trick, ctx.trump, ctx.opts.forced_lead)

    def legal_ids(self) -> list[int]:
        phase = self._phase
        if phase == PLAY:
            return [PLAY0 + c for c in _bits(self.legal_mask())]
        if phase == OVER:
            return []
        ctx = self.ctx
        seat = self.turn
        head = [1] if seat == ctx.no_fold else [0, 1]
        size = self.hands[seat].bit_count()
        return head + [1 + b for b in _DRAWS[size, ctx.max_draw]]

    def encode(self, action: Action) -> int:
        kind = action.kind
        if kind == "play":
            return PLAY0 + action.cards[0].index
        if kind == "fold":
            return 0
        if kind == "stay":
            return 1
        idx = _bits(self.hands[self.turn])
        return 1 + sum(1 << idx.index(c.index) for c in action.cards)

    def decode(self, action_id: int) -> Action:
        if action_id >= PLAY0:
            return PLAY_ACTIONS[action_id - PLAY0]
        if action_id < 2:
            return STAY if action_id else FOLD
        return draw_action(self._draw_out(action_id - 1))

    def _draw_out(self, positions: int) -> int:
        idx = _bits(self.hands[self.turn])
        return sum(1 << c for p, c in enumerate(idx) if positions >> p & 1)

    def step(self, action_id: int) -> None:
        if self._phase == PLAY:
            self._play(action_id - PLAY0)
        else:
            self._decide(action_id)

    def public_facts(self) -> dict[str, object]:
        ctx = self.ctx
        seats = ctx.seats
        decided = seats[: self.dpos] if self._phase == DECIDE else seats
        active = self.active
        trick: tuple[tuple[int, int], ...] = ()
        if self.trick:  # (the seats of the trick's cards, from its leader)
            who, out = self._leader(), []
            for c in self.trick:
                out.append((who, c))
                who = self.order[who]
            trick = tuple(out)
        return {
            "phase": _PHASES[self._phase],
            "to_act": None if self._phase == OVER else self.turn,
            "trump_card": ctx.trump_card,
            "pot": self.pot,
            "stock": len(self.stock),
            "folded": tuple(s for s in decided if not active >> s & 1),
            "staying": tuple(s for s in seats if active >> s & 1),
            "draws": tuple((s, self.discards[s].bit_count()) for s in seats if active >> s & 1),
            "fees_paid": tuple(self.fees_paid[s] for s in seats),
            "hand_counts": tuple(self.hands[s].bit_count() for s in seats),
            "trick": trick,
            "tricks_won": tuple((s, self.tricks[s]) for s in seats if active >> s & 1),
        }

    def _leader(self) -> int:
        """The seat that led the current trick."""
        seat = self.turn
        for _ in self.trick:  # (back from the seat to act: the seat before each)
            seat = next(s for s in self.ctx.seats if self.order[s] == seat)
        return seat

    # --- transitions ----------------------------------------------------------------------------
    def _decide(self, action_id: int) -> None:
        """fold, stay or draw by the seat to decide (§2.2.5-§2.2.7)."""
        ctx = self.ctx
        seat = self.turn
        h = self.hands[seat]
        if action_id == 0:
            self.pool |= h
            self.hands[seat] = 0
        else:
            self.active |= 1 << seat
            out = self._draw_out(action_id - 1) if action_id > 1 else 0
            k = out.bit_count()
            fee = ctx.fees[k]
            if self.stacks is not None:  # (in a session, at most what he has)
                fee = min(fee, self.stacks[seat])
                self.stacks[seat] -= fee
            self.pot += fee
            self.fees_paid[seat] += fee
            if k:
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
                h ^= out
                for c in take:
                    h |= 1 << c
                self.hands[seat] = h
                self.discards[seat] |= out
        self.dpos += 1
        if self.dpos < len(ctx.seats):
            self.turn = ctx.seats[self.dpos]
            return
        if self.active.bit_count() < 2:
            self._finish()
            return
        self.ctx = ctx = ctx.playing(self.active)
        self.order = ctx.order
        self._phase = PLAY
        self.turn = next(s for s in ctx.seats if self.active >> s & 1)

    def _play(self, card: int) -> None:
        """A card played (§2.3); the last card of a trick gives it to its winner."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        if not self.trick or self.ctx.beats[self.best] >> card & 1:
            self.best, self.wseat = card, seat
        self.trick.append(card)
        if len(self.trick) < self.ctx.players:
            self.turn = self.order[seat]
            return
        winner = self.wseat
        self.tricks[winner] += 1
        self.done += 1
        self.trick = []
        self.best = -1
        self.turn = winner
        if self.done == 5:
            self._finish()

    def _finish(self) -> None:
        ctx = self.ctx
        active = self.active
        payouts, bourre, carry, _ = settle_core(
            self.pot, [(_SEATS[s], self.tricks[s]) for s in ctx.seats if active >> s & 1],
            ctx.opts.tie_rule, ctx.opts.bourre_cap,
        )
        self._result = {"payouts": payouts, "bourre": bourre, "carry": carry}
        self._phase = OVER


def kernel_of(state: BourreState) -> BourreKernel:
    """A kernel at a public state (of a session's deal too: its fees are capped by the
    stacks)."""
    return BourreKernel(state)


def new_kernel(game: Bourre, seed: int) -> BourreKernel:
    """A kernel at the start of ``game.new_deal(seed=seed)``."""
    return BourreKernel(game.new_deal(seed=seed))

