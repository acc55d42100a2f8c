"""``trapoula simulate`` for games where everyone plays for himself (Bourré; Burraco with
two or three players, scored in points per seat).

``--bots`` names one bot per seat (``a,b,c,d,e`` for P1..P5), or fewer names repeated in
turn round the table (two names alternate: ``a,b`` at five seats is ``a,b,a,b,a``).  Each
name's seats are its *slots*.  Deal ``i`` is ``game.new_deal(seed=derive_seed(S, i))`` with
the deal passing round the table (dealer ``P(i mod n + 1)``), and it is played ``n`` times:
in rotation ``r`` the bot of slot ``k`` sits at seat ``(k + r) mod n``, so every slot plays
every seat's cards (and every position after the dealer) of every deal.

A seat's chips for a deal (RULES.md §2.5): what it takes from the pot, minus its ante, its
draw fees and its bourré payment.  What nobody takes within the deal (bourré payments and
undivided remainders, which start the next pot at a real table) is reported apart.  A bot's
figure is, per deal, the mean over its slots and the ``n`` rotations; the 95 % confidence
interval is the normal approximation over deals.

>>> import trapoula
>>> g = trapoula.make("bourre", players=3)
>>> s = g.new_deal(seed=3).apply("fold").apply("fold").apply("stay")
>>> chip_nets(s)
{'P1': -1, 'P2': -1, 'P3': 2}
>>> seat_lineup("a,b", 5)
['a', 'b', 'a', 'b', 'a']
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trapoula.bots import Bot
from trapoula.cli.common import Console, bot_or_fallback, seat_count
from trapoula.core.game import Game, derive_seed
from trapoula.core.seats import seat_names
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, TrapoulaError

__all__ = [
    "MeanCI", "chip_nets", "mean_ci", "play_rotations", "run_seats", "seat_lineup",
    "seat_payoffs",
]


@dataclass(frozen=True)
class MeanCI:
    """A mean over ``n`` samples with its 95 % confidence half-width."""

    n: int
    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width


def mean_ci(xs: Sequence[float]) -> MeanCI:
    """Mean and 95 % half-width (normal approximation; infinite below two samples).

    >>> c = mean_ci([1.0, 2.0, 3.0, 4.0])
    >>> c.mean, round(c.half_width, 3)
    (2.5, 1.265)
    """
    n = len(xs)
    if n == 0:
        return MeanCI(0, 0.0, math.inf)
    m = sum(xs) / n
    if n < 2:
        return MeanCI(n, m, math.inf)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return MeanCI(n, m, 1.96 * math.sqrt(var / n))


def seat_lineup(spec: str, n: int) -> list[str]:
    """The bot name of each seat P1..Pn from ``--bots``: ``n`` names, or fewer in turn."""
    names = [x.strip() for x in spec.split(",") if x.strip()]
    if not names or len(names) > n:
        raise ConfigError(
            f"--bots takes one name per seat ({n}), or fewer names taken in turn round "
            f"the table (e.g. two that alternate); got {spec!r}"
        )
    return [names[k % len(names)] for k in range(n)]


def chip_nets(state: GameState) -> dict[str, int]:
    """Each dealt-in seat's chips for a finished Bourré deal (RULES.md §2.5), from public
    facts: the result, the ante and the draw fees paid."""
    res = state.result
    if not isinstance(res, dict) or "payouts" not in res:
        raise ConfigError("simulate without partnerships needs a game whose deals settle "
                          "chips (payouts, bourré payments), such as bourre")
    seats = state.view("P1").players
    out = {}
    for s in seats:
        v: Any = state.view(s)
        out[s] = (res["payouts"].get(s, 0) - v.ante - v.fees_paid.get(s, 0)
                  - res["bourre"].get(s, 0))
    return out


def seat_payoffs(state: GameState) -> tuple[dict[str, float], str]:
    """Each seat's result of a finished deal and its unit: Bourré chips (:func:`chip_nets`),
    or the points of a game that scores every seat on its own (Burraco with 2-3 players)."""
    res = state.result
    if isinstance(res, dict) and "payouts" in res:
        return {s: float(v) for s, v in chip_nets(state).items()}, "chips"
    scores = res.get("scores") if isinstance(res, dict) else None
    if isinstance(scores, dict) and scores and all(str(k).startswith("P") for k in scores):
        return {s: float(v) for s, v in scores.items()}, "points"
    raise ConfigError("simulate without partnerships needs a game whose deals score every "
                      "seat (bourre chips, or points per player)")


def play_rotations(
    game: Game, seed: int, dealer: str, slots: Sequence[Bot]
) -> tuple[list[float], float, str]:
    """One deal played once per rotation: each slot's result summed over the rotations,
    what the seats lost together (Bourré: the chips left in the pots), and the unit."""
    n = len(slots)
    seats = seat_names(n)
    total = [0.0] * n
    left = 0.0
    unit = "chips"
    for r in range(n):
        at = {seats[(k + r) % n]: slots[k] for k in range(n)}
        state = game.new_deal(seed=seed, dealer=dealer)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state = state.apply(at[seat].choose(state.view(seat)))
        nets, unit = seat_payoffs(state)
        for k in range(n):
            total[k] += nets.get(seats[(k + r) % n], 0)
        left -= sum(nets.values())
    return total, left, unit


def run_seats(args: Any, game: Game, seeds: int, con: Console, show: bool) -> int:
    """The report of ``trapoula simulate`` for a game without partnerships."""
    n = seat_count(game)
    seats = seat_names(n)
    lineup = seat_lineup(args.bots, n)
    warned: set[str] = set()

    def warn(name: str, why: str) -> None:
        if name not in warned:
            warned.add(name)
            con.error(f"warning: the {name} bot is not available ({why}); using random")

    slots = [bot_or_fallback(lineup[k], game, derive_seed(seeds, "bot", k), warn)
             for k in range(n)]
    names = list(dict.fromkeys(lineup))
    per_name: dict[str, list[float]] = {x: [] for x in names}
    diffs: list[float] = []
    left = 0.0
    unit = "chips"
    started = time.perf_counter()
    for i in range(args.deals):
        try:
            total, pot_left, unit = play_rotations(game, derive_seed(seeds, i), seats[i % n],
                                                   slots)
        except TrapoulaError:
            raise
        except Exception as exc:  # a bot's bug: say which deal, without a traceback
            if show:
                con.err.write("\n")
            con.error(f"error: a bot failed in deal {i} ({type(exc).__name__}: {exc}); "
                      f"bots: {', '.join(lineup)}")
            return 1
        left += pot_left
        means = {}
        for x in names:
            ks = [k for k in range(n) if lineup[k] == x]
            means[x] = sum(total[k] for k in ks) / (len(ks) * n)
            per_name[x].append(means[x])
        if len(names) == 2:
            diffs.append(means[names[0]] - means[names[1]])
        if show and (i % 10 == 9 or i + 1 == args.deals):
            _progress(con, n * (i + 1), n * args.deals, started)
    elapsed = time.perf_counter() - started
    if show:
        con.err.write("\n")
    played = n * args.deals
    con.print(f"{game.name} {game.preset}, {n} players: {args.deals} deals x {n} "
              f"(the bots rotated through every seat), seed {seeds}")
    w = max(len("bot"), *(len(x) for x in names))
    con.print(f"  {'bot'.ljust(w)}  seats  {unit + ' per deal':>14}  95% CI")
    for x in names:
        c = mean_ci(per_name[x])
        con.print(f"  {x.ljust(w)}  {lineup.count(x):>5}  {c.mean:+14.2f}  "
                  f"[{c.low:+.2f}, {c.high:+.2f}] (n = {c.n} deals)")
    if len(names) == 2:
        d = mean_ci(diffs)
        con.print(f"  {names[0]} - {names[1]}: {d.mean:+.2f} {unit} per deal, "
                  f"95% CI [{d.low:+.2f}, {d.high:+.2f}] (n = {d.n} deals)")
    if unit == "chips":
        con.print(f"  left in the pots (bourré payments, undivided remainders): "
                  f"{left / played:.2f} chips per deal")
    con.print(f"  {played / max(elapsed, 1e-9):.0f} deals/s ({elapsed:.2f} s)")
    return 0


def _progress(con: Console, done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    con.err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals "
                  f"({rate:.0f}/s)")
    con.err.flush()
