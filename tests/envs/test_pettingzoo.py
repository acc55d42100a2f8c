"""The PettingZoo environments (issue item 3): PettingZoo's own api_test, seed_test,
max_cycles_test and parallel_api_test for every game and preset, and what they miss."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402

from trapoula.envs import pettingzoo as tpz  # noqa: E402
from trapoula.errors import IllegalActionError  # noqa: E402

from .helpers import CONFIGS, PRESETS, config_id  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # PettingZoo's advice for dict observations and empty masks of finished agents
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_api_test_and_seed_test(name: str, preset: str, options: dict) -> None:
    api_test(tpz.env(name, preset, **options), num_cycles=300)
    seed_test(lambda: tpz.env(name, preset, **options), num_cycles=300)


@pytest.mark.parametrize("name, preset, options", PRESETS, ids=config_id)
def test_parallel_form_passes_every_suite(name: str, preset: str, options: dict) -> None:
    api_test(tpz.cycle_env(name, preset, **options), num_cycles=100)
    seed_test(lambda: tpz.cycle_env(name, preset, **options), num_cycles=100)
    max_cycles_test(tpz.module(name, preset, **options))
    parallel_api_test(tpz.parallel_env(name, preset, **options), num_cycles=100)


def _play_out(env: Any, seed: int) -> dict[str, float]:
    """Play a deal with seeded random masked actions; the rewards of its last move."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if env.agents and all(env.terminations.values()) and not final:
            final = dict(env.rewards)
    return final


def test_partners_share_their_team_reward() -> None:
    for name, preset in (("bourloto", "gr"), ("burraco", "fibur")):
        env = tpz.env(name, preset)
        for seed in range(3):
            r = _play_out(env, seed)
            assert r["player_0"] == r["player_2"] == -r["player_1"] == -r["player_3"]


def test_bourre_rewards_are_the_chips_won_or_lost() -> None:
    env = tpz.env("bourre", players=3)
    bourre_seen = 0
    for seed in range(40):
        r = _play_out(env, seed)
        res = env.play.state.result
        # chips are conserved: what the table loses is what stays in the pot (§2.4)
        assert sum(r.values()) == pytest.approx(-res["carry"])
        for agent, seat in zip(env.possible_agents, env.seats, strict=True):
            if seat in res["bourre"]:
                bourre_seen += 1
                assert r[agent] <= -res["bourre"][seat] - 1  # the ante and the penalty
    assert bourre_seen


def test_illegal_actions_raise_with_the_legal_list_or_are_replaced() -> None:
    env = tpz.env("bourloto", "ru")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"legal: 0 \(agree\), 1 \(disagree\)"):
        env.step(3)
    env = tpz.env("bourloto", "ru", illegal_action="random")
    env.reset(seed=1)
    env.step(3)
    assert env.infos["player_0"]["illegal_action"] == 3
    assert len(env.play.state.history) == 1


def test_only_the_seat_to_act_has_a_mask_and_obs_come_from_views() -> None:
    env = tpz.env("bourre", players=5)
    env.reset(seed=4)
    ad = env.unwrapped.adapter
    for agent, seat in zip(env.possible_agents, env.seats, strict=True):
        obs = env.observe(agent)
        expected = ad.observe(env.play.state.view(seat))
        np.testing.assert_array_equal(obs["observation"], expected)
        assert obs["action_mask"].any() == (agent == env.agent_selection)


def test_max_cycles_truncates_the_turn_based_env() -> None:
    env = tpz.env("burraco", max_cycles=3)
    env.reset(seed=0)
    steps = 0
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3 * 4 and not env.play.over


def test_render_shows_every_seat() -> None:
    env = tpz.env("bourloto", "gr", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and all(f"seat P{i}" in text for i in range(1, 5))


def test_versioned_modules_pass_api_test() -> None:
    import importlib

    from pettingzoo.test import api_test

    from trapoula.envs.pettingzoo import VERSIONS

    for name in VERSIONS:
        mod = importlib.import_module(f"trapoula.envs.pettingzoo.{name}")
        e = mod.env()
        assert str(e) == f"trapoula_{name}"
        if name == "bourloto_gr_v0":
            api_test(e, num_cycles=20)
            mod.parallel_env().reset(seed=0)
