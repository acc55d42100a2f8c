"""The kernel protocol: what every game's fast kernel offers the code above the games.

A *kernel* is one deal of one game as a mutable object on integers: the one place a game
may be fast.  The readable engine (the game's ``state.py`` and the modules named after its
RULES.md sections) stays the reference; ``tests/kernel`` plays random deals on both and
checks, at every state, that they agree (legal ids, transitions, public facts).

The protocol is small:

- ``phase``: the phase's name, as the engine's ``state.phase`` (``"play"``, ``"over"``...);
- ``to_act``: the seat index to act, or None when the deal is over;
- ``is_terminal`` and ``result()``: whether the deal is over, and then its result, the
  engine's ``state.result`` (None before);
- ``hand_codes(seat)``: the cards a seat holds as sorted card indices (one entry per copy:
  Burraco has two packs), full information;
- ``legal_ids()``: the legal actions' ids, in the game's canonical order (the order of
  ``state.legal_actions()``: a uniform choice ``legal[int(rand() * len(legal))]`` plays the
  same deal on a kernel as on the engine);
- ``step(action_id)``: apply a legal action in place (the caller checked legality);
- ``public_facts()``: what every seat may see, as a small mapping of plain values (ints,
  strings, tuples); each key is also read from a seat's ``view()`` (``core/view.py``) by the
  harness, so the kernel can hide no more and leak no more than the views;
- ``encode(action)`` / ``decode(action_id)``: an id is a plain int standing for one engine
  :class:`~trapoula.core.action.Action` in this position (Bourré numbers a draw by the
  cards' positions in the hand, so an id is only read against the position it was listed
  in); ids fit in a table a learning environment can size (Bourloto, Bourré) or are the
  move's own value (Burraco: ordered so that the canonical order is the ids' order).

Each game's kernel module is ``trapoula.games.<game>.kernel`` with two functions:
``new_kernel(game, seed)`` (the deal of ``game.new_deal(seed=seed)``) and
``kernel_of(state)`` (a kernel at any public state); :func:`new_kernel` and
:func:`kernel_of` here find them from the game, so the core names no game.

>>> import trapoula
>>> k = new_kernel(trapoula.make("burraco"), seed=4)
>>> k.phase, k.to_act, len(k.hand_codes(0)), isinstance(k, Kernel)
('draw', 0, 11, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from trapoula.core.action import Action

__all__ = ["Kernel", "kernel_module", "kernel_of", "new_kernel"]


@runtime_checkable
class Kernel(Protocol):
    """One deal of a game on integers (see the module docstring)."""

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_terminal(self) -> bool: ...

    def result(self) -> dict[str, Any] | None: ...

    def hand_codes(self, seat: int) -> tuple[int, ...]: ...

    def legal_ids(self) -> list[int]: ...

    def step(self, action_id: int) -> None: ...

    def public_facts(self) -> Mapping[str, object]: ...

    def encode(self, action: Action) -> int: ...

    def decode(self, action_id: int) -> Action: ...


def kernel_module(game: Any) -> Any:
    """The kernel module of ``game``'s package (``trapoula.games.<game>.kernel``)."""
    package = type(game).__module__.rpartition(".")[0]
    return importlib.import_module(package + ".kernel")


def new_kernel(game: Any, seed: int) -> Kernel:
    """A kernel at the start of the deal ``game.new_deal(seed=seed)``."""
    made: Kernel = kernel_module(game).new_kernel(game, seed)
    return made


def kernel_of(state: Any) -> Kernel:
    """A kernel at a public state of any game (a copy: stepping it leaves the state alone)."""
    made: Kernel = kernel_module(state.game).kernel_of(state)
    return made
