"""Bourré's tricks for a whole batch in numpy (the fenced fast path of :mod:`trapoula.vector`),
pinned to the engine by the agreement check and by the engine's replay.

A deal enters the batch as soon as it is dealt (:func:`trapoula.games.bourre.fast.deal_parts`:
no engine state is made until someone asks for one); its decision round is played by
:mod:`trapoula.vector.bourre_decide`, then its tricks here: hands, trick and tricks won
are numpy rows, every step computes the legal cards of every deal at once with the
engine's rule (RULES.md §2.3: the forced trump lead; follow suit and head the trick if
able, else trump and head a winning trump if able, else any card), plays them, closes the
tricks and moves every seat's observation row on (the cells the adapter's ``ones`` would
change; a deal that enters from an engine state has its rows written whole by
:class:`~trapoula.envs.bourre_fast.StateCells`).  A finished deal is settled by the
engine's own ``settle_core``; ``env.state(i)`` and the records replay the batch's integers
with ``state.apply`` from the dealt state.

>>> import trapoula.vector
>>> type(trapoula.vector.make("bourre", num_envs=2)).__name__
'BourreVectorEnv'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.envs.bourre_fast import StateCells, knows
from trapoula.games.bourre.fast import deal_parts
from trapoula.games.bourre.play import ABOVE
from trapoula.games.bourre.settlement import settle_core
from trapoula.games.bourre.state import DECIDE, PLAY, BourreState
from trapoula.vector.bourre_decide import DecisionRound
from trapoula.vector.encode import Encoder
from trapoula.vector.env import deal_seed
from trapoula.vector.lazy import LazyFinalsEnv

__all__ = ["BourreVectorEnv", "supported"]

Arr = np.ndarray[Any, Any]
_ABOVE = np.array(ABOVE, np.int64)
_HIGH13 = np.array([max((r for r in range(13) if b >> r & 1), default=0)
                    for b in range(1 << 13)], np.int64)
_CARDS = np.arange(52, dtype=np.int64)
_PLAY0 = 33  # the adapter's integer of card 0


def supported(adapter: Adapter) -> bool:
    """True when the batch reproduces these deals: the adapter's layout is the one
    :class:`StateCells` writes and the forced-lead rule is one the batch knows."""
    opts: Any = adapter.game.options
    return knows(adapter) and opts.forced_lead in ("any_of_AKQ", "cinch_AKQ", "none")


class _Final:
    """What the adapter's Bourré rewards read of a finished deal."""

    __slots__ = ("ante", "fees_paid", "result")

    def __init__(self, result: dict[str, Any], ante: int, fees: dict[str, int]) -> None:
        self.result, self.ante, self.fees_paid = result, ante, fees


class _Rows(Encoder):
    """Every seat's row of the batched deals; the engine's deals from ``state_ones``."""

    def __init__(self, adapter: Adapter, num_envs: int, batched: Arr) -> None:
        super().__init__(adapter, num_envs)
        self.n = adapter.players
        self.rows = np.zeros((num_envs, self.n, self.size), np.float32)
        self.flat: Any = self.rows.reshape(-1)
        self.batched = batched
        self.cells = StateCells(adapter)

    def write(self, plays: Sequence[Play], to_act: Arr, out: Arr) -> None:
        ones = self.adapter.state_ones
        size = self.size
        on: list[int] = []
        at: list[int] = []
        vals: list[float] = []
        batched = self.batched
        for i in np.flatnonzero(~batched).tolist():
            play = plays[i]
            idx, values = ones(play.state, play.state.current_player, play.pending)  # type: ignore[arg-type]
            base = i * size
            on += [base + k for k in idx]
            for k, x in values:
                at.append(base + k)
                vals.append(x)
        n = self.n
        # the seat to act's row of every batched deal, straight into out (one take)
        np.take(self.rows.reshape(-1, size), np.arange(len(out)) * n + to_act, axis=0,
                out=out, mode="clip")  # (clip: no temporary copy; every index is valid)
        slow = np.flatnonzero(~batched)
        if len(slow):
            out[slow] = 0.0
        flat: Any = out.reshape(-1)
        flat[on] = 1.0
        flat[at] = vals


