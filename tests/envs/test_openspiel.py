"""The OpenSpiel games (issue item 5): registered with pyspiel, random_sim_test with
serialization, pickling and cloning, and OpenSpiel's own IS-MCTS and MCTS bots playing whole
Bourloto deals."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from trapoula.envs import openspiel as tos  # noqa: E402

from .helpers import CONFIGS, config_id  # noqa: E402

SIMS = {"bourloto": 30, "bourre": 20, "burraco": 3}


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_random_sim_test_with_serialization(name: str, preset: str, options: dict) -> None:
    game = tos.load(name, preset, **options)
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=True, verbose=False)


def test_games_are_registered_with_their_parameters() -> None:
    names = set(pyspiel.registered_names())
    assert set(tos.GAME_NAMES.values()) <= names
    g = pyspiel.load_game("trapoula_burraco(players=3,preset=fibur,options=target:3000)")
    assert g.num_players() == 3 and g.num_distinct_actions() == 146
    assert g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    b = pyspiel.load_game("trapoula_bourre(players=5,options=ante:2;max_draw:3)")
    assert b.num_players() == 5 and b.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    with pytest.raises(Exception, match="unknown"):
        pyspiel.load_game("trapoula_bourloto(options=no_such_option:1)")


def _random_state(game: Any, rng: random.Random, moves: int) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal() and moves:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal))
        moves -= 1
    return state


@pytest.mark.parametrize("name", ["bourloto", "bourre", "burraco"])
def test_states_pickle_serialize_and_clone(name: str) -> None:
    game = tos.load(name)
    rng = random.Random(1)
    for moves in (0, 5, 40):
        state = _random_state(game, rng, moves)
        for copy in (pickle.loads(pickle.dumps(state)),
                     pyspiel.deserialize_game_and_state(
                         pyspiel.serialize_game_and_state(game, state))[1],
                     state.clone()):
            assert str(copy) == str(state) and copy.history() == state.history()
            if not state.is_chance_node() and not state.is_terminal():
                p = state.current_player()
                assert copy.information_state_string(p) == state.information_state_string(p)
                assert copy.observation_tensor(p) == state.observation_tensor(p)
                assert copy.legal_actions() == state.legal_actions()
    # clones are independent
    state = _random_state(game, rng, 3)
    if not state.is_terminal():
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        assert clone.history() != state.history()


def test_observations_are_the_adapter_views() -> None:
    game = tos.load("bourloto", "gr")
    state = _random_state(game, random.Random(4), 12)
    ad = state.adapter
    for p in range(4):
        view = state.engine.view(f"P{p + 1}")
        assert np.array_equal(np.array(state.observation_tensor(p), np.float32), ad.observe(view))
        assert state.observation_string(p) == ad.obs_string(view)
        assert state.information_state_string(p).startswith(ad.obs_string(view))


def _play(game: Any, bots: list[Any], rs: np.random.RandomState) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_ismcts_and_mcts_bots_play_whole_bourloto_deals(preset: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = tos.load("bourloto", preset)
    rs = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(1))
    mc_bot = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(2))
    played = 0
    for _ in range(2):
        state = _play(game, [is_bot, mc_bot, is_bot, mc_bot], rs)
        returns = state.returns()
        assert state.engine.is_over and sum(returns) == 0
        assert returns[0] == returns[2] and returns[1] == returns[3]
        played += len(state.engine.history)
    assert played >= 2 * 4


def test_resampled_states_keep_the_players_information() -> None:
    game = tos.load("bourloto", "gr")
    rng = random.Random(9)
    different = 0
    for _ in range(6):
        state = _random_state(game, rng, rng.randrange(1, 30))
        if state.is_terminal():
            continue
        p = state.current_player()
        for _ in range(3):
            new = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0., 1.))
            assert new.information_state_string(p) == state.information_state_string(p)
            assert new.legal_actions() == state.legal_actions()
            me = f"P{p + 1}"
            assert new.engine.hand(me) == state.engine.hand(me)
            others = [new.engine.hand(f"P{q + 1}") != state.engine.hand(f"P{q + 1}")
                      for q in range(4) if q != p]
            different += any(others)
    assert different, "the resampler never moved a hidden card"


@pytest.mark.parametrize("preset", ["gr", "ru"])
def test_cpp_ismcts_bot_plays_whole_bourloto_deals(preset: str, monkeypatch: Any) -> None:
    """OpenSpiel's C++ ISMCTSBot searches our Python game through the hooks of
    trapoula.envs.openspiel_cpp (resampler callback, GIL held): whole deals, legal moves,
    each simulation's world drawn by the state's resample_from_infostate."""
    from trapoula.envs import openspiel_cpp

    why = openspiel_cpp.unavailable()
    if why is not None:
        pytest.skip(why)
    game = tos.load("bourloto", preset)
    cpp = openspiel_cpp.CppISMCTSBot(game, simulations=6, seed=5)
    calls = []
    real = tos.TrapoulaState.resample_from_infostate

    class Counting:
        def step(self, state: Any) -> int:
            legal = state.legal_actions()
            before = len(calls)
            a = cpp.step(state)
            assert a in legal
            assert len(calls) - before == (6 if len(legal) > 1 else 0)
            return a

    def counted(self: Any, player: int, sampler: Any) -> Any:
        calls.append(player)
        return real(self, player, sampler)

    monkeypatch.setattr(tos.TrapoulaState, "resample_from_infostate", counted)
    rs = np.random.RandomState(11)
    bot = Counting()
    for _ in range(2):
        state = _play(game, [bot, bot, bot, bot], rs)
        returns = state.returns()
        assert state.engine.is_over and sum(returns) == 0
        assert returns[0] == returns[2] and returns[1] == returns[3]
    assert calls, "the C++ bot never asked for a resampled world"


def test_cpp_ismcts_bot_is_a_pyspiel_bot_for_evaluate_bots() -> None:
    from trapoula.envs import openspiel_cpp

    why = openspiel_cpp.unavailable()
    if why is not None:
        pytest.skip(why)
    game = tos.load("bourloto", "gr")
    cpp = openspiel_cpp.CppISMCTSBot(game, simulations=4, seed=2)
    assert isinstance(cpp, pyspiel.Bot)
    bots = [cpp] + [pyspiel.make_uniform_random_bot(p, 3 + p) for p in (1, 2, 3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sum(returns) == 0 and returns[0] == returns[2]
