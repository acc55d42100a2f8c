"""An online tournament: its settings, entrants (with the accounts that play for them), the
club event (trapoula.club's ``Event``: registrations, rounds, results) and the tables made for
every round.  Immutable; each step answers a new :class:`Tourney`.  Its JSON is the save:
``{"format": "trapoula-online-tourney", "version": 1, "settings", "entrants", "event",
"tables", "status"}``; :func:`load_tourney` replays the event through the club's checks.

An entrant is a pair (Bourloto, Burraco: two seats facing each other) named by the person
who registered it; a partner may join it; a seat nobody holds is played by a bot, and at the
start the field is filled with bot pairs up to the tournament's size.

>>> t = new_tourney({"game": "bourloto", "preset": "ru", "rounds": 2, "size": 4})
>>> t = t.register("a1", "Anna", "Anna & Bo").join("a2", "Bo", "Anna & Bo")
>>> t = t.start()
>>> len(t.event.entrants), t.status, len(t.event.rounds)
(4, 'playing', 1)
>>> a, b = t.event.current.pairs[0]
>>> t = t.report(1, a, b, 1010, 700)
>>> t.standings()[0].entrant == a
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from trapoula.club.event import Event, load_event
from trapoula.club.standings import Standing, to_csv, to_json
from trapoula.errors import ConfigError, IllegalActionError, RecordError
from trapoula.web.spec import CLOCKS

__all__ = ["FORMAT", "GAMES", "Tourney", "load_tourney", "new_tourney"]

FORMAT = "trapoula-online-tourney"
# the games an online tournament offers, each with its presets and the match scoring
GAMES: dict[str, tuple[tuple[str, ...], str]] = {
    "bourloto": (("ru", "gr", "pexevida"), "wdl"),
    "burraco": (("fibur",), "fibur3"),
}
MAX_SIZE = 64
MAX_ROUNDS = 12
BOT = "bot"


@dataclass(frozen=True)
class Entrant:
    name: str
    accounts: tuple[str, ...]  # the accounts that play for it (0 to 2), in seat order
    players: tuple[str, ...]  # their names


@dataclass(frozen=True)
class Tourney:
    settings: dict[str, Any]
    entrants: tuple[Entrant, ...] = ()
    event: Event = field(default_factory=lambda: Event("bourloto", scoring="wdl"))
    # each round: its tables, {"table_id", "code", "a", "b"} (a: the pair in P1/P3)
    tables: tuple[tuple[dict[str, Any], ...], ...] = ()
    status: str = "registering"  # registering, playing, over

    # --- reading ---------------------------------------------------------------------------
    def entrant(self, name: str) -> Entrant:
        for e in self.entrants:
            if e.name == name:
                return e
        raise IllegalActionError(f"no entrant {name!r}; they are "
                                 f"{', '.join(e.name for e in self.entrants) or 'none yet'}")

    def entry_of(self, account_id: str) -> Entrant | None:
        return next((e for e in self.entrants if account_id in e.accounts), None)

    def standings(self) -> list[Standing]:
        return self.event.standings()

    def round_over(self) -> bool:
        return bool(self.event.rounds) and not self.event.missing()

    def table_result(self, rnd: int, a: str, b: str) -> tuple[int, int] | None:
        n = 0
        for e in self.event.log:
            if e["type"] == "round":
                n += 1
            elif e["type"] == "result" and n == rnd and {e["a"], e["b"]} == {a, b}:
                return ((e["points_a"], e["points_b"]) if e["a"] == a
                        else (e["points_b"], e["points_a"]))
        return None

    def public_json(self) -> dict[str, Any]:
        data = json.loads(to_json(self.standings(), self.event.results()))
        rounds = []
        for r, pairing in enumerate(self.event.rounds, 1):
            tabs = self.tables[r - 1] if r <= len(self.tables) else ()
            rounds.append({"round": r, "bye": pairing.bye, "tables": [
                {"table": i + 1, "a": a, "b": b,
                 "code": tabs[i]["code"] if i < len(tabs) else None,
                 "result": self.table_result(r, a, b)}
                for i, (a, b) in enumerate(pairing.pairs)]})
        return {"settings": self.settings, "status": self.status,
                "entrants": [{"name": e.name, "players": list(e.players)}
                             for e in self.entrants],
                "rounds": rounds, "standings": data["standings"],
                "tie_breaks": data["tie_breaks"]}

    def csv(self) -> str:
        return to_csv(self.standings())

    def json_export(self) -> str:
        return to_json(self.standings(), self.event.results())

    # --- steps ------------------------------------------------------------------------------
    def register(self, account_id: str, player: str, name: str) -> Tourney:
        """``account_id`` enters a new pair called ``name`` (its first seat)."""
        self._registering()
        if self.entry_of(account_id) is not None:
            raise IllegalActionError("you are already registered")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
            raise IllegalActionError("a pair's name is 1-60 characters")
        name = name.strip()
        if name.lower().startswith(BOT):
            raise IllegalActionError("names that begin with 'bot' are the bots' pairs")
        if len(self.entrants) >= self.settings["size"]:
            raise IllegalActionError(f"the tournament is full ({self.settings['size']} pairs)")
        return replace(self, entrants=(*self.entrants, Entrant(name, (account_id,), (player,))),
                       event=self.event.register(name))

    def join(self, account_id: str, player: str, name: str) -> Tourney:
        """``account_id`` becomes the partner in pair ``name``."""
        self._registering()
        if self.entry_of(account_id) is not None:
            raise IllegalActionError("you are already registered")
        e = self.entrant(name)
        if len(e.accounts) >= 2:
            raise IllegalActionError(f"{name} has two players already")
        new = Entrant(e.name, (*e.accounts, account_id), (*e.players, player))
        return replace(self, entrants=tuple(new if x is e else x for x in self.entrants))

    def start(self) -> Tourney:
        """Fill the field with bot pairs up to the size and pair round 1."""
        self._registering()
        t = self
        i = 1
        while len(t.entrants) < t.settings["size"]:
            name = f"Bots {i}"
            i += 1
            if any(e.name == name for e in t.entrants):
                continue
            t = replace(t, entrants=(*t.entrants, Entrant(name, (), ())),
                        event=t.event.register(name))
        return replace(t, status="playing", event=t.event.pair())

    def report(self, rnd: int, a: str, b: str, points_a: int, points_b: int) -> Tourney:
        """A table's match of round ``rnd`` (a: the pair in P1/P3); the next round is paired
        when this one is over, or the tournament ends after its last."""
        if self.status != "playing" or rnd != len(self.event.rounds):
            raise IllegalActionError(f"round {rnd} is not the tournament's current round")
        ev = self.event.report(a, b, points_a, points_b)
        t = replace(self, event=ev)
        if not ev.missing():
            if len(ev.rounds) >= t.settings["rounds"]:
                return replace(t, status="over")
            return replace(t, event=ev.pair())
        return t

    def with_tables(self, rnd: int, tables: list[dict[str, Any]]) -> Tourney:
        if len(self.tables) != rnd - 1:
            raise IllegalActionError(f"round {rnd}'s tables are made already")
        return replace(self, tables=(*self.tables, tuple(tables)))

    def _registering(self) -> None:
        if self.status != "registering":
            raise IllegalActionError("registration is closed: the tournament has started")

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "settings": self.settings,
                "entrants": [{"name": e.name, "accounts": list(e.accounts),
                              "players": list(e.players)} for e in self.entrants],
                "event": self.event.to_dict(), "tables": [list(r) for r in self.tables],
                "status": self.status}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


def _int(raw: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise IllegalActionError(f"'{key}' is a whole number from {low} to {high}")
    return v


def new_tourney(raw: Mapping[str, Any]) -> Tourney:
    """A tournament from the organiser's ``{"game", "preset", "rounds", "size", "starts",
    "clock", "rated", "title"}`` (refused with what is allowed)."""
    game = raw.get("game", "bourloto")
    if game not in GAMES:
        raise IllegalActionError(f"online tournaments are for {', '.join(GAMES)}")
    presets, scoring = GAMES[game]
    preset = raw.get("preset", presets[0])
    if preset not in presets:
        raise IllegalActionError(f"{game}'s presets are {', '.join(presets)}")
    size = _int(raw, "size", 8, 2, MAX_SIZE)
    rounds = _int(raw, "rounds", 3, 1, MAX_ROUNDS)
    clock = raw.get("clock", 60)
    if clock not in CLOCKS or clock == 0 or isinstance(clock, bool):
        raise IllegalActionError(f"'clock' (seconds a turn) is one of "
                                 f"{', '.join(str(c) for c in CLOCKS if c)}")
    starts = raw.get("starts")
    if starts is not None and (isinstance(starts, bool)
                               or not isinstance(starts, int | float)):
        raise IllegalActionError("'starts' is a time (seconds since 1970) or null: when full")
    rated = raw.get("rated", True)
    title = raw.get("title") or f"{game} Swiss"
    if not isinstance(rated, bool) or not isinstance(title, str) or len(title) > 80:
        raise IllegalActionError("'rated' is true or false, 'title' at most 80 characters")
    settings = {"game": game, "preset": preset, "format": "pairs", "system": "swiss",
                "scoring": scoring, "rounds": rounds, "size": size, "clock": clock,
                "starts": starts, "rated": rated, "title": title}
    return Tourney(settings, event=Event(game, system="swiss", scoring=scoring))


def load_tourney(data: str | Mapping[str, Any]) -> Tourney:
    """A tournament from its JSON (the event replayed)."""
    try:
        d = json.loads(data) if isinstance(data, str) else dict(data)
        if d.get("format") != FORMAT:
            raise RecordError(f"not an online tournament (no \"format\": \"{FORMAT}\")")
        ev = load_event(d["event"])
        entrants = tuple(Entrant(str(e["name"]), tuple(e["accounts"]), tuple(e["players"]))
                         for e in d["entrants"])
        if tuple(e.name for e in entrants) != ev.entrants:
            raise RecordError("the tournament's entrants do not match its event")
        tables = tuple(tuple(dict(t) for t in r) for r in d["tables"])
        return Tourney(dict(d["settings"]), entrants, ev, tables, str(d["status"]))
    except RecordError:
        raise
    except (ConfigError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the tournament does not replay: {exc}") from exc
