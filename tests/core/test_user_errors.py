"""Every error a user can cause is a TrapoulaError, and leaves the state as it was.

Garbage action texts (and non-text) applied to random states of every game, garbage option
values and names given to ``make``, tampered records given to ``replay``/``loads``: only a
:class:`~trapoula.errors.TrapoulaError` may escape (never a bare IndexError, KeyError,
ValueError or TypeError), its message says something, and a refused action changes nothing.
States themselves cannot be changed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trapoula
from trapoula.core.options import describe_options
from trapoula.core.registry import available_games, game_class
from trapoula.errors import ImmutableStateError, TrapoulaError

from .random_walk import random_walk

GAMES: list[tuple[str, str, dict[str, Any], str]] = [
    ("bourloto", "ru", {}, "deal"),
    ("bourloto", "pexevida", {}, "deal"),
    ("bourloto", "gr", {}, "match"),
    ("bourre", "ru", {"players": 4}, "deal"),
    ("bourre", "ru", {"players": 3}, "match"),
    ("burraco", "seed", {"players": 4}, "deal"),
    ("burraco", "seed", {"players": 2}, "match"),
]
_IDS = [f"{g}-{p}-{k}" for g, p, _, k in GAMES]

# the pieces of the notation, so that the garbage is often nearly an action
_TOKENS = [
    "take", "pass", "play", "draw", "meld", "add", "discard", "pickup", "name", "show",
    "fold", "stay", "agree", "exchange", "keep", "redeal", "approve", "cut", "declare",
    "bourlot", "QS", "10H", "th", "JK", "2C", "AS", "7D", "KH", "H", "S", "0", "1", "2",
    "99", "-1", "P1", "P2", "P9", "p3", ",", "1H", "QX", "♥", "", "x" * 300, "\x00", "λ",
]
garbage = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(_TOKENS), max_size=7).map(" ".join),
)
non_text = st.one_of(
    st.none(), st.integers(), st.floats(), st.binary(max_size=8), st.booleans(),
    st.lists(st.text(max_size=4), max_size=2), st.dictionaries(st.text(max_size=3), st.none()),
)


def _fingerprint(state: Any) -> tuple[Any, ...]:
    seat = state.current_player
    return ([str(e) for e in state.history], seat, state.is_over, state.result,
            [str(a) for a in state.legal_actions()], state.view(seat) if seat else None)


@pytest.mark.parametrize("i", range(len(GAMES)), ids=_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), texts=st.lists(garbage, max_size=8),
       other=non_text)
def test_garbage_actions_raise_trapoula_errors_only(
    i: int, seed: int, steps: int, texts: list[str], other: Any
) -> None:
    state = random_walk(GAMES[i], seed, steps)
    before = _fingerprint(state)
    seat = state.current_player
    for text in [*texts, *(f"{seat} {t}" for t in texts), other]:
        try:
            nxt = state.apply(text)
        except TrapoulaError as exc:
            assert str(exc), "an error says what was wrong"
        else:  # (garbage that happens to be a legal action)
            assert str(nxt.history[-1].action) in [str(a) for a in state.legal_actions()]
        try:
            state.game.parse_action(text)
        except TrapoulaError:
            pass
        try:
            trapoula.Action(text)
        except TrapoulaError:
            pass
    assert _fingerprint(state) == before


@pytest.mark.parametrize("i", range(len(GAMES)), ids=_IDS)
def test_states_cannot_be_changed(i: int) -> None:
    state = random_walk(GAMES[i], 7, 9)
    if not getattr(type(state), "_frozen_state", False):  # (Bourloto's deal: issue 14a)
        pytest.skip(f"{type(state).__name__} is not declared frozen=True yet")
    before = _fingerprint(state)
    for name in ("is_over", "phase", "current_player", "history", "anything", "_cell",
                 "deal", "scores", "hands", "sizes", "trick", "__class__"):
        with pytest.raises(ImmutableStateError, match="immutable"):
            setattr(state, name, 1)
        with pytest.raises(AttributeError):  # (ImmutableStateError is an AttributeError)
            delattr(state, name)
    for name in ("hands", "rhands", "sizes"):  # Burraco's lists are read-only
        value = getattr(getattr(state, "deal", state), name, None)
        if isinstance(value, list):
            with pytest.raises(ImmutableStateError):
                value[0] = 5
            with pytest.raises(ImmutableStateError):
                value.append(5)
    assert _fingerprint(state) == before
    legal = state.legal_actions()
    assert state.apply(legal[0]).history[-1].action == legal[0]


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=12), st.lists(st.integers(), max_size=3), st.dictionaries(
        st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(["ru", "gr", "in_play", "take_name", "player", "team", "2", "-1", ""]),
)


@pytest.mark.parametrize("name", available_games())
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_garbage_options_raise_config_errors_only(name: str, data: st.DataObject) -> None:
    cls = game_class(name)
    infos = describe_options(cls.options_class)
    keys = [i.name for i in infos] + ["trgt", "", "Target", "players "]
    chosen = data.draw(st.dictionaries(st.sampled_from(keys), _VALUES, max_size=3))
    preset = data.draw(st.one_of(st.none(), st.sampled_from([*cls.presets, "xx", ""]),
                                 st.integers(), st.text(max_size=4)))
    try:
        game = trapoula.make(name, preset, **chosen)
    except TrapoulaError as exc:
        assert str(exc)
    else:  # an accepted configuration plays
        state = game.new_deal(seed=1)
        assert state.legal_actions() or state.is_over


@settings(max_examples=30, deadline=None)
@given(name=st.one_of(st.text(max_size=10), non_text))
def test_unknown_games_raise_config_errors(name: Any) -> None:
    if isinstance(name, str) and name.strip().lower() in available_games():
        return
    with pytest.raises(TrapoulaError):
        trapoula.make(name)


def _record(i: int) -> dict[str, Any]:
    state = random_walk(GAMES[i], 3, 30)
    rec: dict[str, Any] = json.loads(json.dumps(state.record()))  # (plain JSON)
    return rec


_RECORDS = [_record(i) for i in range(len(GAMES))]


def _mutations(draw: Any, rec: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(rec))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(out) + ["actions", "deck", "seed", "options"]))
        how = draw(st.integers(0, 4))
        if how == 0:
            out.pop(key, None)
        elif how == 1:
            out[key] = draw(_VALUES)
        elif how == 2 and isinstance(out.get("actions"), list) and out["actions"]:
            j = draw(st.integers(0, len(out["actions"]) - 1))
            out["actions"][j] = draw(st.one_of(garbage, non_text))
        elif how == 3 and isinstance(out.get("deck"), list) and out["deck"]:
            j = draw(st.integers(0, len(out["deck"]) - 1))
            out["deck"][j] = draw(st.sampled_from(["QS", "JK", "1H", "", 3, None]))
        elif how == 4 and isinstance(out.get("options"), dict) and out["options"]:
            k = draw(st.sampled_from(sorted(out["options"])))
            out["options"][k] = draw(_VALUES)
    return out


@pytest.mark.parametrize("i", range(len(GAMES)), ids=_IDS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_tampered_records_raise_trapoula_errors_only(i: int, data: st.DataObject) -> None:
    rec = _mutations(data.draw, _RECORDS[i])
    try:
        trapoula.replay(rec)
    except TrapoulaError as exc:
        assert str(exc)
    try:
        text = json.dumps(rec)
    except (TypeError, ValueError):  # (bytes: no JSON)
        return
    try:
        trapoula.loads(text)
    except TrapoulaError:
        pass


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "3", '"x"', '{"format": 1}'])
def test_records_that_are_no_json_object_raise_record_errors(text: str) -> None:
    with pytest.raises(trapoula.RecordError):
        trapoula.loads(text)
