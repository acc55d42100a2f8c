"""An online tournament: its settings, entrants (with the accounts that play for them), the
club event (trapoula.club's ``Event``: registrations, rounds, results) and the tables made for
every round.  Immutable; each step answers a new :class:`Tourney`.  Its JSON is the save:
``{"format": "trapoula-online-tourney", "version": 1, "settings", "entrants", "event",
"tables", "status"}``; :func:`load_tourney` replays the event through the club's checks.

An entrant is a pair (Bourloto, Burraco: two seats facing each other) named by the person
who registered it; a partner may join it; a seat nobody holds is played by a bot, and at the
start the field is filled with bot pairs up to the tournament's size.

A Bourré tournament is a sit-and-go (``settings["format"] == "sitgo"``): single players, one
table of 2-7 seats (the field filled with bots at the start if the organiser allows), equal
stacks and antes rising by level (the session options ``ante_levels``, ``deals_per_level``);
it is over when the table is, its ``places`` in reverse order of elimination
(trapoula.club.sitgo's ``placement``).

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
from trapoula.club.sitgo import DEFAULT_LEVELS, AnteSchedule
from trapoula.club.standings import Standing, to_csv, to_json
from trapoula.errors import ConfigError, IllegalActionError, RecordError
from trapoula.web.club.tourney_dup import boards, totals
from trapoula.web.fairseed import Chain
from trapoula.web.spec import CLOCKS

__all__ = ["FORMAT", "GAMES", "Tourney", "load_tourney", "new_tourney"]

FORMAT = "trapoula-online-tourney"
# the games an online tournament offers, each with its presets and the match scoring
GAMES: dict[str, tuple[tuple[str, ...], str]] = {
    "bourloto": (("ru", "gr", "pexevida"), "wdl"),
    "burraco": (("fibur",), "fibur3"),
    "bourre": (("ru",), "places"),  # a sit-and-go
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
    # a duplicate tournament: each round's seed chain (web/fairseed.py's Chain as JSON, the
    # server's secret in it: never shown before the round is over), round r at r - 1
    seeds: tuple[dict[str, Any], ...] = ()
    claimed: float = 0.0  # when a writer took it upon itself to make the round's tables
    places: tuple[str, ...] = ()  # a sit-and-go's final places, first to last

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

    @property
    def sitgo(self) -> bool:
        return self.settings.get("format") == "sitgo"

    @property
    def round_no(self) -> int:
        """The current round (0 before the start); a sit-and-go has one."""
        if self.sitgo:
            return 0 if self.status == "registering" else 1
        return len(self.event.rounds)

    @property
    def duplicate(self) -> bool:
        return bool(self.settings.get("duplicate"))

    def account_keys(self) -> dict[str, str]:
        """The entrants' accounts as a round chain's keys: E1, E2, ... (registration order)."""
        accounts = [a for e in self.entrants for a in e.accounts]
        return {a: f"E{i}" for i, a in enumerate(accounts, 1)}

    def chain(self, rnd: int) -> Chain | None:
        return Chain.from_json(self.seeds[rnd - 1]) if 0 < rnd <= len(self.seeds) else None

    def tables_due(self) -> bool:
        """The current round is paired and its tables not made yet, its seed fixed."""
        rnd = self.round_no
        if self.status != "playing" or rnd <= len(self.tables):
            return False
        chain = self.chain(rnd)
        return not self.duplicate or (chain is not None and chain.fixed)

    def round_done(self, rnd: int) -> bool:
        return rnd < self.round_no or self.status == "over"

    def seeds_json(self, account_id: str | None = None) -> list[dict[str, Any]]:
        """Each round's chain as everyone may see it (all of it once the round is over);
        ``mine``: the key and commitment of ``account_id``."""
        keys = self.account_keys()
        out = []
        for r in range(1, len(self.seeds) + 1):
            chain = self.chain(r)
            assert chain is not None
            pub = chain.public(self.round_done(r))
            pub["round"] = r
            key = keys.get(account_id or "")
            if key is not None:
                pub["mine"] = {"key": key, "commit": chain.commits.get(key),
                               "revealed": key in chain.reveals}
            out.append(pub)
        return out

    def boards_json(self) -> list[dict[str, Any]]:
        """A duplicate tournament's boards, round by round, and each pair's totals."""
        game = self.settings["game"]
        return [{"round": r, "boards": boards(tabs, game), "totals": totals(tabs, game)}
                for r, tabs in enumerate(self.tables, 1)]

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

    def _sitgo_json(self) -> dict[str, Any]:
        tabs = self.tables[0] if self.tables else ()
        return {"settings": self.settings, "status": self.status,
                "entrants": [{"name": e.name, "players": list(e.players)}
                             for e in self.entrants],
                "rounds": [{"round": 1, "bye": None, "tables": [
                    {"table": 1, "code": t["code"], "seats": t.get("seats", {}),
                     "result": list(self.places) or None} for t in tabs]}] if tabs else [],
                "standings": [{"rank": i, "entrant": n} for i, n in enumerate(self.places, 1)],
                "tie_breaks": ["elimination order", "chips before the deal that eliminated"]}

    def public_json(self) -> dict[str, Any]:
        if self.sitgo:
            return self._sitgo_json()
        data = json.loads(to_json(self.standings(), self.event.results()))
        rounds = []
        for r, pairing in enumerate(self.event.rounds, 1):
            tabs = self.tables[r - 1] if r <= len(self.tables) else ()
            rounds.append({"round": r, "bye": pairing.bye, "tables": [
                {"table": i + 1, "a": a, "b": b,
                 "code": tabs[i]["code"] if i < len(tabs) else None,
                 "result": self.table_result(r, a, b)}
                for i, (a, b) in enumerate(pairing.pairs)]})
        extra: dict[str, Any] = {}
        if self.duplicate:
            extra = {"seeds": self.seeds_json(), "duplicate": self.boards_json()}
        return {**extra, "settings": self.settings, "status": self.status,
                "entrants": [{"name": e.name, "players": list(e.players)}
                             for e in self.entrants],
                "rounds": rounds, "standings": data["standings"],
                "tie_breaks": data["tie_breaks"]}

    def csv(self) -> str:
        if self.sitgo:
            return "rank,entrant\r\n" + "".join(f"{i},{n}\r\n"
                                                 for i, n in enumerate(self.places, 1))
        return to_csv(self.standings())

    def json_export(self) -> str:
        if self.sitgo:
            return json.dumps({"standings": self._sitgo_json()["standings"]},
                              ensure_ascii=False)
        return to_json(self.standings(), self.event.results())

    # --- steps ------------------------------------------------------------------------------
    def register(self, account_id: str, player: str, name: str) -> Tourney:
        """``account_id`` enters a new pair called ``name`` (its first seat)."""
        self._registering()
        if self.entry_of(account_id) is not None:
            raise IllegalActionError("you are already registered")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
            raise IllegalActionError("an entrant's name is 1-60 characters")
        name = name.strip()
        if name.lower().startswith(BOT):
            raise IllegalActionError("names that begin with 'bot' are the bots' pairs")
        if len(self.entrants) >= self.settings["size"]:
            raise IllegalActionError(f"the tournament is full ({self.settings['size']} "
                                     f"{'players' if self.sitgo else 'pairs'})")
        return replace(self, entrants=(*self.entrants, Entrant(name, (account_id,), (player,))),
                       event=self.event.register(name))

    def join(self, account_id: str, player: str, name: str) -> Tourney:
        """``account_id`` becomes the partner in pair ``name``."""
        self._registering()
        if self.sitgo:
            raise IllegalActionError("a sit-and-go's entrants are single players: register "
                                     "under your own name")
        if self.entry_of(account_id) is not None:
            raise IllegalActionError("you are already registered")
        e = self.entrant(name)
        if len(e.accounts) >= 2:
            raise IllegalActionError(f"{name} has two players already")
        new = Entrant(e.name, (*e.accounts, account_id), (*e.players, player))
        return replace(self, entrants=tuple(new if x is e else x for x in self.entrants))

    def start(self, now: float = 0.0) -> Tourney:
        """Fill the field with bot pairs up to the size and pair round 1."""
        self._registering()
        if self.sitgo:
            return self._start_sitgo()
        t = self
        i = 1
        while len(t.entrants) < t.settings["size"]:
            name = f"Bots {i}"
            i += 1
            if any(e.name == name for e in t.entrants):
                continue
            t = replace(t, entrants=(*t.entrants, Entrant(name, (), ())),
                        event=t.event.register(name))
        return replace(t, status="playing", event=t.event.pair())._seed_starts(now)

    def _start_sitgo(self) -> Tourney:
        """The table's seats: the entrants, then bots up to the size if they are allowed."""
        t, i = self, 1
        while t.settings["bots"] and len(t.entrants) < t.settings["size"]:
            name = f"Bot {i}"
            i += 1
            if not any(e.name == name for e in t.entrants):
                t = replace(t, entrants=(*t.entrants, Entrant(name, (), ())),
                            event=t.event.register(name))
        if len(t.entrants) < 2:
            raise IllegalActionError("a sit-and-go needs 2 players at least (bots are not "
                                     "allowed in this one)")
        return replace(t, status="playing")

    def report_places(self, table_id: str, places: list[str]) -> Tourney:
        """The sit-and-go's table finished: its places, first to last."""
        if not self.sitgo or self.status != "playing" or not self.tables:
            raise IllegalActionError("no sit-and-go table is playing")
        if self.tables[0][0]["table_id"] != table_id:
            raise IllegalActionError(f"table {table_id} is not this sit-and-go's")
        if sorted(places) != sorted(e.name for e in self.entrants):
            raise IllegalActionError("the places name every entrant once")
        return replace(self, places=tuple(places), status="over")

    def _seed_starts(self, now: float) -> Tourney:
        """A round is paired: its chain's commitments are fixed (the values asked for)."""
        rnd = len(self.event.rounds)
        chain = self.chain(rnd)
        if not self.duplicate or chain is None:
            return self
        chain.start(now)
        return replace(self, seeds=(*self.seeds[:rnd - 1], chain.to_json(), *self.seeds[rnd:]))

    def _seed_step(self, rnd: int, step: Any) -> Tourney:
        chain = self.chain(rnd)
        if chain is None:
            raise IllegalActionError(f"round {rnd} has no seed to commit to")
        step(chain)
        return replace(self, seeds=(*self.seeds[:rnd - 1], chain.to_json(), *self.seeds[rnd:]))

    def seed_commit(self, account_id: str, commit: Any) -> Tourney:
        """An entrant's commitment H(r) to the next round's seed (before it is paired)."""
        key = self.account_keys().get(account_id)
        if key is None or not self.duplicate:
            raise IllegalActionError("only a duplicate tournament's entrants commit to seeds")
        rnd = len(self.seeds)
        chain = self.chain(rnd)
        if chain is None or chain.phase != "collect":
            raise IllegalActionError("no round's seed takes commitments now")

        def step(c: Chain) -> None:
            if not c.commit(key, commit):
                raise IllegalActionError("a commitment is 64 lower-case hex digits (SHA-256)")
        return self._seed_step(rnd, step)

    def seed_reveal(self, account_id: str, value: Any) -> Tourney:
        """An entrant's value r for the current round's seed (after the pairing)."""
        key = self.account_keys().get(account_id)
        rnd = len(self.event.rounds)
        chain = self.chain(rnd)
        if key is None or chain is None or chain.phase != "reveal":
            raise IllegalActionError("no round's seed awaits your value")

        def step(c: Chain) -> None:
            why = c.reveal(key, value)
            if why is not None:
                raise IllegalActionError(why)
        return self._seed_step(rnd, step)

    def seed_time_out(self, now: float, wait: float) -> Tourney:
        """The values not sent ``wait`` seconds after the pairing are withheld (H(c))."""
        rnd = len(self.event.rounds)
        chain = self.chain(rnd)
        if chain is None or chain.phase != "reveal" or now - chain.since < wait:
            return self
        return self._seed_step(rnd, lambda c: c.time_out())

    def report(self, rnd: int, a: str, b: str, points_a: int, points_b: int,
               now: float = 0.0) -> Tourney:
        """A table's match of round ``rnd`` (a: the pair in P1/P3); the next round is paired
        when this one is over, or the tournament ends after its last."""
        if self.status != "playing" or rnd != len(self.event.rounds):
            raise IllegalActionError(f"round {rnd} is not the tournament's current round")
        ev = self.event.report(a, b, points_a, points_b)
        t = replace(self, event=ev)
        if not ev.missing():
            if len(ev.rounds) >= t.settings["rounds"]:
                return replace(t, status="over")
            return replace(t, event=ev.pair())._seed_starts(now)
        return t

    def with_tables(self, rnd: int, tables: list[dict[str, Any]]) -> Tourney:
        if len(self.tables) != rnd - 1:
            raise IllegalActionError(f"round {rnd}'s tables are made already")
        seeds = self.seeds
        if self.duplicate and rnd < self.settings["rounds"]:
            seeds = (*seeds, Chain.new().to_json())  # the next round's, taking commitments
        return replace(self, tables=(*self.tables, tuple(tables)), seeds=seeds)

    def with_boards(self, rnd: int, table_id: str, deals: list[dict[str, int]]) -> Tourney:
        """A finished table's deals (each side's points) for the round's boards."""
        tabs = tuple({**x, "boards": deals} if x["table_id"] == table_id else x
                     for x in self.tables[rnd - 1])
        return replace(self, tables=(*self.tables[:rnd - 1], tabs, *self.tables[rnd:]))

    def _registering(self) -> None:
        if self.status != "registering":
            raise IllegalActionError("registration is closed: the tournament has started")

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "settings": self.settings,
                "entrants": [{"name": e.name, "accounts": list(e.accounts),
                              "players": list(e.players)} for e in self.entrants],
                "event": self.event.to_dict(), "tables": [list(r) for r in self.tables],
                "status": self.status, "seeds": list(self.seeds), "claimed": self.claimed,
                "places": list(self.places)}

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
    if game == "bourre":
        return _new_sitgo(raw, preset)
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
    rated, duplicate = raw.get("rated", True), raw.get("duplicate", False)
    if not isinstance(duplicate, bool):
        raise IllegalActionError("'duplicate' is true or false")
    title = raw.get("title") or f"{game} Swiss"
    if not isinstance(rated, bool) or not isinstance(title, str) or len(title) > 80:
        raise IllegalActionError("'rated' is true or false, 'title' at most 80 characters")
    settings = {"game": game, "preset": preset, "format": "pairs", "system": "swiss",
                "scoring": scoring, "rounds": rounds, "size": size, "clock": clock,
                "starts": starts, "rated": rated, "title": title, "duplicate": duplicate}
    # a duplicate tournament's first seed takes commitments from registration on
    seeds = (Chain.new().to_json(),) if duplicate else ()
    return Tourney(settings, event=Event(game, system="swiss", scoring=scoring), seeds=seeds)


