"""Bourloto's card play for a whole batch in numpy (the fenced fast path of
:mod:`trapoula.vector`), pinned to the engine by the agreement check and by the replay.

A deal is stepped by the engine (:class:`~trapoula.vector.env.VectorEnv`'s Python path)
through the bidding, the declarations and, when declarations are made with a trick-1 card
the batch does not play, the first trick.  From then on nothing but cards (and the words
``bourlot`` with the King or Queen of trumps and ``declare`` with a trick-1 card) can be
played, but for the seven exchange (§1.2.2.7: the player who held the 7 of trumps among his
first five cards may swap it for the upcard as an extra action of his first turn after the
deal, before the upcard's recipient has played): the deal *enters* the batch here.  At the
holder's turn (the engine names him at entry) the batch asks the engine's legal list of
that position whether ``exchange`` is in it; an exchange takes the deal out of the batch
(the engine plays it, its rows are rebuilt from the state's fields) and it enters again at
once, with the new hands.

A deal's hands, trick, trumps and tallies become numpy rows (cards numbered as the adapter
numbers them, ``k = 8 * suit + rank - 7``); every step then computes the legal cards of
every deal in the batch at once with the numpy playouts' own functions
(:func:`trapoula.accel.bourloto_numpy.legal_masks` and ``trick_winners``, pinned to the
engine by tests/accel/test_bourloto_agreement.py), plays the chosen cards, closes the
tricks and moves the observation rows on (:class:`~trapoula.vector.bourloto.BourlotoEncoder`'s
rows, the same cells its deltas write).

The engine stays the judge: the integers played in the batch are kept, and the engine
state of a deal (``env.state(i)``, and the final state whose rewards and record the env
returns) is the state at entry with those actions applied by ``state.apply``, which
checks each again; a disagreement would raise there, and the agreement check compares
every mask and observation with the adapter's.  Rule options other than the ones handled
here (see :func:`supported`) keep the whole deal on the engine's path.

>>> import trapoula.vector
>>> env = trapoula.vector.make("bourloto", "gr", num_envs=4, seed=0)
>>> type(env).__name__
'BourlotoVectorEnv'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trapoula.accel.bourloto_numpy import _P8, _TP8, legal_masks, trick_winners
from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.envs.bourloto_fast import _K32
from trapoula.envs.bourloto_layout import INDEX
from trapoula.games.bourloto.scoring import score_teams
from trapoula.games.bourloto.state import PLAY
from trapoula.vector.bourloto import BourlotoEncoder
from trapoula.vector.lazy import LazyFinalsEnv

__all__ = ["BourlotoVectorEnv", "supported"]

Arr = np.ndarray[Any, Any]

# PTS[trump, k]: the card points of k
_PTS = np.array([[_TP8[k & 7] if k >> 3 == t else _P8[k & 7] for k in range(32)]
                 for t in range(4)], np.int64)
_BITS = np.arange(32, dtype=np.int64)
_ME = np.arange(4)
_EXCHANGE = INDEX["exchange"]
_FULL = 0xFFFFFFFF


def _to32(m: int) -> int:
    """A 52-card mask of 32-pack cards as the batch's 32-bit mask (a byte per suit)."""
    return (m >> 5 & 0xFF) | (m >> 10 & 0xFF00) | (m >> 15 & 0xFF0000) | (m >> 20 & 0xFF000000)


def _union(decls: Any) -> int:
    m = 0
    for d in decls:
        m |= d.mask
    return m


def supported(options: Any) -> bool:
    """True when the card play of these options is played here (else the engine plays it):
    every option must be one the numpy playouts know (:func:`trapoula.accel.bourloto_numpy.
    supports`: a new option or value, e.g. of a new preset, keeps the deals on the engine),
    and the words must be over once a deal enters the batch."""
    from trapoula.accel.bourloto_numpy import supports

    return bool(supports(options)
                and options.declaration_timing in ("before_play", "first_trick")
                and options.bourlot_announce in ("with_declarations", "when_played"))


class _Result:
    """What the adapter's rewards read of a finished deal: its result."""

    __slots__ = ("result",)

    def __init__(self, result: dict[str, Any]) -> None:
        self.result = result


