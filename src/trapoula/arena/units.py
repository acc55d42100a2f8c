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

The seatings are :func:`trapoula.core.evaluate.duplicate_seatings`, the play-outs
:func:`~trapoula.core.evaluate.play_out` and every figure a seat's ``returns()``.

>>> u = Unit(("bourloto", "gr", ()), "deal", 0, 1, ("random", "random"), 5, True)
>>> r = run_unit(u)
>>> len(r["plays"]), sorted(r["plays"][0])
(2, ['thrown_in', 'x', 'y'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import trapoula
from trapoula.bots import Bot, make_bot
from trapoula.core.evaluate import duplicate_seatings, play_out
from trapoula.core.game import Game, derive_seed
from trapoula.core.outcome import DealOutcome, MatchOutcome
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

    def timer(self, names: dict[str, str]) -> Callable[[str, float], None]:
        """A :func:`~trapoula.core.evaluate.play_out` clock charging each seat's bot."""
        return lambda seat, dt: self.add(names[seat], dt)


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
    x1, x2 = split_entrant(unit.entrants[0])
    y1, y2 = split_entrant(unit.entrants[1])
    lineup = [x1, y1, x2, y2]  # X holds slots 0 and 2, Y slots 1 and 3
    info = game.info
    seed = derive_seed(unit.seed, unit.kind, unit.index)
    plays = []
    for play, at in enumerate(duplicate_seatings(info, range(4))):
        x_team = "AB"[play]
        names = {s: lineup[k] for s, k in at.items()}
        bots = _bots(game, [names[s] for s in info.seats], unit.seed,
                     f"{unit.kind}/{unit.index}/{unit.pair}/{x_team}")
        state = game.new_match(seed=seed) if unit.kind == "match" else game.new_deal(seed=seed)
        final = play_out(state, bots, clock.timer(names))
        x_seat, y_seat = (next(s for s, k in at.items() if k == slot) for slot in (0, 1))
        pay = final.returns()
        if unit.kind == "match":
            out = final.outcome()
            assert isinstance(out, MatchOutcome)
            winner = out.winner
            plays.append({"x": pay[x_seat], "y": pay[y_seat],
                          "won": (1 if winner == info.side_of(x_seat)
                                  else -1 if winner == info.side_of(y_seat) else 0),
                          "deals": out.deals})
        else:
            deal = final.outcome()
            assert isinstance(deal, DealOutcome)
            plays.append({"x": pay[x_seat], "y": pay[y_seat], "thrown_in": deal.thrown_in})
    return {"kind": unit.kind, "index": unit.index, "pair": unit.pair, "plays": plays}


def _run_seat_unit(game: Game, unit: Unit, clock: _Clock) -> dict[str, Any]:
    info = game.info
    seats = info.seats
    n = len(seats)
    lineup = [unit.entrants[k % 2] for k in range(n)]  # X and Y alternate round the table
    seed = derive_seed(unit.seed, unit.kind, unit.index)
    totals = [0.0] * n
    for r, at in enumerate(duplicate_seatings(info, range(n))):
        names = {s: lineup[k] for s, k in at.items()}
        bots = _bots(game, [names[s] for s in seats], unit.seed,
                     f"{unit.kind}/{unit.index}/{unit.pair}/{r}")
        state = game.new_deal(seed=seed, dealer=seats[unit.index % n])
        pay = play_out(state, bots, clock.timer(names)).returns()
        for s, k in at.items():
            totals[k] += pay[s]
    xs = [totals[k] for k in range(n) if k % 2 == 0]
    ys = [totals[k] for k in range(n) if k % 2 == 1]
    return {"kind": unit.kind, "index": unit.index, "pair": unit.pair, "unit": info.unit,
            "plays": [{"x": sum(xs) / (len(xs) * n), "y": sum(ys) / (len(ys) * n),
                       "thrown_in": False}]}
