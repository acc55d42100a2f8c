"""Deals a batch finished in numpy, replayed through the engine only when someone asks.

The Bourloto and Bourré batches (``bourloto_play``, ``bourre_play``) play card tricks in
numpy and keep, for each deal that ended there, the engine state it entered the batch with,
the batch's action integers since then and the result the batch computed.  The engine state
(:meth:`finished`, :meth:`records`) is built from those on demand, and must end exactly as
the batch did.
"""

from __future__ import annotations

from typing import Any

from trapoula.core.state import GameState
from trapoula.vector.env import VectorEnv

__all__ = ["LazyFinalsEnv"]


class LazyFinalsEnv(VectorEnv):
    """A :class:`VectorEnv` whose finished deals may be held as (entry state, actions,
    result) until asked for; a subclass says how a batch integer becomes an engine action."""

    _finished_lazy: dict[int, tuple[Any, list[int], dict[str, Any]]]

    def _engine_action(self, state: Any, a: int) -> Any:
        """The engine action of the batch's integer ``a`` in ``state``."""
        raise NotImplementedError

    def _start_state(self, entry: Any) -> Any:
        """The engine state a batch's deal entered with (a subclass may keep what makes
        it instead, and make it here)."""
        return entry

    def _final(self, i: int) -> GameState | None:
        lazy = self._finished_lazy.pop(i, None)
        if lazy is None:
            return None
        entry, acts, result = lazy
        st = self._start_state(entry)
        for a in acts:
            st = st.apply(self._engine_action(st, a))
        assert st.is_over and st.result == result, "the batch's deal must end as the engine's"
        self._finished[i] = st
        return st  # type: ignore[no-any-return]

    def finished(self, i: int) -> GameState | None:
        if i in self._finished_lazy:
            return self._final(i)
        return super().finished(i)

    def records(self) -> dict[int, dict[str, Any]]:
        for i in list(self._finished_lazy):
            self._final(i)
        return super().records()
