"""``trapoula train GAME``: Deep Monte-Carlo training of a learned bot (the ``train`` extra).

Bourloto: the Q-network of :mod:`trapoula.learned.bourloto` (:mod:`trapoula.train.dmc`);
Bourré and Burraco: :mod:`trapoula.learned.generic`'s (:mod:`trapoula.train.game_dmc`, a
self-play league).  Training resumes from ``--run-dir``'s checkpoint; ``--export PATH``
instead writes a run's weights to PATH, the numpy file ``make_bot("learned", game,
weights=PATH)`` loads.  The shipped weights (inside the package) are written only when
``--overwrite-shipped`` is given too.  docs/learned.md.

    trapoula train bourloto --preset gr,ru --minutes 60 --run-dir runs/learned
    trapoula train bourloto --run-dir runs/learned --export my-bourloto.npz
    trapoula train bourre --minutes 30 --run-dir runs/bourre
    trapoula train bourre --run-dir runs/bourre --export bourre.npz
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from trapoula.cli.common import Console
from trapoula.errors import ConfigError

__all__ = ["add_parser", "run"]


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(t) for t in text.split(",") if t)


def _pairs(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in (t for t in text.split(",") if t):
        preset, _, value = item.partition("=")
        parts = value.split("/")
        if len(parts) != 2:
            raise argparse.ArgumentTypeError(f"{item!r}: write PRESET=BIDDING/PLAY")
        out[preset] = parts
    return out


def _modes(text: str) -> dict[str, list[str]]:
    out = _pairs(text)
    for preset, parts in out.items():
        if not set(parts) <= {"learned", "heuristic", "improve"}:
            raise argparse.ArgumentTypeError(
                f"{preset}: learned, heuristic or improve, not {'/'.join(parts)}")
    return out


def _margins(text: str) -> dict[str, list[float]]:
    try:
        return {p: [float(v) for v in parts] for p, parts in _pairs(text).items()}
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _floats(text: str) -> dict[str, float]:
    try:
        return {p: float(v) for p, _, v in (t.partition("=") for t in text.split(",") if t)}
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: write PRESET=NUMBER,...") from exc


def add_parser(sub: Any) -> None:
    p = sub.add_parser("train", help="train a learned bot (needs torch: the train extra)",
                       description="Deep Monte-Carlo self-play training of the learned "
                                   "bot of a game; resumes from the run directory's "
                                   "checkpoint.  Options marked (Bourloto) apply to it only; "
                                   "those marked (Bourré, Burraco) to those games only.")
    p.add_argument("game", choices=["bourloto", "bourre", "burraco"])
    p.add_argument("options", nargs="*", default=[], metavar="option=value",
                   help="(Bourré, Burraco) the game's options, e.g. players=5")
    p.add_argument("--preset", default="gr,ru",
                   help="(Bourloto) presets, comma-separated (one network for all; "
                        "default gr,ru)")
    p.add_argument("--minutes", type=float, default=60.0, help="wall-clock minutes to train")
    p.add_argument("--run-dir", default="runs/learned",
                   help="checkpoint, weights and log.jsonl (resumed if present)")
    p.add_argument("--hidden", type=_ints, default=None,
                   help="hidden layer widths of a new network (default 256,256,128; "
                        "Bourré, Burraco 256,128)")
    p.add_argument("--envs", type=int, default=None,
                   help="deals per actor batch (default 256; Bourré, Burraco 64)")
    p.add_argument("--steps", type=int, default=None,
                   help="decisions per deal per round (default 24; Bourré, Burraco 32)")
    p.add_argument("--epsilon", type=float, default=None,
                   help="exploration rate (default 0.03; Bourré, Burraco 0.05)")
    p.add_argument("--self-play", type=float, default=0.5,
                   help="(Bourré, Burraco) share of deals where every seat is the network; "
                        "in the others one seat is, the rest the league's opponent")
    p.add_argument("--opponents", default="heuristic",
                   help="(Bourré, Burraco) the league's fixed members: bot names or weights "
                        "files, comma-separated (default heuristic)")
    p.add_argument("--latest", type=float, default=0.5,
                   help="(Bourré, Burraco) the league's chance of the newest snapshot")
    p.add_argument("--snapshot-minutes", type=float, default=5.0,
                   help="(Bourré, Burraco) minutes between snapshots joining the league")
    p.add_argument("--heuristic", type=float, default=0.8,
                   help="share of deal sides the heuristic plays at the start (warm start)")
    p.add_argument("--heuristic-min", type=float, default=0.15,
                   help="the share after --warm-minutes")
    p.add_argument("--warm-minutes", type=float, default=20.0)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--batch", type=int, default=1024, help="minibatch size")
    p.add_argument("--epochs", type=int, default=1,
                   help="passes over each round's samples (more: fewer deals per update)")
    p.add_argument("--eval-minutes", type=float, default=5.0)
    p.add_argument("--eval-deals", type=int, default=200,
                   help="duplicate deals per preset against the heuristic at each evaluation")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--heuristic-bidding", default="", metavar="PRESETS",
                   help="presets whose bidding the heuristic plays (the network learns the "
                        "card play of the hybrid bot; comma-separated)")
    p.add_argument("--epsilon-play", type=float, default=None,
                   help="the exploration rate in the play phase (default: --epsilon)")
    p.add_argument("--mode", type=_modes, default={}, metavar="P=BID/PLAY,...",
                   help="who decides per preset in the evaluations and the weights written "
                        "(learned, heuristic or improve), e.g. gr=improve/improve")
    p.add_argument("--margin", type=_margins, default={}, metavar="P=BID/PLAY,...",
                   help="the improve hybrid's margins in points per preset, e.g. gr=10/5")
    p.add_argument("--rollout-seconds", type=float, default=0.0,
                   help="seconds a round per preset of paired bidding rollouts: every legal "
                        "pre-play action of heuristic deals played out (trapoula.train.rollouts)")
    p.add_argument("--rollout-seconds-by", type=_floats, default={}, metavar="P=S,...",
                   help="per preset, seconds a round of rollouts instead of --rollout-seconds")
    p.add_argument("--card-rollouts", type=_floats, default={}, metavar="P=N,...",
                   help="per preset, about N card-play decisions of each rollout deal "
                        "played out every legal way (paired card-play returns)")
    p.add_argument("--no-bidding-rollouts", default="", metavar="PRESETS",
                   help="presets whose rollout deals skip the bidding (cards only)")
    p.add_argument("--centered", action="store_true",
                   help="rollout targets keep only their differences within a decision "
                        "(the deal luck common to its actions removed)")
    p.add_argument("--card-features", action="store_true",
                   help="a new network also sees the card-play features (who may hold which "
                        "card, the masters, who wins the trick: trapoula.learned.features)")
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="run the actors on this Ray cluster ('auto', 'ray://host:10001')")
    p.add_argument("--ray-actors", type=int, default=1, help="Ray actors per preset")
    p.add_argument("--export", metavar="PATH", default=None,
                   help="write the run's weights (--which) to this file and stop; load it "
                        "with make_bot('learned', game, weights=PATH) or the bot name "
                        "learned@PATH")
    p.add_argument("--overwrite-shipped", action="store_true",
                   help="allow --export to replace the weights shipped in the package")
    p.add_argument("--which", choices=["best", "latest"], default="best",
                   help="which weights --export copies (default: the best evaluation)")
    p.add_argument("--heuristic-play", default=None, metavar="PRESETS",
                   help="with --export: presets where the exported bot bids with the network "
                        "and leaves the card play to the heuristic by default")
    p.set_defaults(run=run)


def _shipped_dir() -> Path:
    from importlib import resources

    return Path(str(resources.files("trapoula.learned") / "data")).resolve()


def _check_export(args: argparse.Namespace, src: Path) -> None:
    target = Path(args.export).resolve()
    if target.parent == _shipped_dir() and not args.overwrite_shipped:
        raise ConfigError(
            f"{args.export} is the package's shipped weights: export to a file of your own "
            f"(--export my.npz), or add --overwrite-shipped to replace them")
    if target == src.resolve():
        raise ConfigError(f"--export {args.export} is the run's own {src.name}")
    if target.is_dir():
        raise ConfigError(f"--export {args.export} is a folder: name a file (.npz)")


def run(args: argparse.Namespace, con: Console) -> int:
    if args.run_dir == "runs/learned" and args.game != "bourloto":
        args.run_dir = f"runs/{args.game}"
    run_dir = Path(args.run_dir)
    if args.export:
        src = run_dir / f"{args.which}.npz"
        if not src.exists():
            raise ConfigError(f"no {src}: train first (trapoula train {args.game} --run-dir "
                              f"{run_dir})")
        _check_export(args, src)
        if args.game != "bourloto":
            import numpy as np

            with np.load(src, allow_pickle=False) as z:
                if "game" not in z.files or str(z["game"][0]) != args.game:
                    raise ConfigError(f"{src} holds no {args.game} weights")
        Path(args.export).resolve().parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, args.export)
        if args.heuristic_play is not None or args.mode or args.margin:
            import numpy as np

            with np.load(args.export, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
            if args.heuristic_play is not None:
                arrays["heuristic_play"] = np.array(
                    [p for p in args.heuristic_play.split(",") if p], dtype=str)
            for preset, m in args.mode.items():
                arrays[f"mode_{preset}"] = np.array(m, dtype=str)
            for preset, v in args.margin.items():
                arrays[f"margin_{preset}"] = np.array(v, dtype=np.float32)
            with open(args.export, "wb") as f:
                np.savez(f, **arrays)
        con.print(f"wrote {args.export} from {src}")
        return 0
    if args.game != "bourloto":
        return _run_game(args, run_dir, con)
    try:
        from trapoula.learned.features import NAME as FEATURES_NAME
        from trapoula.train.dmc import TrainConfig, train
    except ImportError as exc:  # torch missing
        raise ConfigError(f"training needs torch (the train extra, docs/learned.md): {exc}"
                          ) from exc
    cfg = TrainConfig(
        presets=tuple(p for p in args.preset.split(",") if p),
        hidden=args.hidden or (256, 256, 128), num_envs=args.envs or 256,
        steps=args.steps or 24, epsilon=0.03 if args.epsilon is None else args.epsilon,
        heuristic=args.heuristic, heuristic_min=args.heuristic_min,
        warm_minutes=args.warm_minutes, lr=args.lr, batch=args.batch, epochs=args.epochs,
        eval_minutes=args.eval_minutes,
        eval_deals=args.eval_deals, seed=args.seed,
        heuristic_bidding=tuple(p for p in args.heuristic_bidding.split(",") if p),
        epsilon_play=args.epsilon_play, modes=args.mode, margins=args.margin,
        features=FEATURES_NAME if args.card_features else "",
        rollout_seconds=args.rollout_seconds, rollout_seconds_by=args.rollout_seconds_by,
        card_rollouts=args.card_rollouts, centered=args.centered,
        rollout_bidding={p: False for p in args.no_bidding_rollouts.split(",") if p})
    state = train(run_dir, args.minutes, cfg, ray_address=args.ray, ray_actors=args.ray_actors)
    con.print(f"trained {state['elapsed'] / 60:.1f} minutes in all, {state['decisions']} "
              f"decisions; weights in {run_dir}/best.npz and latest.npz")
    return 0


def _run_game(args: argparse.Namespace, run_dir: Path, con: Console) -> int:
    """``trapoula train bourre|burraco``: :func:`trapoula.train.game_dmc.train_game`."""
    from trapoula.cli.common import parse_options

    try:
        from trapoula.train.game_dmc import GameTrainConfig, train_game
    except ImportError as exc:  # torch missing
        raise ConfigError(f"training needs torch (the train extra, docs/learned.md): {exc}"
                          ) from exc
    defaults = GameTrainConfig()
    cfg = GameTrainConfig(
        game=args.game, options=parse_options(args.options),
        hidden=args.hidden or defaults.hidden, num_envs=args.envs or defaults.num_envs,
        steps=args.steps or defaults.steps,
        epsilon=defaults.epsilon if args.epsilon is None else args.epsilon,
        lr=args.lr, batch=args.batch, epochs=args.epochs, eval_minutes=args.eval_minutes,
        eval_deals=args.eval_deals, seed=args.seed, self_play=args.self_play,
        opponents=tuple(o for o in args.opponents.split(",") if o), latest=args.latest,
        snapshot_minutes=args.snapshot_minutes)
    state = train_game(run_dir, args.minutes, cfg, ray_address=args.ray,
                       ray_actors=args.ray_actors)
    con.print(f"trained {state['elapsed'] / 60:.1f} minutes in all, {state['decisions']} "
              f"decisions; weights in {run_dir}/best.npz and latest.npz (export: trapoula "
              f"train {args.game} --run-dir {run_dir} --export PATH)")
    return 0
