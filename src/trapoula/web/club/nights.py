"""A club night played with real cards: :class:`trapoula.club.Event`'s list of events (the
registration, each round's pairing, each table's result) and the codes of its tables.

Each match of a round sits at a numbered table with a short code of its own; the page
``/night/{code}/t/{table code}`` lets whoever sits there enter the match's result once, with
no account (the code is the key).  The director corrects a result; a correction is written as
the event log with that result replaced and replayed (``load_event``): a correction that
would change a later round's pairing is refused (correct it before pairing the next round).

The stored JSON: ``{"format": "trapoula-club-night", "version": 1, "event": Event.to_dict(),
"tables": [[code of each table] for each round], "corrected": n}``; :func:`load_night`
replays it.

>>> n = new_night("burraco", "swiss", "fibur3")
>>> for name in ("Rossi", "Bianchi", "Verdi", "Neri"):
...     n = n.register(name)
>>> n = n.pair(codes=iter(["K7Q2", "M3P9"]))
>>> n.table("M3P9")
(2, 'Verdi', 'Neri', None)
>>> n = n.report("M3P9", 1450, 900)
>>> n.standings()[0].entrant
'Verdi'
>>> load_night(n.to_json()).standings() == n.standings()
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from trapoula.club.event import Event, load_event
from trapoula.club.standings import Standing, to_csv, to_json
from trapoula.errors import ConfigError, IllegalActionError, RecordError

__all__ = ["FORMAT", "Night", "load_night", "new_code", "new_night"]

FORMAT = "trapoula-club-night"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
MAX_ENTRANTS = 200


def new_code(n: int = 4) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(n))


def _codes() -> Iterator[str]:
    while True:
        yield new_code(4)


@dataclass(frozen=True)
class Night:
    event: Event
    tables: tuple[tuple[str, ...], ...] = ()
    corrected: int = 0

    # --- reading --------------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        return self.event.standings()

    def _reported(self, rnd: int) -> dict[tuple[str, str], tuple[int, int]]:
        out: dict[tuple[str, str], tuple[int, int]] = {}
        n = 0
        for e in self.event.log:
            if e["type"] == "round":
                n += 1
            elif e["type"] == "result" and n == rnd:
                out[(e["a"], e["b"])] = (e["points_a"], e["points_b"])
        return out

    def table(self, code: str) -> tuple[int, str, str, tuple[int, int] | None]:
        """``(table number, pair A, pair B, (points A, points B) or None)`` of the current
        round's table whose code is ``code``."""
        code = code.strip().upper()
        rounds = self.event.rounds
        if not rounds or code not in self.tables[-1]:
            raise IllegalActionError("no table of this round has that code; the director's "
                                     "page shows each table's code")
        i = self.tables[-1].index(code)
        a, b = rounds[-1].pairs[i]
        return i + 1, a, b, self._reported(len(rounds)).get((a, b))

    def rounds_json(self) -> list[dict[str, Any]]:
        """Each round: its tables (number, pairs, result) and its bye."""
        out = []
        for r, (pairing, codes) in enumerate(zip(self.event.rounds, self.tables, strict=True),
                                             1):
            done = self._reported(r)
            out.append({"round": r, "bye": pairing.bye, "tables": [
                {"table": i + 1, "a": a, "b": b, "code": codes[i],
                 "result": list(done[(a, b)]) if (a, b) in done else None}
                for i, (a, b) in enumerate(pairing.pairs)]})
        return out

    def public_json(self, *, director: bool = False) -> dict[str, Any]:
        """What the standings screen shows (table codes only for the director)."""
        ev = self.event
        rounds = self.rounds_json()
        if not director:
            for r in rounds:
                for t in r["tables"]:
                    del t["code"]
        data = json.loads(to_json(self.standings(), ev.results()))
        return {"game": ev.game, "system": ev.system, "scoring": ev.scoring,
                "entrants": list(ev.entrants), "rounds": rounds,
                "missing": [list(p) for p in ev.missing()], "standings": data["standings"],
                "tie_breaks": data["tie_breaks"], "corrected": self.corrected}

    def csv(self) -> str:
        return to_csv(self.standings())

    def json_export(self) -> str:
        return to_json(self.standings(), self.event.results())

    # --- the director's and the tables' actions -------------------------------------------
    def register(self, name: Any) -> Night:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
            raise IllegalActionError("an entrant's name is 1-60 characters")
        if len(self.event.entrants) >= MAX_ENTRANTS:
            raise IllegalActionError(f"a night has at most {MAX_ENTRANTS} entrants")
        return Night(self.event.register(name.strip()), self.tables, self.corrected)

    def pair(self, codes: Iterator[str] | None = None) -> Night:
        ev = self.event.pair()
        used = {c for r in self.tables for c in r}
        source = codes or _codes()
        mine: list[str] = []
        for _ in ev.rounds[-1].pairs:
            c = next(source)
            while c in used:
                c = next(source)
            used.add(c)
            mine.append(c)
        return Night(ev, (*self.tables, tuple(mine)), self.corrected)

    def report(self, code: str, points_a: Any, points_b: Any) -> Night:
        """A table's result (once: a second entry is the director's correction)."""
        _, a, b, done = self.table(code)
        if done is not None:
            raise IllegalActionError(f"table {code} already entered {done[0]}-{done[1]}; "
                                     "ask the director to correct it")
        return Night(self.event.report(a, b, _points(points_a), _points(points_b)),
                     self.tables, self.corrected)

    def correct(self, rnd: Any, table: Any, points_a: Any, points_b: Any) -> Night:
        """The director's result for table ``table`` of round ``rnd`` (entered or not)."""
        rounds = self.event.rounds
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= len(rounds):
            raise IllegalActionError(f"rounds are 1 to {len(rounds)}")
        pairs = rounds[rnd - 1].pairs
        if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= len(pairs):
            raise IllegalActionError(f"round {rnd} has tables 1 to {len(pairs)}")
        a, b = pairs[table - 1]
        pa, pb = _points(points_a), _points(points_b)
        if rnd == len(rounds) and (a, b) not in self._reported(rnd):
            return Night(self.event.report(a, b, pa, pb), self.tables, self.corrected + 1)
        log, n = [], 0
        for e in self.event.log:
            if e["type"] == "round":
                n += 1
            if e["type"] == "result" and n == rnd and (e["a"], e["b"]) == (a, b):
                e = {**e, "points_a": pa, "points_b": pb}
            log.append(e)
        data = {**self.event.to_dict(), "events": log}
        try:
            ev = load_event(data)
        except RecordError as exc:
            raise IllegalActionError(f"this correction would change a later round's pairing "
                                     f"({exc}); correct results before pairing the next round"
                                     ) from None
        return Night(ev, self.tables, self.corrected + 1)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "event": self.event.to_dict(),
                "tables": [list(r) for r in self.tables], "corrected": self.corrected}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


def _points(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 100_000:
        raise IllegalActionError(f"points are whole numbers (at most 100000 either way), got "
                                 f"{value!r}")
    return value


def new_night(game: str, system: str, scoring: str) -> Night:
    return Night(Event(game, system=system, scoring=scoring))


def load_night(data: str | Mapping[str, Any]) -> Night:
    """A night from its JSON: the event replayed (``load_event``), the table codes checked."""
    try:
        d = json.loads(data) if isinstance(data, str) else dict(data)
        if d.get("format") != FORMAT:
            raise RecordError(f"not a club night (no \"format\": \"{FORMAT}\")")
        ev = load_event(d["event"])
        tables = tuple(tuple(str(c) for c in r) for r in d["tables"])
        if [len(r) for r in tables] != [len(p.pairs) for p in ev.rounds]:
            raise RecordError("the night's table codes do not match its rounds")
        return Night(ev, tables, int(d.get("corrected", 0)))
    except RecordError:
        raise
    except (ConfigError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the club night does not replay: {exc}") from exc
