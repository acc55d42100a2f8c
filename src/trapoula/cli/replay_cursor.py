"""A cursor over a saved game: every position of the record, forward, back and by deal.

The record is replayed once (through ``game.replay_action``, so an earlier version's record is
mapped as ``trapoula replay`` always did) and each position kept; moving the cursor only picks
a kept state.  Shared by the plain replay (``back``, ``deal N``) and the full-screen one.

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr", target=300)
>>> m = g.new_match(seed=3)
>>> while not m.is_over:
...     m = m.apply(m.legal_actions()[0])
>>> c = ReplayCursor(m.record(), "P1")
>>> c.at, c.deals > 1, c.forward(), c.at
(0, True, True, 1)
>>> c.back(), c.at, c.back()
(True, 0, False)
>>> c.jump_deal(2), c.deal_of(c.at), c.steps[c.at - 1].deal_over
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from trapoula.cli.steps import Step, advance
from trapoula.core.record import start
from trapoula.core.state import GameState

__all__ = ["ReplayCursor"]


class ReplayCursor:
    """Positions 0..n of a record (position k: after its k-th kept action)."""

    def __init__(self, record: Mapping[str, Any], viewer: str) -> None:
        self.record = record
        self.viewer = viewer
        state = start(record)
        self.game = state.game
        self.states: list[GameState] = [state]
        self.steps: list[Step] = []
        for text in record.get("actions", []):
            new = self.game.replay_action(state, text)
            if new is state:
                continue  # a recorded answer that this version no longer asks for
            event = new.history[-1]
            step = replace(advance(state, event.action, viewer, new), seat=event.seat)
            state = step.state
            self.states.append(state)
            self.steps.append(step)
        # deal_starts[d - 1]: the position where deal d begins
        self.deal_starts = [0] + [k + 1 for k, s in enumerate(self.steps)
                                  if s.deal_over and k + 1 < len(self.steps)]
        self.at = 0

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    @property
    def state(self) -> GameState:
        return self.states[self.at]

    @property
    def last(self) -> int:
        return len(self.steps)

    def deal_of(self, position: int) -> int:
        """The deal (1-based) shown at a position."""
        n = 1
        for d, begin in enumerate(self.deal_starts, 1):
            if begin <= position:
                n = d
        return n

    def forward(self) -> bool:
        if self.at >= self.last:
            return False
        self.at += 1
        return True

    def back(self) -> bool:
        if self.at <= 0:
            return False
        self.at -= 1
        return True

    def go(self, position: int) -> None:
        self.at = max(0, min(self.last, position))

    def jump_deal(self, deal: int) -> bool:
        """To the start of deal ``deal`` (1-based); False when there is no such deal."""
        if not 1 <= deal <= self.deals:
            return False
        self.at = self.deal_starts[deal - 1]
        return True

    def done_steps(self) -> list[Step]:
        """The steps up to the cursor."""
        return self.steps[: self.at]
