"""The adapters' observations read from the state (``observe_state``, the fenced fast path of
Bourloto) equal the observations of the seat's view, for every seat, along random deals of
both presets and the shared layout, matches included."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

import trapoula  # noqa: E402
from trapoula.envs import make_adapter  # noqa: E402


@pytest.mark.parametrize("preset, layout", [("gr", "own"), ("ru", "own"), ("gr", "shared")])
def test_observe_state_equals_observe_of_the_view(preset: str, layout: str) -> None:
    ad = make_adapter(trapoula.make("bourloto", preset), layout=layout)
    rng = random.Random(8)
    checked = 0
    for deal in range(25):
        s = ad.game.new_deal(seed=deal) if deal % 5 else ad.game.new_match(seed=deal)
        while True:
            for seat in ad.seats:
                assert np.array_equal(ad.observe_state(s, seat), ad.observe(s.view(seat)))
                checked += 1
            if s.is_over or (deal % 5 == 0 and len(s.history) > 60):
                break
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
    assert checked > 2000


@pytest.mark.parametrize("preset", ["gr", "ru"])
def test_play_keeps_every_seats_observation_up_to_date(preset: str) -> None:
    """Play's rows (moved by integers and by bots' whole actions) equal the view's tensor."""
    from trapoula.envs.base import Play

    ad = make_adapter(trapoula.make("bourloto", preset))
    rng = random.Random(3)
    for deal in range(20):
        play = Play(ad, ad.game.new_deal(seed=100 + deal))
        assert play._rows is not None
        while not play.over:
            for seat in ad.seats:
                assert np.array_equal(play.observe(seat), ad.observe(play.state.view(seat)))
            legal = play.legal_ints()
            if rng.random() < 0.3:  # a bot's whole action
                play.apply(ad.label(legal[int(rng.random() * len(legal))]))
            else:
                play.step(legal[int(rng.random() * len(legal))])
        assert np.array_equal(play.observe("P1"), ad.observe(play.state.view("P1")))


def test_play_rows_follow_a_match_across_its_deals() -> None:
    from trapoula.envs.base import Play

    ad = make_adapter(trapoula.make("bourloto", "gr"))
    rng = random.Random(4)
    play = Play(ad, ad.game.new_match(seed=5))
    for _ in range(300):
        if play.over:
            break
        seat = play.seat
        assert np.array_equal(play.observe(seat), ad.observe(play.state.view(seat)))
        legal = play.legal_ints()
        play.step(legal[int(rng.random() * len(legal))])
    assert len(play.state.deals) >= 2


@pytest.mark.parametrize("players", [2, 4, 7])
def test_bourre_observations_read_from_the_state(players: int) -> None:
    ad = make_adapter(trapoula.make("bourre", players=players))
    rng = random.Random(players)
    checked = 0
    for deal in range(15):
        s = ad.game.new_deal(seed=deal)
        while True:
            for seat in ad.seats:
                assert np.array_equal(ad.observe_state(s, seat), ad.observe(s.view(seat)))
                checked += 1
            if s.is_over:
                break
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
    session = ad.game.new_match(seed=1)  # a session: from the view
    assert np.array_equal(ad.observe_state(session, "P1"), ad.observe(session.view("P1")))
    assert checked > 100


@pytest.mark.parametrize("preset, players, deals", [("seed", 4, 8), ("seed", 2, 4),
                                                    ("seed", 3, 4), ("fibur", 4, 4)])
def test_burraco_rows_equal_the_views_tensor(preset: str, players: int, deals: int) -> None:
    """Every state of random deals, every seat (the pending meld for the seat building it):
    Play's rows (burraco_fast, brought up to date lazily, seats asked in random order) and
    observe_state equal the adapter's tensor of the view."""
    from trapoula.envs.base import Play
    from trapoula.envs.burraco_fast import SeatRows

    ad = make_adapter(trapoula.make("burraco", preset, players=players))
    rng = random.Random(players)
    checked = melds = 0
    for deal in range(deals):
        play = Play(ad, ad.game.new_deal(seed=deal))
        assert isinstance(play._rows, SeatRows)
        while True:
            seats = list(ad.seats)
            rng.shuffle(seats)
            for seat in seats[: rng.randint(1, players)]:
                pending = play.pending if seat == play.seat else ()
                want = ad.observe(play.state.view(seat), pending)
                assert np.array_equal(play.observe(seat), want)
                assert np.array_equal(ad.observe_state(play.state, seat, pending), want)
                checked += 1
                melds += bool(pending)
            if play.over:
                break
            legal = play.legal_ints()
            play.step(legal[int(rng.random() * len(legal))])
    match = ad.game.new_match(seed=1)  # a match: from the view
    assert np.array_equal(ad.observe_state(match, "P1"), ad.observe(match.view("P1")))
    assert checked > 200 and melds > 10
