"""The vector wrappers' opponents: trapoula's own bots by name, weights files, a self-play
league (tiny batches, every game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import trapoula
import trapoula.vector
from trapoula.bots.base import Bot, make_bot
from trapoula.errors import ConfigError
from trapoula.vector.opponents import BotOpponent, League, QPolicy, make_opponent
from trapoula.vector.petting import ParallelVectorEnv
from trapoula.vector.seat import SeatDriver

GAMES = [("bourloto", "gr"), ("bourloto", "ru"), ("bourre", None), ("burraco", None)]


class Recording(Bot):
    """The heuristic bot, remembering every (seat, action) it chose."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.inner = make_bot("heuristic", game, seed=0)
        self.chosen: list[str] = []

    def choose(self, view: Any) -> Any:
        action = self.inner.choose(view)
        self.chosen.append(f"{view.seat} {action}")
        return action


def _first_deal(game: str, preset: str | None, opponent: Any) -> tuple[Any, list[str]]:
    env = trapoula.vector.make(game, preset, num_envs=1, seed=5)
    driver = SeatDriver(env, seat=0, opponent=opponent, seed=5)
    obs, mask = driver.reset()
    mine: list[int] = []
    for _ in range(500):
        mine.append(int(mask[0].argmax()))
        obs, mask, reward, done = driver.step(mask.argmax(1))
        assert (env.to_act == 0).all()  # the driver always stops at the learner's turn
        if done[0]:
            state = env.finished(0)
            assert state is not None
            return state, mine
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_a_bot_by_name_plays_every_other_seat_from_its_view(game: str, preset: str | None
                                                            ) -> None:
    g = trapoula.make(game, preset)
    rec = Recording(g)
    state, _ = _first_deal(game, preset, rec)
    others = [a for a in state.record()["actions"] if not a.startswith("P1 ")]
    # every move of the other seats in the finished deal is the bot's (a meld of several
    # integers is still one action of the bot)
    assert others == rec.chosen[:len(others)] and others
    assert isinstance(make_opponent("heuristic", g), BotOpponent)


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_named_opponents_give_the_same_deal_as_the_bot_object(game: str, preset: str | None
                                                              ) -> None:
    g = trapoula.make(game, preset)
    by_name, _ = _first_deal(game, preset, "heuristic")
    by_bot, _ = _first_deal(game, preset, make_bot("heuristic", g, seed=5))
    assert by_name.record()["actions"] == by_bot.record()["actions"]


def test_an_unknown_opponent_or_missing_file_says_what_is_allowed(tmp_path: Path) -> None:
    g = trapoula.make("bourre")
    with pytest.raises(ConfigError, match="bots are"):
        make_opponent("grandmaster", g)
    with pytest.raises(ConfigError, match="no weights file"):
        make_opponent(str(tmp_path / "none.npz"), g)
    with pytest.raises(ConfigError, match="no weights are shipped"):
        make_opponent("learned", g)


def _weights(game: str, path: Path, seed: int = 0) -> Path:
    env = trapoula.vector.make(game, num_envs=1)
    rng = np.random.default_rng(seed)
    np.savez(path, w0=rng.normal(size=(env.obs_size, env.num_actions)).astype(np.float32),
             b0=np.zeros(env.num_actions, np.float32), game=np.array([game]),
             layout=np.array(["own"]), scale=np.array([1.0], np.float32))
    return path


@pytest.mark.parametrize("game", ["bourre", "burraco"])
def test_a_weights_file_plays_as_the_learned_bot_batched(game: str, tmp_path: Path) -> None:
    path = _weights(game, tmp_path / "w.npz")
    g = trapoula.make(game)
    opp = make_opponent(str(path), g, layout="own")
    assert isinstance(opp, QPolicy)
    # the batched policy picks what the learned bot picks from the view
    env = trapoula.vector.make(game, num_envs=3, seed=2)
    obs, mask, to_act = env.reset()
    bot = make_bot(f"learned@{path}", g)
    acts = opp(obs, mask)
    for i in range(3):
        s = env.state(i)
        view = s.view(str(s.current_player))
        assert env.adapter.encode(bot.choose(view), view)[0] == acts[i]
    state, _ = _first_deal(game, None, str(path))
    assert state.is_over


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_the_league_draws_an_opponent_per_deal_and_keeps_it(game: str, preset: str | None,
                                                           tmp_path: Path) -> None:
    env = trapoula.vector.make(game, preset, num_envs=4, seed=3)
    league = League(env.game, ["heuristic", "random"], latest=1.0, seed=2)
    driver = SeatDriver(env, seat="random", opponent=league, seed=3)
    obs, mask = driver.reset()
    first = list(league.names)
    assert len(first) == 4 and set(first) <= {"heuristic", "random"}
    ended = np.zeros(4, bool)
    for _ in range(60):
        obs, mask, reward, done = driver.step(mask.argmax(1))
        keep = ~ended & ~done
        assert [n for n, k in zip(league.names, keep, strict=True) if k] == \
            [n for n, k in zip(first, keep, strict=True) if k]
        ended |= done
    if game != "bourloto":
        league.add(str(_weights(game, tmp_path / "snap.npz")), "snap")
        # latest=1.0: every new deal is against the newest snapshot
        assert (league.draw(20) == len(league.pool()) - 1).all()


