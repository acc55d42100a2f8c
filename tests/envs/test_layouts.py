"""Integer action layouts and observation layouts (issue items 1 and 2): every legal action
round-trips through ``encode``/``decode``, masks are fixed-size booleans matching the legal
list exactly, observations are fixed-size, in [0, 1], and built from views."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import trapoula
from trapoula.envs import Play, make_adapter
from trapoula.errors import IllegalActionError

from .helpers import CONFIGS, config_id

DEALS = 12


def _positions(name: str, preset: str, options: dict[str, Any], deals: int = DEALS):
    """Positions (play, seat) along seeded random games, sub-decisions included."""
    ad = make_adapter(trapoula.make(name, preset, **options))
    rng = random.Random(5)
    for k in range(deals):
        play = Play(ad, ad.game.new_deal(seed=k))
        while not play.over:
            yield ad, play
            legal = play.legal_ints()
            play.step(legal[int(rng.random() * len(legal))])
        yield ad, play


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_every_legal_action_round_trips(name: str, preset: str, options: dict) -> None:
    checked = 0
    for ad, play in _positions(name, preset, options, DEALS if name != "burraco" else 4):
        if play.over or play.pending:
            continue
        view = play.view(play.seat)
        assert list(view.legal_actions) == play.state.legal_actions()
        seen: set[tuple[int, ...]] = set()
        legal = list(view.legal_actions)
        for action in legal if len(legal) <= 40 else random.Random(checked).sample(legal, 40):
            ints = ad.encode(action, view)
            assert ad.decode(ints, view) == action
            assert all(0 <= i < ad.num_actions for i in ints)
            seen.add(tuple(ints))
            checked += 1
        assert len(seen) == min(40, len(legal)), "two actions share an encoding"
        # the first integers offered are exactly the first integers of the legal actions
        assert set(play.table()) == {ad.encode(a, view)[0] for a in view.legal_actions}
    assert checked > 100


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_masks_and_observations_have_fixed_shapes(name: str, preset: str, options: dict) -> None:
    for ad, play in _positions(name, preset, options, deals=4):
        mask = play.mask()
        assert mask.shape == (ad.num_actions,) and mask.dtype == np.int8
        assert set(np.flatnonzero(mask)) == set(play.table())
        assert mask.any() == (not play.over)
        for seat in ad.seats:
            view = play.view(seat)
            pending = play.pending if seat == play.seat else ()
            obs = ad.observe(view, pending)
            info = ad.info_state(view, pending)
            assert obs.shape == (ad.obs_layout.size,) and obs.dtype == np.float32
            assert info.shape == (ad.info_layout.size,)
            assert 0.0 <= obs.min() and obs.max() <= 1.0 and 0.0 <= info.min() <= info.max() <= 1
            np.testing.assert_array_equal(info[: ad.obs_layout.size], obs)
            assert ad.obs_string(view, pending).startswith(name)


def test_named_slices_read_back_the_view() -> None:
    ad = make_adapter(trapoula.make("bourloto", "gr"))
    state = ad.game.new_deal(seed=11)
    state = state.apply(state.legal_actions()[0])  # take
    view = state.view("P2")
    parts = ad.obs_layout.views(ad.observe(view))
    hand = {ad.label(12 + 4 * k)[5:] for k in np.flatnonzero(parts["hand"])}
    assert hand == {str(c) for c in view.hand}
    assert parts["phase"].argmax() == ["agree", "bid1", "bid2", "exchange", "declare", "play",
                                      "over"].index(view.phase)
    assert parts["to_act"].argmax() == (int(view.current_player[1:]) - 2) % 4
    assert parts["bids"][0][:4].argmax() == 3  # P1 bid first: the seat before P2


def test_bourre_draws_name_positions_in_the_hand() -> None:
    draws = 0
    for ad, play in _positions("bourre", "ru", {"players": 5}, deals=30):
        if play.over or play.state.phase != "decide":
            continue
        view = play.view(play.seat)
        for action in view.legal_actions:
            if action.kind != "draw":
                continue
            (i,) = ad.encode(action, view)
            thrown = {view.hand[p] for p in range(len(view.hand)) if (i - 1) >> p & 1}
            assert thrown == set(action.cards) and 2 <= i <= 32
            draws += 1
    assert draws > 500


def test_burraco_melds_are_sequences_of_sub_decisions() -> None:
    ad = make_adapter(trapoula.make("burraco"))
    found = 0
    for _, play in _positions("burraco", "seed", {}, deals=6):
        if play.over or play.pending:
            continue
        view = play.view(play.seat)
        for action in view.legal_actions:
            if action.kind not in ("meld", "add"):
                continue
            ints = ad.encode(action, view)
            assert ints[0] == (55 if action.kind == "meld" else 55 + action.number)
            assert ints[-1] == 145 and len(ints) == len(action.cards) + 2
            # walking the masks: each prefix is offered, others' completions are never stuck
            p = Play(ad, play.state)
            for i in ints[:-1]:
                assert i in p.table()
                assert p.step(i) is None
                assert p.table(), "a sub-decision led to a dead end"
            assert p.step(ints[-1]) == action
            found += 1
    assert found > 20


def test_illegal_integer_sequences_are_refused() -> None:
    ad = make_adapter(trapoula.make("bourloto", "ru"))
    view = ad.game.new_deal(seed=1).view("P1")
    with pytest.raises(IllegalActionError):
        ad.decode([3], view)  # take: not in the ru preset
    with pytest.raises(IllegalActionError):
        ad.encode("take", view)
    ad3 = make_adapter(trapoula.make("burraco"))
    s = ad3.game.new_deal(seed=3)
    s = s.apply("draw")
    with pytest.raises(IllegalActionError, match="not complete"):
        ad3.decode([55], s.view(s.current_player))


@pytest.mark.parametrize("name, preset, options", CONFIGS[:3], ids=config_id)
def test_layout_labels_are_distinct_and_documented(name: str, preset: str, options: dict) -> None:
    ad = make_adapter(trapoula.make(name, preset, **options))
    labels = [ad.label(i) for i in range(ad.num_actions)]
    assert len(set(labels)) == ad.num_actions
    assert all(ad.index(lab) == i for i, lab in enumerate(labels))
    assert ad.layout_rows()
