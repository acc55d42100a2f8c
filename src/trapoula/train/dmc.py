"""Deep Monte-Carlo training of the Bourloto Q-network (DouZero-style), resumable.

Each round the actors (:mod:`trapoula.train.actors`) play ``steps`` decisions in every deal of
their batches with the current weights (ε-greedy; early on one side of a deal may be the
heuristic bot, a warm start whose share falls from ``heuristic`` to ``heuristic_min`` over
``warm_minutes``), and the network is regressed on what they bring back: the mean squared
error between Q(features, integer played) and the deal's return for the acting seat.
Every ``eval_minutes`` the run writes a checkpoint (``checkpoint.pt``: network, optimizer,
counters), the numpy weights (``latest.npz``; ``best.npz`` for the best evaluation so far),
and a line to ``log.jsonl``: decisions per second, loss, and duplicate deals against the
heuristic bot (:func:`trapoula.bots.duplicate.duplicate`, fixed seeds, every preset).
Starting again with the same ``run_dir`` resumes from the checkpoint.

    trapoula train bourloto --preset gr,ru --minutes 60 --run-dir runs/learned
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

import trapoula
from trapoula.bots.base import Bot
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
from trapoula.bots.duplicate import duplicate
from trapoula.learned.bourloto import LearnedBourlotoBot, QNet
from trapoula.learned.features import SIZE as FEATURES
from trapoula.train.actors import LocalActors, RayActors
from trapoula.train.model import make_model, to_arrays
from trapoula.train.rollouts import BiddingRollouts

__all__ = ["TrainConfig", "evaluate", "fit", "log_line", "train"]

NUM_ACTIONS = 140
EVAL_SEED = 17


@dataclass
class TrainConfig:
    """What a run does (stored in the checkpoint; a resumed run keeps the network's shape)."""

    presets: tuple[str, ...] = ("gr", "ru")
    hidden: tuple[int, ...] = (512, 512, 256)
    num_envs: int = 256
    steps: int = 24  # decisions per deal of the batch per round
    epsilon: float = 0.03
    heuristic: float = 0.8  # share of deal sides played by the heuristic at the start
    heuristic_min: float = 0.15
    warm_minutes: float = 15.0
    lr: float = 5e-4
    batch: int = 1024
    epochs: int = 1
    eval_minutes: float = 5.0
    eval_deals: int = 200
    seed: int = 0
    heuristic_bidding: tuple[str, ...] = ()  # presets whose bidding the heuristic plays
    epsilon_play: float | None = None  # the exploration rate in the play phase (else epsilon)
    # per preset: who decides [bidding, play] in the evaluations and the weights written
    # ("learned", "heuristic", "improve") and the "improve" margins [bidding, play] in points
    modes: dict[str, list[str]] = field(default_factory=dict)
    margins: dict[str, list[float]] = field(default_factory=dict)
    features: str = ""  # card-play features (trapoula.learned.features.NAME) or none
    # seconds a round (per preset) of paired bidding rollouts (trapoula.train.rollouts)
    rollout_seconds: float = 0.0
    # per preset: those seconds instead, card-play decisions a rollout deal plays out every
    # way (about that many a deal; 0: the bidding only), and whether its bidding is rolled out
    rollout_seconds_by: dict[str, float] = field(default_factory=dict)
    card_rollouts: dict[str, float] = field(default_factory=dict)
    rollout_bidding: dict[str, bool] = field(default_factory=dict)
    centered: bool = False  # rollout targets keep only their differences (rollouts.py)
    extra: dict[str, Any] = field(default_factory=dict)


def evaluate(arrays: Any, presets: Sequence[str], deals: int, seed: int = EVAL_SEED
             ) -> dict[str, dict[str, float]]:
    """Duplicate deals of the network (team X) against the heuristic (team Y) per preset:
    mean points a deal, 95 % half-width, ms per move."""
    net = QNet(arrays)
    out: dict[str, dict[str, float]] = {}
    for preset in presets:
        g = trapoula.make("bourloto", preset)
        def mine(s: int, i: int, g: Any = g) -> Bot:
            return LearnedBourlotoBot(g, seed=i, weights=net)

        def theirs(s: int, i: int, g: Any = g) -> Bot:
            return BourlotoHeuristicBot(g, seed=i * 4 + s)

        st = duplicate(g, mine, theirs, deals, seed)
        out[preset] = {"mean": round(st.mean, 2), "ci": round(st.half_width, 2),
                       "ms": round(st.ms_per_move("X"), 3)}
    return out


def log_line(run_dir: Path, line: dict[str, Any]) -> None:
    """Append ``line`` to the run's ``log.jsonl`` (and print it)."""
    with open(run_dir / "log.jsonl", "a") as f:
        f.write(json.dumps(line) + "\n")
    print(json.dumps(line), flush=True)


_log = log_line


def fit(model: torch.nn.Module, opt: torch.optim.Optimizer, batches: Sequence[dict[str, Any]],
        batch: int, epochs: int, state: dict[str, Any], window: dict[str, Any]) -> None:
    """The learner's step, for every game: regress Q(x, action) on the returns of the actors'
    ``batches`` (``x``, ``action``, ``ret``, ``decisions``) for ``epochs`` passes of
    minibatches of ``batch`` (mean squared error, Adam, gradients clipped at norm 10);
    the counters of ``state`` and ``window`` go up."""
    x = np.concatenate([b["x"] for b in batches])
    a = np.concatenate([b["action"] for b in batches]).astype(np.int64)
    g = np.concatenate([b["ret"] for b in batches])
    decisions = sum(int(b["decisions"]) for b in batches)
    window["decisions"] += decisions
    window["samples"] += len(g)
    xt, at, gt = torch.from_numpy(x.astype(np.float32)), torch.from_numpy(a), \
        torch.from_numpy(g)
    for _ in range(epochs):
        perm = torch.randperm(len(gt))
        for k in range(0, len(gt), batch):
            idx = perm[k:k + batch]
            q = model(xt[idx]).gather(1, at[idx, None])[:, 0]
            loss = torch.nn.functional.mse_loss(q, gt[idx])
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            opt.step()
            window["loss"] += float(loss.detach())
            window["batches"] += 1
            state["updates"] += 1
    state["decisions"] += decisions
    state["samples"] += len(g)


def train(run_dir: str | Path, minutes: float, config: TrainConfig | None = None,
          ray_address: str | None = None, ray_actors: int = 1) -> dict[str, Any]:
    """Train for ``minutes`` (wall clock) in ``run_dir``, resuming from its checkpoint."""
    run = Path(run_dir)
    run.mkdir(parents=True, exist_ok=True)
    ckpt_path = run / "checkpoint.pt"
    torch.set_num_threads(1)
    cfg = config or TrainConfig()
    state: dict[str, Any] = {"elapsed": 0.0, "decisions": 0, "samples": 0, "updates": 0,
                             "best": -1e9, "round": 0}
    ckpt = torch.load(ckpt_path, weights_only=False) if ckpt_path.exists() else None
    if ckpt is not None:
        saved = TrainConfig(**{**asdict(TrainConfig()), **ckpt["config"]})
        saved.presets, saved.hidden = tuple(saved.presets), tuple(saved.hidden)
        if config is None:
            cfg = saved
        cfg.presets, cfg.hidden = saved.presets, saved.hidden  # the network's shape
        state.update(ckpt["state"])
    torch.manual_seed(cfg.seed + state["round"])
    if ckpt is not None:
        cfg.features = saved.features  # part of the network's shape
    inputs = 870 + len(cfg.presets) + (FEATURES if cfg.features else 0)
    model = make_model(inputs, cfg.hidden, NUM_ACTIONS)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    if ckpt is not None:
        model.load_state_dict(ckpt["model"])
        if ckpt.get("optimizer"):
            opt.load_state_dict(ckpt["optimizer"])
        for grp in opt.param_groups:
            grp["lr"] = cfg.lr
    seed = cfg.seed + 7919 * state["round"]  # fresh deals after a resume
    hb = tuple(cfg.heuristic_bidding)
    actors: Any = (RayActors(ray_address, cfg.presets, cfg.num_envs, seed, ray_actors, hb)
                   if ray_address else LocalActors(cfg.presets, cfg.num_envs, seed, hb))
    def rollout_seconds(p: str) -> float:
        return float(cfg.rollout_seconds_by.get(p, cfg.rollout_seconds))

    teachers = [BiddingRollouts(p, seed + 31 * k + 5, cfg.epsilon,
                                cards=float(cfg.card_rollouts.get(p, 0.0)),
                                bidding=bool(cfg.rollout_bidding.get(p, True)),
                                centered=cfg.centered,
                                epsilon_play=cfg.epsilon_play if cfg.epsilon_play is not None
                                else cfg.epsilon)
                for k, p in enumerate(cfg.presets) if rollout_seconds(p) > 0]
    _log(run, {"event": "start", "resumed": ckpt is not None, "config": asdict(cfg),
               "ray": ray_address, **{k: state[k] for k in ("elapsed", "decisions", "round")}})

    def arrays_now(dtype: Any = np.float32) -> dict[str, np.ndarray]:
        return to_arrays(model, cfg.presets, dtype, hb, cfg.modes, cfg.margins, cfg.features)

    def save(evaluation: dict[str, Any] | None) -> None:
        np.savez(run / "latest.npz", **arrays_now(np.float16))  # type: ignore[arg-type]
        if evaluation is not None:
            score = float(np.mean([v["mean"] for v in evaluation.values()]))
            if score > state["best"]:
                state["best"] = score
                np.savez(run / "best.npz", **arrays_now(np.float16))  # type: ignore[arg-type]
        torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(),
                    "config": asdict(cfg), "state": state}, run / "checkpoint.tmp")
        (run / "checkpoint.tmp").replace(ckpt_path)

    start = time.monotonic()
    last_eval = start
    window = {"decisions": 0, "samples": 0, "loss": 0.0, "batches": 0, "t": start}
    base_elapsed = state["elapsed"]
    while True:
        now = time.monotonic()
        state["elapsed"] = base_elapsed + (now - start)
        t_min = state["elapsed"] / 60.0
        share = max(cfg.heuristic_min, cfg.heuristic - (cfg.heuristic - cfg.heuristic_min)
                    * t_min / max(cfg.warm_minutes, 1e-9))
        arrays = arrays_now()
        batches = actors.collect(arrays, cfg.steps, cfg.epsilon, share, cfg.epsilon_play)
        batches += [t.run(arrays, rollout_seconds(t.preset)) for t in teachers]
        fit(model, opt, batches, cfg.batch, cfg.epochs, state, window)
        state["round"] += 1
        now = time.monotonic()
        done = now - start >= minutes * 60.0
        if done or now - last_eval >= cfg.eval_minutes * 60.0:
            dt = now - window["t"]
            t_eval = time.monotonic()
            evaluation = evaluate(arrays_now(), cfg.presets, cfg.eval_deals)
            state["elapsed"] = base_elapsed + (time.monotonic() - start)
            save(evaluation)
            _log(run, {
                "event": "eval", "minutes": round(state["elapsed"] / 60.0, 2),
                "decisions": state["decisions"], "samples": state["samples"],
                "updates": state["updates"], "round": state["round"],
                "decisions_per_s": round(window["decisions"] / dt, 1),
                "samples_per_s": round(window["samples"] / dt, 1),
                "loss": round(window["loss"] / max(window["batches"], 1), 5),
                "heuristic_share": round(share, 3), "vs_heuristic": evaluation,
                "eval_s": round(time.monotonic() - t_eval, 1), "best": state["best"],
            })
            last_eval = time.monotonic()
            window = {"decisions": 0, "samples": 0, "loss": 0.0, "batches": 0,
                      "t": last_eval}
        if done:
            return state
