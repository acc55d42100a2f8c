"""Bourloto observations read from the engine state (the fenced fast path of the adapter),
pinned to :meth:`BourlotoAdapter.ones <trapoula.envs.bourloto.BourlotoAdapter.ones>` of the
seat's view by ``tests/envs/test_fast_observe.py`` and by :mod:`trapoula.vector.check`.

The adapter builds an observation from ``state.view(seat)``; a view copies the seat's
knowledge out of the state (its whole history as text, every trick ...), which costs
several times the engine step.  :class:`StateCells` writes the same cells straight from
the state's fields, reading only the seat's own hand and declarations and public facts
(the bidding log, the trick, the cards played, the tallies, the declarations shown).  It
serves only the layout and the rule options it was written for (:func:`knows`): a changed
adapter or a new option falls back to the view, so a change can make the observation
slower, never different.

>>> import trapoula
>>> from trapoula.envs import adapter_for
>>> ad = adapter_for("bourloto", "gr")
>>> s = ad.game.new_deal(seed=4)
>>> fast = StateCells(ad)
>>> bool((fast.observe(s, 0) == ad.observe(s.view("P1"))).all())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from trapoula.envs.base import fill
from trapoula.envs.bourloto_layout import _PLAY0, _SCALE, INDEX, PHASES
from trapoula.envs.layout import clip01

if TYPE_CHECKING:
    from trapoula.core.state import GameState
    from trapoula.envs.base import Adapter

__all__ = ["SeatRows", "StateCells", "knows"]

_K32 = [0] * 52  # 52-card index -> 32-card index (the adapter's card numbering)
for _s in range(4):
    for _r in range(8):
        _K32[13 * _s + 5 + _r] = 8 * _s + _r
_ME = np.arange(4)
# _BYTE[s][b]: the 32-card indices of the cards of suit s in the 8-bit rank pattern b
_BYTE = [[[8 * s + r for r in range(8) if b >> r & 1] for b in range(256)] for s in range(4)]
_SHIFTS = (5, 18, 31, 44)  # where each suit's 7..A sit in a 52-card mask
_PIECES = ["hand", "phase", "to_act", "dealer", "upcard", "trump", "buyer", "bids", "trick",
           "leader", "played", "points", "tricks", "declared", "declared_points", "bourlot",
           "my_declarations", "my_declaration_points", "hanging", "scores", "thrown_in"]


def _k32s(mask: int) -> list[int]:
    """The 32-card indices of a 52-card mask's cards, in order."""
    b = _BYTE
    return (b[0][mask >> 5 & 0xFF] + b[1][mask >> 18 & 0xFF] + b[2][mask >> 31 & 0xFF]
            + b[3][mask >> 44 & 0xFF])


def knows(adapter: Adapter) -> bool:
    """True when ``adapter``'s observation is the one this encoder writes: the Bourloto
    adapter's slices in this order, the phases of the engine, and rule options this code was
    written and checked for (those the numpy engine knows,
    :func:`trapoula.accel.bourloto_numpy.supports`: a new option or value, e.g. of a new
    preset sharing the layout, gets the view's observation until it is checked here)."""
    from trapoula.accel.bourloto_numpy import supports
    from trapoula.games.bourloto import state as state_module

    return (type(adapter).__name__ == "BourlotoAdapter"
            and supports(adapter.game.options)  # type: ignore[arg-type]
            and adapter.num_actions == len(INDEX)  # (not declaration_timing="in_play")
            and [n for n, _ in adapter.obs_layout.pieces] == _PIECES
            and PHASES == state_module.PHASES
            and adapter.obs_layout.shapes["bids"] == (adapter.bid_slots, 16)  # type: ignore[attr-defined]
            and adapter.obs_layout.shapes["trick"] == (4, 32))


