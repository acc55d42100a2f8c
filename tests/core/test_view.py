"""Every game's view extends the core SeatView, with the log as typed, frozen events."""

from __future__ import annotations

import dataclasses
import random

import pytest

import trapoula
from trapoula.core.view import SeatEvent, SeatView

BASE = ("game", "preset", "seat", "phase", "dealer", "current_player", "hand", "hand_counts",
        "legal_actions", "history", "events", "result")
GAMES = [("bourloto", "ru", {}), ("bourloto", "gr", {}), ("bourre", "ru", {"players": 5}),
         ("burraco", "seed", {}), ("burraco", "seed", {"players": 3})]


@pytest.mark.parametrize("name, preset, options", GAMES)
def test_every_view_is_a_frozen_seat_view_with_typed_events(name: str, preset: str,
                                                             options: dict) -> None:
    game = trapoula.make(name, preset, **options)
    seats = [f"P{i + 1}" for i in range(game.players)]  # type: ignore[attr-defined]
    rng = random.Random(1)
    for state in (game.new_deal(seed=1), game.new_match(seed=1)):
        for _ in range(120):
            for seat in (*seats, None):
                v = state.view(seat) if seat else state.public_view()
                assert isinstance(v, SeatView) and v.is_public == (seat is None)
                names = {f.name for f in dataclasses.fields(v)}
                assert set(BASE) <= names
                with pytest.raises(dataclasses.FrozenInstanceError):
                    v.seat = "P9"  # type: ignore[misc]
                assert v.to_act == (seat is not None and seat == state.current_player)
                assert v.history == tuple(str(e) for e in v.events)
                deal = getattr(state, "deal", state)
                assert len(v.events) == len(deal.history)
                for e, logged in zip(v.events, deal.history, strict=True):
                    assert isinstance(e, SeatEvent) and e.seat == logged.seat
                    assert e.kind == logged.action.kind
                    if e.action is None:  # hidden from this seat: only a count shows
                        assert e.seat != seat and e.hidden == len(logged.action.cards)
                    else:
                        assert e.action == logged.action
                    if e.kind in ("play", "discard"):
                        assert e.cards == logged.action.cards
            if state.is_over:
                break
            acts = state.legal_actions()
            state = state.apply(acts[int(rng.random() * len(acts))])


def test_trick_winners_and_bids_are_typed_facts() -> None:
    g = trapoula.make("bourloto", "gr")
    s = g.new_deal(seed=4)
    rng = random.Random(4)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    v = s.view("P1")
    closing = [e for e in v.events if e.winner is not None]
    assert [e.winner for e in closing] == [t.winner for t in v.tricks]
    assert all(e.kind == "play" for e in closing)
    bids = [e for e in v.events if e.kind in ("take", "name")]
    assert bids and bids[-1].meaning is not None and "trumps" in bids[-1].meaning


def test_a_burraco_pickup_shows_the_pile_and_a_stock_draw_hides_its_card() -> None:
    g = trapoula.make("burraco")
    s = g.new_deal(seed=3)
    pile = tuple(trapoula.cards.Card.from_index(c) for c in s.discard)
    s = s.apply("P1 pickup")
    e = s.view("P2").events[-1]
    assert (e.kind, e.cards, e.source, e.hidden) == ("pickup", pile, "discard", 0)
    s = s.apply(s.legal_actions()[-1])  # P1's discard ends the turn
    s = s.apply("P2 draw")
    e = s.view("P3").events[-1]
    assert (e.kind, e.cards, e.source, e.hidden) == ("draw", (), "stock", 1)
    assert s.view("P3").stock_size == s.view("P3").stock_count
    assert s.view("P3").discard_size == len(s.view("P3").discard)


def test_no_consumer_reparses_the_history_text() -> None:
    """Bots, search, the RL adapters and the web read ``view.events`` (typed), not the text
    lines of ``view.history`` (which stay for display and for clients)."""
    import re
    from pathlib import Path

    root = Path(trapoula.__file__).parent
    pattern = re.compile(r"for \w+ in \w+\.history\b|\.history\b.*\.split\(|"
                         r"\bline\.(?:split|partition)\(")
    found = [
        f"{path.relative_to(root)}:{n}"
        for pkg in ("bots", "search", "envs", "vector", "web")
        for path in sorted((root / pkg).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line) and "state.history" not in line and "bid.history" not in line
    ]
    assert found == []
