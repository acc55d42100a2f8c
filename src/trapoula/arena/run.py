"""Run an arena: units of work on a backend (this process, local worker processes or a Ray
cluster), then statistics that depend only on the units' results, sorted — so the same
seed gives the same figures whatever the backend and the order in which units finish.

>>> spec = ArenaSpec("bourloto", "gr", {}, ("heuristic", "random"), deals=3, seed=1)
>>> res = run_arena(spec)
>>> [p["x"] + " v " + p["y"] for p in res["pairs"]], res["pairs"][0]["deals"]["diff"]["n"]
(['heuristic v random'], 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from trapoula.arena.stats import ci_dict, openskill_ratings, win_rate
from trapoula.arena.units import GameSpec, Unit, make_game, run_unit, split_entrant
from trapoula.errors import ConfigError

__all__ = ["ArenaSpec", "build_units", "run_arena", "run_units"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: a game, entrants (round robin of every pair), deals per pair, matches
    per pair (to the target, for win rates) and the seed everything derives from."""

    game: str
    preset: str | None
    options: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ("heuristic", "random")
    deals: int = 100
    seed: int = 0
    matches: int = 0

    @property
    def game_spec(self) -> GameSpec:
        return (self.game, self.preset, tuple(sorted(self.options.items())))


def build_units(spec: ArenaSpec) -> list[Unit]:
    if len(spec.bots) < 2:
        raise ConfigError("the arena needs at least two entrants (--bots a,b)")
    if len(set(spec.bots)) != len(spec.bots):
        raise ConfigError(f"entrants must differ: {', '.join(spec.bots)}")
    from trapoula.bots import available_bots

    game = make_game(spec.game_spec)
    team = game.info.partnership
    known = available_bots(game.name)
    for entrant in spec.bots:
        for name in split_entrant(entrant) if team else (entrant,):
            if name.partition("@")[0] not in known:
                raise ConfigError(f"no bot {name!r} for {game.name}; bots are: "
                                  f"{', '.join(known)}")
    if spec.matches and not team:
        raise ConfigError("--matches needs a partnership game (matches to the target)")
    pairs = [(spec.bots[i], spec.bots[j]) for i in range(len(spec.bots))
             for j in range(i + 1, len(spec.bots))]
    units = []
    for kind, count in (("deal", spec.deals), ("match", spec.matches)):
        for index in range(count):
            for p, entrants in enumerate(pairs):
                units.append(Unit(spec.game_spec, kind, index, p, entrants, spec.seed, team))
    return units


def _serial(units: Sequence[Unit]) -> Iterator[tuple[int, dict[str, Any]]]:
    for i, u in enumerate(units):
        yield i, run_unit(u)


def _indexed(arg: tuple[int, Unit]) -> tuple[int, dict[str, Any]]:
    return arg[0], run_unit(arg[1])


def _processes(units: Sequence[Unit], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap_unordered(_indexed, list(enumerate(units)), chunksize=1)


def _ray(units: Sequence[Unit], address: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise ConfigError("--ray needs the ray package (pip install trapoula[dist])") from exc
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(_indexed)
    pending = [remote.remote((i, u)) for i, u in enumerate(units)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def run_units(
    units: Sequence[Unit], workers: int = 1, ray_address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Every unit's result, in the order of ``units`` (whatever order they finished in)."""
    if ray_address:
        stream = _ray(units, ray_address)
    elif workers > 1:
        stream = _processes(units, workers)
    else:
        stream = _serial(units)
    out: list[dict[str, Any] | None] = [None] * len(units)
    for done, (i, res) in enumerate(stream, 1):
        out[i] = res
        if progress is not None:
            progress(done, len(units))
    return [r for r in out if r is not None]


def run_arena(
    spec: ArenaSpec, workers: int = 1, ray_address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play the arena and summarise it (see :func:`summarise`)."""
    units = build_units(spec)
    t = time.perf_counter()
    results = run_units(units, workers, ray_address, progress)
    out = summarise(spec, units, results)
    out["elapsed_s"] = time.perf_counter() - t
    out["backend"] = (f"ray {ray_address}" if ray_address
                      else f"processes x{workers}" if workers > 1 else "serial")
    return out


def summarise(spec: ArenaSpec, units: Sequence[Unit],
              results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per pair: each side's mean per deal, the duplicate difference with its 95 % CI and
    match win rates; per bot: OpenSkill ratings and time per move."""
    order = sorted(range(len(units)), key=lambda i: units[i].key)
    game = make_game(spec.game_spec)
    unit_name = "points"
    pairs: dict[int, dict[str, Any]] = {}
    rating_games: list[tuple[list[list[str]], list[float]]] = []
    timing: dict[str, list[float]] = {}
    thrown = 0
    for i in order:
        u, r = units[i], results[i]
        unit_name = r.get("unit", unit_name)
        p = pairs.setdefault(u.pair, {"x": u.entrants[0], "y": u.entrants[1], "xs": [],
                                      "ys": [], "diffs": [], "wins": []})
        plays = r["plays"]
        if u.kind == "deal":
            xs = sum(pl["x"] for pl in plays) / len(plays)
            ys = sum(pl["y"] for pl in plays) / len(plays)
            thrown += sum(1 for pl in plays if pl.get("thrown_in"))
            p["xs"].append(xs)
            p["ys"].append(ys)
            p["diffs"].append(xs - ys)
            x_team = list(split_entrant(u.entrants[0])) if u.partnership else [u.entrants[0]]
            y_team = list(split_entrant(u.entrants[1])) if u.partnership else [u.entrants[1]]
            rating_games.append(([x_team, y_team], [xs - ys, 0.0]))
        else:
            p["wins"].extend(pl["won"] for pl in plays)
        for name, (moves, secs, slowest) in r.get("timing", {}).items():
            row = timing.setdefault(name, [0, 0.0, 0.0])
            row[0] += moves
            row[1] += secs
            row[2] = max(row[2], slowest)
    pair_rows = []
    for k in sorted(pairs):
        p = pairs[k]
        pair_row: dict[str, Any] = {"x": p["x"], "y": p["y"], "deals": {
            "x": ci_dict(p["xs"]), "y": ci_dict(p["ys"]), "diff": ci_dict(p["diffs"])}}
        if p["wins"]:
            pair_row["matches"] = win_rate(p["wins"])
        pair_rows.append(pair_row)
    return {
        "format": "trapoula-arena/1",
        "spec": asdict(spec),
        "game": {"name": game.name, "preset": game.preset,
                 "options": game.changed_options()},
        "unit": unit_name,
        "duplicate": ("each deal twice, the partnerships' seats swapped" if units and
                      units[0].partnership else "each deal once per rotation of the table"),
        "pairs": pair_rows,
        "thrown_in": thrown,
        "ratings": openskill_ratings(rating_games),
        "timing": {name: {"moves": int(m), "ms_per_move": 1000.0 * s / max(m, 1),
                          "slowest_ms": 1000.0 * w}
                   for name, (m, s, w) in sorted(timing.items())},
    }