class BourreVectorEnv(DecisionRound, LazyFinalsEnv):
    """:class:`VectorEnv` whose deals play their decision round and tricks in numpy."""

    encoder: _Rows

    def __init__(self, adapter: Adapter, num_envs: int, seed: int = 0) -> None:
        n, self.n = adapter.players, adapter.players
        batched = np.zeros(num_envs, bool)
        super().__init__(adapter, num_envs, seed, _Rows(adapter, num_envs, batched))
        self.batched = self.fast = batched
        self.encoder.batched = batched
        opts: Any = adapter.game.options
        self.forced = opts.forced_lead != "none"
        self.cinch = opts.forced_lead == "cinch_AKQ"
        self.tie_rule, self.cap = opts.tie_rule, opts.bourre_cap
        self.hands = np.zeros((num_envs, n), np.int64)
        self.trump = np.zeros(num_envs, np.int64)
        self.turn = np.zeros(num_envs, np.int64)
        self.lead = np.zeros(num_envs, np.int64)
        self.tlen = np.zeros(num_envs, np.int64)
        self.nact = np.zeros(num_envs, np.int64)
        self.tcards = np.zeros((num_envs, 7), np.int64)
        self.tseats = np.zeros((num_envs, 7), np.int64)
        self.best = np.zeros(num_envs, np.int64)
        self.wseat = np.zeros(num_envs, np.int64)
        self.tricks = np.zeros((num_envs, n), np.int64)
        self.done_tricks = np.zeros(num_envs, np.int64)
        self.order = np.zeros((num_envs, n), np.int64)
        self.log = np.zeros((num_envs, 6 * n + 2), np.int64)  # decisions and cards
        self.nlog = np.zeros(num_envs, np.int64)
        self._entry: list[Any] = [None] * num_envs
        self._init_decisions(adapter)
        self._fresh: list[int] = []  # deals dealt into the batch whose rows are not written
        game = adapter.game
        from trapoula.cards import Card

        self._acts = [game.parse_action(f"play {Card.from_index(c)}") for c in range(52)]
        self._pending_fast: Arr | None = None
        self._fast_acts: Arr = np.zeros(0, np.int64)
        self._finished_lazy: dict[int, tuple[Any, list[int], dict[str, Any]]] = {}

    # --- entering the batch -------------------------------------------------------------------
    def _enterable(self, st: Any) -> bool:
        """A standalone deal in its decision round (five cards in every dealt hand: the
        decisions' integers are positions in it) or in its tricks."""
        if type(st).__name__ != "BourreState" or st._deal.stacks is not None:
            return False
        if st._phase == PLAY:
            return True
        d = st._deal
        return st._phase == DECIDE and all(d.hands[s].bit_count() == 5 for s in st._ctx.seats)

    def _enter(self, i: int) -> bool:
        """Deal ``i``'s arrays from its engine state; True when it is fresh (nobody has
        decided: its rows are written by ``_fresh_rows``), else its rows are written here."""
        st: Any = self._plays[i].state
        ctx, d = st._ctx, st._deal
        n = self.n
        played = st.played
        self.hands[i] = [h & ~played for h in d.hands]
        self.trump[i] = ctx.trump
        self.turn[i] = st._turn
        lead, tricks, done = st._score
        self.lead[i] = lead
        self.tricks[i] = tricks if st._phase == PLAY else 0
        self.done_tricks[i] = done
        self.order[i] = [o if o >= 0 else 0 for o in ctx.order] + [0] * (n - len(ctx.order))
        self.nact[i] = ctx.players
        trick = st.trick
        self.tlen[i] = len(trick)
        seat = lead
        for j, c in enumerate(trick):
            self.tcards[i, j] = c
            self.tseats[i, j] = seat
            seat = ctx.order[seat]
        self.best[i] = st._best
        self.wseat[i] = st._wseat
        self._book_from(i, st)
        self.nlog[i] = 0
        self._entry[i] = st
        self.batched[i] = True
        if st._phase == DECIDE and d.dpos == 0:
            return True
        enc = self.encoder
        cells = enc.cells.cells
        size = enc.size
        on: list[int] = []
        at: list[int] = []
        vals: list[float] = []
        enc.rows[i] = 0.0
        for me in range(n):
            base = (i * n + me) * size
            idx, values = cells(st, me)
            on += [base + k for k in idx]
            for k, x in values:
                at.append(base + k)
                vals.append(x)
        enc.flat[on] = 1.0
        enc.flat[at] = vals
        return False

    def _start_play(self, i: int, stayers: list[int], order: list[int]) -> None:
        self.order[i] = order
        self.nact[i] = len(stayers)
        self.lead[i] = stayers[0]
        self.tlen[i] = 0
        self.best[i] = -1
        self.wseat[i] = -1
        self.tricks[i] = 0
        self.done_tricks[i] = 0

    def _deal(self, i: int) -> Play:
        """Env ``i``'s next deal, in the batch as dealt: its engine state is made only when
        asked for (``state(i)``, the records)."""
        j = self._deal_no[i]
        self._deal_no[i] = j + 1
        ctx, hands, stock, pot = deal_parts(self.game, deal_seed(self.seed, i, j))  # type: ignore[arg-type]
        play = Play(self.adapter, None, rows=False)  # type: ignore[arg-type]
        if any(hands[s].bit_count() != 5 for s in ctx.seats):  # (not with these rules)
            play.state = BourreState._start(ctx, hands, stock, pot)
            return play
        self._entry[i] = (ctx, hands, stock, pot)
        self._enter_parts(i, ctx, hands, stock, pot)
        self._fresh.append(i)
        return play

    def _start_state(self, entry: Any) -> Any:
        if isinstance(entry, tuple):
            return BourreState._start(*entry)
        return entry

    def _sync(self, i: int) -> GameState:
        st = self._entry[i] = self._start_state(self._entry[i])
        for a in self.log[i, : self.nlog[i]].tolist():
            st = st.apply(self._engine_action(st, a))
        return st  # type: ignore[no-any-return]

    def state(self, i: int) -> GameState:
        if self.batched[i]:
            play = self._plays[i]
            play.state = self._entry[i] = self._sync(i)
            play._table = None
            self.nlog[i] = 0
        return self._plays[i].state

    def play(self, i: int) -> Play:
        self.state(i)
        return self._plays[i]

    def _engine_action(self, state: Any, a: int) -> Any:
        if a >= _PLAY0:
            return self._acts[a - _PLAY0]
        return self.adapter.table(state.legal_actions())[a]  # a decision

    def reset(self) -> tuple[Arr, Arr, Arr]:
        self.batched[:] = False
        self.deciding[:] = False
        self._fresh = []
        self._finished_lazy = {}
        self._pending_fast = None
        return super().reset()

    # --- stepping -----------------------------------------------------------------------------
    def step(self, actions: Any) -> tuple[Arr, Arr, Arr, Arr, Arr]:
        acts = np.asarray(actions).astype(np.int64, copy=True)
        if len(acts) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(acts)}")
        rows = np.flatnonzero(self.batched & (acts >= 0))
        if len(rows):
            a = acts[rows]
            ok = (a >= 0) & (a < self.num_actions)
            ok[ok] = self.mask[rows[ok], a[ok]] == 1
            if not ok.all():
                i = int(rows[np.flatnonzero(~ok)[0]])
                self.state(i)
                self.batched[i] = False
                self._plays[i]._table = None
                only = np.full(self.num_envs, -1, np.int64)
                only[i] = acts[i]
                super().step(only)  # raises IllegalActionError
        self._finished_lazy = {}
        self._pending_fast = rows
        self._fast_acts = acts[rows]
        return super().step(np.where(self.batched, -1, acts))

    def _before_finish(self) -> None:
        rows = self._pending_fast
        if rows is not None and len(rows):
            self._pending_fast = None
            acts = self._fast_acts
            dec = self.deciding[rows]
            if dec.any():
                back = self._decide(rows[dec], acts[dec])
                for i in back:  # a draw the stock cannot cover: played by the engine
                    self._by_engine(i, int(acts[rows == i][0]))
            if (~dec).any():
                self._play_cards(rows[~dec], acts[~dec] - _PLAY0)
        fresh = self._fresh
        fresh += [i for i in np.flatnonzero(~self.batched).tolist()
                  if self._enterable(self._plays[i].state) and self._enter(i)]
        if fresh:
            self._fresh_rows(fresh)
            self._fresh = []

    def _by_engine(self, i: int, a: int) -> None:
        """Deal ``i`` leaves the batch and the engine plays integer ``a`` in it."""
        play = self.play(i)  # (the engine state now)
        self.batched[i] = False
        self._entry[i] = None
        play._table = None
        play.state = play.state.apply(self._engine_action(play.state, a))
        if play.state.is_over:
            state = play.state
            r = self.adapter.rewards(self.encoder.final_view(state))
            self.rewards[i] = [r[s] for s in self.adapter.seats]
            self.done[i] = True
            self._finished[i] = state
            self._plays[i] = self._deal(i)

    def _play_cards(self, r: Arr, c: Arr) -> None:
        enc = self.encoder
        n, size, flat, o = self.n, enc.size, enc.flat, enc.cells.o
        me = np.arange(n)
        seat = self.turn[r]
        pos = self.tlen[r]
        self.hands[r, seat] ^= np.left_shift(1, c)
        self.log[r, self.nlog[r]] = c + _PLAY0
        self.nlog[r] += 1
        first = pos == 0
        beats = np.where(first, True, False)
        best = self.best[r]
        trump = self.trump[r]
        # does the card beat the trick's best so far (a higher card of its suit, or a trump
        # on a plain card)?
        bsuit, csuit = best // 13, c // 13
        higher = ((csuit == bsuit) & (c > best)) | ((csuit == trump) & (bsuit != trump))
        beats = first | higher
        self.best[r] = np.where(beats, c, best)
        self.wseat[r] = np.where(beats, seat, self.wseat[r])
        self.tcards[r, pos] = c
        self.tseats[r, pos] = seat
        self.tlen[r] = pos + 1
        base = (r[:, None] * n + me) * size
        rel = (seat[:, None] - me) % n
        count = np.array([int(h).bit_count() for h in self.hands[r, seat].tolist()], np.int64)
        flat[base + o["hand_counts"] + rel] = (count / 5.0)[:, None]
        off = [base + o["to_act"] + rel, (r * n + seat) * size + o["hand"] + c]
        close = self.tlen[r] == self.nact[r]
        keep = ~close
        on = [(base + o["trick"] + 52 * rel + c[:, None])[keep],
              (base + o["leader"] + rel)[first & keep]]
        nxt = self.order[r, seat]
        k = np.flatnonzero(close)
        if len(k):
            rk = r[k]
            w = self.wseat[rk]
            bk = base[k]
            old = self.tricks[rk, w]
            relw = (w[:, None] - me) % n
            off.append(bk + o["tricks_won"] + 6 * relw + old[:, None])
            on.append(bk + o["tricks_won"] + 6 * relw + (old + 1)[:, None])
            self.tricks[rk, w] = old + 1
            self.done_tricks[rk] += 1
            off.append(bk + o["leader"] + ((self.lead[rk][:, None] - me) % n))
            for j in range(7):
                inside = j < self.nact[rk]
                if not inside.any():
                    break
                sel = np.flatnonzero(inside)
                rel_j = (self.tseats[rk[sel], j][:, None] - me) % n
                cell = 52 * rel_j + self.tcards[rk[sel], j][:, None]
                off.append(bk[sel] + o["trick"] + cell)
                on.append(bk[sel] + o["played"] + cell)
            self.tlen[rk] = 0
            self.lead[rk] = w
            self.best[rk] = -1
            nxt[k] = w
        lead_now = first & keep
        self.lead[r[lead_now]] = seat[lead_now]
        self.turn[r] = nxt
        on.append(base + o["to_act"] + ((nxt[:, None] - me) % n))
        flat[np.concatenate([x.ravel() for x in off])] = 0.0
        flat[np.concatenate([x.ravel() for x in on])] = 1.0
        for i in r[self.done_tricks[r] == 5].tolist():
            self._settle(i)

    def _settle(self, i: int) -> None:
        """Deal ``i`` is over (its tricks played, or fewer than two stayed): settled by the
        engine's ``settle_core``, its rewards, its lazy final state, the env's next deal."""
        seats = self.dseats[i, : self.nseats[i]].tolist()
        active = int(self.active[i])
        payouts, bourre, carry, _ = settle_core(
            int(self.pot[i]), [(f"P{s + 1}", int(self.tricks[i, s])) for s in seats
                               if active >> s & 1],
            self.tie_rule, self.cap)
        result = {"payouts": payouts, "bourre": bourre, "carry": carry}
        fees = {f"P{s + 1}": int(self.fees_paid[i, s]) for s in seats}
        rw = self.adapter.rewards(_Final(result, int(self.ante[i]), fees))
        self.rewards[i] = [rw[s] for s in self.adapter.seats]
        self.done[i] = True
        self._finished_lazy[i] = (self._entry[i], self.log[i, : self.nlog[i]].tolist(), result)
        self.batched[i] = False
        self._entry[i] = None
        self._plays[i] = self._deal(i)

    def _masks(self, flat_mask: list[int]) -> None:
        r = np.flatnonzero(self.batched & self.deciding)
        if len(r):
            self._decision_masks(r)
        r = np.flatnonzero(self.batched & ~self.deciding)
        if not len(r):
            return
        seat = self.turn[r]
        hand = self.hands[r, seat]
        trump = self.trump[r]
        tmask = np.left_shift(0x1FFF, 13 * trump)
        trumps = hand & tmask
        lead = self.tlen[r] == 0
        legal = hand.copy()
        if self.forced:  # the leader holding the A, K or Q of trumps leads his highest trump
            akq = np.left_shift(0b111, 13 * trump + 10)
            held = hand & akq
            forced = (held != 0) & ((held == akq) if self.cinch else True)
            top = np.left_shift(1, 13 * trump + _HIGH13[(trumps >> (13 * trump)) & 0x1FFF])
            legal = np.where(lead & forced, top, legal)
        best = np.maximum(self.best[r], 0)
        led = self.tcards[r, 0] // 13
        f = hand & np.left_shift(0x1FFF, 13 * led)
        above = _ABOVE[best]
        follow = np.where((f & above) != 0, f & above, f)
        trump_in = np.where((trumps & above) != 0, trumps & above, trumps)
        rest = np.where(f != 0, follow, np.where(trumps != 0, trump_in, hand))
        legal = np.where(lead, legal, rest)
        bits = (legal[:, None] >> _CARDS) & 1
        m = self.mask[r]
        m[:, _PLAY0:_PLAY0 + 52] = bits
        self.mask[r] = m
        self.to_act[r] = seat
