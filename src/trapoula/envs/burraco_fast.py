"""Burraco observations read from the engine state and kept up to date lazily (the fenced
fast path of the adapter), pinned to :meth:`BurracoAdapter.ones
<trapoula.envs.burraco.BurracoAdapter.ones>` of the seat's view by
``tests/envs/test_fast_observe.py`` and by :mod:`trapoula.vector.check`.

A Burraco observation is large (5,948 cells with 4 players: up to 36 melds per side) and a
seat's view copies the whole deal (history as text, every meld as a view object), which
costs many engine steps.  Most of a seat's tensor does not change from one step to the
next, so each seat keeps a row and a :class:`RowCache` of what the row holds: the hand's
code, the discard pile, every meld object and the small public cells.  Asked for the
seat's tensor of a state, :meth:`StateCells.changes` compares the state with the cache
(immutable objects: an unchanged meld or pile is the same object) and rewrites only the
cells that differ; the cells themselves come from the adapter's own writers
(:func:`~trapoula.envs.burraco_cells.count_values`, :func:`~trapoula.envs.burraco_cells.meld_cells`,
``adapter.public_cells``, ``adapter.pending_cells``), so the layout is written once.  The
comparison makes the row right for any state (another deal, an earlier position), only
slower when little is shared.  It serves only the layout it was written for
(:func:`knows`) and single deals (a match's state is observed from its view).

>>> from trapoula.envs import adapter_for
>>> ad = adapter_for("burraco")
>>> s = ad.game.new_deal(seed=2)
>>> rows = SeatRows(ad)
>>> bool((rows.observe(s, 1) == ad.observe(s.view("P2"))).all())
True
>>> t = s.apply(s.legal_actions()[0])
>>> bool((rows.observe(t, 1) == ad.observe(t.view("P2"))).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from trapoula.core.action import Action
from trapoula.envs.burraco_actions import MAX_MELDS, MELD, SELECT0, narrow, select_table
from trapoula.envs.burraco_cells import _COPIES, _MELD, MELD_MINE, PHASES, meld_cells
from trapoula.games.burraco.legal import ADD as ADD_CODE
from trapoula.games.burraco.legal import MELD as MELD_CODE
from trapoula.games.burraco.legal import intern
from trapoula.games.burraco.melds import MeldInfo
from trapoula.games.burraco.public import public_facts
from trapoula.games.burraco.tables import JOKER, JOKER_SHIFT, codes_of
from trapoula.games.burraco.turn import OVER, Table

if TYPE_CHECKING:
    from trapoula.envs.base import Adapter

__all__ = [
    "RowCache", "SeatRows", "StateCells", "batch_heads", "batch_play", "batch_select",
    "codes_bytes", "kept", "knows", "pending_cells",
]

_PIECES = ["hand", "phase", "to_act", "dealer", "hand_counts", "discard", "discard_top",
           "discard_size", "stock", "pozzetti_left", "pozzetto_taken", "melds", "picked",
           "stock_ending", "stalemate", "pending_target", "pending_cards", "scores", "end"]


def knows(adapter: Adapter) -> bool:
    """True when ``adapter``'s observation is the one :class:`StateCells` writes."""
    from trapoula.games.burraco import turn

    return (type(adapter).__name__ == "BurracoAdapter"
            and [p for p, _ in adapter.obs_layout.pieces] == _PIECES
            and PHASES == turn.PHASES
            and adapter.obs_layout.shapes["melds"] == (adapter.teams, MAX_MELDS, _MELD))  # type: ignore[attr-defined]


