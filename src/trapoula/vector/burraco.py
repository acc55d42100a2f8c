"""Burraco for a whole batch (the fenced fast path of :mod:`trapoula.vector`), pinned to the
adapter and the engine by :mod:`trapoula.vector.check`.

:class:`BurracoVectorEnv`: each deal is the engine's own rules object, a
:class:`~trapoula.games.burraco.turn.Table`, played in place (as the engine's fast playouts
do, ``games/burraco/fast.py``).  The mask of a position is made from the table's move heads
(``table.heads_held()``: the kinds of its legal moves with their meld numbers, and the
code of the cards it may discard, unpacked in numpy for the whole batch; the same
generation as ``table.moves()``, the function behind ``state.legal_actions()``, that
stops at the first legal meld of each target and makes no move object; pinned to it by
``tests/games/burraco/test_heads.py``) through the adapter's table of heads
(:data:`trapoula.envs.burraco.HEAD_INT`); a meld or an addition, once started, gets its
sub-decisions from the cards of its target's legal moves (``table.target_cards``) through
the adapter's prefix rule (:func:`~trapoula.envs.burraco_actions.select_table`, compiled
with the batch's loops), and its move is made at the commit.  The integer chosen must be
one of the mask before ``table.step`` plays it.  No public state, history cell or
copy of the table is made per move; the engine state is made only when asked for
(``env.state(i)``, ``env.play(i)``, the records): ``state.apply`` replays the moves played
since, checking each one.  A finished deal's rewards come from its table's result
(``team_scores``, what ``state.result`` returns), and the replayed record must end with the
same result.

The observations (:class:`BurracoEncoder`) are written into a zeroed array at each step.
The melds' cells come from rows of :mod:`trapoula.envs.burraco_fast`, one per deal and
side in a ``[N, sides, size]`` array: what every seat of a side sees of the melds (both
partners of a side see the same blocks but "laid by me"), brought up to date from the
acting seat's table (the cells that changed since that side last acted, in one numpy
assignment) and copied block by block, only as many blocks of each side as it has melds
(the rest of a side's blocks are zeros).  Then, for all the rows at once in numpy, each
seat's "laid by me" cells, its hand, the discard pile and the small public cells
(:class:`BatchCells`, from the facts and codes read from the tables), and the pending
meld of the deals that are building one.  A deal whose table did not move at a step (a
meld's cards being chosen) is not read again.  A new deal's side rows are not cleared:
they catch up from what their caches say they show.

>>> import trapoula.vector
>>> env = trapoula.vector.make("burraco", num_envs=2, seed=1)
>>> type(env).__name__, type(env.encoder).__name__
('BurracoVectorEnv', 'BurracoEncoder')
>>> obs, mask, to_act = env.reset()
>>> bool((obs[0] == env.adapter.observe(env.state(0).view("P1"))).all())
True
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.envs.burraco import HEAD_INT
from trapoula.envs.burraco_actions import DISCARD0, MAX_MELDS, MELD
from trapoula.envs.burraco_cells import _COPIES, _MELD
from trapoula.envs.burraco_fast import (
    RowCache,
    StateCells,
    batch_heads,
    batch_play,
    batch_select,
    codes_bytes,
    kept,
    knows,
    pending_cells,
)
from trapoula.envs.layout import clip01
from trapoula.errors import IllegalActionError
from trapoula.games.burraco.public import public_facts
from trapoula.games.burraco.turn import OVER, Table
from trapoula.vector.encode import Encoder
from trapoula.vector.env import deal_seed
from trapoula.vector.lazy import LazyFinalsEnv

__all__ = ["BatchCells", "BurracoEncoder", "BurracoVectorEnv", "code_values", "fact_cell",
           "fact_kinds",
           "knows"]

Arr = np.ndarray


# the integer of a head (``Table.heads_held``: no discard's)
_HEAD_LUT = np.array(HEAD_INT, np.intp)


# each byte of a code (four cards, two bits each): their counts over their copies (2)
_BYTE_VALUES = ((np.arange(256)[:, None] >> 2 * np.arange(4) & 3) / 2.0).astype(np.float32)
assert all(c == 2.0 for c in _COPIES[:52])


def code_values(codes: np.ndarray) -> np.ndarray:
    """The copies of each card type over its copies in the pack (``[..., 53]`` float32, as
    :func:`~trapoula.envs.burraco_cells.count_values` writes them) in codes of ``tables.py`` (two
    bits a card, the joker's three at bits 104-106) given as 14 little-endian bytes each
    (``[..., 14]`` uint8): a byte's four cards at once from a table.

    >>> from trapoula.games.burraco.tables import codes_of
    >>> raw = np.frombuffer(codes_of([3, 3, 52])[0].to_bytes(14, "little"), np.uint8)
    >>> np.flatnonzero(code_values(raw)).tolist(), code_values(raw)[[3, 52]].tolist()
    ([3, 52], [1.0, 0.25])
    """
    out = np.take(_BYTE_VALUES, codes, axis=0).reshape(*codes.shape[:-1], 56)[..., :53]
    out[..., 52] = (codes[..., 13] & 7) * (1.0 / _COPIES[52])
    return out


class BurracoEncoder(Encoder):
    """Every seat's row of every deal, brought up to date when that seat acts."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        from trapoula.games.burraco.state import BurracoState

        super().__init__(adapter, num_envs)
        self.cells = StateCells(adapter)
        # every side's row of every deal: the melds' cells of its seats' observations,
        # but "laid by me" (each seat's own, and the rest of a row, are written once it is
        # taken: StateCells.mine_cells, BatchCells); the side of seat x is x % sides
        self.n = n = self.cells.teams
        self.flat: Any = np.zeros(num_envs * n * self.size, np.float32)
        self.rows = self.flat.reshape(num_envs, n, self.size)
        self.small = BatchCells(adapter, num_envs)
        self.caches = [[RowCache(n) for _ in range(n)] for _ in range(num_envs)]
        self._cls = BurracoState
        self._pending_cells: Any = getattr(adapter, "pending_cells")  # noqa: B009
        # (tuples of numbers: once seen, the cyclic collector stops visiting them)
        self._pending_memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}

    def _pending_of(self, pending: tuple[int, ...]
                    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The adapter's cells of a pending meld (by its integers): indices and values."""
        p_on, p_vals = self._pending_cells(pending)
        return ((*p_on, *(k for k, _ in p_vals)),
                (*([1.0] * len(p_on)), *(x for _, x in p_vals)))

    def start(self, i: int, play: Play) -> None:
        """Deal ``i`` is a new one: its rows keep the meld cells they show (their caches
        say what) and catch up with the new deal as each seat acts (clearing a row would
        cost more); every other cell of an observation is written at each step."""

    def write(self, plays: Sequence[Play], to_act: np.ndarray, out: np.ndarray) -> None:
        cls = self._cls
        other = [i for i, p in enumerate(plays) if p.state.__class__ is not cls]
        self.write_tables([p.state for p in plays], to_act.tolist(),
                          [p.pending for p in plays], out, skip=set(other))
        ad = self.adapter
        seats = to_act.tolist()
        for i in other:  # (not a deal state: from the view)
            st = plays[i].state
            ad.observe(st.view(ad.seats[seats[i]]), plays[i].pending, out[i])

    def write_tables(self, tables: Sequence[Any], seats: list[int],
                     pendings: Sequence[tuple[int, ...]], out: np.ndarray,
                     skip: set[int] | frozenset[int] = frozenset(),
                     waiting: list[int] | None = None,
                     unmoved: set[int] | frozenset[int] = frozenset()) -> None:
        """``out[i]``: seat ``seats[i]``'s observation of deal ``i``'s table (a
        :class:`~trapoula.games.burraco.turn.Table`: a state, or one played in place)
        with the pending integers ``pendings[i]`` (``waiting``: the deals whose pending
        integers are some, when the caller knows them), for every deal but ``skip``.
        ``unmoved``: deals whose tables have not moved since the last step, the same seat
        to act (a meld being built): nothing is read from them again.  (Each piece -- the
        facts and codes, the meld cells, "laid by me" -- is one compiled loop over the
        tables: one loop doing them all, deal by deal, ran about 5 % slower.)"""
        if not out.flags.c_contiguous:  # (the rows are written through flat views of it)
            whole = np.empty(out.shape, np.float32)
            self.write_tables(tables, seats, pendings, whole, skip, waiting, unmoved)
            out[...] = whole
            return
        idx: list[int] = []
        vals: list[float] = []
        unwritten = skip | unmoved if unmoved else skip
        tables = tables if isinstance(tables, list) else list(tables)
        pendings = pendings if isinstance(pendings, list) else list(pendings)
        self.small.read(tables, kept(len(tables), unwritten), seats)
        self.cells.batch_changes(tables, seats, self.caches, unwritten, idx, vals)
        rows = kept(len(tables), skip)  # (the deals whose rows are written here)
        mine: list[int] = []
        shown: list[int] = []
        self.cells.mine_cells(tables, seats, rows, mine, shown)
        self.take(seats, pendings, out, idx, vals, waiting, tables, rows, mine, shown)

    def take(self, seats: list[int], pendings: list[tuple[int, ...]], out: np.ndarray,
             idx: list[int], vals: list[float], waiting: list[int] | None,
             tables: list[Any], rows: list[int], mine: list[int], shown: list[int]
             ) -> None:
        """The rows' meld cells that changed (flat indices ``idx``, values ``vals``) written,
        then ``out[i]`` for each deal ``i`` of ``rows``: the meld blocks of the row of seat
        ``seats[i]``'s side of deal ``i`` that may hold something (``shown``: per deal of
        ``rows``, how many of each side's blocks, in the row's order), its "laid by me"
        cells (flat indices ``mine``), its hand, pile and small public cells
        (:meth:`BatchCells.write`, as last read) and the pending integers ``pendings[i]``
        (``waiting``: the deals whose pending integers are some, when the caller knows
        them); every other cell 0."""
        size = self.size
        if idx:  # (index and value arrays made with fromiter: numpy reads lists slower)
            self.flat[np.fromiter(idx, np.intp, len(idx))] = np.fromiter(
                vals, np.float32, len(vals))
        out.view(np.uint8).fill(0)  # (as bytes: numpy fills bytes with memset, 2x faster)
        self._take_blocks(rows, seats, shown, out)
        if mine:
            out.reshape(-1)[np.fromiter(mine, np.intp, len(mine))] = 1.0
        self.small.write(tables, seats, rows, out)
        at: list[int] = []
        pv: list[float] = []
        if waiting is None:
            waiting = [i for i, pending in enumerate(pendings) if pending]
        pending_cells(waiting, pendings, self._pending_memo, self._pending_of, size, at, pv)
        if at:
            flat: Any = out.reshape(-1)
            flat[at] = pv

    def _take_blocks(self, rows: list[int], seats: list[int], shown: list[int],
                     out: np.ndarray) -> None:
        """Into ``out[i]`` (zeros) for each deal ``i`` of ``rows``: the first ``shown[j]``
        meld blocks of each side (the side after side, ``j`` running over ``rows`` then
        the sides) of the row of seat ``seats[i]``'s side.  A block past a side's melds
        is all zeros in that row, and most of a row's blocks are: random play shows 1.4
        melds a side on average.  (A step at N = 1,024: zeroing the array takes about
        0.4 ms and these blocks about 0.4 ms, where copying whole rows took about 1.3 ms
        and left the tables' memory out of the caches.)  The sides showing as many
        blocks are copied at once, one slice of their rows each."""
        if not rows:
            return
        n, size, per = self.n, self.size, MAX_MELDS
        counts = np.fromiter(shown, np.intp, len(shown))  # [rows * sides]
        r_ = np.fromiter(rows, np.intp, len(rows))
        src = r_ * n + np.asarray(seats, np.intp)[r_] % n  # each deal's side row
        o, width = self.cells.o_melds, per * _MELD
        sides_out = out[:, o:o + n * width].reshape(len(out), n, width)
        sides_in = self.rows.reshape(-1, size)[:, o:o + n * width].reshape(-1, n, width)
        side = np.tile(np.arange(n, dtype=np.intp), len(rows))
        # (the sides with the same number of blocks shown at once: few numbers, long runs)
        order = np.argsort(counts, kind="stable")
        sorted_counts = counts[order]
        cuts = np.flatnonzero(np.diff(sorted_counts)) + 1
        first = int(np.searchsorted(sorted_counts, 1))  # (the sides showing none: nothing)
        bounds = [first, *cuts[cuts > first].tolist(), len(counts)]
        for a, b in zip(bounds, bounds[1:]):  # noqa: B905 (one shorter)
            if a >= b:
                continue
            sel = order[a:b]
            w = int(sorted_counts[a]) * _MELD
            j, sd = sel // n, side[sel]
            sides_out[r_[j], sd, :w] = sides_in[src[j], sd, :w]


def fact_kinds(adapter: Any) -> list[tuple[str, int]]:
    """The small public facts of a Burraco observation, one integer each, in the order
    :class:`BatchCells` reads them from a table
    (:func:`~trapoula.games.burraco.public.public_facts`): (piece, seat or team index)."""
    return [("phase", 0), ("to_act", 0), ("dealer", 0),
            *(("hand_counts", k) for k in range(adapter.players)),
            ("discard_top", 0), ("discard_size", 0), ("stock", 0), ("pozzetti_left", 0),
            *(("pozzetto_taken", t) for t in range(adapter.teams)),
            ("picked", 0), ("stock_ending", 0), ("stalemate", 0)]


def fact_cell(adapter: Any, kind: str, j: int, me: int, value: int
              ) -> tuple[int, float] | None:
    """The one cell (index in the row, value) that small public fact ``kind`` (of seat or
    team ``j``) holding ``value`` writes in seat ``me``'s row, or None: the cells of
    ``adapter.public_cells`` (the layout's writer) fact by fact, pinned to it by
    ``tests/vector/test_agreement.py``."""
    o = adapter._o
    n = adapter.players
    if kind == "phase":
        return o["phase"] + value, 1.0
    if kind == "to_act":  # -1 at the end
        return (o["to_act"] + (value - me) % n, 1.0) if value >= 0 else None
    if kind == "dealer":
        return o["dealer"] + (value - me) % n, 1.0
    if kind == "hand_counts":
        return o["hand_counts"] + (j - me) % n, clip01(value / 40.0)
    if kind == "discard_top":  # -1: no pile
        return (o["discard_top"] + value, 1.0) if value >= 0 else None
    if kind == "discard_size":
        return o["discard_size"], clip01(value / 40.0)
    if kind == "stock":
        return o["stock"], value / 108.0
    if kind == "pozzetti_left":
        return o["pozzetti_left"], value / 3.0
    if kind == "pozzetto_taken":
        return (o["pozzetto_taken"] + (j - me) % adapter.teams, 1.0) if value else None
    if kind == "picked":  # -1: none
        return (o["picked"] + value, 1.0) if value >= 0 else None
    if kind == "stock_ending":
        return (o["stock_ending"], 1.0) if value else None
    assert kind == "stalemate"
    return o["stalemate"], clip01(value / adapter.stall)


class BatchCells:
    """The hands, the discard piles and the small public cells of the observations of a
    whole batch, in numpy, written into the batch's array after its meld blocks (the rows
    kept per side hold only the melds' cells: what a step writes here for every row is
    never kept).

    The hand and the pile: every row's hand and discard slices come from the seat's hand
    code and the pile's code (``tables.py``: two bits per card, three for the joker; a
    pile's code is kept per deal and grows with its discards:
    :func:`~trapoula.envs.burraco_fast.codes_bytes`), the copies of each card type over
    the copies in the pack, as :func:`~trapoula.envs.burraco_cells.count_values` writes.

    The small public cells: every public fact (:func:`fact_kinds`: the phase, the seat to
    act, each seat's card count, the top discard ...) but the result holds one integer
    and writes one cell at most (:func:`fact_cell`).  Those are tabulated per (seat,
    fact, value) as arrays (a value met for the first time grows the table), and a step
    reads every row's facts from its table and sets each one's cell, for all the rows at
    once.  A deal whose table did not move keeps the facts and codes read last.  The
    result (at the end of a deal: a batch replaces a finished deal at once) is written
    per row from ``adapter.public_cells``."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        ad: Any = adapter
        self.adapter = ad
        self.n = adapter.players
        self.size = adapter.obs_layout.size
        self.kinds = fact_kinds(ad)
        self.k = k = len(self.kinds)
        self._pack = struct.Struct(f"<{k}b").pack
        # a fact's value v is tabulated at v - lo (to_act, the top discard and the card
        # picked are -1 for none)
        self.lo = np.array([-1 if kind in ("to_act", "discard_top", "picked") else 0
                            for kind, _ in self.kinds], np.int64)
        o = adapter.obs_layout.slices
        self.result_cells = (o["scores"], o["end"])  # (what only the end writes)
        self.caps = [8] * k
        self.facts = np.zeros((num_envs, k), np.int64)  # per deal: its facts last read
        self.codes = np.zeros((num_envs, 2, 14), np.uint8)  # and its hand's and pile's codes
        self.o_hand = adapter.obs_layout.offset("hand")
        self.o_discard = adapter.obs_layout.offset("discard")
        self.piles: list[tuple[int, ...]] = [()] * num_envs  # each deal's pile last read
        self.pile_codes = [0] * num_envs  # and its code
        self._tabulate()

    def _tabulate(self) -> None:
        """The cell (offset in the row, -1 for none) and its value of every (seat, fact,
        value) as ``[seats, sum of caps]`` arrays, the facts' blocks at ``self.at``."""
        ad, n = self.adapter, self.n
        at = np.concatenate([[0], np.cumsum(self.caps)[:-1]]).astype(np.int64)
        total = sum(self.caps)
        cell = np.full((n, total), -1, np.int64)
        value = np.zeros((n, total), np.float32)
        for f, (kind, j) in enumerate(self.kinds):
            lo = int(self.lo[f])
            for me in range(n):
                for v in range(self.caps[f]):
                    c = fact_cell(ad, kind, j, me, v + lo)
                    if c is not None:
                        cell[me, at[f] + v], value[me, at[f] + v] = c
        self.at, self.cell, self.value = at, cell, value

    def read(self, tables: list[Any], ids: list[int], seats: list[int]) -> None:
        """The facts and codes of deals ``ids`` (seat ``seats[i]``'s hand) from their
        tables, for :meth:`write`."""
        if not ids:
            return
        k = self.k
        try:  # (the facts as signed bytes, packed by struct with the codes in one pass)
            raw = np.frombuffer(codes_bytes(tables, ids, seats, self.piles, self.pile_codes,
                                            self._pack), np.uint8).reshape(len(ids), k + 28)
            facts = raw[:, :k].view(np.int8)
            codes = raw[:, k:].reshape(len(ids), 2, 14)
        except struct.error:  # (a fact past a byte: read as integers)
            facts = np.fromiter(chain.from_iterable(public_facts(tables[i]) for i in ids),
                                np.int64, len(ids) * k).reshape(len(ids), k)
            codes = np.frombuffer(codes_bytes(tables, ids, seats, self.piles,
                                              self.pile_codes),
                                  np.uint8).reshape(len(ids), 2, 14)
        if len(ids) == len(self.facts):  # (every deal, in order)
            self.facts[:] = facts
            self.codes[:] = codes
        else:
            ids_ = np.fromiter(ids, np.int64, len(ids))
            self.facts[ids_] = facts
            self.codes[ids_] = codes

    def write(self, tables: list[Any], seats: list[int], rows: list[int],
              out: np.ndarray) -> None:
        """The hand, pile and small cells of ``out[i]``, seat ``seats[i]``'s row of deal
        ``i`` (all zeros there), for every deal ``i`` of ``rows`` (ascending), from what
        :meth:`read` read last (a deal not read at this step: its table has not moved
        since, the same seat to act)."""
        n_env = len(tables)
        if not rows:
            return
        size = self.size
        every = len(rows) == n_env
        rs = slice(None) if every else np.fromiter(rows, np.int64, len(rows))
        facts = self.facts[rs]
        me = np.asarray(seats, np.int64)[rs]
        vals = facts - self.lo
        top = vals.max(0)
        if (top >= self.caps).any() or (vals < 0).any():
            if (vals < 0).any():
                raise ValueError("a public fact below its least value")
            self.caps = [max(c, 2 * int(t) + 1) if t >= c else c
                         for c, t in zip(self.caps, top.tolist(), strict=True)]
            self._tabulate()
        counts = code_values(self.codes[rs])
        hand, pile = self.o_hand, self.o_discard
        out[rs, hand:hand + 53] = counts[:, 0]
        out[rs, pile:pile + 53] = counts[:, 1]
        at = self.at + vals
        cell = self.cell[me[:, None], at]
        on = cell >= 0
        base = (np.arange(n_env) if every else np.asarray(rows)) * size
        flat = out.reshape(-1)
        flat[(base[:, None] + cell)[on]] = self.value[me[:, None], at][on]
        for j in np.flatnonzero(facts[:, 0] == OVER).tolist():  # (the result, per row)
            i = rows[j]
            t, x = tables[i], seats[i]
            scores = t.team_scores()  # (what a state's result holds)
            cells, rv = self.adapter.public_cells(
                x, OVER, -1, t._ctx.dealer, t.sizes, -1, 0, 0, 0, t.taken, -1, False, 0,
                [scores[name] for name in t._ctx.team_names], t.end_reason)
            b = i * size
            for c, v in [*((c, 1.0) for c in cells), *rv]:
                if any(sl.start <= c < sl.stop for sl in self.result_cells):
                    flat[b + c] = v


class _Final:
    """What the adapter's ``rewards`` reads of a finished deal's view: its result."""

    __slots__ = ("result",)

    def __init__(self, result: dict[str, Any]) -> None:
        self.result = result


class BurracoVectorEnv(LazyFinalsEnv):
    """:class:`~trapoula.vector.env.VectorEnv` whose deals are engine tables played in
    place (see the module docs)."""

    encoder: BurracoEncoder

    def __init__(self, adapter: Adapter, num_envs: int, seed: int = 0) -> None:
        super().__init__(adapter, num_envs, seed, BurracoEncoder(adapter, num_envs))
        game = adapter.game
        # the whole actions of the integers that are one (draw, pickup, the discards)
        self._whole = [game.parse_action(adapter.label(k)) for k in range(MELD)]
        self._tables: list[Table] = [None] * num_envs  # type: ignore[list-item]
        self._entry: list[GameState] = [None] * num_envs  # type: ignore[list-item]
        self._log: list[list[Any]] = [[] for _ in range(num_envs)]  # moves since _entry
        # the cards of the legal moves of a pending meld's target (select_table's candidates)
        self._legal: list[list[Any] | None] = [None] * num_envs
        self._ptab: list[Any] = [None] * num_envs  # a pending meld's decision table
        # each deal's pending integers (a meld being built), given to its Play when asked
        # for (env.play(i)): the compiled loops read and write a list, not the objects
        self._pend: list[tuple[int, ...]] = [()] * num_envs
        self._legal_mask = np.zeros((num_envs, self.num_actions), np.int8)
        self._finished_lazy: dict[int, tuple[Any, list[int], dict[str, Any]]] = {}

    # --- dealing ------------------------------------------------------------------------------
    def _deal(self, i: int) -> Play:
        """Env ``i``'s next deal: its engine state as dealt, and a copy of its table to
        play in place."""
        while True:
            j = self._deal_no[i]
            self._deal_no[i] = j + 1
            st: Any = self.game.new_deal(seed=deal_seed(self.seed, i, j))
            if not st.is_over:
                break
        play = Play(self.adapter, st, rows=False)
        self.encoder.start(i, play)
        table = Table.__new__(Table)
        st._copy_table(table)
        self._tables[i] = table
        self._entry[i] = st
        self._log[i] = []
        self._legal[i] = None
        self._pend[i] = ()
        return play

    def reset(self) -> tuple[Arr, Arr, Arr]:
        self._finished_lazy = {}
        return super().reset()

    # --- the engine state, on demand ----------------------------------------------------------
    def state(self, i: int) -> GameState:
        log = self._log[i]
        if log:
            st = self._entry[i]
            for a in log:
                st = st.apply(a)  # (the engine checks every move again)
            self._entry[i] = st
            self._log[i] = []
            play = self._plays[i]
            play.state = st
            play._table = None
        return self._plays[i].state

    def play(self, i: int) -> Play:
        self.state(i)
        play = self._plays[i]
        if play.pending != self._pend[i]:
            play.pending = self._pend[i]
            play._table = None  # (its table of the integers, if asked for before, is stale)
        return play

    def _engine_action(self, state: Any, a: Any) -> Any:
        return a  # (the finished deals' logs hold the engine moves themselves)

    # --- stepping -----------------------------------------------------------------------------
    def _step(self, actions: Any) -> tuple[Arr, Arr, Arr, Arr, Arr]:
        acts = np.asarray(actions).astype(np.int64, copy=False)
        n_env = self.num_envs
        if len(acts) != n_env:
            raise ValueError(f"expected {n_env} actions, got {len(acts)}")
        live = acts >= 0
        inside = np.where(live & (acts < self.num_actions), acts, 0)
        ok = ~live | ((acts < self.num_actions)
                      & (self._legal_mask[np.arange(n_env), inside] == 1))
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            ad = self.adapter
            seat = ad.seats[self._tables[i]._turn]
            raise IllegalActionError(
                f"env {i}: {seat} cannot play integer {int(acts[i])} now; legal: "
                + ", ".join(f"{j} ({ad.label(j)})"
                            for j in np.flatnonzero(self._legal_mask[i]).tolist()))
        self._finished = {}
        self._finished_lazy = {}
        rewards = self.rewards = np.zeros((n_env, self.players), np.float32)
        done = self.done = np.zeros(n_env, bool)
        plays, tables, logs, legal = self._plays, self._tables, self._log, self._legal
        ptab, whole = self._ptab, self._whole
        ad = self.adapter
        seats = ad.seats
        unmoved: list[int] = []  # (the deals whose tables do not move: not read again)
        for i in batch_play(np.flatnonzero(live).tolist(), acts.tolist(), self._pend, tables,
                            ptab, legal, logs, whole, unmoved):
            table = tables[i]
            result = {"scores": table.team_scores()}
            r = ad.rewards(_Final(result))
            rewards[i] = [r[s] for s in seats]
            done[i] = True
            self._finished_lazy[i] = (self._entry[i], logs[i], result)
            plays[i] = self._deal(i)
        self._finish(set(unmoved).union(np.flatnonzero(~live).tolist()))
        return self.obs, self.mask, self.to_act, rewards, done

    def _finish(self, unmoved: set[int] | frozenset[int] = frozenset()) -> None:
        """The masks (from each table's legal moves), seats to act and observations
        (``unmoved``: the deals whose tables did not move at this step: not read again)."""
        n_act = self.num_actions
        tables, legal, ptab = self._tables, self._legal, self._ptab
        pendings = self._pend
        heads: list[int] = []  # the heads of the deals not building a meld, deal after deal
        lens: list[int] = []  # how many each deal has (0: building one)
        seats: list[int] = []
        waiting: list[int] = []  # the deals building a meld
        held = batch_heads(tables, pendings, heads, lens, seats, waiting)
        n_env = self.num_envs
        flat = _HEAD_LUT[np.fromiter(heads, np.intp, len(heads))]
        flat += np.repeat(np.arange(0, n_env * n_act, n_act), lens)
        legal_mask = self._legal_mask = np.zeros((n_env, n_act), np.int8)
        legal_mask.ravel()[flat] = 1
        # the discards: every card of each deal's code of the cards it may discard
        legal_mask[:, DISCARD0:DISCARD0 + 53] = code_values(
            np.frombuffer(held, np.uint8).reshape(n_env, 14)) > 0
        if waiting:  # a meld's next sub-decisions, from the cards of its target's moves
            at: list[int] = []
            batch_select(waiting, pendings, tables, legal, ptab, n_act, at)
            legal_mask.ravel()[at] = 1
        self.mask = legal_mask.copy()  # (the caller's copy: the check above reads ours)
        self.to_act = np.array(seats, np.int64)
        self.obs = self._new_obs()
        self.encoder.write_tables(tables, seats, pendings, self.obs, waiting=waiting,
                                  unmoved=unmoved)