def test_the_league_schedule_and_its_cap() -> None:
    g = trapoula.make("bourre")
    league = League(g, ["random"], latest=0.5, max_snapshots=2, seed=0)
    env = trapoula.vector.make("bourre", num_envs=1)
    for k in range(3):
        rng = np.random.default_rng(k)
        league.add({"w0": rng.normal(size=(env.obs_size, env.num_actions)),
                    "b0": np.zeros(env.num_actions), "game": np.array(["bourre"])}, f"s{k}")
    assert [n for n, _ in league.pool()] == ["random", "s1", "s2"]  # the oldest dropped
    draws = league.draw(4000)
    newest = np.mean(draws == 2)
    assert 0.45 < newest < 0.55  # half the deals against the newest snapshot
    assert 0.2 < np.mean(draws == 0) < 0.3 and 0.2 < np.mean(draws == 1) < 0.3
    with pytest.raises(ConfigError):
        League(g, [], latest=2.0)


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_petting_opponents_take_seats_out_of_the_agents(game: str, preset: str | None
                                                        ) -> None:
    env = ParallelVectorEnv(game, preset, num_envs=2, seed=1,
                            opponents={"player_1": "heuristic"})
    assert "player_1" not in env.agents and "player_0" in env.agents
    obs, _ = env.reset()
    total = {a: 0.0 for a in env.agents}
    for _ in range(400):
        assert (env.env.to_act != 1).all()  # the opponent's turns are played inside
        acts = {a: o["action_mask"].argmax(1) for a, o in obs.items()}
        obs, rewards, term, _, _ = env.step(acts)
        for a in env.agents:
            total[a] += float(np.abs(rewards[a]).sum())
        if term["player_0"].any() and any(total.values()):
            break
    assert any(total.values())


def test_gym_and_sb3_wrappers_take_a_bot_name() -> None:
    from trapoula.vector.gym import TrapoulaVectorEnv

    env = TrapoulaVectorEnv("burraco", num_envs=2, opponent="heuristic", seed=1)
    obs, _ = env.reset()
    obs, reward, term, trunc, _ = env.step(env.action_masks().argmax(1))
    assert reward.shape == (2,) and (env.venv.to_act == 0).all()
    sb3 = pytest.importorskip("trapoula.vector.sb3")
    venv = sb3.TrapoulaSB3VecEnv("bourre", num_envs=2, opponent="heuristic", seed=1)
    venv.reset()
    venv.step_async(venv.action_masks().argmax(1))
    assert venv.step_wait()[1].shape == (2,)


@pytest.mark.parametrize("preset", ["gr", "ru"])
def test_learn_phases_leave_the_bidding_to_the_assist(preset: str) -> None:
    env = trapoula.vector.make("bourloto", preset, num_envs=3, seed=4)
    rec = Recording(env.game)  # the heuristic, remembering its moves
    driver = SeatDriver(env, seat=0, opponent="random", learn_phases=("play",), assist=rec,
                        seed=4)
    obs, mask = driver.reset()
    finished = 0
    for _ in range(200):
        for i in range(3):  # the learner only ever decides in the play phase
            assert env.state(i).phase == "play" and env.state(i).current_player == "P1"
        obs, mask, reward, done = driver.step(mask.argmax(1))
        finished += int(done.sum())
        if finished >= 3:
            break
    assert finished >= 3
    assert rec.chosen and all(c.startswith("P1 ") for c in rec.chosen)
    assert not any(c.startswith("P1 play ") for c in rec.chosen)  # cards are the learner's


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_hard_is_an_opponent_too(game: str, preset: str | None) -> None:
    env = trapoula.vector.make(game, preset, num_envs=1, seed=2)
    driver = SeatDriver(env, seat=1, opponent="hard", seed=2)
    obs, mask = driver.reset()
    obs, mask, reward, done = driver.step(mask.argmax(1))
    assert (env.to_act == 1).all() and mask.any()