class RowCache:
    """What one seat's row holds: the hand's code, the discard pile and its counts, the
    small public cells, and the melds and their owners shown (the table's own tuples of
    all teams': a table replaces them when a meld changes, so an unchanged position is the
    same objects) with each meld's cells per team (but "laid by me", which the owners
    give).  No list or tuple is made per meld shown: a batch keeps thousands of these
    caches, and every container they keep is one more for the cyclic garbage collector to
    visit (tuples of numbers, and of dicts of numbers, it stops visiting once seen)."""

    __slots__ = ("hand", "pile", "pile_counts", "small", "facts", "melds", "owners", "cells")

    def __init__(self, teams: int) -> None:
        self.hand = 0  # (a new row is all zeros: no cards, no pile, no melds)
        self.pile: tuple[int, ...] = ()
        self.pile_counts: dict[int, int] = {}
        self.small: dict[int, float] = {}
        self.facts: tuple[Any, ...] = ()  # what the small cells were written from
        self.melds: tuple[Sequence[MeldInfo], ...] = ((),) * teams
        self.owners: tuple[Sequence[int], ...] = ((),) * teams
        self.cells: tuple[tuple[dict[int, float], ...], ...] = ((),) * teams


def _recount(base: int, old: dict[int, int], cards: Any, idx: list[int],
             vals: list[float]) -> dict[int, int]:
    """The counts of ``cards``; the cells that differ from ``old`` go to ``idx`` (at
    ``base`` + type) and ``vals``."""
    new: dict[int, int] = {}
    for t in cards:
        new[t] = new.get(t, 0) + 1
    _diff(base, {t: k / _COPIES[t] for t, k in old.items()},
          {t: k / _COPIES[t] for t, k in new.items()}, idx, vals)
    return new


def _diff(base: int, before: dict[int, float], after: dict[int, float], idx: list[int],
          vals: list[float]) -> None:
    """The cells of ``after`` (at ``base`` + key) that differ from ``before``, and a zero
    for each cell of ``before`` that ``after`` lacks, to ``idx`` and ``vals``."""
    for c in before:
        if c not in after:
            idx.append(base + c)
            vals.append(0.0)
    for c, x in after.items():
        if before.get(c) != x:
            idx.append(base + c)
            vals.append(x)


