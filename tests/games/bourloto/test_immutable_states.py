"""Bourloto states cannot be changed once made (issue 14 item 4): every attribute, public or
private, refuses assignment and deletion, new attributes cannot be added, and a state that
was refused stays what it was (the deal's shared context likewise)."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.games.bourloto.context import DealContext
from trapoula.games.bourloto.state import BourlotoState


@pytest.mark.parametrize("preset", ["ru", "gr", "pexevida"])
def test_no_attribute_of_a_state_or_its_context_can_be_set(preset: str) -> None:
    g = trapoula.make("bourloto", preset)
    s = g.new_deal(seed=11)
    seen = 0
    while not s.is_over:
        assert type(s) is BourlotoState
        before = (s.phase, s.current_player, [str(a) for a in s.legal_actions()], s.tally)
        for name in (*BourlotoState.__slots__, "phase", "result", "new_field"):
            with pytest.raises(AttributeError):
                setattr(s, name, None)
        for name in BourlotoState.__slots__:
            with pytest.raises(AttributeError):
                delattr(s, name)
        ctx = s._ctx
        assert type(ctx) is DealContext
        for name in (*DealContext.__slots__, "new_field"):
            with pytest.raises(AttributeError):
                setattr(ctx, name, None)
        assert (s.phase, s.current_player, [str(a) for a in s.legal_actions()],
                s.tally) == before
        s = s.apply(s.legal_actions()[0])
        seen += 1
    with pytest.raises(AttributeError, match="is immutable"):
        s.is_over = False  # type: ignore[misc]
    assert s.is_over and s.result is not None and seen > 30