class StateCells:
    """The observation cells of a Bourloto state for one seat (see the module docs)."""

    def __init__(self, adapter: Adapter) -> None:
        o = adapter.obs_layout.offset
        self.o = {name: o(name) for name, _ in adapter.obs_layout.pieces}
        self.bid_slots: int = adapter.bid_slots  # type: ignore[attr-defined]
        self.size = adapter.obs_layout.size
        self.index = INDEX
        opts: Any = adapter.game.options
        self.trick1_changes = opts.declaration_timing == "first_trick"

    def observe(self, state: GameState, me: int, out: np.ndarray | None = None
                ) -> np.ndarray:
        """Seat ``me``'s observation tensor (seat index: 0 is ``P1``)."""
        on: list[int] = []
        at: list[int] = []
        vals: list[float] = []
        self.cells(state, me, 0, on, at, vals)
        return fill(out, self.size, on, at=at, vals=vals)

    def cells(self, state: GameState, me: int, base: int, on: list[int], at: list[int],
                vals: list[float]) -> None:
        """The cells of seat ``me``'s observation (``adapter.ones`` of its view), offset by
        ``base``: indices set to 1 onto ``on``, the other values onto ``at``/``vals``."""
        st: Any = state
        ctx = st._ctx
        o = self.o
        phase = st._phase
        left = st._left
        cells = [o["hand"] + k for k in _k32s(ctx.hands[me] & left)]
        cells.append(o["phase"] + phase)
        if phase != 6:  # OVER
            cells.append(o["to_act"] + ((st._turn - me) & 3))
        cells.append(o["dealer"] + ((ctx.dealer - me) & 3))
        bid = st.bid
        if bid.upcard >= 0:
            cells.append(o["upcard"] + _K32[bid.upcard])
        if ctx.trump >= 0:
            cells.append(o["trump"] + ctx.trump)
        if ctx.buyer >= 0:
            cells.append(o["buyer"] + (ctx.buyer != (me & 1)))
        b = o["bids"]
        index = self.index
        for slot, (seat, text) in enumerate(bid.history[: self.bid_slots]):
            at16 = b + 16 * slot
            cells.append(at16 + ((seat - me) & 3))
            cells.append(at16 + 4 + index[text])
        trick = st.trick
        in_trick = 0
        if trick:
            t = o["trick"]
            lead = (st._turn - len(trick)) & 3
            for j, c in enumerate(trick):
                cells.append(t + 32 * ((lead + j - me) & 3) + _K32[c])
                in_trick |= 1 << c
            cells.append(o["leader"] + ((lead - me) & 3))
        us = me & 1
        them = 1 - us
        ov: list[tuple[int, float]] = []  # the values that are not 0 (the row starts at 0)
        tl = st._tl
        if tl:
            p = o["played"]
            gone = ~left & ~in_trick
            hands = ctx.hands
            for seat in range(4):
                at32 = p + 32 * ((seat - me) & 3)
                cells += [at32 + k for k in _k32s(hands[seat] & gone)]
            tally = st.tally
            ov += [(o["points"], tally[us] / 162.0), (o["points"] + 1, tally[them] / 162.0),
                   (o["tricks"], tally[4 + us] / 8.0), (o["tricks"] + 1, tally[4 + them] / 8.0)]
        declared = st.declared
        if any(declared[0]):
            d = o["declared"]
            dp = [0, 0]
            for seat in range(4):
                r = (seat - me) & 3
                for dec in declared[0][seat]:
                    cells += [d + 32 * r + k for k in _k32s(dec.mask)]
                    dp[r & 1] += dec.points
            ov += [(o["declared_points"], clip01(dp[0] / _SCALE)),
                   (o["declared_points"] + 1, clip01(dp[1] / _SCALE))]
        bour = declared[2]
        if bour[0] or bour[1]:
            ov += [(o["bourlot"], clip01(bour[us] / 20.0)),
                   (o["bourlot"] + 1, clip01(bour[them] / 20.0))]
        avail = ctx.avail[me]
        if avail:
            m = o["my_declarations"]
            mine = 0
            for dec in avail:
                cells += [m + k for k in _k32s(dec.mask)]
                mine += dec.points
            ov.append((o["my_declaration_points"], clip01(mine / _SCALE)))
        if ctx.hanging:
            ov.append((o["hanging"], clip01(ctx.hanging / _SCALE)))
        if phase == 6:
            res = st.result
            if res.get("thrown_in"):
                cells.append(o["thrown_in"])
            else:
                sc = res["scores"]
                ab = "AB"
                ov += [(o["scores"], clip01(sc[ab[us]] / _SCALE)),
                       (o["scores"] + 1, clip01(sc[ab[them]] / _SCALE))]
        on += [base + k for k in cells]
        for k, x in ov:
            at.append(base + k)
            vals.append(x)


