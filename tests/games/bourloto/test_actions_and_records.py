"""Action text (any case, words in either order), Hypothesis on random input text, records
and replay, and the fast path agreeing with the public path."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trapoula
from trapoula.errors import TrapoulaError
from trapoula.games.bourloto.fast import public_playouts, random_playouts

WORDS = ["play", "take", "pass", "name", "agree", "disagree", "declare", "bourlot", "exchange",
         "keep", "redeal", "P1", "P2", "p3", "7h", "KH", "10s", "ts", "QH", "H", "x", "9"]


def _random_state(preset: str, seed: int, steps: int) -> trapoula.core.GameState:
    s = trapoula.make("bourloto", preset).new_deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        acts = s.legal_actions()
        s = s.apply(acts[int(rng.random() * len(acts))])
    return s


def test_parse_accepts_any_case_and_word_order() -> None:
    g = trapoula.make("bourloto", "gr")
    assert str(g.parse_action("PLAY kh DECLARE bourlot")) == "play KH bourlot declare"
    assert str(g.parse_action("play th")) == "play 10H"
    assert g.parse_action("Take") == "take"


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_every_legal_action_round_trips_through_its_text(preset: str) -> None:
    g = trapoula.make("bourloto", preset)
    for seed in range(30):
        s = g.new_deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            acts = s.legal_actions()
            for a in acts:
                assert g.parse_action(str(a)) == a
                assert g.parse_action(str(a).lower()) == a
            s = s.apply(f"{s.current_player} {acts[int(rng.random() * len(acts))]}")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["ru", "gr"]), st.integers(0, 10_000), st.integers(0, 40),
       st.lists(st.sampled_from(WORDS), min_size=0, max_size=4))
def test_random_text_either_applies_legally_or_raises_and_changes_nothing(
    preset: str, seed: int, steps: int, words: list[str]
) -> None:
    s = _random_state(preset, seed, steps)
    text = " ".join(words)
    before = (s.current_player, [str(a) for a in s.legal_actions()], len(s.history))
    try:
        t = s.apply(text)
    except TrapoulaError as exc:
        assert str(exc)
        assert (s.current_player, [str(a) for a in s.legal_actions()], len(s.history)) == before
    else:
        acted = t.history[-1]
        assert str(acted.action) in before[1] and acted.seat == before[0]


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_records_replay_exactly(preset: str, tmp_path: object) -> None:
    import pathlib

    s = _random_state(preset, 5, 200)
    path = pathlib.Path(str(tmp_path)) / "deal.json"
    trapoula.save(s, path)
    rec = json.loads(path.read_text())
    assert rec["game"] == "bourloto" and rec["preset"] == preset and rec["seed"] == 5
    r = trapoula.load(path)
    assert r.history == s.history and r.result == s.result
    assert [r.hand(i) for i in range(4)] == [s.hand(i) for i in range(4)]


def test_injected_rng_deals_record_their_pack() -> None:
    g = trapoula.make("bourloto", "gr", target=500)
    s = g.new_deal(rng=random.Random(4))
    s = s.apply(s.legal_actions()[0])
    rec = s.record()
    assert "deck" in rec and rec["options"] == g.options.to_dict()
    assert rec["options"]["target"] == 500
    assert trapoula.replay(rec).history == s.history


@pytest.mark.parametrize(
    "preset, options",
    [
        ("gr", {}),
        ("ru", {}),
        ("gr", {"aponta_redeal": True, "seven_exchange": "none", "upcard_recipient": "taker",
                "partner_exception": True}),
        ("gr", {"aponta_redeal": True, "seven_exchange": "any", "partner_exception": True}),
        ("ru", {"ru_round_stops_on_disagree": False, "declaration_timing": "first_trick",
                "compare_declarations": True, "overtrump_required": True}),
        ("gr", {"declaration_timing": "before_play", "bourlot_announce": "with_declarations",
                "round2_allow_upcard_suit": False, "capot_mode": "bonus_90"}),
    ],
)
def test_random_playouts_agree_with_the_public_path(preset: str, options: dict) -> None:
    g = trapoula.make("bourloto", preset, **options)
    assert random_playouts(g, 300, seed=8) == public_playouts(g, 300, seed=8)
    assert g.random_playouts(5, seed=1) == random_playouts(g, 5, seed=1)