class StateCells:
    """The cells of a Burraco deal's observations, compared with what a row holds."""

    def __init__(self, adapter: Adapter) -> None:
        ad: Any = adapter
        self.adapter = ad
        o = adapter.obs_layout.offset
        self.o_hand, self.o_discard, self.o_melds = o("hand"), o("discard"), o("melds")
        self.size = adapter.obs_layout.size
        self.teams: int = ad.teams
        self.semi = int(ad.game.options.semi_clean_bonus)
        # a meld's cells by the meld object's id (melds compare by value, which costs a
        # hash of all their fields), the melds kept alive beside so that no id is reused
        self._memo: dict[int, dict[int, float]] = {}
        self._alive: list[MeldInfo] = []

    def _meld(self, m: MeldInfo) -> dict[int, float]:
        """A meld's cells relative to its block (but "laid by me"; memoized by the meld
        object)."""
        hit = self._memo.get(id(m))
        if hit is not None:
            return hit
        semi = self.semi
        on, vals = meld_cells(m.order, m.kind == "set", m.suit, m.wild < 0,
                              m.burraco(semi) is not None, m.points, m.bonus(semi))
        cells = dict.fromkeys(on, 1.0)
        cells.update(vals)
        if len(self._alive) > 16384:
            self._memo.clear()
            self._alive.clear()
        self._memo[id(m)] = cells
        self._alive.append(m)
        return cells

    def changes(self, state: Table, me: int, cache: RowCache, idx: list[int],
                vals: list[float], base: int = 0, batched: bool = False) -> None:
        """The cells of seat ``me``'s observation of ``state`` (no pending meld) that differ
        from what ``cache`` says its row holds: their indices (plus ``base``) go to ``idx``
        and their values to ``vals``, each cell once; the cache is updated.  ``batched``:
        a batch's row of a side, what every seat ``me`` of that side sees of the melds
        (``me`` any of them) and nothing else: no hand, discard pile, small public cells
        or "laid by me" cells, which a batch writes for all its rows at once
        (``trapoula.vector.burraco``)."""
        st = state
        # the hand: the cards whose count field of the code changed
        code = st.hands[me]
        d = 0 if batched else code ^ cache.hand
        if d:
            cache.hand = code
            at = base + self.o_hand
            while d:
                b = (d & -d).bit_length() - 1
                if b >= JOKER_SHIFT:
                    idx.append(at + JOKER)
                    vals.append((code >> JOKER_SHIFT) / _COPIES[JOKER])
                    break
                t = b >> 1
                idx.append(at + t)
                vals.append((code >> 2 * t & 3) / _COPIES[t])
                d &= ~(3 << 2 * t)
        # the discard pile (a pile the row shows and more discards on it: only those)
        pile = st.discard
        old = cache.pile
        if pile is not old and not batched:
            n_old = len(old)
            at = base + self.o_discard
            if len(pile) > n_old and pile[:n_old] == old:
                counts = cache.pile_counts
                fresh: dict[int, int] = {}  # (a type discarded twice: its last count)
                for t in pile[n_old:]:
                    fresh[t] = counts[t] = counts.get(t, 0) + 1
                for t, k in fresh.items():
                    idx.append(at + t)
                    vals.append(k / _COPIES[t])
            elif pile != old:
                cache.pile_counts = _recount(at, cache.pile_counts, pile, idx, vals)
            cache.pile = pile
        # the small public pieces (the facts they are written from, compared first)
        if not batched:
            ctx = st._ctx
            over = st._phase == 2
            facts = (ctx, st._phase, st._turn, *st.sizes, pile[-1] if pile else -1, len(pile),
                     st.stock_left, len(st.pozzetti), st.taken, st.picked, st.ending, st.stall)
            if over or facts != cache.facts:  # (at the end: the scores too, always written)
                cache.facts = () if over else facts
                on, pvals = self.adapter.public_cells(
                    me, st._phase, -1 if over else st._turn, ctx.dealer, st.sizes,
                    pile[-1] if pile else -1, len(pile), st.stock_left, len(st.pozzetti),
                    st.taken, st.picked, st.ending, st.stall,
                    [cast(Any, st).result["scores"][t] for t in ctx.team_names] if over
                    else None,
                    st.end_reason)
                small = dict.fromkeys(on, 1.0)
                small.update(pvals)
                _diff(base, cache.small, small, idx, vals)
                cache.small = small
        # the melds: each one the row does not show (another object) is compared cell by
        # cell with what its block holds
        was_melds, was_owners = cache.melds, cache.owners
        if st.melds is was_melds and st.owners is was_owners:
            return
        cache.melds, cache.owners = st.melds, st.owners
        nt = self.teams
        all_cells = list(cache.cells)
        for t in range(nt):
            melds, owners = st.melds[t], st.owners[t]
            shown, owned = was_melds[t], was_owners[t]
            if shown is melds and owned is owners:
                continue
            held = all_cells[t]
            tb = base + self.o_melds + (t - me) % nt * MAX_MELDS * _MELD
            now: list[dict[int, float]] = []
            for k in range(min(len(melds), MAX_MELDS)):
                m = melds[k]
                mine = owners[k] == me and not batched
                at = tb + k * _MELD
                if k < len(held):
                    was_mine = owned[k] == me and not batched
                    if shown[k] is m:
                        cells = held[k]
                    else:
                        cells = self._meld(m)
                        _diff(at, held[k], cells, idx, vals)
                    if mine != was_mine:
                        idx.append(at + MELD_MINE)
                        vals.append(1.0 if mine else 0.0)
                else:
                    cells = self._meld(m)
                    for c, x in cells.items():
                        idx.append(at + c)
                        vals.append(x)
                    if mine:
                        idx.append(at + MELD_MINE)
                        vals.append(1.0)
                now.append(cells)
            for k in range(len(now), len(held)):  # melds the row shows and the state has not
                at = tb + k * _MELD
                for c in held[k]:
                    idx.append(at + c)
                    vals.append(0.0)
                if owned[k] == me and not batched:
                    idx.append(at + MELD_MINE)
                    vals.append(0.0)
            all_cells[t] = tuple(now)
        cache.cells = tuple(all_cells)

    def batch_changes(self, tables: list[Table], seats: list[int],
                      caches: list[list[RowCache]], skip: set[int] | frozenset[int],
                      idx: list[int], vals: list[float]) -> None:
        """:meth:`changes` (``batched``) of the row of seat ``seats[i]``'s side of every
        deal ``i`` but ``skip`` in a ``[deals, sides, size]`` array of rows (``caches[i]``
        theirs; the side of seat x is x % sides, as the adapter's relative sides
        are): their flat indices go to ``idx`` and their values to ``vals``."""
        n, size = self.teams, self.size
        for i in range(len(tables)):
            if skip and i in skip:
                continue
            v = seats[i] % n
            self.changes(tables[i], v, caches[i][v], idx, vals, (i * n + v) * size, True)

    def mine_cells(self, tables: list[Table], seats: list[int], ids: list[int],
                   at: list[int], shown: list[int]) -> None:
        """The "laid by me" cells (value 1) of seat ``seats[i]``'s observation of each deal
        ``i`` of ``ids`` (``tables[i]``, no pending meld) in a ``[deals, size]`` array of
        observations: their flat indices go to ``at``; and the number of meld blocks that
        observation shows of each side, in its order (the seat's side first), to
        ``shown``.

        >>> from trapoula.envs import adapter_for
        >>> ad = adapter_for("burraco")
        >>> s = ad.game.new_deal(seed=2)
        >>> at, shown = [], []
        >>> StateCells(ad).mine_cells([s], [0], [0], at, shown)
        >>> at, shown  # (no meld yet)
        ([], [0, 0])
        """
        nt, size, o = self.teams, self.size, self.o_melds + MELD_MINE
        for i in ids:
            t = tables[i]
            me = seats[i]
            team = t._ctx.team_of[me]
            melds = t.melds
            for r in range(nt):
                shown.append(min(len(melds[(me + r) % nt]), MAX_MELDS))
            owners = t.owners[team]
            base = i * size + o + (team - me) % nt * MAX_MELDS * _MELD
            for k in range(min(len(owners), MAX_MELDS)):
                if owners[k] == me:
                    at.append(base + k * _MELD)


