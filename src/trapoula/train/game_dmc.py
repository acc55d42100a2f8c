"""Deep Monte-Carlo training over the batched environments for any game (Bourré, Burraco).

The same machinery as :mod:`trapoula.train.dmc` (Bourloto's), generalised by game: actors
(:class:`GameActor`, on Ray with ``ray_address`` as Bourloto's) step a
:func:`trapoula.vector.make` batch of the game with numpy copies of the current Q-network
(ε-greedy legal integers; Burraco's melds integer by integer, as the environments step), and
the learner regresses Q(observation, integer played) on the deal's return for the acting seat
(the adapter's ``margin`` reward divided by ``scale``) with :func:`trapoula.train.dmc.fit`.

**Opponents: a self-play league** (:class:`trapoula.vector.opponents.League`).  In each deal,
with probability ``self_play`` every seat is the current network (all its decisions are
samples); else one seat (drawn per deal) is the network and the other seats are the league's
opponent for that deal: the newest snapshot with probability ``latest``, else uniformly one of
the fixed bots (``opponents``, default the heuristic) and the earlier snapshots.  Every
``snapshot_minutes`` the network's weights join the league as a snapshot (also written to
``snapshots/NNNN.npz``, at most ``max_snapshots`` kept in the pool).

Every ``eval_minutes`` the run writes ``checkpoint.pt`` (network, optimizer, counters, the
config), ``latest.npz`` / ``best.npz`` (the numpy weights :mod:`trapoula.learned.generic`
plays) and a line to ``log.jsonl`` with the greedy network's mean reward at seat ``P1``
against the heuristic over ``eval_deals`` fixed deals (95 % half-width).  Starting again with
the same run directory resumes; the league's snapshots are reloaded from ``snapshots/``.

    trapoula train bourre --minutes 30 --run-dir runs/bourre
    trapoula train bourre --run-dir runs/bourre --export bourre.npz
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

import trapoula.vector
from trapoula.learned.generic import GameNet
from trapoula.train.dmc import fit, log_line
from trapoula.train.model import make_model
from trapoula.vector.opponents import League, QPolicy
from trapoula.vector.seat import SeatDriver

__all__ = ["GameActor", "GameTrainConfig", "evaluate_game", "train_game"]

EVAL_SEED = 17
# the reward is divided by this for a network's return, per game (Burraco's deals are
# worth hundreds of points, Bourré's a few chips)
SCALES = {"bourre": 1.0, "burraco": 100.0}


@dataclass
class GameTrainConfig:
    """What a run does (stored in the checkpoint; a resumed run keeps the network's shape)."""

    game: str = "bourre"
    options: dict[str, Any] = field(default_factory=dict)  # trapoula.make options
    layout: str = "own"
    hidden: tuple[int, ...] = (256, 128)
    num_envs: int = 64
    steps: int = 32  # decisions per deal of the batch per round
    epsilon: float = 0.05
    lr: float = 5e-4
    batch: int = 1024
    epochs: int = 1
    eval_minutes: float = 5.0
    eval_deals: int = 200
    seed: int = 0
    self_play: float = 0.5  # share of deals where every seat is the network
    opponents: tuple[str, ...] = ("heuristic",)  # the league's fixed members
    latest: float = 0.5  # the league's chance of the newest snapshot
    snapshot_minutes: float = 5.0
    max_snapshots: int = 8


def _arrays(model: torch.nn.Sequential, cfg: GameTrainConfig, dtype: Any = np.float32
            ) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    k = 0
    with torch.no_grad():
        for m in model:
            if isinstance(m, torch.nn.Linear):
                out[f"w{k}"] = m.weight.detach().cpu().numpy().T.astype(dtype)
                out[f"b{k}"] = m.bias.detach().cpu().numpy().astype(dtype)
                k += 1
    out["game"] = np.array([cfg.game])
    out["layout"] = np.array([cfg.layout])
    out["scale"] = np.array([SCALES.get(cfg.game, 1.0)], np.float32)
    out["options"] = np.array([json.dumps(cfg.options, sort_keys=True)])
    return out


class GameActor:
    """A batch of one game's deals played by the network and the league (module docs)."""

    def __init__(self, cfg: dict[str, Any], seed: int, snapshots: Sequence[str] = ()) -> None:
        self.cfg = GameTrainConfig(**cfg)
        c = self.cfg
        self.env = trapoula.vector.make(c.game, num_envs=c.num_envs, seed=seed,
                                        layout=c.layout, **c.options)
        self.n = c.num_envs
        self.rng = np.random.default_rng(seed)
        self.league = League(self.env.game, c.opponents, latest=c.latest,
                             max_snapshots=c.max_snapshots, seed=seed, layout=c.layout)
        for path in snapshots:
            self.league.add(path, Path(path).stem)
        self.scale = SCALES.get(c.game, 1.0)
        self.players = self.env.players
        self.net_seats = np.ones((self.n, self.players), bool)
        self.obs, self.mask, self.to_act = self.env.reset()
        self.traj: list[list[tuple[np.ndarray, int, int]]] = [[] for _ in range(self.n)]
        self.league._ensure(self.n)
        for i in range(self.n):
            self._new_seats(i)

    def _new_seats(self, i: int) -> None:
        if self.rng.random() < self.cfg.self_play:
            self.net_seats[i] = True
        else:
            self.net_seats[i] = False
            self.net_seats[i, int(self.rng.integers(self.players))] = True

    def add_snapshot(self, arrays: dict[str, Any], name: str) -> None:
        self.league.add(dict(arrays), name)

    def run(self, arrays: dict[str, Any], steps: int, epsilon: float) -> dict[str, Any]:
        """``steps`` decisions in every deal: the samples of the deals that ended."""
        net = GameNet(arrays)
        env, n, rng = self.env, self.n, self.rng
        xs: list[np.ndarray] = []
        acts: list[int] = []
        rets: list[float] = []
        deals = 0
        rows_all = np.arange(n)
        for _ in range(steps):
            mine = self.net_seats[rows_all, self.to_act]
            legal = self.mask > 0
            q = np.asarray(net.values(self.obs), np.float32)
            q[~legal] = -np.inf
            act = q.argmax(1)
            rand = (rng.random(self.mask.shape) * legal).argmax(1)
            act = np.where(rng.random(n) < epsilon, rand, act)
            theirs = np.flatnonzero(~mine)
            if len(theirs):
                act[theirs] = self.league.act_rows(env, theirs)
            x16 = self.obs.astype(np.float16)
            seats = self.to_act.tolist()
            for i in np.flatnonzero(mine).tolist():
                self.traj[i].append((x16[i], int(act[i]), seats[i]))
            self.obs, self.mask, self.to_act, rewards, done = env.step(act)
            ended = np.flatnonzero(done)
            for i in ended.tolist():
                r = rewards[i]
                for row, a, seat in self.traj[i]:
                    xs.append(row)
                    acts.append(a)
                    rets.append(float(r[seat]) / self.scale)
                self.traj[i] = []
                self._new_seats(i)
                deals += 1
            if len(ended):
                self.league.deals_ended(ended)
        return {
            "x": np.stack(xs) if xs else np.zeros((0, net.inputs), np.float16),
            "action": np.asarray(acts, np.int16),
            "ret": np.asarray(rets, np.float32),
            "deals": deals,
            "decisions": steps * n,
        }


def evaluate_game(arrays: dict[str, Any], cfg: GameTrainConfig, deals: int,
                  seed: int = EVAL_SEED) -> dict[str, float]:
    """The greedy network at seat P1 against the heuristic in every other seat: its mean
    reward over the first deal of ``deals`` envs (fixed seeds), the 95 % half-width, and the
    heuristic's own mean in P1 of the same deals (the baseline to beat)."""
    from trapoula.vector.opponents import make_opponent

    out: dict[str, float] = {}
    key = (cfg.game, json.dumps(cfg.options, sort_keys=True), cfg.layout, deals, seed)
    for who in ("net", "heuristic"):
        if who == "heuristic" and key in _BASELINES:  # the same every evaluation
            out.update(_BASELINES[key])
            continue
        env = trapoula.vector.make(cfg.game, num_envs=deals, seed=seed, layout=cfg.layout,
                                   **cfg.options)
        driver = SeatDriver(env, seat=0, opponent="heuristic", seed=seed)
        obs, mask = driver.reset()
        first = np.full(deals, np.nan)
        net = QPolicy(GameNet(arrays))
        bot: Any = make_opponent("heuristic", env.game, seed=seed)
        rows = np.arange(deals)
        while np.isnan(first).any():
            acts = net(obs, mask) if who == "net" else bot.act_rows(env, rows)
            obs, mask, reward, done = driver.step(acts)
            new = done & np.isnan(first)
            first[new] = reward[new]
        out[f"{who}_mean"] = round(float(first.mean()), 3)
        out[f"{who}_ci"] = round(1.96 * float(first.std(ddof=1)) / max(deals, 2) ** 0.5, 3)
    _BASELINES[key] = {k: v for k, v in out.items() if k.startswith("heuristic")}
    return out


_BASELINES: dict[tuple[Any, ...], dict[str, float]] = {}


class _RayGameActors:
    def __init__(self, address: str, cfg: GameTrainConfig, seed: int, count: int,
                 snapshots: Sequence[str]) -> None:
        import ray  # the "dist" extra

        if not ray.is_initialized():
            ray.init(address=None if address == "local" else address)
        remote = ray.remote(num_cpus=1)(GameActor)
        self.ray = ray
        self.actors: list[Any] = [remote.remote(asdict(cfg), seed + 1000 * j, list(snapshots))
                       for j in range(count)]

    def collect(self, arrays: dict[str, Any], steps: int, eps: float) -> list[dict[str, Any]]:
        ref = self.ray.put(dict(arrays))
        return list(self.ray.get([a.run.remote(ref, steps, eps) for a in self.actors]))

    def add_snapshot(self, arrays: dict[str, Any], name: str) -> None:
        self.ray.get([a.add_snapshot.remote(dict(arrays), name) for a in self.actors])


class _LocalGameActors:
    def __init__(self, cfg: GameTrainConfig, seed: int, snapshots: Sequence[str]) -> None:
        self.actors = [GameActor(asdict(cfg), seed, snapshots)]

    def collect(self, arrays: dict[str, Any], steps: int, eps: float) -> list[dict[str, Any]]:
        return [a.run(arrays, steps, eps) for a in self.actors]

    def add_snapshot(self, arrays: dict[str, Any], name: str) -> None:
        for a in self.actors:
            a.add_snapshot(arrays, name)


def train_game(run_dir: str | Path, minutes: float, config: GameTrainConfig | None = None,
               ray_address: str | None = None, ray_actors: int = 1) -> dict[str, Any]:
    """Train for ``minutes`` (wall clock) in ``run_dir``, resuming from its checkpoint."""
    run = Path(run_dir)
    (run / "snapshots").mkdir(parents=True, exist_ok=True)
    ckpt_path = run / "checkpoint.pt"
    torch.set_num_threads(1)
    cfg = config or GameTrainConfig()
    state: dict[str, Any] = {"elapsed": 0.0, "decisions": 0, "samples": 0, "updates": 0,
                             "best": -1e9, "round": 0, "snapshots": 0}
    ckpt = torch.load(ckpt_path, weights_only=False) if ckpt_path.exists() else None
    if ckpt is not None:
        saved = GameTrainConfig(**ckpt["config"])
        if config is not None and saved.game != cfg.game:
            raise ValueError(f"{run} holds a {saved.game} run, not {cfg.game}")
        if config is None:
            cfg = saved
        cfg.hidden, cfg.layout, cfg.options = tuple(saved.hidden), saved.layout, saved.options
        state.update(ckpt["state"])
    torch.manual_seed(cfg.seed + state["round"])
    probe = trapoula.vector.make(cfg.game, num_envs=1, layout=cfg.layout, **cfg.options)
    model = make_model(probe.obs_size, cfg.hidden, probe.num_actions)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    if ckpt is not None:
        model.load_state_dict(ckpt["model"])
        opt.load_state_dict(ckpt["optimizer"])
        for grp in opt.param_groups:
            grp["lr"] = cfg.lr
    seed = cfg.seed + 7919 * state["round"]  # fresh deals after a resume
    snaps = sorted(str(p) for p in (run / "snapshots").glob("*.npz"))[-cfg.max_snapshots:]
    actors: Any = (_RayGameActors(ray_address, cfg, seed, ray_actors, snaps) if ray_address
                   else _LocalGameActors(cfg, seed, snaps))
    log_line(run, {"event": "start", "resumed": ckpt is not None, "config": asdict(cfg),
                   "ray": ray_address, "snapshots": len(snaps),
                   **{k: state[k] for k in ("elapsed", "decisions", "round")}})

    def save(evaluation: dict[str, float] | None) -> None:
        np.savez(run / "latest.npz", **_arrays(model, cfg, np.float16))  # type: ignore[arg-type]
        if evaluation is not None and evaluation["net_mean"] > state["best"]:
            state["best"] = evaluation["net_mean"]
            np.savez(run / "best.npz", **_arrays(model, cfg, np.float16))  # type: ignore[arg-type]
        torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(),
                    "config": asdict(cfg), "state": state}, run / "checkpoint.tmp")
        (run / "checkpoint.tmp").replace(ckpt_path)

    start = last_eval = last_snap = time.monotonic()
    window = {"decisions": 0, "samples": 0, "loss": 0.0, "batches": 0, "t": start}
    base_elapsed = state["elapsed"]
    while True:
        arrays = _arrays(model, cfg)
        batches = actors.collect(arrays, cfg.steps, cfg.epsilon)
        fit(model, opt, batches, cfg.batch, cfg.epochs, state, window)
        state["round"] += 1
        now = time.monotonic()
        state["elapsed"] = base_elapsed + (now - start)
        done = now - start >= minutes * 60.0
        if now - last_snap >= cfg.snapshot_minutes * 60.0:
            name = f"{state['snapshots']:04d}"
            snap = _arrays(model, cfg, np.float16)
            np.savez(run / "snapshots" / f"{name}.npz", **snap)  # type: ignore[arg-type]
            actors.add_snapshot(snap, name)
            state["snapshots"] += 1
            last_snap = now
        if done or now - last_eval >= cfg.eval_minutes * 60.0:
            dt = max(now - window["t"], 1e-9)
            t_eval = time.monotonic()
            evaluation = evaluate_game(_arrays(model, cfg), cfg, cfg.eval_deals)
            state["elapsed"] = base_elapsed + (time.monotonic() - start)
            save(evaluation)
            log_line(run, {
                "event": "eval", "minutes": round(state["elapsed"] / 60.0, 2),
                "decisions": state["decisions"], "samples": state["samples"],
                "updates": state["updates"], "round": state["round"],
                "decisions_per_s": round(window["decisions"] / dt, 1),
                "loss": round(window["loss"] / max(window["batches"], 1), 5),
                "vs_heuristic": evaluation, "eval_s": round(time.monotonic() - t_eval, 1),
                "best": state["best"], "snapshots": state["snapshots"],
            })
            last_eval = time.monotonic()
            window = {"decisions": 0, "samples": 0, "loss": 0.0, "batches": 0,
                      "t": last_eval}
        if done:
            return state
