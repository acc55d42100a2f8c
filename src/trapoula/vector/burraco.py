"""Burraco for a whole batch (the fenced fast path of :mod:`trapoula.vector`), pinned to the
adapter and the engine by :mod:`trapoula.vector.check`.

:class:`BurracoVectorEnv`: each deal is the engine's own rules object, a
:class:`~trapoula.games.burraco.turn.Table`, played in place (as the engine's fast playouts
do, ``games/burraco/fast.py``): its legal moves are ``table.moves()`` (the very function
behind ``state.legal_actions()``), computed once per position, and the integer chosen must
be one of the mask made from them (the adapter's own first-integer table,
:func:`trapoula.envs.burraco._first`, and ``adapter.table`` for a meld's sub-decisions)
before ``table.step`` plays it.  No public state, history cell or copy of the table is
made per move; the engine state is made only when asked for (``env.state(i)``,
``env.play(i)``, the records): ``state.apply`` replays the moves played since, checking
each one.  A finished deal's rewards come from its table's result (``team_scores``, what
``state.result`` returns), and the replayed record must end with the same result.

The observations are the rows of :mod:`trapoula.envs.burraco_fast`, one per deal and seat
in a ``[N, seats, size]`` array (:class:`BurracoEncoder`): each step brings the acting
seat's row of every deal up to date from its table (only the cells that changed since
that seat last acted), writes all the changes in one numpy assignment, takes the acting
rows into the batch's array and adds the pending meld of the deals that are building one.

>>> import trapoula.vector
>>> env = trapoula.vector.make("burraco", num_envs=2, seed=1)
>>> type(env).__name__, type(env.encoder).__name__
('BurracoVectorEnv', 'BurracoEncoder')
>>> obs, mask, to_act = env.reset()
>>> bool((obs[0] == env.adapter.observe(env.state(0).view("P1"))).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.core.state import GameState
from trapoula.envs.base import Adapter, Play
from trapoula.envs.burraco import _FIRST, MELD, _first
from trapoula.envs.burraco_fast import RowCache, StateCells, knows
from trapoula.errors import IllegalActionError
from trapoula.games.burraco.turn import OVER, Table
from trapoula.vector.encode import Encoder
from trapoula.vector.env import deal_seed
from trapoula.vector.lazy import LazyFinalsEnv

__all__ = ["BurracoEncoder", "BurracoVectorEnv", "knows"]

Arr = np.ndarray


class BurracoEncoder(Encoder):
    """Every seat's row of every deal, brought up to date when that seat acts."""

    def __init__(self, adapter: Adapter, num_envs: int) -> None:
        from trapoula.games.burraco.state import BurracoState

        super().__init__(adapter, num_envs)
        self.cells = StateCells(adapter)
        self.n = n = adapter.players
        self.rows = np.zeros((num_envs, n, self.size), np.float32)
        self.flat: Any = self.rows.reshape(-1)
        self.caches = [[RowCache(self.cells.teams) for _ in range(n)] for _ in range(num_envs)]
        self._cls = BurracoState
        self._pending_cells: Any = getattr(adapter, "pending_cells")  # noqa: B009

    def start(self, i: int, play: Play) -> None:
        self.rows[i] = 0.0
        self.caches[i] = [RowCache(self.cells.teams) for _ in range(self.n)]

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
                     skip: set[int] | frozenset[int] = frozenset()) -> None:
        """``out[i]``: seat ``seats[i]``'s observation of deal ``i``'s table (a
        :class:`~trapoula.games.burraco.turn.Table`: a state, or one played in place)
        with the pending integers ``pendings[i]``."""
        n, size = self.n, self.size
        changes = self.cells.changes
        caches = self.caches
        idx: list[int] = []
        vals: list[float] = []
        for i, st in enumerate(tables):
            if skip and i in skip:
                continue
            me = seats[i]
            w = changes(st, me, caches[i][me])
            if w:
                base = (i * n + me) * size
                idx += [base + k for k in w]
                vals += w.values()
        if idx:  # (index and value arrays made with fromiter: numpy reads lists slower)
            self.flat[np.fromiter(idx, np.intp, len(idx))] = np.fromiter(
                vals, np.float32, len(vals))
        np.take(self.rows.reshape(-1, size), np.arange(len(out)) * n + np.asarray(seats),
                axis=0, out=out, mode="clip")  # (clip: no temporary copy; all valid)
        on: list[int] = []
        at: list[int] = []
        pv: list[float] = []
        for i, pending in enumerate(pendings):
            if pending:
                p_on, p_vals = self._pending_cells(pending)
                base = i * size
                on += [base + k for k in p_on]
                for k, x in p_vals:
                    at.append(base + k)
                    pv.append(x)
        flat: Any = out.reshape(-1)
        if on:
            flat[on] = 1.0
            flat[at] = pv


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
        self._legal: list[list[Any] | None] = [None] * num_envs  # the table's legal moves
        self._ptab: list[Any] = [None] * num_envs  # a pending meld's decision table
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
        table = object.__new__(Table)
        st._copy_table(table)
        self._tables[i] = table
        self._entry[i] = st
        self._log[i] = []
        self._legal[i] = None
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
        return self._plays[i]

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
        for i in np.flatnonzero(live).tolist():
            a = int(acts[i])
            play = plays[i]
            play._table = None  # (Play's table of the integers, if asked for, is stale)
            pend = play.pending
            if pend:
                act = ptab[i][a]
                if act is None:  # one more card of the meld
                    play.pending = (*pend, a)
                    continue
                play.pending = ()
            elif a >= MELD:  # a meld or an addition starts: its cards follow
                play.pending = (a,)
                continue
            else:
                act = whole[a]
            table = tables[i]
            table.step(act)  # one of table.moves(): the mask above is made from them
            logs[i].append(act)
            legal[i] = None
            if table._phase == OVER:
                result = {"scores": table.team_scores()}
                r = ad.rewards(_Final(result))
                rewards[i] = [r[s] for s in seats]
                done[i] = True
                self._finished_lazy[i] = (self._entry[i], logs[i], result)
                plays[i] = self._deal(i)
        self._finish()
        return self.obs, self.mask, self.to_act, rewards, done

    def _finish(self) -> None:
        """The masks (from each table's legal moves), seats to act and observations."""
        n_act = self.num_actions
        plays, tables, legal, ptab = self._plays, self._tables, self._legal, self._ptab
        first = _FIRST
        table_of = self.adapter.table
        flat: list[int] = []
        seats: list[int] = []
        pendings: list[tuple[int, ...]] = []
        for i, table in enumerate(tables):
            moves = legal[i]
            if moves is None:
                moves = legal[i] = table.moves()
            pend = plays[i].pending
            pendings.append(pend)
            base = i * n_act
            if pend:
                t = ptab[i] = table_of(moves, pend)
                flat += [base + k for k in t]
            else:
                try:
                    flat += [base + first[a._text][0] for a in moves]
                except KeyError:  # (an action not met yet)
                    flat += [base + (first.get(a._text) or _first(a))[0] for a in moves]
            seats.append(table._turn)
        legal_mask = self._legal_mask = np.zeros((self.num_envs, n_act), np.int8)
        legal_mask.ravel()[np.fromiter(flat, np.intp, len(flat))] = 1
        self.mask = legal_mask.copy()  # (the caller's copy: the check above reads ours)
        self.to_act = np.array(seats, np.int64)
        self.obs = self._new_obs()
        self.encoder.write_tables(tables, seats, pendings, self.obs)