def codes_bytes(tables: list[Table], ids: list[int], seats: list[int],
                piles: list[tuple[int, ...]], codes: list[int],
                pack: Callable[..., bytes] | None = None) -> bytes:
    """Per deal ``i`` of ``ids``: its table ``tables[i]``'s public facts packed by ``pack``
    (:func:`public_facts` as arguments; none without ``pack``), then the hand code of
    seat ``seats[i]`` and the code of its discard pile (``tables.py``'s: two bits a card,
    three for the joker), 14 bytes each (little-endian).  ``piles[i]`` and ``codes[i]``
    hold the pile of deal ``i`` last read and its code: a pile that grew from it adds only
    its new cards.  (One pass over the tables: a batch's tables are many, and each one
    read costs its memory's misses.)

    >>> from trapoula.envs import adapter_for
    >>> s = adapter_for("burraco").game.new_deal(seed=2)
    >>> b = codes_bytes([s], [0], [1], [()], [0])
    >>> int.from_bytes(b[:14], "little") == s.hands[1], len(b)
    (True, 28)
    >>> int.from_bytes(b[14:], "little") == codes_of(s.discard)[0]
    True
    >>> import struct
    >>> k = len(public_facts(s))
    >>> b2 = codes_bytes([s], [0], [1], [()], [0], struct.Struct(f"<{k}b").pack)
    >>> list(struct.unpack(f"<{k}b", b2[:k])) == public_facts(s), b2[k:] == b
    (True, True)
    """
    out: list[bytes] = []
    for i in ids:
        t = tables[i]
        if pack is not None:
            out.append(pack(*public_facts(t)))
        pile = t.discard
        old = piles[i]
        if pile is not old:
            n_old = len(old)
            if len(pile) > n_old and pile[:n_old] == old:
                codes[i] += codes_of(pile[n_old:])[0]
            else:
                codes[i] = codes_of(pile)[0]
            piles[i] = pile
        out.append(t.hands[seats[i]].to_bytes(14, "little"))
        out.append(codes[i].to_bytes(14, "little"))
    return b"".join(out)


