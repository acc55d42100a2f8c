"""The arena's units of work: one duplicate deal (or match) for one pair of entrants.

A unit is plain data (picklable, JSON-friendly) and :func:`run_unit` is a pure function of
it: every bot is made afresh inside the unit with a seed derived from the arena seed, the
unit and the seat, so a unit gives the same result in this process, in a worker process or
on a Ray node.

* Partnership games (Bourloto, Burraco for four): the deal ``derive_seed(seed, "deal", i)``
  is played twice, entrant X on team A's seats (P1, P3) and then on team B's.  An entrant
  ``x+y`` puts two different bots in one partnership.
* Games where everyone plays for himself (Bourré): the deal is played once per rotation of
  the table; X and Y alternate round it (X, Y, X, Y, ...), and in rotation ``r`` the bot of
  slot ``k`` sits at seat ``(k + r) mod n``.
* Match units play a whole match to the target twice, the entrants' seats swapped.

>>> u = Unit(("bourloto", "gr", ()), "deal", 0, 1, ("random", "random"), 5, True)
>>> r = run_unit(u)
>>> len(r["plays"]), sorted(r["plays"][0])
(2, ['thrown_in', 'x', 'y'])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import trapoula
from trapoula.bots import Bot, make_bot
from trapoula.core.game import Game, derive_seed
from trapoula.core.seats import seat_names

__all__ = ["GameSpec", "Unit", "make_game", "run_unit", "split_entrant"]

# (game name, preset or None, sorted (option, value) pairs)
GameSpec = tuple[str, Any, tuple[tuple[str, Any], ...]]


@dataclass(frozen=True)
class Unit:
    """One duplicate deal (``kind="deal"``) or match (``"match"``) of entrants X and Y."""

    game: GameSpec
    kind: str
    index: int  # the deal or match number
    pair: int  # the pair's number in the round robin
    entrants: tuple[str, str]
    seed: int
    partnership: bool

    @property
    def key(self) -> tuple[int, int, int]:
        """Sort key: matches after deals, then by number, then by pair."""
        return (self.kind == "match", self.index, self.pair)


_GAMES: dict[GameSpec, Game] = {}


def make_game(spec: GameSpec) -> Game:
    game = _GAMES.get(spec)
    if game is None:
        game = _GAMES[spec] = trapoula.make(spec[0], spec[1], **dict(spec[2]))
    return game


def split_entrant(name: str) -> tuple[str, str]:
    """The two bots of a partnership entrant: ``"a+b"`` -> (a, b); ``"a"`` -> (a, a)."""
    parts = [p.strip() for p in name.split("+")]
    if len(parts) == 1:
        return parts[0], parts[0]
    if len(parts) == 2 and all(parts):
        return parts[0], parts[1]
    raise ValueError(f"an entrant is a bot name or two joined by '+', not {name!r}")


class _Clock:
    """Moves and seconds per bot name."""

    def __init__(self) -> None:
        self.data: dict[str, list[float]] = {}

    def add(self, name: str, dt: float) -> None:
        row = self.data.setdefault(name, [0, 0.0, 0.0])
        row[0] += 1
        row[1] += dt
        if dt > row[2]:
            row[2] = dt


def _play(state: Any, bots: dict[str, Bot], names: dict[str, str], clock: _Clock) -> Any:
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        t = time.perf_counter()
        action = bots[seat].choose(view)
        clock.add(names[seat], time.perf_counter() - t)
        state = state.apply(action)
    return state


def _bots(game: Game, lineup: Sequence[str], seed: int, tag: str) -> dict[str, Bot]:
    seats = seat_names(len(lineup))
    return {s: make_bot(lineup[k], game, seed=derive_seed(seed, tag, k))
            for k, s in enumerate(seats)}


def run_unit(unit: Unit) -> dict[str, Any]:
    """Play one unit; a JSON-friendly result (``timing`` is the only part that varies)."""
    game = make_game(unit.game)
    clock = _Clock()
    if unit.partnership:
        out = _run_team_unit(game, unit, clock)
    else:
        out = _run_seat_unit(game, unit, clock)
    out["timing"] = {k: list(v) for k, v in clock.data.items()}
    return out


def _run_team_unit(game: Game, unit: Unit, clock: _Clock) -> dict[str, Any]:
    from trapoula.cli.simulate import deal_points

    x1, x2 = split_entrant(unit.entrants[0])
    y1, y2 = split_entrant(unit.entrants[1])
    seed = derive_seed(unit.seed, unit.kind, unit.index)
    plays = []
    for x_team in "AB":
        lineup = [x1, y1, x2, y2] if x_team == "A" else [y1, x1, y2, x2]
        bots = _bots(game, lineup, unit.seed, f"{unit.kind}/{unit.index}/{unit.pair}/{x_team}")
        names = dict(zip(seat_names(4), lineup, strict=True))
        state = game.new_match(seed=seed) if unit.kind == "match" else game.new_deal(seed=seed)
        final = _play(state, bots, names, clock)
        y_team = "B" if x_team == "A" else "A"
        if unit.kind == "match":
            res = final.result or {}
            sc = res.get("scores", {"A": 0, "B": 0})
            winner = res.get("winner")
            plays.append({"x": sc[x_team], "y": sc[y_team],
                          "won": 1 if winner == x_team else (-1 if winner == y_team else 0),
                          "deals": res.get("deals", 0)})
        else:
            pts = deal_points(final.result)
            plays.append({"x": pts[x_team], "y": pts[y_team],
                          "thrown_in": bool((final.result or {}).get("thrown_in"))})
    return {"kind": unit.kind, "index": unit.index, "pair": unit.pair, "plays": plays}


def _run_seat_unit(game: Game, unit: Unit, clock: _Clock) -> dict[str, Any]:
    from trapoula.cli.common import seat_count
    from trapoula.cli.simulate_seats import seat_payoffs

    n = seat_count(game)
    seats = seat_names(n)
    lineup = [unit.entrants[k % 2] for k in range(n)]
    seed = derive_seed(unit.seed, unit.kind, unit.index)
    totals = [0.0] * n
    unit_name = "chips"
    for r in range(n):
        at = {seats[(k + r) % n]: lineup[k] for k in range(n)}
        bots = _bots(game, [at[s] for s in seats], unit.seed,
                     f"{unit.kind}/{unit.index}/{unit.pair}/{r}")
        state = game.new_deal(seed=seed, dealer=seats[unit.index % n])
        final = _play(state, bots, at, clock)
        nets, unit_name = seat_payoffs(final)
        for k in range(n):
            totals[k] += nets.get(seats[(k + r) % n], 0.0)
    xs = [totals[k] for k in range(n) if k % 2 == 0]
    ys = [totals[k] for k in range(n) if k % 2 == 1]
    return {"kind": unit.kind, "index": unit.index, "pair": unit.pair, "unit": unit_name,
            "plays": [{"x": sum(xs) / (len(xs) * n), "y": sum(ys) / (len(ys) * n),
                       "thrown_in": False}]}
