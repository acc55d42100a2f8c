"""The numpy Bourloto engine (trapoula.accel.bourloto_numpy) returns exactly the results of the
pure-Python playouts, deal by deal, for both presets and every option set it accepts; its
parts (random streams, bit selection, declarations and their comparison) agree with the
pure-Python definitions they reproduce."""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import trapoula  # noqa: E402
from trapoula.accel import bourloto_numpy as bn  # noqa: E402
from trapoula.accel import npkit  # noqa: E402
from trapoula.accel.bourloto_np_decl import (  # noqa: E402
    Decl,
    _enc,
    compare,
    decl_tables,
    declarations,
)
from trapoula.core.options import describe_options  # noqa: E402
from trapoula.core.rng import PlayoutRNG, stream_key  # noqa: E402
from trapoula.games.bourloto import fast  # noqa: E402
from trapoula.games.bourloto.declarations import (  # noqa: E402
    best_declarations,
    compare_declarations,
)
from trapoula.games.bourloto.rules import BourlotoOptions  # noqa: E402
from trapoula.games.bourloto.state import _PACK  # noqa: E402

from ..games.bourloto.helpers import coherent  # noqa: E402


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks small enough that a few thousand deals cross many chunk boundaries."""
    monkeypatch.setattr(bn, "BID_CHUNK", 1000)
    monkeypatch.setattr(bn, "PLAY_CHUNK", 300)


def _same(game: Any, n: int, seed: int) -> None:
    got = bn.random_playouts(game, n, seed)
    want = fast.python_playouts(game, n, seed)
    assert len(got) == len(want) == n
    bad = [i for i in range(n) if got[i] != want[i]]
    assert not bad, f"deal {bad[0]} of seed {seed}: numpy {got[bad[0]]} != python {want[bad[0]]}"


# --- whole playouts ----------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["ru", "gr"])
@pytest.mark.parametrize("seed, n", [(0, 2500), (-7, 1337), (2**70 + 5, 1001)])
def test_presets_equal_python_playouts_across_chunks(
    small_chunks: None, preset: str, seed: int, n: int
) -> None:
    _same(trapoula.make("bourloto", preset), n, seed)


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_presets_equal_python_playouts_in_one_chunk(preset: str) -> None:
    _same(trapoula.make("bourloto", preset), 1500, 11)


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_no_deal_and_one_deal(preset: str) -> None:
    g = trapoula.make("bourloto", preset)
    assert bn.random_playouts(g, 0, 3) == [] == fast.python_playouts(g, 0, 3)
    for seed in range(20):
        _same(g, 1, seed)


OPTION_SETS = [
    ("ru", {"aponta_redeal": True, "initial_deal": "3+2", "seven_exchange": "any"}),
    ("ru", {"ru_round_stops_on_disagree": False, "agreement_rounds": 8,
            "meza_compare": "trick_points"}),
    ("ru", {"agreement_rounds": 1, "declaration_timing": "first_trick",
            "compare_declarations": True, "equal_seq_winner": "first_declarer",
            "split_runs": True, "run6_value": 0}),
    ("ru", {"overtrump_required": True, "partner_exception": True, "four_values": "gr",
            "sevens_cancel_jacks": True, "bourlot_announce": "when_played"}),
    ("gr", {"aponta_redeal": True, "round2_allow_upcard_suit": False,
            "upcard_recipient": "taker", "seven_exchange": "none", "capot_mode": "bonus_90"}),
    ("gr", {"declaration_timing": "before_play", "bourlot_announce": "with_declarations",
            "partner_exception": True, "seven_exchange": "any"}),
    ("gr", {"bidding": "agreement", "contract": False, "compare_declarations": False,
            "split_runs": True, "run6_value": 150, "sevens_cancel_jacks": True}),
    ("gr", {"bourlot_announce": "with_declarations", "equal_seq_winner": "first_declarer",
            "overtrump_required": False, "four_values": "flat_100", "seven_exchange": "none"}),
]


@pytest.mark.parametrize("preset, options", OPTION_SETS)
def test_option_sets_equal_python_playouts(
    small_chunks: None, preset: str, options: dict[str, Any]
) -> None:
    g = trapoula.make("bourloto", preset, **options)
    assert bn.supports(g.options)
    _same(g, 700, 21)


def _option_values() -> dict[str, st.SearchStrategy[Any]]:
    out: dict[str, st.SearchStrategy[Any]] = {}
    for info in describe_options(BourlotoOptions):
        if info.choices is not None:
            out[info.name] = st.sampled_from(info.choices)
        elif isinstance(info.default, bool):
            out[info.name] = st.booleans()
        elif info.name in ("agreement_rounds", "run6_value"):
            out[info.name] = st.integers(info.minimum or 0, info.maximum or 300)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["ru", "gr"]), st.fixed_dictionaries(_option_values()),
       st.integers(-2**65, 2**65))
def test_any_option_set_equals_python_playouts(
    preset: str, options: dict[str, Any], seed: int
) -> None:
    options = {k: v for k, v in coherent(preset, options).items()  # what numpy plays
               if bn._CHOICES.get(k) is None or v in bn._CHOICES[k]}  # type: ignore[operator]
    g = trapoula.make("bourloto", preset, **options)
    assert bn.supports(g.options)
    _same(g, 40, seed)


@pytest.mark.parametrize("options", [{"aponta_after_take": True}, {"long_runs": "none"}])
def test_options_numpy_does_not_play_fall_back_to_python(options: dict[str, Any]) -> None:
    g = trapoula.make("bourloto", "gr", **options)
    assert not bn.supports(g.options)
    assert g.random_playouts(300, seed=2) == fast.python_playouts(g, 300, seed=2) == (
        fast.public_playouts(g, 300, seed=2))


# --- the backend as the game uses it -----------------------------------------------------------
@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_game_random_playouts_uses_the_numpy_backend(
    monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    calls: list[tuple[int, int]] = []
    real = bn.random_playouts

    def spy(game: Any, n: int, seed: int = 0) -> list[dict[str, Any]]:
        calls.append((n, seed))
        return real(game, n, seed)

    monkeypatch.setattr(bn, "random_playouts", spy)
    g = trapoula.make("bourloto", preset)
    got = g.random_playouts(30, seed=4)
    assert calls == [(30, 4)]
    assert got == fast.random_playouts(g, 30, 4, backend="python")
    assert fast.random_playouts(g, 30, 4, backend="numpy") == got


def test_supports_rejects_what_it_does_not_know() -> None:
    assert bn.supports(trapoula.make("bourloto", "ru").options)
    assert bn.supports(trapoula.make("bourloto", "gr").options)
    bad = [BourlotoOptions(capot_mode="x"), BourlotoOptions(contract=1),  # type: ignore[arg-type]
           BourlotoOptions(agreement_rounds=0), BourlotoOptions(run6_value=-1)]
    for o in bad:
        assert not bn.supports(o)
        stub = types.SimpleNamespace(options=o)
        with pytest.raises(ValueError, match="not supported"):
            bn.random_playouts(stub, 3)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not supported"):
            fast.random_playouts(stub, 3, backend="numpy")  # type: ignore[arg-type]


def test_results_are_fresh_dicts_and_the_collector_is_left_as_found() -> None:
    g = trapoula.make("bourloto", "ru")
    res = bn.random_playouts(g, 200, 1)
    thrown = [r for r in res if r.get("thrown_in")]
    played = [r for r in res if "scores" in r]
    assert len(thrown) > 1 and len(played) > 1
    thrown[0]["x"] = 1
    played[0]["scores"]["A"] = -1
    assert "x" not in thrown[1] and played[1]["scores"]["A"] != -1
    assert gc.isenabled()
    gc.disable()
    try:
        bn.random_playouts(g, 10, 1)
        assert not gc.isenabled()
    finally:
        gc.enable()


# --- the parts ---------------------------------------------------------------------------------
def test_streams_match_playout_rng() -> None:
    for seed in (0, 5, -3, 2**64 + 9):
        keys = npkit.stream_keys(seed, 100, 5)
        assert [int(k) for k in keys] == [stream_key(seed, 100 + i) for i in range(5)]
        u = npkit.uniforms(keys, 40)
        state = npkit.advance(keys, 40)
        for i in range(5):
            rng = PlayoutRNG(seed, 100 + i)
            assert u[:, i].tolist() == [rng.random() for _ in range(40)]
        ns = [2, 3, 5, 2, 32, 2, 7]
        picks = [npkit.pick(state, n) for n in ns]
        for i in range(5):
            rng = PlayoutRNG(seed, 100 + i)
            for _ in range(40):
                rng.random()
            assert [int(p[i]) for p in picks] == [int(rng.random() * n) for n in ns]


def test_select_and_popcount_on_random_masks() -> None:
    rng = random.Random(3)
    masks, ranks, want = [], [], []
    for _ in range(3000):
        bits = sorted(rng.sample(range(32), rng.randint(1, 8)))
        masks.append(sum(1 << b for b in bits))
        r = rng.randrange(len(bits))
        ranks.append(r)
        want.append(bits[r])
    m = np.array(masks, np.int64)
    assert npkit.select(m, np.array(ranks, np.int64)).tolist() == want
    assert npkit.popcount(m).tolist() == [x.bit_count() for x in masks]


def _random_hand(rng: random.Random) -> int:
    """A compact 8-card hand, often with one or two fours of a kind."""
    cards: set[int] = set()
    for r in rng.sample(range(8), rng.choice([0, 0, 1, 1, 2])):
        cards |= {8 * s + r for s in range(4)}
    while len(cards) < 8:
        cards.add(rng.randrange(32))
    return sum(1 << c for c in cards)


def _global(hand: int) -> int:
    return sum(1 << _PACK[c] for c in range(32) if hand >> c & 1)


DECL_OPTIONS = [(fv, s7, run6, split) for fv in ("flat_100", "gr") for s7 in (False, True)
                for run6, split in ((100, False), (0, True), (150, True), (50, False))]


@pytest.mark.parametrize("four_values, s7cj, run6, split", DECL_OPTIONS)
def test_declarations_match_best_declarations(
    four_values: str, s7cj: bool, run6: int, split: bool
) -> None:
    rng = random.Random(f"{four_values}{s7cj}{run6}{split}")
    hands = [_random_hand(rng) for _ in range(400)]
    trumps = [rng.randrange(4) for _ in hands]
    d = declarations(np.array(hands, np.int64), np.array(trumps, np.int64),
                     decl_tables(run6, split, four_values, s7cj))
    jack = _enc((2, 15))
    for i, (hand, trump) in enumerate(zip(hands, trumps, strict=True)):
        decls = best_declarations(_global(hand), trump, four_values=four_values,
                                  run6_value=run6, split_runs=split, sevens_cancel_jacks=s7cj)
        keys = [_enc(x.key) for x in decls]
        assert bool(d.any[i]) == bool(decls)
        assert d.pts[i] == sum(x.points for x in decls)
        assert d.key[i] == max(keys, default=0)
        assert d.key_nj[i] == max((k for k in keys if k != jack), default=0)
        assert d.jack[i] == sum(x.points for x, k in zip(decls, keys, strict=True) if k == jack)
        assert bool(d.s7[i]) == any(x.key[0] == 0 and x.mask & 1 << 5 for x in decls)


@pytest.mark.parametrize("four_values, s7cj", [("gr", True), ("gr", False), ("flat_100", True)])
@pytest.mark.parametrize("compare_on, equal", [(True, "none"), (True, "first_declarer"),
                                                (False, "none")])
def test_compare_matches_compare_declarations(
    four_values: str, s7cj: bool, compare_on: bool, equal: str
) -> None:
    o = BourlotoOptions(four_values=four_values, sevens_cancel_jacks=s7cj,
                        compare_declarations=compare_on, equal_seq_winner=equal)
    rng = random.Random(f"{four_values}{s7cj}{compare_on}{equal}")
    n = 300
    hands = [[_random_hand(rng) for _ in range(n)] for _ in range(4)]
    trump = [rng.randrange(4) for _ in range(n)]
    declared = np.array([[rng.random() < 0.7 for _ in range(n)] for _ in range(4)])
    flat = declarations(np.array(hands, np.int64).ravel(), np.tile(np.array(trump), 4),
                        decl_tables(100, False, four_values, s7cj))
    da, db = compare(declared, Decl(*(a.reshape(4, n) for a in flat)), o)
    for i in range(n):
        per_seat = [best_declarations(_global(hands[s][i]), trump[i], four_values=four_values,
                                      sevens_cancel_jacks=s7cj) if declared[s, i] else []
                    for s in range(4)]
        want = compare_declarations(
            {"A": [per_seat[0], per_seat[2]], "B": [per_seat[1], per_seat[3]]},
            compare=compare_on, equal_seq_winner=equal, sevens_cancel_jacks=s7cj,
        )
        assert (int(da[i]), int(db[i])) == (want["A"], want["B"]), (i, per_seat)