def kept(n: int, skip: set[int] | frozenset[int]) -> list[int]:
    """The deals ``0 .. n - 1`` but those of ``skip``.

    >>> kept(5, {1, 3}), kept(2, frozenset())
    ([0, 2, 4], [0, 1])
    """
    if not skip:
        return list(range(n))
    return [i for i in range(n) if i not in skip]


def batch_play(ids: list[int], actions: list[int], pends: list[tuple[int, ...]],
               tables: list[Table], subs: list[Any], still: list[Any],
               logs: list[list[Action]], whole: list[Action], idle: list[int]) -> list[int]:
    """One step of a learning environment's batch of tables played in place
    (``trapoula.vector.burraco``), its integers already checked against the masks: for
    each deal ``i`` of ``ids``, ``actions[i]`` either goes on the deal's pending meld
    (``pends[i]``, its integers; ``subs[i]``: its sub-decisions' table, ``still[i]``:
    the candidates still open, narrowed) or completes a move, which ``tables[i]`` plays
    and ``logs[i]`` records (``whole``: the moves of the integers that are one).  Returns
    the deals whose hand is over; the deals whose tables did not move (a meld's cards
    being chosen) go to ``idle``."""
    over: list[int] = []
    for i in ids:
        a = actions[i]
        pend = pends[i]
        if pend:
            cards = subs[i][a]
            if cards is None:  # one more card of the meld: the melds still open
                pends[i] = (*pend, a)
                open_ = still[i]
                if open_ is not None:
                    still[i] = narrow(open_, len(pend) - 1, a - SELECT0)
                idle.append(i)
                continue
            pends[i] = ()
            k = pend[0] - MELD  # (0: a new meld, else the meld number added to)
            act = intern(ADD_CODE if k else MELD_CODE, k, cards)
        elif a >= MELD:  # a meld or an addition starts: its cards follow
            pends[i] = (a,)
            idle.append(i)
            continue
        else:
            act = whole[a]
        t = tables[i]
        t.step(act)  # one of t.moves(): the masks are made from them
        logs[i].append(act)
        still[i] = None
        if t._phase == OVER:
            over.append(i)
    return over


def batch_heads(tables: list[Table], pends: list[tuple[int, ...]], heads: list[int],
                lens: list[int], seats: list[int], waiting: list[int]) -> bytes:
    """The move heads of a batch of tables (a learning environment's masks): per table
    ``tables[i]``, its seat to act goes to ``seats``; one building a meld (pending
    integers ``pends[i]``) to ``waiting`` (0 to ``lens``, its sub-decisions are not
    heads); any other's heads but the discards (``Table.heads_held``) to ``heads`` and
    their number to ``lens``.  Returns the codes of the cards each table may discard, 14
    bytes each (zeros for a table building a meld).

    >>> from trapoula.envs import adapter_for
    >>> s = adapter_for("burraco").game.new_deal(seed=2)
    >>> heads, lens, seats, waiting = [], [], [], []
    >>> held = batch_heads([s, s], [(), (55,)], heads, lens, seats, waiting)
    >>> heads == s.heads_held()[0], lens, seats, waiting, held == bytes(28)
    (True, [2, 0], [0, 0], [1], True)
    """
    out: list[bytes] = []
    zero = bytes(14)
    for i in range(len(tables)):
        t = tables[i]
        seats.append(t._turn)
        if pends[i]:
            waiting.append(i)
            lens.append(0)
            out.append(zero)
            continue
        hs, held = t.heads_held()
        heads.extend(hs)
        lens.append(len(hs))
        out.append(held.to_bytes(14, "little"))
    return b"".join(out)


