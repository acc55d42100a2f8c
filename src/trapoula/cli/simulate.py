"""``trapoula simulate GAME``: bots against bots over duplicate deals.

Partnership games (Bourloto, Burraco) are described here; games where everyone plays for
himself (Bourré) rotate the bots through every seat (:mod:`trapoula.cli.simulate_seats`).

Deal ``i`` is ``game.new_deal(seed=derive_seed(S, i))``; it is played twice, the second
time with the two sides' bots exchanged (seats swapped), so both sides hold the same cards.
The report gives each side's points per deal and the mean per-deal difference with a 95 %
confidence interval (normal approximation on the per-deal-pair differences).  Thrown-in deals
count as 0-0.  ``--bots a,b`` puts ``a`` on team A's seats (P1, P3) and ``b`` on team B's;
four names give one bot per seat P1..P4.  The seatings, play-outs and statistics are
:mod:`trapoula.core.evaluate`'s; a side's points are its seats' ``returns()``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from trapoula.bots import Bot
from trapoula.cli.common import Console, bot_or_fallback, build_game, parse_options
from trapoula.cli.play import option_words
from trapoula.cli.simulate_seats import run_seats
from trapoula.core.evaluate import PairStats, duplicate_seatings, pair_stats, play_out
from trapoula.core.game import Game, derive_seed, fresh_seed
from trapoula.core.outcome import DealOutcome
from trapoula.errors import ConfigError, TrapoulaError

__all__ = ["PairStats", "add_parser", "pair_stats", "play_deal", "run"]


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
    return first, [first[1], first[0], first[3], first[2]]  # duplicate_seatings' swap


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
    """One deal with a bot per seat: the team points (a thrown-in deal scores 0-0) and
    whether it was thrown in."""
    out = play_out(game.new_deal(seed=seed), bots).outcome()
    assert isinstance(out, DealOutcome)
    return dict(out.points), out.thrown_in


def run(args: argparse.Namespace, con: Console) -> int:
    words = option_words(args)
    parse_options(words)
    game = build_game(args.game, args.preset, words)
    if args.deals < 1:
        raise ConfigError("--deals must be at least 1")
    seeds = fresh_seed() if args.seed is None else args.seed
    info = game.info
    if not info.partnership:
        return run_seats(args, game, seeds, con, _isatty(con.err))
    first, swapped = _lineups(args.bots)
    warned: set[str] = set()

    def warn(name: str, why: str) -> None:
        if name not in warned:
            warned.add(name)
            con.error(f"warning: the {name} bot is not available ({why}); using random")

    tables = [
        {s: bot_or_fallback(name, game, derive_seed(seeds, "bot", side, s), warn)
         for s, name in at.items()}
        for side, at in enumerate(duplicate_seatings(info, first))
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
