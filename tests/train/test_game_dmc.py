"""``trapoula train bourre|burraco``: a few seconds of Deep Monte-Carlo over the batched
environments with a self-play league, resumed, exported to a file of the user's choosing and
played by the numpy ``learned`` bot through the public API (skipped without torch)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

pytest.importorskip("torch")

import numpy as np  # noqa: E402

import trapoula  # noqa: E402
from trapoula.bots import make_bot  # noqa: E402
from trapoula.cli.main import main  # noqa: E402
from trapoula.errors import ConfigError  # noqa: E402
from trapoula.learned.generic import LearnedGameBot, shipped_path  # noqa: E402
from trapoula.train.game_dmc import GameTrainConfig, train_game  # noqa: E402


@pytest.mark.parametrize("game", ["bourre", "burraco"])
def test_train_resume_export_and_play(game: str, tmp_path: Path) -> None:
    run = tmp_path / "run"
    cfg = GameTrainConfig(game=game, hidden=(16,), num_envs=4, steps=30, eval_minutes=0.0,
                          eval_deals=4, snapshot_minutes=0.0)
    first = train_game(run, 0.001, cfg)
    assert first["decisions"] > 0 and first["snapshots"] >= 1
    for name in ("checkpoint.pt", "latest.npz", "best.npz", "log.jsonl", "snapshots/0000.npz"):
        assert (run / name).exists()
    again = train_game(run, 0.001, cfg)
    assert again["round"] > first["round"] and again["decisions"] > first["decisions"]
    lines = [json.loads(t) for t in (run / "log.jsonl").read_text().splitlines()]
    starts = [x for x in lines if x["event"] == "start"]
    assert [x["resumed"] for x in starts] == [False, True]
    # the league's snapshots came back from the run dir
    assert starts[1]["snapshots"] == first["snapshots"]
    evals = [x for x in lines if x["event"] == "eval"]
    assert {"net_mean", "net_ci", "heuristic_mean"} <= set(evals[-1]["vs_heuristic"])

    out = tmp_path / "mine" / f"{game}.npz"
    assert main(["train", game, "--run-dir", str(run), "--export", str(out),
                 "--which", "latest"]) == 0
    with np.load(out) as z:
        assert str(z["game"][0]) == game
    g = trapoula.make(game)
    bots = [make_bot(f"learned@{out}", g, seed=k) for k in range(g.info.players)]
    assert isinstance(bots[0], LearnedGameBot)
    for seed in (1, 2):
        s = g.new_deal(seed=seed)
        while not s.is_over:
            seat = s.current_player
            action = bots[g.info.seats.index(seat)].choose(s.view(seat))
            assert action in s.legal_actions()
            s = s.apply(action)
        assert s.result is not None
    # the command line names the file as a bot too
    assert main(["arena", game, "--bots", f"learned@{out},heuristic", "--deals", "2",
                 "--quiet", "--out", str(tmp_path / "arena.json")]) == 0
    assert json.loads((tmp_path / "arena.json").read_text())


def test_export_refuses_the_shipped_weights_without_the_flag(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = GameTrainConfig(game="bourre", hidden=(8,), num_envs=2, steps=10, eval_minutes=0.0,
                          eval_deals=2, snapshot_minutes=1e9)
    train_game(tmp_path, 0.001, cfg)
    shipped = shipped_path("bourre")
    capsys.readouterr()
    assert main(["train", "bourre", "--run-dir", str(tmp_path), "--export", str(shipped)]) != 0
    assert "--overwrite-shipped" in capsys.readouterr().err
    assert not shipped.exists()
    # the same for Bourloto's shipped file, which stays as it was
    from trapoula.learned.bourloto import weights_path

    before = weights_path().read_bytes()
    (tmp_path / "best.npz").write_bytes((tmp_path / "latest.npz").read_bytes())
    assert main(["train", "bourloto", "--run-dir", str(tmp_path), "--export",
                 str(weights_path())]) != 0
    assert "--overwrite-shipped" in capsys.readouterr().err
    assert weights_path().read_bytes() == before
    # weights of another game are not exported as this one's
    assert main(["train", "burraco", "--run-dir", str(tmp_path), "--export",
                 str(tmp_path / "x.npz")]) != 0
    assert "holds no burraco weights" in capsys.readouterr().err


def test_the_learned_level_without_weights_names_the_command() -> None:
    for game in ("bourre", "burraco"):
        with pytest.raises(ConfigError, match=f"trapoula train {game}"):
            make_bot("learned", trapoula.make(game))


@pytest.mark.parametrize("game", ["bourre", "burraco"])
def test_a_default_size_network_decides_in_under_2_ms(game: str, tmp_path: Path) -> None:
    import torch

    from trapoula.train.game_dmc import _arrays
    from trapoula.train.model import make_model

    g = trapoula.make(game)
    env = trapoula.vector.make(game, num_envs=1)
    cfg = GameTrainConfig(game=game)
    torch.manual_seed(0)
    path = tmp_path / "w.npz"
    np.savez(path, **_arrays(make_model(env.obs_size, cfg.hidden, env.num_actions), cfg,
                             np.float16))
    bot = make_bot("learned", g, weights=str(path))
    s = g.new_deal(seed=4)
    times = []
    while not s.is_over:
        view = s.view(s.current_player)
        t = time.perf_counter()
        action = bot.choose(view)
        times.append(time.perf_counter() - t)
        s = s.apply(action)
    assert float(np.median(times)) < 0.002


def test_actors_on_a_ray_cluster(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        cfg = GameTrainConfig(game="bourre", hidden=(8,), num_envs=2, steps=20,
                              eval_minutes=1e9, eval_deals=2, snapshot_minutes=0.0)
        state = train_game(tmp_path, 0.001, cfg, ray_address="auto", ray_actors=1)
    finally:
        ray.shutdown()
    assert state["decisions"] == 2 * 20 * state["round"] > 0
    start = json.loads((tmp_path / "log.jsonl").read_text().splitlines()[0])
    assert start["ray"] == "auto"
