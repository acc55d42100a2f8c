"""Bourloto observations kept up to date move by move (the fenced fast path of
:mod:`trapoula.vector`), pinned to the adapter by :mod:`trapoula.vector.check`.

Every seat's observation row of every deal lives in one ``[N, 4, size]`` array.  The moves
that change a few known cells are applied to the four rows at once, for the whole batch, in
numpy: a plain card play (the card leaves the player's hand and joins the trick; a finished
trick moves to the played cards, with the new points and tricks; the seat to act moves on)
and a bid that leaves the phase, the upcard, the trump and the buyer as they were (one slot
of the bidding log).  Any other move (the last bid, the seven exchange, declarations, a
card with words, the end of trick 1 when declarations are compared then, ...) marks the
deal's four rows stale, and a stale row is written again, when that seat is next to act,
by :class:`~trapoula.envs.bourloto_fast.StateCells` (the adapter's ``ones`` read from the
state's fields instead of from a view: the seat's own hand and declarations, public facts).
The encoder is used only when the adapter's layout is exactly the one it was written for
(:func:`knows`); any other layout (a changed adapter, a new preset's slices) gets the
reference encoder, so a change to the adapter can make the batch slower, never different.
The agreement check (:mod:`trapoula.vector.check`) compares every row it returns with
``adapter.observe(state.view(seat))``.

>>> import trapoula.envs
>>> from trapoula.vector.env import VectorEnv
>>> ad = trapoula.envs.adapter_for("bourloto", "gr")
>>> env = VectorEnv(ad, 2, seed=0, encoder=BourlotoEncoder(ad, 2))
>>> obs, mask, to_act = env.reset()
>>> bool((obs[0] == ad.observe(env.state(0).view("P1"))).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.envs.bourloto_fast import _K32, StateCells, knows
from trapoula.envs.bourloto_layout import _PLAY0
from trapoula.games.bourloto.state import AGREE, BID2, PLAY
from trapoula.vector.encode import Encoder

__all__ = ["BourlotoEncoder", "knows"]

_ME = np.arange(4)


class _Final:
    """The part of a final view that ``BourlotoAdapter.scores`` reads."""

    __slots__ = ("result",)

    def __init__(self, result: Any) -> None:
        self.result = result


class BourlotoEncoder(Encoder):
    """Rows of all four seats per deal, moved on by numpy deltas (see the module docs)."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        super().__init__(adapter, num_envs)
        o = adapter.obs_layout.offset
        self.o_hand, self.o_to_act, self.o_trick = o("hand"), o("to_act"), o("trick")
        self.o_leader, self.o_played, self.o_bids = o("leader"), o("played"), o("bids")
        self.o_points, self.o_tricks = o("points"), o("tricks")
        self.bid_slots: int = adapter.bid_slots  # type: ignore[attr-defined]
        self.cells = StateCells(adapter)
        self.o = self.cells.o
        self.rebuild = self.cells.cells  # the cells of a seat's row, from the state
        opts: Any = adapter.game.options
        self.trick1_changes = opts.declaration_timing == "first_trick"
        self.rows = np.zeros((num_envs, 4, self.size), np.float32)
        self.flat: Any = self.rows.reshape(-1)
        self.stale = np.ones((num_envs, 4), bool)
        self._clear()

    def _clear(self) -> None:
        self.plays: list[tuple[int, int, int, int, int]] = []  # env, seat, card, pos, next
        self.closes: list[tuple[int, ...]] = []  # env, leader, 4 cards, next, tally
        self.bids: list[tuple[int, int, int, int, int]] = []  # env, seat, word, slot, next

    def start(self, i: int, play: Play) -> None:
        self.stale[i] = True

    def final_view(self, state: GameState) -> Any:
        """What the adapter's rewards read of a finished deal: its result (public)."""
        return _Final(state.result)

    def moved(self, i: int, before: GameState, play: Play, action: int) -> None:
        b: Any = before
        a: Any = play.state
        phase = b._phase
        if phase == PLAY:
            if not _PLAY0 <= action < 140 or a._phase != PLAY or (action - _PLAY0) & 3:
                self.stale[i] = True  # not a plain card (the seven exchange, words ...)
                return
            seat, card, trick = b._turn, (action - _PLAY0) >> 2, b.trick
            pos = len(trick)
            if pos < 3:
                self.plays.append((i, seat, card, pos, a._turn))
            elif self.trick1_changes and not b._tl and any(b.declared[0]):
                self.stale[i] = True  # trick 1 ends: the declarations made are compared
            else:
                t = a.tally
                self.closes.append((i, (seat + 1) & 3, _K32[trick[0]], _K32[trick[1]],
                                    _K32[trick[2]], card, a._turn, t[0], t[1], t[4], t[5]))
            return
        if AGREE <= phase <= BID2 and a._phase == phase:
            slot = len(b.bid.history)
            bb, ab = b.bid, a.bid
            if (slot < self.bid_slots and len(ab.history) == slot + 1
                    and ab.upcard == bb.upcard and a._ctx.trump == b._ctx.trump
                    and a._ctx.buyer == b._ctx.buyer):
                self.bids.append((i, b._turn, action, slot, a._turn))
                return
        self.stale[i] = True

    # --- applying the deltas ------------------------------------------------------------------
    def _apply(self) -> None:
        size, flat = self.size, self.flat
        off: list[np.ndarray] = []
        on: list[np.ndarray] = []
        if self.plays:
            e, s, k, pos, n = np.array(self.plays, np.int64).T
            base = (e[:, None] * 4 + _ME) * size  # [M, 4]: each observer's row
            rel = (s[:, None] - _ME) & 3
            off.append(base + self.o_to_act + rel)
            on.append(base + self.o_to_act + ((n[:, None] - _ME) & 3))
            on.append(base + self.o_trick + 32 * rel + k[:, None])
            lead = pos == 0
            on.append((base + self.o_leader + rel)[lead])
            off.append((e * 4 + s) * size + self.o_hand + k)
        if self.closes:
            c = np.array(self.closes, np.int64).T
            e, lead_seat, n = c[0], c[1], c[6]
            base = (e[:, None] * 4 + _ME) * size
            s = (lead_seat + 3) & 3  # the seat that played the fourth card
            off.append(base + self.o_to_act + ((s[:, None] - _ME) & 3))
            on.append(base + self.o_to_act + ((n[:, None] - _ME) & 3))
            off.append(base + self.o_leader + ((lead_seat[:, None] - _ME) & 3))
            off.append((e * 4 + s) * size + self.o_hand + c[5])
            for j in range(4):
                rel = (((lead_seat + j) & 3)[:, None] - _ME) & 3
                cell = 32 * rel + c[2 + j][:, None]
                off.append(base + self.o_trick + cell)
                on.append(base + self.o_played + cell)
            us = _ME & 1  # team of each observer: 0 = A (P1, P3)
            pts = np.stack([c[7], c[8]], 1) / 162.0  # [M, 2] for A, B
            trk = np.stack([c[9], c[10]], 1) / 8.0
            for col, arr, o in ((0, pts, self.o_points), (1, trk, self.o_tricks)):
                del col
                mine, theirs = arr[:, us], arr[:, 1 - us]
                flat[base + o] = mine
                flat[base + o + 1] = theirs
        if self.bids:
            e, s, w, slot, n = np.array(self.bids, np.int64).T
            base = (e[:, None] * 4 + _ME) * size
            at = base + self.o_bids + 16 * slot[:, None]
            off.append(base + self.o_to_act + ((s[:, None] - _ME) & 3))
            on.append(base + self.o_to_act + ((n[:, None] - _ME) & 3))
            on.append(at + ((s[:, None] - _ME) & 3))
            on.append(at + 4 + w[:, None])
        if off:
            flat[np.concatenate([x.ravel() for x in off])] = 0.0
        if on:
            flat[np.concatenate([x.ravel() for x in on])] = 1.0
        self._clear()

    def write(self, plays: Sequence[Play], to_act: np.ndarray, out: np.ndarray) -> None:
        self._apply()
        stale = self.stale
        ar = np.arange(len(plays))
        need = np.flatnonzero(stale[ar, to_act])
        if len(need):
            me = to_act[need]
            stale[need, me] = False
            flat_rows = self.rows.reshape(-1, self.size)
            ids = need * 4 + me
            flat_rows[ids] = 0.0
            on: list[int] = []
            at: list[int] = []
            vals: list[float] = []
            rebuild = self.rebuild
            size = self.size
            for i, r in zip(need.tolist(), ids.tolist(), strict=True):
                rebuild(plays[i].state, r % 4, r * size, on, at, vals)
            self.flat[on] = 1.0
            self.flat[at] = vals
        np.take(self.rows.reshape(-1, self.size), ar * 4 + to_act, axis=0, out=out,
                mode="clip")  # (clip: no temporary copy; every index is valid)
