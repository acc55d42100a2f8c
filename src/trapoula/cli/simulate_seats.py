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
interval is the normal approximation over deals (:mod:`trapoula.core.evaluate`).

>>> import trapoula
>>> g = trapoula.make("bourre", players=3)
>>> s = g.new_deal(seed=3).apply("fold").apply("fold").apply("stay")
>>> chip_nets(s)
{'P1': -1, 'P2': -1, 'P3': 2}
>>> seat_lineup("a,b", 5)
['a', 'b', 'a', 'b', 'a']
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from trapoula.bots import Bot
from trapoula.cli.common import Console, bot_or_fallback
from trapoula.core.evaluate import MeanCI, duplicate_seatings, mean_ci, play_out
from trapoula.core.game import Game, derive_seed
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, TrapoulaError

__all__ = ["MeanCI", "chip_nets", "mean_ci", "play_rotations", "run_seats", "seat_lineup"]


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
    """Each seat's chips for a finished Bourré deal (RULES.md §2.5): its ``returns()``."""
    if state.game.info.unit != "chips":
        raise ConfigError("simulate without partnerships needs a game whose deals settle "
                          "chips (payouts, bourré payments), such as bourre")
    return {s: int(v) for s, v in state.returns().items()}


def play_rotations(
    game: Game, seed: int, dealer: str, slots: Sequence[Bot]
) -> tuple[list[float], float, str]:
    """One deal played once per rotation (:func:`~trapoula.core.evaluate.duplicate_seatings`):
    each slot's payoff (``returns()``) summed over the rotations, what the seats lost
    together (Bourré: the chips left in the pots), and the payoff's unit."""
    info = game.info
    total = [0.0] * len(slots)
    left = 0.0
    for at in duplicate_seatings(info, range(len(slots))):
        final = play_out(game.new_deal(seed=seed, dealer=dealer),
                         {s: slots[k] for s, k in at.items()})
        pay = final.returns()
        for s, k in at.items():
            total[k] += pay[s]
        left -= sum(pay.values())
    return total, left, info.unit


def run_seats(args: Any, game: Game, seeds: int, con: Console, show: bool) -> int:
    """The report of ``trapoula simulate`` for a game without partnerships."""
    seats = game.info.seats
    n = len(seats)
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
