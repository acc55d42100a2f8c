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
    # check_env steps unmasked random actions: replace them instead of raising
    env = gym.make(env_id, opponents=opponents, illegal_action="random")
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.unwrapped.play.seat == "P1"


def test_options_and_seats_pass_through_make() -> None:
    env = gym.make("trapoula/Bourre-ru-v0", players=6, seat="P3", opponents="heuristic",
                   illegal_action="random")
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
    env = TrapoulaGymEnv("burraco")  # raises by default
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="legal: 0 \\(draw\\), 1 \\(pickup\\)"):
        env.step(145)
    env = TrapoulaGymEnv("burraco", illegal_action="random")
    env.reset(seed=1)
    _, _, _, _, info = env.step(145)
    assert info["illegal_action"] == 145 and len(env.play.state.history) >= 1


def test_sb3_style_make_with_rgb_array_and_cached_masks() -> None:
    # stable-baselines3's make_vec_env calls gymnasium.make(id, render_mode="rgb_array")
    env = gym.make("trapoula/Bourloto-gr-v0", render_mode="rgb_array")
    obs, _ = env.reset(seed=3)
    img = env.render()
    assert img.ndim == 3 and img.shape[2] == 3 and img.dtype == np.uint8
    inner = env.unwrapped
    assert (inner.action_masks() == obs["action_mask"].astype(bool)).all()


def test_random_seat_opponent_pool_and_reward_scale() -> None:
    calls: list[int] = []

    def first_legal(obs: dict[str, np.ndarray]) -> int:
        calls.append(1)
        return int(np.flatnonzero(obs["action_mask"])[0])

    env = TrapoulaGymEnv("bourloto", "gr", seat="random", opponents=["random", first_legal],
                         reward_scale=0.01)
    seats: set[str] = set()
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.play.seat == info["seat"] == env.seat
        done = False
        while not done:
            obs, r, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        res = info["result"]
        if not res.get("thrown_in"):
            team = "AB"[(int(env.seat[1:]) - 1) % 2]
            other = "B" if team == "A" else "A"
            assert r == pytest.approx((res["scores"][team] - res["scores"][other]) / 100)
    assert len(seats) > 1 and calls  # several seats, the policy entry was drawn
    env.add_opponent("heuristic")
    assert len(env.pool) == 3


def test_match_env_rewards_sum_to_the_match_margin() -> None:
    env = gym.make("trapoula/BourlotoMatch-gr-v0", target=301).unwrapped
    obs, _ = env.reset(seed=2)
    total, done, deals = 0.0, False, 0
    while not done:
        obs, r, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += r
        deals += len(info.get("deals", []))
    sc = env.play.state.result["scores"]
    assert deals == env.play.state.result["deals"] and total == sc["A"] - sc["B"]


def test_stable_baselines3_make_vec_env() -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env("trapoula/Bourloto-gr-v0", n_envs=2, seed=0)
    obs = venv.reset()
    assert obs["observation"].shape == (2, 742)
    masks = np.stack(venv.env_method("action_masks"))
    obs, reward, done, info = venv.step(masks.argmax(1))
    assert reward.shape == (2,)


def test_bourre_session_env_rewards_are_the_stack_changes() -> None:
    env = gym.make("trapoula/BourreMatch-ru-v0", max_deals=4, seat="P2").unwrapped
    obs, _ = env.reset(seed=3)
    total, done = 0.0, False
    while not done:
        obs, r, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += r
    res = env.play.state.result
    assert total == res["stacks"]["P2"] - env.rules.options.starting_stack
