"""``trapoula simulate GAME``: bots against bots over duplicate deals.

Partnership games (Bourloto, Burraco) are described here; games where everyone plays for
himself (Bourré) rotate the bots through every seat (:mod:`trapoula.cli.simulate_seats`).

Deal ``i`` is ``game.new_deal(seed=derive_seed(S, i))``; it is played twice, the second
time with the two sides' bots exchanged (seats swapped), so both sides hold the same cards.
The report gives each side's points per deal and the mean per-deal difference with a 95 %
confidence interval (normal approximation on the per-deal-pair differences).  Thrown-in deals
count as 0-0.  ``--bots a,b`` puts ``a`` on team A's seats (P1, P3) and ``b`` on team B's;
four names give one bot per seat P1..P4.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from trapoula.bots import Bot
from trapoula.cli.common import (
    Console,
    bot_or_fallback,
    build_game,
    is_partnership,
    parse_options,
    seat_count,
)
from trapoula.cli.play import option_words
from trapoula.cli.simulate_seats import run_seats
from trapoula.core.game import Game, derive_seed, fresh_seed
from trapoula.core.seats import seat_names
from trapoula.errors import ConfigError, TrapoulaError

__all__ = ["PairStats", "add_parser", "deal_points", "pair_stats", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help="bots against bots over duplicate deals",
                       description="Play N duplicate deals: each twice with the teams' "
                                   "seats swapped (partnership games), or once per seat with "
                                   "the bots rotated through every seat (bourre).")
    p.add_argument("game")
    p.add_argument("options", nargs="*", default=[], metavar="option=value")
    p.add_argument("--bots", default="heuristic,random",
                   help="partnerships: two names (team A, team B) or four (P1..P4); "
                        "others (bourre): one per seat, or names taken in turn round the "
                        "table; default heuristic,random")
    p.add_argument("--deals", type=int, default=100,
                   help="number of deals (each played twice, or once per seat in bourre)")
    p.add_argument("--players", type=int, metavar="N",
                   help="number of players (option players=N; bourre: 2-7)")
    p.add_argument("--ante", type=int, metavar="CHIPS", help="the ante (bourre: option ante)")
    p.add_argument("--seed", type=int, help="seed of the deal series")
    p.add_argument("--preset")
    p.set_defaults(run=run)


@dataclass(frozen=True)
class PairStats:
    """Summary of per-deal-pair results of side 1 against side 2."""

    n: int
    mean1: float  # side 1's points per deal
    mean2: float
    diff: float  # mean of (side 1 - side 2) per deal, averaged over the pair
    half_width: float  # 95 % confidence half-width of ``diff``

    @property
    def low(self) -> float:
        return self.diff - self.half_width

    @property
    def high(self) -> float:
        return self.diff + self.half_width


def pair_stats(pairs: Sequence[tuple[float, float, float, float]]) -> PairStats:
    """Stats from ``(side1 first play, side2 first play, side1 swapped, side2 swapped)``.

    >>> s = pair_stats([(100, 62, 90, 72), (80, 82, 70, 92), (162, 0, 81, 81)])
    >>> s.n, round(s.mean1, 2), round(s.mean2, 2), round(s.diff, 2), round(s.half_width, 2)
    (3, 97.17, 64.83, 32.33, 52.79)
    """
    n = len(pairs)
    if n == 0:
        return PairStats(0, 0.0, 0.0, 0.0, math.inf)
    diffs = [((a1 - b1) + (a2 - b2)) / 2 for a1, b1, a2, b2 in pairs]
    mean1 = sum(a1 + a2 for a1, _, a2, _ in pairs) / (2 * n)
    mean2 = sum(b1 + b2 for _, b1, _, b2 in pairs) / (2 * n)
    d = sum(diffs) / n
    if n < 2:
        return PairStats(n, mean1, mean2, d, math.inf)
    var = sum((x - d) ** 2 for x in diffs) / (n - 1)
    return PairStats(n, mean1, mean2, d, 1.96 * math.sqrt(var / n))


def deal_points(result: Mapping[str, Any] | None) -> dict[str, int]:
    """Team points of a finished deal (a thrown-in deal is 0-0).

    >>> deal_points({"thrown_in": True}), deal_points({"scores": {"A": 90, "B": 72}})
    ({'A': 0, 'B': 0}, {'A': 90, 'B': 72})
    """
    result = result or {}
    if result.get("thrown_in"):
        return {"A": 0, "B": 0}
    scores = result.get("scores")
    if not isinstance(scores, Mapping) or set(scores) != {"A", "B"}:
        raise ConfigError("simulate needs a partnership game whose deals score teams A and B")
    return {"A": int(scores["A"]), "B": int(scores["B"])}


def _lineups(spec: str) -> tuple[list[str], list[str]]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names = names * 2
    if len(names) == 2:
        first = [names[0], names[1], names[0], names[1]]
    elif len(names) == 4:
        first = names
    else:
        raise ConfigError(f"--bots takes 2 names (teams A, B) or 4 (P1..P4), got {spec!r}")
    swapped = [first[1], first[0], first[3], first[2]]
    return first, swapped


def _side_name(lineup: Sequence[str]) -> str:
    return lineup[0] if lineup[0] == lineup[2] else f"{lineup[0]}+{lineup[2]}"


def _progress(stream: TextIO, done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals "
                 f"({rate:.0f}/s)")
    stream.flush()


def play_deal(game: Game, seed: int, bots: Mapping[str, Bot]) -> tuple[dict[str, int], bool]:
    """One deal with a bot per seat: the team points and whether it was thrown in."""
    state = game.new_deal(seed=seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat)))
    return deal_points(state.result), bool((state.result or {}).get("thrown_in"))


def run(args: argparse.Namespace, con: Console) -> int:
    words = option_words(args)
    parse_options(words)
    game = build_game(args.game, args.preset, words)
    if args.deals < 1:
        raise ConfigError("--deals must be at least 1")
    seeds = fresh_seed() if args.seed is None else args.seed
    if not is_partnership(game):
        return run_seats(args, game, seeds, con, _isatty(con.err))
    seats = seat_names(seat_count(game))
    if len(seats) != 4:
        raise ConfigError("simulate plays partnership games of four seats")
    first, swapped = _lineups(args.bots)
    warned: set[str] = set()

    def warn(name: str, why: str) -> None:
        if name not in warned:
            warned.add(name)
            con.error(f"warning: the {name} bot is not available ({why}); using random")

    tables = [
        {s: bot_or_fallback(lineup[k], game, derive_seed(seeds, "bot", side, s), warn)
         for k, s in enumerate(seats)}
        for side, lineup in enumerate((first, swapped))
    ]
    show = _isatty(con.err)
    pairs: list[tuple[float, float, float, float]] = []
    thrown = 0
    started = time.perf_counter()
    for i in range(args.deals):
        seed = derive_seed(seeds, i)
        try:
            p1, t1 = play_deal(game, seed, tables[0])
            p2, t2 = play_deal(game, seed, tables[1])
        except TrapoulaError:
            raise
        except Exception as exc:  # a bot's bug: say which deal, without a traceback
            if show:
                con.err.write("\n")
            con.error(f"error: a bot failed in deal {i} ({type(exc).__name__}: {exc}); "
                      f"bots: {args.bots}")
            return 1
        thrown += t1 + t2
        # side 1 holds team A's seats in the first play and team B's in the swapped one
        pairs.append((p1["A"], p1["B"], p2["B"], p2["A"]))
        if show and (i % 10 == 9 or i + 1 == args.deals):
            _progress(con.err, 2 * (i + 1), 2 * args.deals, started)
    elapsed = time.perf_counter() - started
    if show:
        con.err.write("\n")
    st = pair_stats(pairs)
    s1, s2 = _side_name(first), _side_name(swapped)
    if s1 == s2:
        s1, s2 = f"{s1} (side 1)", f"{s2} (side 2)"
    w = max(len(s1), len(s2))
    con.print(f"{game.name} {game.preset}: {st.n} deals x 2 (duplicate, seats swapped), "
              f"seed {seeds}")
    con.print(f"  {s1.ljust(w)}  {st.mean1:7.1f} points per deal")
    con.print(f"  {s2.ljust(w)}  {st.mean2:7.1f} points per deal")
    con.print(f"  {s1} - {s2}: {st.diff:+.1f} points per deal, "
              f"95% CI [{st.low:+.1f}, {st.high:+.1f}] (n = {st.n} deal pairs)")
    con.print(f"  thrown in: {thrown} of {2 * st.n} deals (counted 0-0)")
    con.print(f"  {2 * st.n / max(elapsed, 1e-9):.0f} deals/s ({elapsed:.2f} s)")
    return 0


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
