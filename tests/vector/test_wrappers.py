"""The wrappers over trapoula.vector (issue 16, item 1): the Gymnasium VectorEnv and the
one-learner-seat driver, the PettingZoo-style dicts, and SB3's VecEnv with MaskablePPO."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from trapoula.vector.gym import TrapoulaVectorEnv  # noqa: E402
from trapoula.vector.petting import ParallelVectorEnv  # noqa: E402


@pytest.mark.parametrize("game, preset", [("bourloto", "gr"), ("bourre", "ru")])
def test_gymnasium_vector_env_steps_the_learner_seat(game: str, preset: str) -> None:
    env = TrapoulaVectorEnv(game, preset, num_envs=6, seat="random", reward_scale=0.5)
    obs, _ = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    ends = 0
    for _ in range(120):
        mask = obs["action_mask"]
        assert (mask.sum(1) > 0).all(), "SAME_STEP autoreset: a legal action everywhere"
        assert (env.venv.to_act == env.driver.seats).all()
        acts = (np.random.default_rng(ends).random(mask.shape) * mask).argmax(1)
        obs, reward, term, trunc, _ = env.step(acts)
        assert not trunc.any() and (reward[~term] == 0).all()
        ends += int(term.sum())
    assert ends > 0


def test_learner_rewards_are_the_finished_deals_rewards() -> None:
    env = TrapoulaVectorEnv("bourloto", "ru", num_envs=4, seat=1)
    obs, _ = env.reset(seed=0)
    total, want = 0.0, 0.0
    finished = []
    real_step = env.venv.step

    def spy(actions):  # the rewards of every finished deal, seen from seat P2
        out = real_step(actions)
        finished.append(float(out[3][out[4], 1].sum()))
        return out

    env.venv.step = spy
    for _ in range(150):
        obs, reward, term, _, _ = env.step(obs["action_mask"].argmax(1))
        total += float(reward.sum())
    want = sum(finished)
    assert total == pytest.approx(want)


def test_pettingzoo_style_dicts_give_the_decision_to_the_agent_to_act() -> None:
    env = ParallelVectorEnv("burraco", num_envs=3, seed=2)
    obs, _ = env.reset()
    for _ in range(30):
        to_act = env.env.to_act
        for k, agent in enumerate(env.agents):
            has = obs[agent]["action_mask"].sum(1) > 0
            assert (has == (to_act == k)).all()
        acts = {a: o["action_mask"].argmax(1) for a, o in obs.items()}
        obs, rewards, term, trunc, _ = env.step(acts)
        assert set(rewards) == set(env.agents)


def test_maskable_ppo_trains_on_the_sb3_vec_env() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from trapoula.vector.sb3 import TrapoulaSB3VecEnv

    env = TrapoulaSB3VecEnv("bourloto", "gr", num_envs=8, reward_scale=0.01)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=64, n_epochs=1, seed=0)
    model.learn(256)
    obs = env.reset()
    acts, _ = model.predict(obs, action_masks=env.action_masks())
    assert env.action_masks()[np.arange(8), acts].all()


def test_the_vector_page_examples_run() -> None:
    import importlib.util
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "vector.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    for block in blocks:
        if "sb3_contrib" in block and importlib.util.find_spec("sb3_contrib") is None:
            continue
        exec(compile(block, "vector.md", "exec"), {})  # noqa: S102
