"""Bourré observations read from the engine state (the fenced fast path of the adapter),
pinned to :meth:`BourreAdapter.ones <trapoula.envs.bourre.BourreAdapter.ones>` of the seat's
view by ``tests/envs/test_fast_observe.py`` and by :mod:`trapoula.vector.check`.

As :mod:`trapoula.envs.bourloto_fast`: the same cells as the adapter writes from
``state.view(seat)``, read from the state's fields (the seat's own hand and discards, and
public facts: who folded or stayed and how many cards each exchanged, fees, pot, stock,
the trick, the cards played, the tricks won), without building the view and its history.
It serves only the layout it was written for (:func:`knows`) and standalone deals (a
session's views carry the session's pot: they are built from the view).

>>> from trapoula.envs import adapter_for
>>> ad = adapter_for("bourre", players=5)
>>> s = ad.game.new_deal(seed=2)
>>> bool((StateCells(ad).observe(s, 1) == ad.observe(s.view("P2"))).all())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from trapoula.envs.base import fill
from trapoula.envs.layout import clip01

if TYPE_CHECKING:
    from trapoula.core.state import GameState
    from trapoula.envs.base import Adapter

__all__ = ["StateCells", "knows"]

_PIECES = ["hand", "my_discards", "phase", "to_act", "dealer", "trump_card", "trump", "status",
           "draws", "fees", "pot", "stock", "hand_counts", "trick", "leader", "played",
           "tricks_won", "payouts", "bourre", "carry"]
# _BITS[s][b]: the card indices of suit s in the 13-bit rank pattern b
_BITS = [[[13 * s + r for r in range(13) if b >> r & 1] for b in range(1 << 13)]
         for s in range(4)]


def _cards(mask: int) -> list[int]:
    """The card indices of a 52-card mask, in order."""
    b = _BITS
    return (b[0][mask & 0x1FFF] + b[1][mask >> 13 & 0x1FFF] + b[2][mask >> 26 & 0x1FFF]
            + b[3][mask >> 39 & 0x1FFF])


def knows(adapter: Adapter) -> bool:
    """True when ``adapter``'s observation is the one :class:`StateCells` writes (its phase
    cells in the order of the state's phase numbers)."""
    from trapoula.games.bourre import state as state_module

    n = adapter.players
    shapes = adapter.obs_layout.shapes
    return (type(adapter).__name__ == "BourreAdapter"
            and [p for p, _ in adapter.obs_layout.pieces] == _PIECES
            and getattr(adapter, "phases", None) == state_module.PHASES
            and shapes["trick"] == (n, 52) and shapes["status"] == (n, 3)
            and shapes["draws"] == (n, 6) and shapes["tricks_won"] == (n, 6))


class StateCells:
    """The observation cells of a Bourré deal for one seat (see the module docs)."""

    def __init__(self, adapter: Adapter) -> None:
        o = adapter.obs_layout.offset
        self.o = {name: o(name) for name, _ in adapter.obs_layout.pieces}
        self.n = adapter.players
        self.size = adapter.obs_layout.size
        self.fee_scale: float = adapter.fee_scale  # type: ignore[attr-defined]
        self.pot_scale: float = adapter.pot_scale  # type: ignore[attr-defined]
        self._books: dict[tuple[int, int], tuple[Any, list[int], list[tuple[int, float]]]] = {}

    def observe(self, state: GameState, me: int, out: np.ndarray | None = None
                ) -> np.ndarray:
        """Seat ``me``'s observation tensor (seat index: 0 is ``P1``)."""
        on, values = self.cells(state, me)
        return fill(out, self.size, on, values)

    def _book_cells(self, st: Any, me: int) -> tuple[list[int], list[tuple[int, float]]]:
        """The cells that only the decision round changes: my discards, dealer, trump,
        everybody's status, draws and fees, the pot and the stock."""
        o = self.o
        n = self.n
        ctx = st._ctx
        d = st._deal
        on = [o["my_discards"] + c for c in _cards(d.discards[me])]
        on.append(o["dealer"] + (ctx.dealer - me) % n)
        on.append(o["trump_card"] + ctx.trump_card)
        on.append(o["trump"] + ctx.trump)
        sto, dr, fe = o["status"], o["draws"], o["fees"]
        active = d.active
        decided = ctx.seats[: d.dpos] if st._phase == 0 else ctx.seats
        vals: list[tuple[int, float]] = []
        for s in ctx.seats:
            r = (s - me) % n
            if active >> s & 1:
                on.append(sto + 3 * r + 1)
                on.append(sto + 3 * r + 2)
                on.append(dr + 6 * r + min(d.discards[s].bit_count(), 5))
            elif s in decided:
                on.append(sto + 3 * r)
                on.append(sto + 3 * r + 2)
            fee = d.fees_paid[s]
            if fee:
                vals.append((fe + r, clip01(fee / self.fee_scale)))
        vals.append((o["pot"], clip01(d.pot / self.pot_scale)))
        vals.append((o["stock"], len(d.stock) / 52.0))
        return on, vals

    def cells(self, state: GameState, me: int) -> tuple[list[int], list[tuple[int, float]]]:
        """``adapter.ones(state.view(seat))`` read from the state's fields."""
        st: Any = state
        o = self.o
        n = self.n
        ctx = st._ctx
        d = st._deal
        phase = st._phase
        played = st.played
        hands = d.hands
        on = [o["hand"] + c for c in _cards(hands[me] & ~played)]
        on.append(o["phase"] + phase)
        if phase != 2:  # OVER
            on.append(o["to_act"] + (st._turn - me) % n)
        hc = o["hand_counts"]
        vals = [(hc + (s - me) % n, (hands[s] & ~played).bit_count() / 5.0) for s in ctx.seats]
        # the cells of the decision round's book (fixed through the tricks: kept per book)
        got = self._books.get((id(d), me))
        if got is None or got[0] is not d:
            if len(self._books) > 256:
                self._books.clear()
            got = self._books[id(d), me] = (d, *self._book_cells(st, me))
        on += got[1]
        vals += got[2]
        active = d.active
        trick = st.trick
        in_trick = 0
        if trick:
            t = o["trick"]
            lead = st._score[0]
            seat = lead
            order = ctx.order
            for c in trick:
                on.append(t + 52 * ((seat - me) % n) + c)
                in_trick |= 1 << c
                seat = order[seat]
            on.append(o["leader"] + (lead - me) % n)
        done = played & ~in_trick
        if done:
            p = o["played"]
            for s in ctx.seats:
                at = p + 52 * ((s - me) % n)
                on += [at + c for c in _cards(hands[s] & done)]
        tw = o["tricks_won"]
        tricks = st._score[1]
        for s in ctx.seats:
            if active >> s & 1:
                on.append(tw + 6 * ((s - me) % n) + tricks[s])
        if phase == 2:
            res = st.result
            for key in ("payouts", "bourre"):
                for seat_name, chips in res[key].items():
                    vals.append((o[key] + (int(seat_name[1:]) - 1 - me) % n,
                                 clip01(chips / self.pot_scale)))
            vals.append((o["carry"], clip01(res["carry"] / self.pot_scale)))
        return on, vals
