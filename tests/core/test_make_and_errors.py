"""The public protocol's front door: make(), options, and the error taxonomy."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.errors import ConfigError, IllegalActionError, NotYourTurnError, ParseError


def test_available_games_lists_bourloto() -> None:
    assert "bourloto" in trapoula.available_games()


def test_unknown_game_lists_what_exists() -> None:
    with pytest.raises(ConfigError, match="games are: .*bourloto"):
        trapoula.make("belote")


def test_unknown_preset_lists_presets() -> None:
    with pytest.raises(ConfigError, match="presets are: ru, gr"):
        trapoula.make("bourloto", "fr")


def test_unknown_option_lists_options() -> None:
    with pytest.raises(ConfigError, match="unknown option 'trgt'.*target"):
        trapoula.make("bourloto", trgt=500)


def test_bad_option_value_says_what_is_allowed() -> None:
    with pytest.raises(ConfigError, match="capot_mode.*'bonus_90', 'replace_250'"):
        trapoula.make("bourloto", capot_mode="double")
    with pytest.raises(ConfigError, match="at least 1"):
        trapoula.make("bourloto", target=0)
    with pytest.raises(ConfigError, match="true or false"):
        trapoula.make("bourloto", overtrump_required="yes")


def test_rules_objects_are_frozen_values() -> None:
    a = trapoula.make("bourloto", "gr", target=1500)
    assert a == trapoula.make("bourloto", "gr", target=1500)
    assert a != trapoula.make("bourloto", "gr")
    assert a.changed_options() == {"target": 1500}
    with pytest.raises(AttributeError):
        a.preset = "ru"  # type: ignore[misc]


def test_errors_leave_the_state_unchanged_and_explain() -> None:
    s = trapoula.make("bourloto", "gr").new_deal(seed=1)
    before = (s.current_player, s.legal_actions(), s.history)
    with pytest.raises(ParseError, match="actions are"):
        s.apply("jump")
    with pytest.raises(NotYourTurnError, match="P1's turn.*take, pass"):
        s.apply("P3 take")
    with pytest.raises(IllegalActionError, match="allowed: take, pass"):
        s.apply("name H")
    assert (s.current_player, s.legal_actions(), s.history) == before


def test_apply_returns_a_new_state() -> None:
    s = trapoula.make("bourloto", "gr").new_deal(seed=1)
    t = s.apply("pass")
    assert s.current_player == "P1" and t.current_player == "P2"
    assert [str(e) for e in t.history] == ["P1 pass"] and s.history == []


def test_over_state_refuses_actions() -> None:
    g = trapoula.make("bourloto", "gr")
    s = g.new_deal(seed=2)
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    assert s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        s.apply("pass")
