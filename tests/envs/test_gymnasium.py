"""The Gymnasium environments (issue item 4): registered ids pass Gymnasium's check_env;
one seat plays against bots that see only their views."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from trapoula.envs.gymnasium import ENV_IDS, TrapoulaGymEnv  # noqa: E402
from trapoula.errors import IllegalActionError  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("env_id", list(ENV_IDS))
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_registered_ids_pass_check_env(env_id: str, opponents: str) -> None:
    env = gym.make(env_id, opponents=opponents)
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.unwrapped.play.seat == "P1"


def test_options_and_seats_pass_through_make() -> None:
    env = gym.make("trapoula/Bourre-ru-v0", players=6, seat="P3", opponents="heuristic")
    obs, _ = env.reset(seed=5)
    inner = env.unwrapped
    assert inner.rules.options.players == 6 and inner.seat == "P3"
    assert inner.play.seat == "P3"  # the bots played up to the agent's turn
    check_env(inner, skip_render_check=True)


def test_a_deal_plays_to_its_end_with_the_agents_reward() -> None:
    env = TrapoulaGymEnv("bourloto", "gr", opponents="heuristic", seat="P2")
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        done, reward, info = False, 0.0, {}
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size and env.action_masks().sum() == legal.size
            obs, reward, term, trunc, info = env.step(int(legal[-1]))
            done = term or trunc
        res = env.play.state.result
        assert info["result"] == res and not obs["action_mask"].any()
        if not res.get("thrown_in"):
            assert reward == res["scores"]["B"] - res["scores"]["A"]


def test_illegal_actions() -> None:
    env = TrapoulaGymEnv("burraco", illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="legal: 0 \\(draw\\), 1 \\(pickup\\)"):
        env.step(145)
    env = TrapoulaGymEnv("burraco")
    env.reset(seed=1)
    _, _, _, _, info = env.step(145)
    assert info["illegal_action"] == 145 and len(env.play.state.history) >= 1