class SeatRows:
    """Every seat's observation of one deal, kept up to date move by move (the single-env
    form of :class:`trapoula.vector.bourloto.BourlotoEncoder`): a plain card play or a
    bid that changes nothing else writes the few cells it changes into the four rows
    (``array('f')`` rows, float32 like the tensor); any other move marks the rows stale,
    and a stale row is written again by :class:`StateCells` when it is asked for.  The rows
    describe one state (``at``); asked about another, it answers from :class:`StateCells`.

    >>> import trapoula
    >>> from trapoula.envs import adapter_for
    >>> ad = adapter_for("bourloto", "gr")
    >>> rows, s = SeatRows(StateCells(ad)), ad.game.new_deal(seed=4)
    >>> rows.reset(s)
    >>> t = s.apply(s.legal_actions()[0])
    >>> rows.moved(s, t, ad.index(str(s.legal_actions()[0])))
    >>> bool((rows.observe(t, 1) == ad.observe(t.view("P2"))).all())
    True
    """

    def __init__(self, cells: StateCells) -> None:
        from array import array

        self.cells = cells
        self.size = cells.size
        self._zero = array("f", bytes(4 * cells.size))
        self.rows = [array("f", self._zero) for _ in range(4)]
        self.stale = [True] * 4
        self.at: Any = None
        from trapoula.games.bourloto.state import BourlotoState

        self._cls = BourlotoState
        o = cells.o
        self.o_hand, self.o_to_act, self.o_trick = o["hand"], o["to_act"], o["trick"]
        self.o_leader, self.o_played, self.o_bids = o["leader"], o["played"], o["bids"]
        self.o_points, self.o_tricks = o["points"], o["tricks"]

    def reset(self, state: Any) -> None:
        self.at = getattr(state, "deal", state)
        self.stale = [True] * 4

    def moved(self, before: Any, after: Any, action: int) -> None:
        """Integer ``action`` took the deal from ``before`` to ``after`` (of a match: its
        deal in progress)."""
        before = getattr(before, "deal", before)
        after = getattr(after, "deal", after)
        if before is not self.at or after.__class__ is not self._cls or after.is_over:
            self.reset(after)
            return
        self.at = after
        phase = before._phase
        rows = self.rows
        if phase == 5:  # PLAY
            if not _PLAY0 <= action < len(INDEX) or after._phase != 5 or (action - _PLAY0) & 3:
                # not a plain card (the seven exchange, a card with words ...): rebuilt
                self.stale = [True] * 4
                return
            seat, card, trick = before._turn, (action - _PLAY0) >> 2, before.trick
            pos = len(trick)
            nxt = after._turn
            rows[seat][self.o_hand + card] = 0.0
            if pos < 3:
                ta, tr = self.o_to_act, self.o_trick + card
                ld = self.o_leader if pos == 0 else -1
                for me, row in enumerate(rows):
                    r = (seat - me) & 3
                    row[ta + r] = 0.0
                    row[tr + 32 * r] = 1.0
                    if ld >= 0:
                        row[ld + r] = 1.0
                    row[ta + ((nxt - me) & 3)] = 1.0
                return
            if self.cells.trick1_changes and not before._tl and any(before.declared[0]):
                self.stale = [True] * 4
                return
            lead = (seat + 1) & 3
            ks = [_K32[c] for c in trick] + [card]
            t = after.tally
            ta, tr, pl, ld = self.o_to_act, self.o_trick, self.o_played, self.o_leader
            for me in range(4):
                row = rows[me]
                row[ta + ((seat - me) & 3)] = 0.0
                row[ld + ((lead - me) & 3)] = 0.0
                for j in range(4):
                    cell = 32 * ((lead + j - me) & 3) + ks[j]
                    row[tr + cell] = 0.0
                    row[pl + cell] = 1.0
                us = me & 1
                row[self.o_points] = t[us] / 162.0
                row[self.o_points + 1] = t[1 - us] / 162.0
                row[self.o_tricks] = t[4 + us] / 8.0
                row[self.o_tricks + 1] = t[5 - us] / 8.0
                row[ta + ((nxt - me) & 3)] = 1.0
            return
        if 0 <= phase <= 2 and after._phase == phase:
            slot = len(before.bid.history)
            bb, ab = before.bid, after.bid
            if (slot < self.cells.bid_slots and len(ab.history) == slot + 1
                    and ab.upcard == bb.upcard and after._ctx.trump == before._ctx.trump
                    and after._ctx.buyer == before._ctx.buyer):
                seat, nxt = before._turn, after._turn
                at16 = self.o_bids + 16 * slot
                ta = self.o_to_act
                for me in range(4):
                    row = rows[me]
                    row[ta + ((seat - me) & 3)] = 0.0
                    row[at16 + ((seat - me) & 3)] = 1.0
                    row[at16 + 4 + action] = 1.0
                    row[ta + ((nxt - me) & 3)] = 1.0
                return
        self.stale = [True] * 4

    def observe(self, state: Any, me: int, out: np.ndarray | None = None,
                pending: tuple[int, ...] = ()) -> np.ndarray:
        """Seat ``me``'s observation of ``state`` (a new array unless ``out``; a match: of
        its deal, which is what the match's view shows).  Bourloto has no sub-decisions:
        ``pending`` is always empty."""
        state = getattr(state, "deal", state)
        if state is not self.at:
            return self.cells.observe(state, me, out)
        row = self.rows[me]
        if self.stale[me]:
            row[:] = self._zero
            on: list[int] = []
            at: list[int] = []
            vals: list[float] = []
            self.cells.cells(state, me, 0, on, at, vals)
            for k in on:
                row[k] = 1.0
            for k, x in zip(at, vals, strict=True):
                row[k] = x
            self.stale[me] = False
        view = np.frombuffer(row, np.float32)
        if out is None:
            return view.copy()
        out[:] = view
        return out
