"""A session's antes that rise by level (options ante_levels, deals_per_level): RULES.md
§2.2.1 names the ante; the session's schedule is a table rule (the Bourré sit-and-go)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.errors import ConfigError
from trapoula.games.bourre.rules import BourreOptions, session_ante


def _play(game: Any, seed: int) -> Any:
    s = game.new_match(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("seed", range(6))
def test_s2_2_1_session_ante_rises_by_level(seed: int) -> None:
    g = trapoula.make("bourre", players=4, starting_stack=30, ante_levels="1,2,5",
                      deals_per_level=2)
    s = _play(g, seed)
    for d, deal in enumerate(s.dealt, 1):
        assert deal.ante == (1, 2, 5)[min((d - 1) // 2, 2)]
    assert sum(s.result["stacks"].values()) + s.result["pot"] == 120


def test_s2_2_1_session_without_levels_keeps_the_ante() -> None:
    s = _play(trapoula.make("bourre", players=3, starting_stack=12, ante=2), 1)
    assert {d.ante for d in s.dealt} == {2}


def test_s2_2_1_session_ante_levels_replay_from_the_record() -> None:
    g = trapoula.make("bourre", players=3, starting_stack=15, ante_levels="1,3",
                      deals_per_level=1)
    s = _play(g, 4)
    again = trapoula.replay(s.record())
    assert again.result == s.result
    assert [d.ante for d in again.dealt] == [d.ante for d in s.dealt]


@pytest.mark.parametrize(("levels", "why"), [("1,x", "whole numbers"), ("3,2", "rises"),
                                             ("0,1", "rises")])
def test_s2_2_1_bad_ante_levels_are_refused(levels: str, why: str) -> None:
    with pytest.raises(ConfigError, match=why):
        trapoula.make("bourre", ante_levels=levels)


def test_s2_2_1_ante_levels_above_max_ante_are_refused() -> None:
    with pytest.raises(ConfigError, match="max_ante"):
        trapoula.make("bourre", ante_levels="1,2,8", max_ante=5)


def test_s2_2_1_session_ante_by_deal() -> None:
    opts = BourreOptions(ante_levels="1,2,4", deals_per_level=5)
    assert [session_ante(opts, d) for d in (1, 5, 6, 11, 40)] == [1, 1, 2, 4, 4]
