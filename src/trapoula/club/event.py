"""A tournament or club night run round by round, kept as a list of events.

The director registers the entrants (pairs or players), then asks for each round's pairing;
the tables report their results; the standings are there after every result.  The events
(``register``, ``round``, ``result``) are the save: :func:`load_event` replays them through
the same checks, so what the web room stores is the list.

>>> ev = Event("burraco", system="swiss", scoring="fibur3")
>>> for name in ("Rossi", "Bianchi", "Verdi", "Neri", "Gallo"):
...     ev = ev.register(name)
>>> ev = ev.pair()
>>> ev.current.pairs, ev.current.bye
((('Rossi', 'Bianchi'), ('Verdi', 'Neri')), 'Gallo')
>>> ev = ev.report("Rossi", "Bianchi", 1450, 900).report("Verdi", "Neri", 1000, 1000)
>>> [(s.entrant, s.vp) for s in ev.standings()][:3]
[('Rossi', 15.0), ('Gallo', 12.0), ('Neri', 10.0)]
>>> load_event(ev.to_json()).standings() == ev.standings()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trapoula.club.pairing import Pairing, danish, round_robin, swiss
from trapoula.club.standings import Result, Standing, bye, result, standings, win_draw_loss
from trapoula.errors import ConfigError, IllegalActionError, RecordError

__all__ = ["FORMAT", "SCORINGS", "SYSTEMS", "Event", "load_event"]

FORMAT = "trapoula-club-event"
SYSTEMS = ("swiss", "danish", "round_robin")
SCORINGS = {"fibur3": "FIBUR victory points, matches of 3 hands",
            "fibur4": "FIBUR victory points, matches of 4 hands",
            "wdl": "2 for a win, 1 for a draw, 0 for a loss"}


@dataclass(frozen=True)
class Event:
    """A tournament: its game, pairing system, match scoring and events (immutable)."""

    game: str
    system: str = "swiss"
    scoring: str = "fibur3"
    bye_vp: float = 12
    log: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise ConfigError(f"unknown pairing system {self.system!r}; one of "
                              f"{', '.join(SYSTEMS)}")
        if self.scoring not in SCORINGS:
            raise ConfigError(f"unknown scoring {self.scoring!r}; one of {', '.join(SCORINGS)}")

    # --- what the events say ------------------------------------------------------------------
    @property
    def entrants(self) -> tuple[str, ...]:
        return tuple(e["name"] for e in self.log if e["type"] == "register")

    @property
    def rounds(self) -> tuple[Pairing, ...]:
        return tuple(Pairing(tuple((a, b) for a, b in e["pairs"]), e.get("bye"))
                     for e in self.log if e["type"] == "round")

    @property
    def current(self) -> Pairing | None:
        r = self.rounds
        return r[-1] if r else None

    def results(self) -> list[Result]:
        out = []
        rnd = 0
        for e in self.log:
            if e["type"] == "round":
                rnd += 1
                if e.get("bye"):
                    out.append(bye(rnd, e["bye"], self.bye_vp))
            elif e["type"] == "result":
                out.append(self._score(rnd, e["a"], e["b"], e["points_a"], e["points_b"]))
        return out

    def missing(self) -> list[tuple[str, str]]:
        """The pairs of the current round that have not reported."""
        if self.current is None:
            return []
        n = len(self.rounds)
        done = {(r.a, r.b) for r in self.results() if r.round == n and r.b is not None}
        return [p for p in self.current.pairs if p not in done]

    def standings(self) -> list[Standing]:
        return standings(self.entrants, self.results())

    # --- the director's and the tables' actions ----------------------------------------------
    def register(self, name: str) -> Event:
        if self.rounds:
            raise IllegalActionError("registration is closed: the first round is paired")
        if not isinstance(name, str) or not name.strip():
            raise IllegalActionError(f"an entrant's name is some text, got {name!r}")
        if name in self.entrants:
            raise IllegalActionError(f"{name!r} is already registered")
        return self._with({"type": "register", "name": name})

    def pair(self) -> Event:
        """Pair the next round (every result of the current one must be in)."""
        if len(self.entrants) < 2:
            raise IllegalActionError("register at least two entrants first")
        if self.missing():
            left = ", ".join(f"{a}-{b}" for a, b in self.missing())
            raise IllegalActionError(f"round {len(self.rounds)} is not over: {left} to report")
        p = self._next()
        return self._with({"type": "round", "pairs": [list(x) for x in p.pairs], "bye": p.bye})

    def report(self, a: str, b: str, points_a: int, points_b: int) -> Event:
        """The result of a match of the current round (either order of the pair)."""
        if (a, b) not in self.missing():
            if (b, a) in self.missing():
                return self.report(b, a, points_b, points_a)
            raise IllegalActionError(f"{a}-{b} is no unreported match of this round; to "
                                     f"report: {', '.join(f'{x}-{y}' for x, y in self.missing())}")
        for v in (points_a, points_b):
            if not isinstance(v, int) or isinstance(v, bool):
                raise IllegalActionError(f"points are whole numbers, got {v!r}")
        self._score(0, a, b, points_a, points_b)  # checks the scale (e.g. FIBUR: any int)
        return self._with({"type": "result", "a": a, "b": b, "points_a": points_a,
                           "points_b": points_b})

    # --- inside -------------------------------------------------------------------------------
    def _next(self) -> Pairing:
        ranking = [s.entrant for s in self.standings()] if self.rounds else list(self.entrants)
        played = [p for r in self.rounds for p in r.pairs]
        byes = [r.bye for r in self.rounds if r.bye]
        if self.system == "round_robin":
            schedule = round_robin(self.entrants)
            if len(self.rounds) >= len(schedule):
                raise IllegalActionError(f"the round-robin is over ({len(schedule)} rounds)")
            return schedule[len(self.rounds)]
        if self.system == "danish":
            return danish(ranking, played, byes)
        return swiss(ranking, played, byes)

    def _score(self, rnd: int, a: str, b: str, pa: int, pb: int) -> Result:
        if self.scoring == "wdl":
            return win_draw_loss(rnd, a, b, pa, pb)
        return result(rnd, a, b, pa, pb, hands=3 if self.scoring == "fibur3" else 4)

    def _with(self, event: dict[str, Any]) -> Event:
        return Event(self.game, self.system, self.scoring, self.bye_vp, (*self.log, event))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "game": self.game, "system": self.system,
                "scoring": self.scoring, "bye_vp": self.bye_vp, "events": list(self.log)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)


def load_event(data: str | Mapping[str, Any]) -> Event:
    """An event from its JSON: the events are replayed (registration, pairings, results), so a
    stored round that the pairing rules would not make again is refused."""
    try:
        d = json.loads(data) if isinstance(data, str) else dict(data)
        if d.get("format") != FORMAT:
            raise RecordError(f"not a club event (no \"format\": \"{FORMAT}\")")
        ev = Event(str(d["game"]), str(d["system"]), str(d["scoring"]), float(d["bye_vp"]))
        for i, e in enumerate(d["events"], 1):
            kind = e["type"]
            if kind == "register":
                ev = ev.register(e["name"])
            elif kind == "round":
                ev = ev.pair()
                if ev.log[-1] != {"type": "round", "pairs": e["pairs"], "bye": e.get("bye")}:
                    raise RecordError(f"event {i}: the stored round differs from the pairing")
            elif kind == "result":
                ev = ev.report(e["a"], e["b"], e["points_a"], e["points_b"])
            else:
                raise RecordError(f"event {i}: unknown type {kind!r}")
        return ev
    except RecordError:
        raise
    except (IllegalActionError, ConfigError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the club event does not replay: {exc}") from exc
