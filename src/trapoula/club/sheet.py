"""Score sheets for games played with real cards: a list of entries, replayed to the totals.

A sheet is what friends write on paper at a real table, kept by the program: one entry per
deal (what each side made), the running totals, who leads and who won.  The entries are the
events: the saved JSON holds the game, its preset and option overrides, the side names and
the entries; loading it replays every entry through the same arithmetic (the game's own
scoring functions, :mod:`trapoula.games`), so a sheet saved by an earlier version adds up the
same way.

>>> s = new_sheet("bourloto", "gr")
>>> s = s.add({"buyer": "B", "tricks": {"A": 58, "B": 104}, "decl": {"A": 0, "B": 40}})
>>> s.totals, s.leader, s.winner
({'A': 58, 'B': 144}, 'B', None)
>>> load_sheet(s.to_json()).totals == s.totals
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trapoula.club.sheet_bourloto import BourlotoSheet
from trapoula.club.sheet_bourre import BourreSheet
from trapoula.club.sheet_burraco import BurracoSheet
from trapoula.club.sheet_kind import GameSheet
from trapoula.core.registry import make_stored
from trapoula.errors import (
    ConfigError,
    IllegalActionError,
    ParseError,
    RecordError,
    TrapoulaError,
)

__all__ = ["FORMAT", "GameSheet", "Sheet", "load_sheet", "new_sheet", "parse_entry",
           "sheet_kinds"]

FORMAT = "trapoula-score-sheet"
VERSION = 1


def _kinds() -> dict[str, type[GameSheet]]:
    return {k.game: k for k in (BourlotoSheet, BourreSheet, BurracoSheet)}


def sheet_kinds() -> tuple[str, ...]:
    """The games that have a score sheet."""
    return tuple(_kinds())


@dataclass(frozen=True)
class Sheet:
    """A score sheet: its game, the names of its sides and its entries, replayed.

    Immutable: :meth:`add` and :meth:`undo` return a new sheet.
    """

    kind: GameSheet
    names: dict[str, str]
    entries: tuple[dict[str, Any], ...] = ()
    rows: tuple[dict[str, Any], ...] = ()
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.kind.game

    @property
    def sides(self) -> tuple[str, ...]:
        return self.kind.sides()

    @property
    def totals(self) -> dict[str, int]:
        return self.kind.totals(self.state)

    @property
    def over(self) -> bool:
        return bool(self.state.get("over"))

    @property
    def winner(self) -> str | None:
        """The side that won the match (``None`` while it goes on, or when nobody won)."""
        w = self.state.get("winner")
        return str(w) if w is not None else None

    @property
    def leader(self) -> str | None:
        return self.kind.leader(self.state)

    def add(self, entry: Mapping[str, Any]) -> Sheet:
        """The sheet with one more entry (the sheet is unchanged when the entry is refused)."""
        if self.over:
            raise IllegalActionError(
                f"the match is over ({self.result_text()}); start a new sheet")
        if not isinstance(entry, Mapping):
            raise IllegalActionError(f"an entry is a mapping of fields, got {entry!r}")
        try:
            stored, row, state = self.kind.apply(self.state, entry)
        except TrapoulaError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise IllegalActionError(f"a malformed entry ({exc}); see the fields of a "
                                     f"{self.game} entry in docs/cli.md") from exc
        return Sheet(self.kind, self.names, (*self.entries, stored), (*self.rows, row), state)

    def undo(self) -> Sheet:
        """The sheet without its last entry."""
        if not self.entries:
            raise IllegalActionError("the sheet has no entry to take back")
        return replay(self.kind, self.names, self.entries[:-1])

    def name(self, side: str) -> str:
        return self.names.get(side, side)

    def result_text(self) -> str:
        if self.winner is not None:
            return f"{self.name(self.winner)} won"
        if self.over:
            return "over, nobody won"
        lead = self.leader
        return f"{self.name(lead)} leads" if lead else "level"

    def text(self) -> str:
        """The printed sheet: heading, one line per entry, the totals and who leads or won."""
        lines = [self.kind.describe()]
        lines += [self.kind.render_row(r) for r in self.rows]
        totals = "  ".join(f"{self.name(s)} {v}" for s, v in self.totals.items())
        lines.append(f"totals: {totals}  ({self.result_text()})")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        rules = self.kind.rules
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "preset": rules.preset, "options": dict(rules.changed_options()),
                "setup": dict(self.kind.setup), "names": dict(self.names),
                "entries": [dict(e) for e in self.entries]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)


def new_sheet(game: str, preset: str | None = None, options: Mapping[str, Any] | None = None,
              *, names: Mapping[str, str] | None = None,
              setup: Mapping[str, Any] | None = None) -> Sheet:
    """An empty sheet for ``game`` (a preset, rule options, names of the sides, and the
    sheet's own setup: Bourré's ``players`` and ante ``schedule``, Burraco's ``hands``)."""
    kinds = _kinds()
    if game not in kinds:
        raise ConfigError(f"no score sheet for {game!r}; sheets exist for {', '.join(kinds)}")
    kind = kinds[game](make_stored(game, preset, dict(options or {})), setup or {})
    sides = kind.sides()
    bad = [s for s in (names or {}) if s not in sides]
    if bad:
        raise ConfigError(f"names for unknown sides {bad}; the sides are {', '.join(sides)}")
    return Sheet(kind, dict(names or {}), state=kind.start())


def replay(kind: GameSheet, names: Mapping[str, str], entries: Sequence[Mapping[str, Any]]
           ) -> Sheet:
    sheet = Sheet(kind, dict(names), state=kind.start())
    for i, e in enumerate(entries, 1):
        try:
            sheet = sheet.add(e)
        except IllegalActionError as exc:
            raise RecordError(f"entry {i} of the sheet does not replay: {exc}") from exc
    return sheet


def load_sheet(text: str | Mapping[str, Any]) -> Sheet:
    """A sheet from its JSON (text or parsed): the entries are replayed."""
    try:
        data = json.loads(text) if isinstance(text, str) else dict(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"not a score sheet: {exc}") from exc
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RecordError(f"not a score sheet (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise RecordError(f"sheet version {version!r}: this program reads versions 1 to "
                          f"{VERSION}")
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise RecordError("a sheet's entries are a list")
    try:
        empty = new_sheet(str(data.get("game")), data.get("preset"),
                          dict(data.get("options") or {}), names=dict(data.get("names") or {}),
                          setup=dict(data.get("setup") or {}))
    except (ConfigError, TypeError, ValueError) as exc:
        raise RecordError(f"the sheet's game cannot be set up: {exc}") from exc
    return replay(empty.kind, empty.names, entries)


def _value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("yes", "y", "true", "on"):
        return True
    if low in ("no", "n", "false", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        return text.strip()


def set_path(entry: dict[str, Any], key: str, value: Any) -> None:
    """Set ``a.b`` in nested mappings."""
    parts = key.split(".")
    here = entry
    for p in parts[:-1]:
        nxt = here.setdefault(p, {})
        if not isinstance(nxt, dict):
            raise ParseError(f"{key!r}: {p!r} is already a value, not a group")
        here = nxt
    here[parts[-1]] = value


def parse_entry(text: str) -> dict[str, Any]:
    """An entry from ``key=value`` words (dotted keys nest; yes/no and numbers are read) or
    from a JSON object.

    >>> parse_entry("buyer=B tricks.A=58 decl.B=40 capot=none")
    {'buyer': 'B', 'tricks': {'A': 58}, 'decl': {'B': 40}, 'capot': 'none'}
    >>> parse_entry('{"play": {"P1": 2}}')
    {'play': {'P1': 2}}
    """
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ParseError(f"the entry is not valid JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise ParseError("a JSON entry is an object")
        return data
    entry: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise ParseError(f"entries are written key=value words, got {word!r}")
        set_path(entry, key, _value(value))
    return entry
