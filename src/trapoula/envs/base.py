"""The game adapter protocol shared by the PettingZoo, Gymnasium and OpenSpiel environments.

An :class:`Adapter` fixes, for one rules object, an **integer action layout** (every decision
is an integer in ``range(num_actions)``), an **observation layout** (named slices of a flat
tensor built from ``state.view(seat)`` only) and the **rewards** of a finished deal.

Most engine actions are one integer.  An action may also be a short *sequence* of integers
(Burraco's melds: choose the meld, then its cards one at a time, then commit); the integers
chosen so far are the *pending* decision, which only the seat to act observes.

The engine stays the only judge of legality: the legal integers at each step are derived
from ``state.legal_actions()`` (the same list as the acting seat's ``view.legal_actions``),
and a completed integer sequence is handed to ``state.apply``.

>>> import trapoula
>>> from trapoula.envs import make_adapter
>>> ad = make_adapter(trapoula.make("bourloto", "gr"))
>>> play = Play(ad, ad.game.new_deal(seed=2))
>>> play.seat, [ad.label(i) for i in play.legal_ints()]
('P1', ['pass', 'take'])
>>> play.step(ad.index("take")) is not None, play.state.phase
(True, 'play')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.core.state import GameState
from trapoula.envs.layout import Layout
from trapoula.errors import IllegalActionError

__all__ = ["Adapter", "Play", "Table", "fill"]

# A decision table: legal integer -> the engine action it completes, or None when the
# integer only extends the pending sequence (a sub-decision).
Table = dict[int, Action | None]


def fill(out: np.ndarray | None, size: int, ones: Sequence[int],
         values: Sequence[tuple[int, float]] = (), at: Sequence[int] = (),
         vals: Sequence[float] = ()) -> np.ndarray:
    """A float32 tensor of ``size`` cells (``out`` cleared, or a new one) with the cells
    ``ones`` set to 1, then each ``(index, value)`` of ``values`` and ``at[k] = vals[k]``:
    how every adapter and fast reader turns its cells into a tensor.

    >>> fill(None, 4, [0], [(2, 0.5)]).tolist()
    [1.0, 0.0, 0.5, 0.0]
    """
    if out is None:
        out = np.zeros(size, np.float32)
    else:
        out.fill(0.0)
    # (cells set through a memoryview cost a third of numpy's item assignment; many ones
    # at once: an index array made with fromiter, half the cost of numpy reading the list)
    m: Any = (out.data if out.ndim == 1 and out.dtype == np.float32 and out.flags.c_contiguous
              else out)
    n = len(ones)
    if n > 48 or m is out:
        if n:
            out[np.fromiter(ones, np.intp, n)] = 1.0
    else:
        for k in ones:
            m[k] = 1.0
    for i, x in values:
        m[i] = x
    if at:
        out[at] = vals
    return out


class Adapter(ABC):
    """Integer actions, observation tensors and strings, and rewards for one rules object."""

    game: Game
    players: int
    seats: tuple[str, ...]
    num_actions: int
    obs_layout: Layout  # the observation tensor
    info_layout: Layout  # the information-state tensor: the observation, then more pieces
    reward_mode: str

    def __init__(self, game: Game, reward: str = "margin", layout: str = "own") -> None:
        if reward not in ("margin", "score"):
            raise ValueError(f"reward must be 'margin' or 'score', not {reward!r}")
        self.game = game
        self.reward_mode = reward
        self.layout_mode = layout
        self.players = game.info.players
        self.seats = game.info.seats

    # --- actions ------------------------------------------------------------------------------
    @abstractmethod
    def table(self, legal: Sequence[Action], pending: tuple[int, ...] = ()) -> Table:
        """The legal integers now, from the engine's legal list and the pending integers."""

    @abstractmethod
    def label(self, i: int) -> str:
        """What integer ``i`` means in the layout (independent of any position)."""

    @abstractmethod
    def layout_rows(self) -> list[tuple[str, str, str]]:
        """``(integers, meaning, used when)`` rows of the action layout (for the docs)."""

    def index_of(self, label: str) -> int | None:
        """The one integer that is the whole action ``label``, where the layout has one
        fixed integer per action (else None)."""
        index = getattr(self, "action_index", None)
        return None if index is None else index.get(label)

    def index(self, label: str) -> int:
        """The integer whose :meth:`label` is ``label`` (for tests and examples)."""
        for i in range(self.num_actions):
            if self.label(i) == label:
                return i
        raise KeyError(label)

    def encode(self, action: Action | str, view: Any) -> list[int]:
        """The integers that make ``action`` (one of ``view.legal_actions``), in order."""
        legal = list(view.legal_actions)
        target = action if isinstance(action, Action) else self.game.parse_action(str(action))
        if target not in legal:
            raise IllegalActionError(f"{target} is not one of this view's legal actions")
        out: list[int] = []
        while True:
            table = self.table(legal, tuple(out))
            for i, a in table.items():
                if a == target:
                    return [*out, i]
            nxt = self._toward(target, table, tuple(out))
            if nxt is None:  # pragma: no cover - every legal action has a path
                raise IllegalActionError(f"{target} has no integer encoding")
            out.append(nxt)

    def _toward(self, target: Action, table: Table, pending: tuple[int, ...]) -> int | None:
        """The next sub-decision toward ``target`` (games with sequences override this)."""
        return None

    def decode(self, ints: Sequence[int], view: Any) -> Action:
        """The engine action a complete integer sequence stands for (checked step by step)."""
        legal = list(view.legal_actions)
        pending: tuple[int, ...] = ()
        for k, i in enumerate(ints):
            table = self.table(legal, pending)
            if i not in table:
                raise IllegalActionError(
                    f"integer {i} ({self.label(i)}) is not legal here; legal: {sorted(table)}"
                )
            a = table[i]
            if a is not None:
                if k != len(ints) - 1:
                    raise IllegalActionError("the sequence goes on after a complete action")
                return a
            pending = (*pending, i)
        raise IllegalActionError(f"the sequence {list(ints)} is not complete")

    # --- observations -------------------------------------------------------------------------
    @abstractmethod
    def ones(self, view: Any, pending: tuple[int, ...] = ()
             ) -> tuple[list[int], list[tuple[int, float]]]:
        """The observation as (flat indices set to 1, (index, value) pairs)."""

    @abstractmethod
    def info_ones(self, view: Any) -> tuple[list[int], list[tuple[int, float]]]:
        """The information-state pieces after the observation (indices are absolute)."""

    def observe(self, view: Any, pending: tuple[int, ...] = (), out: np.ndarray | None = None
                ) -> np.ndarray:
        """The observation tensor of ``view`` (float32, values in [0, 1])."""
        ones, values = self.ones(view, pending)
        return fill(out, self.obs_layout.size, ones, values)

    def observe_state(self, state: GameState, seat: str, pending: tuple[int, ...] = (),
                      out: np.ndarray | None = None) -> np.ndarray:
        """``observe(state.view(seat), pending)``; an adapter may compute the same tensor
        without building the view (a fenced fast path pinned to :meth:`observe`)."""
        ones, values = self.state_ones(state, seat, pending)
        return fill(out, self.obs_layout.size, ones, values)

    def state_ones(self, state: GameState, seat: str, pending: tuple[int, ...] = ()
                   ) -> tuple[list[int], list[tuple[int, float]]]:
        """``ones(state.view(seat), pending)``; an adapter may read them from the state
        without building the view (a fenced fast path pinned to :meth:`ones`)."""
        return self.ones(state.view(seat), pending)

    def seat_rows(self) -> Any:
        """An object keeping every seat's observation of one deal up to date move by move
        (``reset(state)``, ``moved(before, after, integer)``, ``observe(state, seat_index,
        out, pending)``),
        or None: :class:`Play` then builds each observation with :meth:`observe_state`."""
        return None

    def info_state(self, view: Any, pending: tuple[int, ...] = (),
                   out: np.ndarray | None = None) -> np.ndarray:
        """The information-state tensor: the observation followed by the history pieces."""
        ones, values = self.ones(view, pending)
        more, more_values = self.info_ones(view)
        return fill(out, self.info_layout.size, ones + more, values + more_values)

    @abstractmethod
    def obs_string(self, view: Any, pending: tuple[int, ...] = ()) -> str:
        """The observation as text (the same facts as the tensor)."""

    def info_string(self, view: Any, pending: tuple[int, ...] = ()) -> str:
        """The information state as text: the observation and the seat's whole history."""
        return self.obs_string(view, pending) + "\nhistory: " + " | ".join(view.history)

    def pending_text(self, pending: tuple[int, ...]) -> str:
        return " ".join(self.label(i) for i in pending)

    # --- rewards ------------------------------------------------------------------------------
    def state_rewards(self, state: GameState) -> dict[str, float]:
        """Each seat's reward for the finished deal ``state``: its payoff
        (``state.returns()``, ``reward="score"``), or with ``reward="margin"`` that minus
        the mean payoff of the other sides (zero-sum between sides:
        :meth:`~trapoula.core.outcome.GameInfo.margins`)."""
        returns = state.returns()
        return returns if self.reward_mode == "score" else self.margins(returns)

    @abstractmethod
    def scores(self, view: Any) -> dict[str, float]:
        """Each seat's score for a finished deal (``reward="score"``), from any seat's final
        view (the result and what it depends on are public): ``state.returns()`` read
        from a view, for the batched drivers that hold no state (pinned to it by
        tests/envs/test_returns.py)."""

    def rewards(self, view: Any) -> dict[str, float]:
        """Each seat's reward for a finished deal, from any seat's final view: its score, or
        with ``reward="margin"`` its score minus the mean score of the other sides (zero-sum
        between sides).  Where the state is at hand, :meth:`state_rewards` is the same."""
        scores = self.scores(view)
        if self.reward_mode == "score":
            return scores
        return self.margins(scores)

    def margins(self, scores: Mapping[str, float]) -> dict[str, float]:
        """Payoffs as zero-sum margins between sides (``game.info.margins``)."""
        return self.game.info.margins(scores)

    def reward_bounds(self) -> tuple[float, float]:
        """Bounds on any seat's reward in one deal (for OpenSpiel's utilities): the game's
        payoff bounds (``game.info``), or the widest margin between two sides."""
        lo, hi = self.game.info.min_utility, self.game.info.max_utility
        return (lo, hi) if self.reward_mode == "score" else (lo - hi, hi - lo)

    # --- dealing (OpenSpiel chance nodes) -----------------------------------------------------
    @abstractmethod
    def pack(self) -> tuple[int, ...]:
        """The pack as card indices in canonical order (repeated for double packs)."""

    def digit_radices(self) -> tuple[int, ...]:
        """Radices of the extra chance digits after the cards (random keys), if any."""
        return ()

    @abstractmethod
    def deal_record(self, cards: Sequence[int], digits: Sequence[int]) -> dict[str, Any]:
        """A deal record (``game.from_record``) for a dealt pack and the extra digits."""

    def deal(self, cards: Sequence[int], digits: Sequence[int] = ()) -> GameState:
        """The engine state for a dealt pack (top first) and the extra chance digits."""
        return self.game.from_record(self.deal_record(cards, digits))

    @abstractmethod
    def max_decisions(self) -> int:
        """An upper bound on the integer decisions of one deal (OpenSpiel's game length)."""