def _clock(raw: Mapping[str, Any]) -> int:
    clock = raw.get("clock", 60)
    if clock not in CLOCKS or clock == 0 or isinstance(clock, bool):
        raise IllegalActionError(f"'clock' (seconds a turn) is one of "
                                 f"{', '.join(str(c) for c in CLOCKS if c)}")
    return int(clock)


def _new_sitgo(raw: Mapping[str, Any], preset: str) -> Tourney:
    """A Bourré sit-and-go: ``{"size": 2-7, "bots": true, "starting_stack", "antes": [...],
    "deals_per_level", "starts", "clock", "rated", "title"}``."""
    size = _int(raw, "size", 6, 2, 7)
    stack = _int(raw, "starting_stack", 100, 1, 500)
    per = _int(raw, "deals_per_level", 6, 1, 100)
    antes = raw.get("antes", list(DEFAULT_LEVELS))
    try:
        schedule = AnteSchedule(tuple(antes) if isinstance(antes, list | tuple) else (),
                                per)
    except ConfigError as exc:
        raise IllegalActionError(f"'antes': {exc}") from None
    if stack < schedule.levels[0]:
        raise IllegalActionError("'starting_stack' is at least the first ante")
    bots, rated = raw.get("bots", True), raw.get("rated", True)
    starts = raw.get("starts")
    if starts is not None and (isinstance(starts, bool)
                               or not isinstance(starts, int | float)):
        raise IllegalActionError("'starts' is a time (seconds since 1970) or null: when full")
    title = raw.get("title") or "Bourré sit-and-go"
    if (not isinstance(bots, bool) or not isinstance(rated, bool)
            or not isinstance(title, str) or len(title) > 80):
        raise IllegalActionError("'bots' and 'rated' are true or false, 'title' at most 80 "
                                 "characters")
    settings = {"game": "bourre", "preset": preset, "format": "sitgo", "system": "sitgo",
                "scoring": "places", "rounds": 1, "size": size, "clock": _clock(raw),
                "starts": starts, "rated": rated, "title": title, "duplicate": False,
                "bots": bots, "starting_stack": stack, "antes": list(schedule.levels),
                "deals_per_level": per}
    return Tourney(settings, event=Event("bourre", system="swiss", scoring="wdl"))


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
        seeds = tuple(dict(c) for c in d.get("seeds") or ())
        return Tourney(dict(d["settings"]), entrants, ev, tables, str(d["status"]), seeds,
                       float(d.get("claimed", 0.0)), tuple(str(p) for p in d.get("places") or ()))
    except RecordError:
        raise
    except (ConfigError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the tournament does not replay: {exc}") from exc