class BourlotoVectorEnv(LazyFinalsEnv):
    """:class:`VectorEnv` whose deals play their cards in numpy once only cards remain."""

    encoder: BourlotoEncoder

    def __init__(self, adapter: Adapter, num_envs: int, seed: int = 0) -> None:
        super().__init__(adapter, num_envs, seed, BourlotoEncoder(adapter, num_envs))
        opts: Any = adapter.game.options
        self.opts = opts
        self.overtrump = bool(opts.overtrump_required)
        self.pexc = bool(opts.partner_exception)
        self.trick1_words = opts.declaration_timing == "first_trick"
        self.bourlot_played = opts.bourlot_announce == "when_played"
        self.seven = opts.seven_exchange != "none"  # trick 1 may hold the seven exchange
        n = num_envs
        self.swapper = np.full(n, -1, np.int64)
        self.fast = self.batched  # the deals in the batch
        self.hands = np.zeros((n, 4), np.int64)
        self.trump = np.zeros(n, np.int64)
        self.turn = np.zeros(n, np.int64)
        self.leader = np.zeros(n, np.int64)
        self.tlen = np.zeros(n, np.int64)
        self.tcards = np.zeros((n, 4), np.int64)
        self.pts = np.zeros((n, 2), np.int64)
        self.trk = np.zeros((n, 2), np.int64)
        self.bour = np.zeros((n, 2), np.int64)
        self.kq = np.zeros(n, np.int64)  # K+Q of trumps when 'bourlot' goes with the card
        # trick-1 declarations ('declare' with the card): who may, what it shows
        self.trick1_here = self.trick1_words and self.bourlot_played
        self.may = np.zeros((n, 4), bool)
        self.avail = np.zeros((n, 4), np.int64)  # the cards of each seat's declarations
        self.avail_pts = np.zeros((n, 4), np.int64)
        self.dpts = np.zeros((n, 2), np.int64)  # points of the declarations shown, A and B
        self.tp = np.zeros((n, 2), np.int64)  # trump points taken, A and B (the ru meza)
        self.dscore = np.zeros((n, 2), np.int64)  # declaration points as compared, A and B
        self.shown = np.zeros(n, bool)  # declarations shown in trick 1 (compared at its end)
        self.buyer = np.zeros(n, np.int64)
        self.hanging = np.zeros(n, np.int64)
        self.log = np.zeros((n, 32), np.int64)
        self.nlog = np.zeros(n, np.int64)
        self.legal = np.zeros(n, np.int64)
        self._entry: list[GameState | None] = [None] * n
        self._actions = adapter.static_actions  # type: ignore[attr-defined]
        self._pending_fast: Arr | None = None
        # deals the batch finished at the last step: (entry state, integers, result)
        self._finished_lazy: dict[int, tuple[GameState, list[int], dict[str, Any]]] = {}
        self._fast_acts: Arr = np.zeros(0, np.int64)

    # --- entering the batch -------------------------------------------------------------------
    def _enter(self, i: int) -> None:
        """Deal ``i`` plays only cards from now on: its state becomes numpy rows."""
        play = self._plays[i]
        st: Any = play.state
        ctx = st._ctx
        left = st._left
        self.hands[i] = [_to32(h & left) for h in ctx.hands]
        self.trump[i] = ctx.trump
        self.turn[i] = st._turn
        trick = st.trick
        self.tlen[i] = len(trick)
        self.leader[i] = (st._turn - len(trick)) & 3
        for j, c in enumerate(trick):
            self.tcards[i, j] = _K32[c]
        t = st.tally
        self.pts[i] = (t[0], t[1])
        self.tp[i] = (t[2], t[3])
        self.trk[i] = (t[4], t[5])
        self.bour[i] = st.declared[2]
        self.dscore[i] = st.declared[1]
        # declarations shown with trick-1 cards before entry (after a seven exchange, say)
        # are compared by the engine at the end of trick 1, as the batch's own are
        self.shown[i] = not st._tl and any(st.declared[0])
        self.buyer[i] = ctx.buyer
        self.hanging[i] = ctx.hanging
        self.kq[i] = _to32(ctx.kq_mask)
        if self.trick1_here:
            self.may[i] = ctx.may_declare
            self.avail[i] = [_to32(_union(d)) for d in ctx.avail]
            self.avail_pts[i] = [sum(x.points for x in d) for d in ctx.avail]
            shown = st.declared[0]
            self.dpts[i] = (sum(x.points for x in shown[0] + shown[2]),
                            sum(x.points for x in shown[1] + shown[3]))
        self.nlog[i] = 0
        self._entry[i] = st
        # §1.2.2.7: the seat that may still swap the 7 of trumps for the upcard with its
        # first action (the engine says who); its mask there is the engine's legal list
        self.swapper[i] = -1
        if self.seven and not st._tl and ctx.trump >= 0:
            s = ctx.seven5  # (only a 7 from the holder's first five cards may be swapped)
            if s >= 0 and st.may_swap_later(s):
                self.swapper[i] = s
        self.fast[i] = True
        enc = self.encoder
        stale = np.flatnonzero(enc.stale[i])
        if len(stale):  # the rows the batch moves on must be up to date
            on: list[int] = []
            at: list[int] = []
            vals: list[float] = []
            size = enc.size
            for me in stale.tolist():
                enc.rows[i, me] = 0.0
                enc.rebuild(st, me, (i * 4 + me) * size, on, at, vals)
            enc.flat[on] = 1.0
            enc.flat[at] = vals
            enc.stale[i] = False

    def _ready(self, state: Any) -> bool:
        """Whether deal ``state`` may enter the batch (it is in the card play, past the
        trick-1 words the batch does not play, and no late άποντα redeal may still come)."""
        if state._phase != PLAY:
            return False
        if not state._tl and state._ctx.aponta:
            return False  # a late redeal may still come with a trick-1 card
        return bool(state._tl or not self.trick1_words or self.trick1_here)

    def _sync(self, i: int) -> GameState:
        """The engine state of deal ``i``: the entry state with the batch's actions."""
        st = self._entry[i]
        assert st is not None
        acts = self._actions
        for a in self.log[i, : self.nlog[i]].tolist():
            st = st.apply(acts[a])
        return st

    def _engine_action(self, state: Any, a: int) -> Any:
        return self._actions[a]

    def state(self, i: int) -> GameState:
        if self.fast[i]:
            self._plays[i].state = self._sync(i)
            self._plays[i]._table = None
            self._entry[i] = self._plays[i].state
            self.nlog[i] = 0
        return self._plays[i].state

    def play(self, i: int) -> Play:
        self.state(i)
        return self._plays[i]

    # --- stepping -----------------------------------------------------------------------------
    def step(self, actions: Any) -> tuple[Arr, Arr, Arr, Arr, Arr]:
        acts = np.asarray(actions).astype(np.int64, copy=True)
        if len(acts) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(acts)}")
        fast = self.fast & (acts >= 0)
        rows = np.flatnonzero(fast)
        if len(rows):  # check the batch's actions first: nothing moves on an illegal one
            a = acts[rows]
            ok = (a >= 0) & (a < self.num_actions)
            ok[ok] = self.mask[rows[ok], a[ok]] == 1
            if not ok.all():
                i = int(rows[np.flatnonzero(~ok)[0]])
                self.state(i)  # the engine's message names the legal integers
                self._ints[i] = [self._index[x] for x in self._plays[i].state.legal_actions()]
                acts_py = np.full(self.num_envs, -1, np.int64)
                acts_py[i] = acts[i]
                super().step(acts_py)  # raises IllegalActionError
        swaps = rows[acts[rows] == _EXCHANGE]
        for i in swaps.tolist():  # the seven exchange: the deal leaves the batch (the
            self.state(i)  # engine plays it; its rows are rebuilt from the state's fields)
            self.fast[i] = False
            self.swapper[i] = -1
            self._ints[i] = [self._index[x] for x in self._plays[i].state.legal_actions()]
        if len(swaps):
            rows = np.flatnonzero(self.fast & (acts >= 0))
        slow = np.where(self.fast, -1, acts)
        self._finished_lazy = {}
        self._pending_fast = rows
        self._fast_acts = acts[rows]
        return super().step(slow)

    def _before_finish(self) -> None:
        """Play the batch's cards (called by :meth:`VectorEnv.step` before the masks)."""
        # deals the engine brought to the point of entry
        for i in np.flatnonzero(~self.fast).tolist():
            if self._ready(self._plays[i].state):
                self._enter(i)
        rows = getattr(self, "_pending_fast", None)
        if rows is None or not len(rows):
            return
        self._pending_fast = None
        self._play_cards(rows, self._fast_acts)

    def _play_cards(self, r: Arr, a: Arr) -> None:
        enc = self.encoder
        size, flat = enc.size, enc.flat
        o = enc.o
        k = (a - 12) >> 2
        words = (a - 12) & 3
        seat = self.turn[r]
        pos = self.tlen[r]
        bit = np.left_shift(1, k)
        self.hands[r, seat] ^= bit
        self.log[r, self.nlog[r]] = a
        self.nlog[r] += 1
        self.tcards[r, pos] = k
        self.tlen[r] = pos + 1
        lead = pos == 0
        self.leader[r[lead]] = seat[lead]
        base = (r[:, None] * 4 + _ME) * size  # [M, 4] the observers' rows
        rel = (seat[:, None] - _ME) & 3
        off = [base + o["to_act"] + rel, (r * 4 + seat) * size + o["hand"] + k]
        open_ = pos < 3  # (a closing card goes straight to the played cards)
        on = [(base + o["trick"] + 32 * rel + k[:, None])[open_],
              (base + o["leader"] + rel)[lead]]
        said = np.flatnonzero(words & 1)
        if len(said):  # 'bourlot' with the King or Queen of trumps
            team = seat[said] & 1
            self.bour[r[said], team] += 20
            rb = r[said]
            us = _ME & 1
            b = np.minimum(self.bour[rb] / 20.0, 1.0)
            bb = base[said]
            flat[bb + o["bourlot"]] = b[:, us]
            flat[bb + o["bourlot"] + 1] = b[:, 1 - us]
        shown = np.flatnonzero(words >= 2)
        if len(shown):  # 'declare' with a trick-1 card: the seat's declarations are shown
            rs, ss = r[shown], seat[shown]
            self.shown[rs] = True
            cards32 = self.avail[rs, ss]
            self.dpts[rs, ss & 1] += self.avail_pts[rs, ss]
            bs = base[shown]
            has = ((cards32[:, None] >> _BITS) & 1).astype(bool)  # [S, 32]
            rel_s = (ss[:, None] - _ME) & 3  # [S, 4]
            cells = bs[:, :, None] + o["declared"] + 32 * rel_s[:, :, None] + _BITS
            on.append(cells[np.broadcast_to(has[:, None, :], cells.shape)])
            us = _ME & 1
            d = np.minimum(self.dpts[rs] / 500.0, 1.0)
            flat[bs + o["declared_points"]] = d[:, us]
            flat[bs + o["declared_points"] + 1] = d[:, 1 - us]
        nxt = (seat + 1) & 3
        close = pos == 3
        c = np.flatnonzero(close)
        if len(c):
            rc = r[c]
            cards = self.tcards[rc]  # [C, 4]
            trump = self.trump[rc]
            wpos = trick_winners([cards[:, 0], cards[:, 1], cards[:, 2], cards[:, 3]], trump)
            lead_seat = self.leader[rc]
            winner = (lead_seat + wpos) & 3
            pts = _PTS[trump[:, None], cards].sum(1)
            team = winner & 1
            last = self.trk[rc].sum(1) == 7
            self.pts[rc, team] += pts + 10 * last
            self.tp[rc, team] += (_PTS[trump[:, None], cards] * ((cards >> 3) == trump[:, None])
                                  ).sum(1)
            self.trk[rc, team] += 1
            self.tlen[rc] = 0
            nxt[c] = winner
            bc = base[c]
            off.append(bc + o["leader"] + ((lead_seat[:, None] - _ME) & 3))
            for j in range(4):
                relj = (((lead_seat + j) & 3)[:, None] - _ME) & 3
                cell = 32 * relj + cards[:, j][:, None]
                off.append(bc + o["trick"] + cell)
                on.append(bc + o["played"] + cell)
            us = _ME & 1
            p = self.pts[rc] / 162.0
            t = self.trk[rc] / 8.0
            flat[bc + o["points"]] = p[:, us]
            flat[bc + o["points"] + 1] = p[:, 1 - us]
            flat[bc + o["tricks"]] = t[:, us]
            flat[bc + o["tricks"] + 1] = t[:, 1 - us]
        self.turn[r] = nxt
        self.swapper[r[self.swapper[r] == seat]] = -1  # his first action was a card
        on.append(base + o["to_act"] + ((nxt[:, None] - _ME) & 3))
        flat[np.concatenate([x.ravel() for x in off])] = 0.0
        flat[np.concatenate([x.ravel() for x in on])] = 1.0
        done_tricks = self.trk[r].sum(1)
        # trick 1 ended where declarations were shown: the engine compares them
        for i in r[(done_tricks == 1) & close & self.shown[r]].tolist():
            self.dscore[i] = self.state(i).declared[1]  # type: ignore[attr-defined]
        # the deals that ended: scored by the engine's scoring function from the batch's
        # tallies; their final states (records) are replayed by the engine when asked for
        over = r[done_tricks == 8]
        seats = self.adapter.seats
        opts: Any = self.game.options
        for i in over.tolist():
            pa, pb = self.pts[i].tolist()
            na = int(self.trk[i, 0])
            ta, tb = self.tp[i].tolist()
            (da, db), (ba, bb) = self.dscore[i].tolist(), self.bour[i].tolist()
            sa, sb, pool = score_teams(opts, int(self.buyer[i]), pa, pb,
                                       0 if na == 8 else (1 if na == 0 else -1),
                                       da + ba, db + bb, ta, tb, int(self.hanging[i]))
            result: dict[str, Any] = {"scores": {"A": sa, "B": sb}}
            if opts.contract:
                result["hanging"] = pool
            rw = self.adapter.rewards(_Result(result))
            self.rewards[i] = [rw[s] for s in seats]
            self.done[i] = True
            entry = self._entry[i]
            assert entry is not None
            self._finished_lazy[i] = (entry, self.log[i, : self.nlog[i]].tolist(), result)
            self.fast[i] = False
            self._entry[i] = None
            self._plays[i] = self._deal(i)

    def reset(self) -> tuple[Arr, Arr, Arr]:
        self.fast[:] = False
        self._finished_lazy = {}
        self._pending_fast = None
        return super().reset()

    def _masks(self, flat_mask: list[int]) -> None:
        """The masks and seats to act of the batch's deals (after the engine's deals')."""
        r = np.flatnonzero(self.fast)
        if not len(r):
            return
        seat = self.turn[r]
        hand = self.hands[r, seat]
        tlen = self.tlen[r]
        trump = self.trump[r]
        cards = self.tcards[r]
        # the one fast copy of RULES §1.4 (accel.bourloto_numpy.legal_masks, pinned to the
        # engine by tests/accel/test_bourloto_agreement.py), by the trick's length
        legal = hand.copy()
        leader = self.leader[r]
        for k in (1, 2, 3):
            g = np.flatnonzero(tlen == k)
            if len(g):
                legal[g] = legal_masks(self.opts, hand[g], [cards[g, j] for j in range(k)],
                                       trump[g], leader[g])
        self.legal[r] = legal
        bits = (legal[:, None] >> _BITS) & 1
        m = self.mask[r]
        m[:, 12::4] = bits
        kqbits = 0
        if self.bourlot_played:
            kq = self.kq[r]
            both = (kq != 0) & ((hand & kq) == kq)
            kqbits = bits & ((kq[:, None] >> _BITS) & 1) & both[:, None]
            m[:, 13::4] = kqbits
        if self.trick1_here:
            first = (self.trk[r].sum(1) == 0) & self.may[r, seat]
            m[:, 14::4] = bits & first[:, None]
            m[:, 15::4] = kqbits & first[:, None]
        self.mask[r] = m
        self.to_act[r] = seat
        for i in r[seat == self.swapper[r]].tolist():  # the 7's holder's first action
            if self._actions[_EXCHANGE] in self.state(i).legal_actions():
                self.mask[i, _EXCHANGE] = 1
