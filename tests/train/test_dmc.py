"""A tiny Deep Monte-Carlo run: it trains, logs, checkpoints, resumes and exports weights the
numpy bot plays with (skipped without torch, which ``make test`` does not install)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("torch")

import trapoula  # noqa: E402
from trapoula.cli.main import main  # noqa: E402
from trapoula.learned.bourloto import LearnedBourlotoBot  # noqa: E402
from trapoula.learned.features import NAME, SIZE  # noqa: E402
from trapoula.train.dmc import TrainConfig, train  # noqa: E402


def test_train_resume_and_export(tmp_path: Path) -> None:
    cfg = TrainConfig(hidden=(16,), num_envs=4, steps=40, eval_minutes=0.0, eval_deals=2,
                      warm_minutes=0.0, heuristic=0.5, heuristic_min=0.5,
                      heuristic_bidding=("gr",))
    first = train(tmp_path, 0.001, cfg)
    assert first["samples"] > 0 and first["updates"] > 0
    for name in ("checkpoint.pt", "latest.npz", "best.npz", "log.jsonl"):
        assert (tmp_path / name).exists()
    again = train(tmp_path, 0.001, cfg)
    assert again["round"] > first["round"] and again["samples"] > first["samples"]
    lines = [json.loads(t) for t in (tmp_path / "log.jsonl").read_text().splitlines()]
    starts = [x for x in lines if x["event"] == "start"]
    assert [x["resumed"] for x in starts] == [False, True]
    evals = [x for x in lines if x["event"] == "eval"]
    assert evals and set(evals[-1]["vs_heuristic"]) == {"gr", "ru"}
    assert evals[-1]["decisions_per_s"] > 0 and evals[-1]["loss"] >= 0

    out = tmp_path / "exported.npz"
    assert main(["train", "bourloto", "--run-dir", str(tmp_path), "--export", str(out),
                 "--which", "latest", "--heuristic-play", "ru"]) == 0
    # the weights say which presets' bidding the heuristic keeps (the hybrid by default)
    assert LearnedBourlotoBot(trapoula.make("bourloto", "gr"), weights=str(out)).bidding == \
        "heuristic"
    g = trapoula.make("bourloto", "ru")
    bot = LearnedBourlotoBot(g, weights=str(out))
    assert (bot.bidding, bot.play) == ("learned", "heuristic")
    s = g.new_deal(seed=2)
    while not s.is_over:
        s = s.apply(bot.choose(s.view(s.current_player)))
    assert s.is_over


def test_card_features_and_the_improve_hybrid(tmp_path: Path) -> None:
    cfg = TrainConfig(hidden=(16,), num_envs=4, steps=40, eval_minutes=0.0, eval_deals=2,
                      heuristic=1.0, heuristic_min=1.0, epsilon=0.2, epsilon_play=0.3,
                      features=NAME, modes={"ru": ["improve", "heuristic"]},
                      margins={"ru": [5.0, 0.0]}, rollout_seconds=0.01)
    assert train(tmp_path, 0.001, cfg)["samples"] > 0
    g = trapoula.make("bourloto", "ru")
    bot = LearnedBourlotoBot(g, weights=str(tmp_path / "latest.npz"))
    assert bot.net.extra == SIZE and bot.net.inputs == 870 + 2 + SIZE
    assert (bot.bidding, bot.play, bot.margin) == ("improve", "heuristic", (5.0, 0.0))
    s = g.new_deal(seed=3)
    while not s.is_over:
        s = s.apply(bot.choose(s.view(s.current_player)))
