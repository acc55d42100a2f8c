"""Every adapter plays seeded random games to the true end of the deal, with the engine's
scores (issue item 6): at least 1,000 games per adapter and game (``helpers.GAMES``;
``TRAPOULA_ENV_GAMES=10`` plays ten times as many).  The loops drive each environment through
its own ``step`` with the legal integers of its deal (no observation is built), and check
the end against the engine replaying the deal's record."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula

from .helpers import CONFIGS, config_id, expected_rewards, games

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")


def _engine_check(name: str, state: Any, rewards: dict[str, float]) -> None:
    assert state.is_over, "the environment stopped before the deal was over"
    replayed = trapoula.replay(state.record())
    assert replayed.is_over and replayed.result == state.result
    assert rewards == pytest.approx(expected_rewards(name, replayed))


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_pettingzoo_games_end_with_the_engine_scores(name: str, preset: str,
                                                     options: dict[str, Any]) -> None:
    from trapoula.envs.pettingzoo import env as make_env

    env = make_env(name, preset, **options)
    rng = random.Random(1)
    seat_of = dict(zip(env.possible_agents, env.seats, strict=True))
    for k in range(games(name, preset, options)):
        env.reset(seed=k)
        final: dict[str, float] = {}
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            legal = env.play.legal_ints()
            env.step(legal[int(rng.random() * len(legal))])
            if all(env.terminations.values()):
                final = {seat_of[a]: r for a, r in env.rewards.items()}
        assert not any(env.truncations.values())
        _engine_check(name, env.play.state, final)


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_gymnasium_games_end_with_the_engine_scores(name: str, preset: str,
                                                    options: dict[str, Any]) -> None:
    from trapoula.envs.gymnasium import TrapoulaGymEnv

    env = TrapoulaGymEnv(name, preset, opponents="random", **options)
    rng = random.Random(2)
    for k in range(games(name, preset, options)):
        env.reset(seed=k)
        done = False
        reward = 0.0
        while not done:
            legal = env.play.legal_ints()
            _, reward, terminated, truncated, _ = env.step(legal[int(rng.random() * len(legal))])
            done = terminated or truncated
            assert not truncated
        expected = expected_rewards(name, trapoula.replay(env.play.state.record()))
        _engine_check(name, env.play.state, {"P1": reward} | {
            s: expected[s] for s in expected if s != "P1"})


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_openspiel_games_end_with_the_engine_scores(name: str, preset: str,
                                                    options: dict[str, Any]) -> None:
    pytest.importorskip("pyspiel")
    from trapoula.envs.openspiel import load

    game = load(name, preset, **options)
    rng = random.Random(3)
    for _ in range(games(name, preset, options)):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        seats = [f"P{i + 1}" for i in range(game.num_players())]
        _engine_check(name, state.engine, dict(zip(seats, state.returns(), strict=True)))
