"""One step of a game as the viewer sees it: shared by ``play`` and ``replay``.

The controller holds states; renderers only ever receive views.  When an action ends a
deal inside a match, the match has already moved on to the next deal, so the finished
deal's view is taken from the deal state itself (``state.deal``) to draw its score sheet.

>>> import trapoula
>>> from trapoula.tui import Ui, renderer_for
>>> m = trapoula.make("bourloto", "gr").new_match(seed=1)
>>> step = advance(m, m.legal_actions()[0], "P1")
>>> step.state.history[-1].seat == m.current_player, step.deal_over
(True, False)
>>> "P2" in describe(renderer_for("bourloto", Ui()), step)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trapoula.core.action import Action
from trapoula.core.state import GameState
from trapoula.tui.base import Renderer

__all__ = ["Step", "advance", "describe"]


@dataclass(frozen=True)
class Step:
    """The viewer's views around one action."""

    seat: str
    action: Action
    before: Any  # the viewer's view before the action
    after: Any  # the viewer's view of the same deal after it (the finished deal at its end)
    current: Any  # the viewer's view of the new state (the next deal after a deal ended)
    state: GameState
    deal_over: bool


def _deal_number(state: GameState) -> Any:
    return getattr(state, "deal_number", None)


def advance(
    state: GameState, action: Action, viewer: str, new: GameState | None = None
) -> Step:
    """Apply ``action`` (or take the already computed ``new`` state) and collect the views."""
    seat = state.current_player
    assert seat is not None
    if new is None:
        new = state.apply(action)
    before = state.view(viewer)
    current = new.view(viewer)
    deal_over = new.is_over or _deal_number(new) != _deal_number(state)
    after = current
    deal = getattr(state, "deal", None)
    if deal_over and isinstance(deal, GameState):
        after = deal.apply(action).view(viewer)  # the finished deal itself
    return Step(seat, action, before, after, current, new, deal_over)


def describe(renderer: Renderer, step: Step) -> str:
    """The event line(s) of a step, then the deal's score sheet if the deal ended."""
    text = renderer.event(step.before, step.after, step.seat, step.action)
    if step.deal_over:
        text += "\n" + renderer.deal_summary(step.before, step.after, step.current)
    return text
