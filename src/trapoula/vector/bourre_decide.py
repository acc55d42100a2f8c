"""Bourré's decision round for a whole batch in numpy (part of the fenced fast path of
:mod:`trapoula.vector.bourre_play`), pinned to the engine by :mod:`trapoula.vector.check`
and by the engine's replay of every deal.

A new deal enters the batch as soon as it is dealt: its seats' rows are written in numpy
from the dealt hands (:meth:`DecisionRound._fresh_rows`: the few cells a fresh deal has).
Each decision (RULES.md §2.2.5-§2.2.7) is then one integer of the adapter's layout played
for all the deciding deals at once: ``fold`` gives up the hand; ``stay`` or a draw of the
cards at the positions of bitmask ``i - 1`` (at most ``max_draw``; the mask is the one
``adapter.table`` gives a five-card hand) pays the deal's fee for that many cards, and a
draw takes the stock's top cards.  A draw the stock cannot cover (the pool is shuffled
into a new stock, §2.2.7) is rare: that deal leaves the batch, the engine plays the draw,
and the deal comes straight back (its rows written again from the state).  When every
seat has decided, two or more stayers start the tricks (:mod:`bourre_play`), else the
deal is settled by the engine's ``settle_core``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trapoula.envs.base import Play

Arr = np.ndarray[Any, Any]
_CARDS = np.arange(52, dtype=np.int64)
_POP = np.array([bin(b).count("1") for b in range(32)], np.int64)


def decision_mask(max_draw: int, may_fold: bool) -> Arr:
    """The legal integers 0-32 of a five-card hand's decision (as ``adapter.table``)."""
    m = np.zeros(33, np.int8)
    m[0] = may_fold
    m[1] = 1
    for b in range(1, 32):
        m[1 + b] = _POP[b] <= max_draw
    return m