def batch_select(waiting: list[int], pendings: list[tuple[int, ...]], tables: list[Table],
                 still: list[Any], subs: list[Any], n_act: int, at: list[int]) -> None:
    """The next sub-decisions of a batch's deals building a meld (``waiting``; the masks of
    ``trapoula.vector.burraco``): for each deal ``i`` its sub-decisions' table
    (:func:`~trapoula.envs.burraco_actions.select_table` of its target's candidates still
    open, ``still[i]``, made from ``tables[i].target_cards`` when None, in no set order:
    the table's keys are the same) goes to
    ``subs[i]`` and its integers, at ``i * n_act``, to ``at``.

    >>> from trapoula.envs import adapter_for
    >>> s = adapter_for("burraco").game.new_deal(seed=2)
    >>> s = s.apply(s.legal_actions()[0])  # (the draw)
    >>> still, subs, at = [None], [None], []
    >>> batch_select([0], [(MELD,)], [s], still, subs, 146, at)
    >>> subs[0] == select_table(s.target_cards(0), (MELD,)), at == list(subs[0])
    (True, True)
    """
    for i in waiting:
        pend = pendings[i]
        cands = still[i]
        if cands is None:
            cands = still[i] = tables[i].target_cards(pend[0] - MELD, False)
        t = subs[i] = select_table(cands, pend, True)  # (narrowed: all match)
        base = i * n_act
        for k in t:
            at.append(base + k)


def pending_cells(waiting: list[int], pendings: list[tuple[int, ...]],
                  memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]],
                  make: Callable[[tuple[int, ...]], tuple[tuple[int, ...], tuple[float, ...]]],
                  size: int, at: list[int], vals: list[float]) -> None:
    """The cells of the pending meld of each deal ``i`` of ``waiting`` (``pendings[i]``,
    its integers) in a ``[deals, size]`` array of observations: their flat indices go to
    ``at`` and their values to ``vals``; ``make(pending)`` gives a pending meld's cells
    (indices in a row, values), memoized in ``memo``.

    >>> at, vals = [], []
    >>> pending_cells([1], [(), (55,)], {}, lambda p: ((3, 7), (1.0, 0.5)), 10, at, vals)
    >>> at, vals
    ([13, 17], [1.0, 0.5])
    """
    for i in waiting:
        pending = pendings[i]
        cells = memo.get(pending)
        if cells is None:
            if len(memo) > 100_000:
                memo.clear()
            cells = memo[pending] = make(pending)
        base = i * size
        for k in cells[0]:
            at.append(base + k)
        vals.extend(cells[1])


class SeatRows:
    """Every seat's observation row of one deal (numpy ``[seats, size]``), brought up to
    date when a seat's tensor is asked for (:meth:`StateCells.changes`): the rows object
    :class:`~trapoula.envs.base.Play` keeps (``adapter.seat_rows()``)."""

    def __init__(self, adapter: Adapter) -> None:
        from trapoula.games.burraco.state import BurracoState

        self.adapter = adapter
        self.cells = StateCells(adapter)
        n = adapter.players
        self.rows = np.zeros((n, self.cells.size), np.float32)
        self.caches = [RowCache(self.cells.teams) for _ in range(n)]
        self._cls = BurracoState

    def reset(self, state: Any) -> None:
        """A new deal (nothing to do: the rows catch up when asked)."""

    def moved(self, before: Any, after: Any, action: int) -> None:
        """A move was made (nothing to do: the rows catch up when asked)."""

    def observe(self, state: Any, me: int, out: np.ndarray | None = None,
                pending: tuple[int, ...] = ()) -> np.ndarray:
        """Seat ``me``'s observation of ``state`` with the pending integers (a new array
        unless ``out``); ``adapter.observe(state.view(seat), pending)``."""
        if state.__class__ is not self._cls:
            return self.adapter.observe(state.view(self.adapter.seats[me]), pending, out)
        row = self.rows[me]
        idx: list[int] = []
        cells: list[float] = []
        self.cells.changes(state, me, self.caches[me], idx, cells)
        if idx:
            row[idx] = cells
        if out is None:
            out = row.copy()
        else:
            out[:] = row
        if pending:
            on, vals = self.adapter.pending_cells(pending)  # type: ignore[attr-defined]
            out[on] = 1.0
            for k, x in vals:
                out[k] = x
        return out