class Play:
    """A deal in progress as the environments drive it: the engine state, the pending
    integers of a sub-decision, and the legal integers (computed once per position)."""

    __slots__ = ("adapter", "state", "pending", "_table", "_rows")

    def __init__(self, adapter: Adapter, state: GameState, rows: bool = True) -> None:
        self.adapter = adapter
        self.state = state
        self.pending: tuple[int, ...] = ()
        self._table: Table | None = None
        # every seat's observation kept up to date (when the adapter can, and rows=True)
        self._rows = adapter.seat_rows() if rows else None
        if self._rows is not None:
            self._rows.reset(state)

    @property
    def seat(self) -> str | None:
        """The seat to act, or None once the deal is over."""
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_over

    def table(self) -> Table:
        t = self._table
        if t is None:
            t = self._table = self.adapter.table(self.state.legal_actions(), self.pending)
        return t

    def legal_ints(self) -> list[int]:
        return sorted(self.table())

    def mask(self, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.adapter.num_actions, np.int8)
        else:
            out.fill(0)
        out[list(self.table())] = 1
        return out

    def step(self, i: int) -> Action | None:
        """Play integer ``i``; returns the engine action when it completes one, else None."""
        table = self.table()
        if i not in table:
            raise IllegalActionError(
                f"{self.seat} cannot play integer {i} ({self.adapter.label(i)}) now; legal: "
                + ", ".join(f"{j} ({self.adapter.label(j)})" for j in sorted(table))
            )
        a = table[i]
        self._table = None
        if a is None:
            self.pending = (*self.pending, i)
            return None
        self.pending = ()
        before = self.state
        self.state = before.apply(a)
        if self._rows is not None:
            self._rows.moved(before, self.state, i)
        return a

    def apply(self, action: Action | str) -> None:
        """Play a whole engine action (a bot's choice); no sub-decision may be pending."""
        if self.pending:
            raise IllegalActionError("a sub-decision is pending; finish it with integers")
        before = self.state
        self.state = before.apply(action)
        self._table = None
        if self._rows is not None:
            i = self.adapter.index_of(str(action))
            if i is None:
                self._rows.reset(self.state)
            else:
                self._rows.moved(before, self.state, i)

    def view(self, seat: str) -> Any:
        return self.state.view(seat)

    def observe(self, seat: str, out: np.ndarray | None = None) -> np.ndarray:
        """``seat``'s observation tensor (the pending integers only for the seat to act)."""
        pending = self.pending if seat == self.seat else ()
        rows = self._rows
        if rows is not None:
            return rows.observe(self.state, int(seat[1:]) - 1, out, pending)  # type: ignore[no-any-return]
        return self.adapter.observe_state(self.state, seat, pending, out)

    def obs_string(self, seat: str) -> str:
        pending = self.pending if seat == self.seat else ()
        return self.adapter.obs_string(self.state.view(seat), pending)