class DecisionRound:
    """The decision-round half of :class:`~trapoula.vector.bourre_play.BourreVectorEnv`
    (it owns the arrays; this mixin steps them)."""

    n: int
    num_envs: int
    batched: Arr
    hands: Arr
    turn: Arr
    trump: Arr
    lead: Arr
    tricks: Arr
    done_tricks: Arr
    tlen: Arr
    best: Arr
    wseat: Arr
    mask: Arr
    to_act: Arr
    encoder: Any
    log: Arr
    nlog: Arr
    _plays: list[Play]

    def _init_decisions(self, adapter: Any) -> None:
        n, N = self.n, self.num_envs
        self.deciding = np.zeros(N, bool)  # batched deals still in the decision round
        self.stock = np.zeros((N, 52), np.int64)
        self.slen = np.zeros(N, np.int64)
        self.spos = np.zeros(N, np.int64)
        self.active = np.zeros(N, np.int64)
        self.discards = np.zeros((N, n), np.int64)
        self.fees_paid = np.zeros((N, n), np.int64)
        self.pot = np.zeros(N, np.int64)
        self.ante = np.zeros(N, np.int64)
        self.dseats = np.zeros((N, n + 1), np.int64)  # decision order (seats dealt in)
        self.nseats = np.zeros(N, np.int64)
        self.dpos = np.zeros(N, np.int64)
        self.fees = np.zeros((N, 6), np.int64)
        self.no_fold = np.full(N, -1, np.int64)
        self.max_draw = np.zeros(N, np.int64)
        self.ctxs: list[Any] = [None] * N  # each batched deal's DealContext
        self._decide_masks = {(md, f): decision_mask(md, f) for md in range(6)
                              for f in (False, True)}
        self.fee_scale = float(adapter.fee_scale)
        self.pot_scale = float(adapter.pot_scale)

    # --- entering ---------------------------------------------------------------------------
    def _book_from(self, i: int, st: Any) -> None:
        """The decision-round arrays of deal ``i`` from its engine state."""
        d = st._deal
        self._book(i, st._ctx, d.stock, d.active, d.discards, d.fees_paid, d.pot, d.dpos)
        self.deciding[i] = st._phase == 0

    def _book(self, i: int, ctx: Any, stock: Any, active: int, discards: Any,
              fees_paid: Any, pot: int, dpos: int) -> None:
        self.ctxs[i] = ctx
        self.stock[i, : len(stock)] = stock
        self.slen[i] = len(stock)
        self.spos[i] = 0
        self.active[i] = active
        self.discards[i] = discards
        self.fees_paid[i] = fees_paid
        self.pot[i] = pot
        self.ante[i] = ctx.ante
        self.dseats[i, : len(ctx.seats)] = ctx.seats
        self.nseats[i] = len(ctx.seats)
        self.dpos[i] = dpos
        self.fees[i, : len(ctx.fees)] = ctx.fees
        self.no_fold[i] = ctx.no_fold
        self.max_draw[i] = ctx.max_draw

    def _enter_parts(self, i: int, ctx: Any, hands: list[int], stock: list[int], pot: int
                     ) -> None:
        """Deal ``i`` enters the batch as dealt (``games.bourre.fast.deal_parts``: no engine
        state yet); its rows are written by :meth:`_fresh_rows`."""
        n = self.n
        self.hands[i] = hands
        self.trump[i] = ctx.trump
        self.turn[i] = ctx.seats[0]
        self.lead[i] = -1
        self.tricks[i] = 0
        self.done_tricks[i] = 0
        self.tlen[i] = 0
        self.best[i] = self.wseat[i] = -1
        zero = (0,) * n
        self._book(i, ctx, stock, 0, zero, zero, pot, 0)
        self.deciding[i] = True
        self.nlog[i] = 0
        self.batched[i] = True

    def _fresh_rows(self, new: list[int]) -> None:
        """Every seat's row of the fresh deals ``new`` (all dealt, nobody decided yet): the
        cells ``StateCells`` gives such a deal, written for all of them at once."""
        enc = self.encoder
        o, size, n = enc.cells.o, enc.size, self.n
        r = np.array(new, np.int64)
        me = np.arange(n)
        rows = enc.rows
        rows[r] = 0.0
        flat = enc.flat
        base = (r[:, None] * n + me) * size  # [K, n]
        ctxs = [self.ctxs[i] for i in new]
        dealer = np.array([c.dealer for c in ctxs], np.int64)
        tcard = np.array([c.trump_card for c in ctxs], np.int64)
        first = self.dseats[r, 0]
        on = [base + o["phase"], base + o["to_act"] + (first[:, None] - me) % n,
              base + o["dealer"] + (dealer[:, None] - me) % n,
              base + o["trump_card"] + tcard[:, None], base + o["trump"] + (tcard // 13)[:, None]]
        hands = self.hands[r]  # [K, n]
        bits = (hands[:, :, None] >> _CARDS) & 1  # [K, n, 52]
        k, s, c = np.nonzero(bits)
        on.append((base[k, s] + o["hand"] + c)[:, None])
        flat[np.concatenate([x.ravel() for x in on])] = 1.0
        flat[base + o["pot"]] = np.minimum(self.pot[r] / self.pot_scale, 1.0)[:, None]
        flat[base + o["stock"]] = (self.slen[r] / 52.0)[:, None]
        counts = bits.sum(2) / 5.0  # [K, n] by absolute seat
        dealt = np.zeros((len(new), n), bool)
        for j, c in enumerate(ctxs):
            dealt[j, list(c.seats)] = True
        kk, ss = np.nonzero(dealt)
        flat[(base[kk] + o["hand_counts"] + (ss[:, None] - me) % n).ravel()] = np.repeat(
            counts[kk, ss], n)

    # --- stepping ---------------------------------------------------------------------------
    def _decide(self, r: Arr, a: Arr) -> list[int]:
        """Play the decisions ``a`` (integers 0-32) of the batched deals ``r``; returns the
        deals whose draw the stock cannot cover (for the engine), untouched."""
        short = (self.spos[r] + _POP[np.maximum(a - 1, 0)] > self.slen[r]) & (a >= 2)
        out_of_batch: list[int] = r[short].tolist()
        r, a = r[~short], a[~short]
        if not len(r):
            return out_of_batch
        self.log[r, self.nlog[r]] = a
        self.nlog[r] += 1
        enc = self.encoder
        o, size, n, flat = enc.cells.o, enc.size, self.n, enc.flat
        me = np.arange(n)
        seat = self.turn[r]
        fold = a == 0
        b = np.maximum(a - 1, 0)  # the draw's positions (0: stay)
        k = _POP[b]
        hand = self.hands[r, seat]
        bits = (hand[:, None] >> _CARDS) & 1  # [K, 52]
        pos = np.cumsum(bits, 1) - 1
        chosen = bits & ((b[:, None] >> np.maximum(pos, 0)) & 1)
        out = (chosen << _CARDS).sum(1)
        take = np.zeros(len(r), np.int64)
        sp = self.spos[r]
        for j in range(5):
            sel = j < k
            if not sel.any():
                break
            take[sel] |= np.left_shift(1, self.stock[r[sel], sp[sel] + j])
        fee = np.where(fold, 0, self.fees[r, k])
        new_hand = np.where(fold, 0, (hand ^ out) | take)
        self.hands[r, seat] = new_hand
        self.active[r] |= np.where(fold, 0, np.left_shift(1, seat))
        self.discards[r, seat] |= out
        self.fees_paid[r, seat] += fee
        self.pot[r] += fee
        self.spos[r] = sp + k
        dpos = self.dpos[r] + 1
        self.dpos[r] = dpos
        # the rows: every seat's view of the decision, the decider's own hand
        base = (r[:, None] * n + me) * size  # [K, n]
        rel = (seat[:, None] - me) % n
        on = [(base + o["status"] + 3 * rel)[fold], (base + o["status"] + 3 * rel + 2)]
        stay = ~fold
        on += [(base + o["status"] + 3 * rel + 1)[stay],
               (base + o["draws"] + 6 * rel + np.minimum(k, 5)[:, None])[stay],
               (base + o["tricks_won"] + 6 * rel)[stay]]
        off = [base + o["to_act"] + rel]
        own = (r * n + seat) * size
        gone = (bits & ~((new_hand[:, None] >> _CARDS) & 1)).astype(bool)
        got = ((take[:, None] >> _CARDS) & 1).astype(bool)
        kk, cc = np.nonzero(gone)
        off.append(own[kk] + o["hand"] + cc)
        kk, cc = np.nonzero(got)
        on.append(own[kk] + o["hand"] + cc)
        kk, cc = np.nonzero(((out[:, None] >> _CARDS) & 1).astype(bool))
        on.append(own[kk] + o["my_discards"] + cc)
        flat[(base + o["hand_counts"] + rel)[fold].ravel()] = 0.0
        flat[(base + o["fees"] + rel)[fee > 0].ravel()] = np.repeat(
            np.minimum(self.fees_paid[r, seat] / self.fee_scale, 1.0)[fee > 0], n)
        flat[base + o["pot"]] = np.minimum(self.pot[r] / self.pot_scale, 1.0)[:, None]
        flat[base + o["stock"]] = ((self.slen[r] - self.spos[r]) / 52.0)[:, None]
        # who acts next: the next seat to decide, or the first stayer leads
        more = dpos < self.nseats[r]
        nxt = np.where(more, self.dseats[r, np.minimum(dpos, n)], -1)
        done_rows = np.flatnonzero(~more)
        play_rows: list[int] = []
        for j in done_rows.tolist():
            i = int(r[j])
            act = int(self.active[i])
            stayers = [s for s in self.dseats[i, : self.nseats[i]].tolist() if act >> s & 1]
            if len(stayers) < 2:
                nxt[j] = -1
                continue
            order = [0] * n
            for q, s in enumerate(stayers):
                order[s] = stayers[(q + 1) % len(stayers)]
            self._start_play(i, stayers, order)
            nxt[j] = stayers[0]
            play_rows.append(j)
        self.turn[r] = np.where(nxt >= 0, nxt, self.turn[r])
        go = nxt >= 0
        on.append((base + o["to_act"] + ((nxt[:, None] - me) % n))[go])
        if play_rows:
            pr = np.array(play_rows, np.int64)
            off.append(base[pr] + o["phase"])
            on.append(base[pr] + o["phase"] + 1)
        flat[np.concatenate([x.ravel() for x in off])] = 0.0
        flat[np.concatenate([x.ravel() for x in on])] = 1.0
        self.deciding[r] = more
        for j in done_rows.tolist():
            if nxt[j] < 0:
                self._settle(int(r[j]))
        return out_of_batch

    def _start_play(self, i: int, stayers: list[int], order: list[int]) -> None:
        """Deal ``i``'s tricks begin (the card batch's arrays)."""
        raise NotImplementedError

    def _settle(self, i: int) -> None:
        """Deal ``i`` is over: its result, rewards, record, and the env's next deal."""
        raise NotImplementedError

    def _decision_masks(self, r: Arr) -> None:
        seat = self.turn[r]
        may = seat != self.no_fold[r]
        md = self.max_draw[r]
        m = self.mask[r]
        for (d, f), row in self._decide_masks.items():
            sel = (md == d) & (may == f)
            if sel.any():
                m[sel, :33] = row
        self.mask[r] = m
        self.to_act[r] = seat
