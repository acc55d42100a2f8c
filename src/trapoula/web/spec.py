"""A new table's request checked: the game, its bounded options, the seats and the table's own
settings (turn clock, time bank, hold the deal, private, rated, seed).

The table's settings are kept in the stored options under the key ``"_table"`` (so the store's
schema does not change); :func:`split_options` separates them from the game's rule options.
A table stored before settings existed reads as :data:`LEGACY` (no clock, no hold).

>>> s = TableSettings.parse({"clock": 30, "bank": 10, "hold": False}, humans=2)
>>> s.clock, s.bank, s.hold, s.private
(30, 10, False, False)
>>> try:
...     TableSettings.parse({"clock": 0}, humans=2)
... except SpecError as exc:
...     print(exc)
the clock can be off only at a private table; clock is one of 15, 30, 60, 120 seconds
>>> rules, settings = split_options({"target": 500, "_table": {"clock": 15}})
>>> rules, settings.clock, settings.hold
({'target': 500}, 15, False)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from trapoula.core.game import Game
from trapoula.web.limits import option_maximum

__all__ = ["CLOCKS", "LEGACY", "SETTINGS_KEY", "SpecError", "TableSettings", "check_options",
           "split_options"]

SETTINGS_KEY = "_table"
CLOCKS = (15, 30, 60, 120)  # seconds per turn; 0 (off) only at a private table
BANK_MAX = 300


class SpecError(ValueError):
    """A table request outside what is allowed; the message says what is."""


@dataclass(frozen=True)
class TableSettings:
    """A table's own settings (not rules): see docs/web.md, "Clocks and seats"."""

    clock: int = 0  # seconds per turn (0: no clock)
    bank: int = 0  # seconds of time bank per seat, spent once a turn's clock has run out
    hold: bool = False  # no move is played while a human seat is open (before the first move)
    private: bool = False  # not listed in the lobby (only the link or the code)
    level: str | None = None  # the bot that plays an absent person's seat
    creator: str | None = None  # the creator's seat (may give open seats to bots)
    seed_chosen: bool = False  # the creator chose the seed (solo tables only; every seat told)
    rated: bool = True  # the match counts for ratings (web/people/ratings.py) if it may

    @classmethod
    def parse(cls, raw: Any, *, humans: int) -> TableSettings:
        """A new table's settings from the request's ``"table"`` object (defaults: a 60 s clock,
        a bank of half a turn up to 30 s, hold the deal, listed)."""
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise SpecError("'table' is an object: clock, bank, hold, private")
        unknown = sorted(set(raw) - {"clock", "bank", "hold", "private", "rated"})
        if unknown:
            raise SpecError(f"unknown table settings {unknown}; they are clock, bank, hold, "
                            "private, rated")
        private = raw.get("private", False)
        hold = raw.get("hold", True)
        rated = raw.get("rated", True)
        if not all(isinstance(x, bool) for x in (private, hold, rated)):
            raise SpecError("'private', 'hold' and 'rated' are true or false")
        clock = raw.get("clock", 60)
        bank = raw.get("bank", default_bank(clock) if isinstance(clock, int) else 0)
        choices = ", ".join(str(c) for c in CLOCKS)
        if isinstance(clock, bool) or not isinstance(clock, int):
            raise SpecError(f"clock is one of {choices} seconds (0: off, private tables)")
        if clock == 0 and not private and humans > 1:
            raise SpecError(f"the clock can be off only at a private table; clock is one of "
                            f"{choices} seconds")
        if clock not in CLOCKS and clock != 0:
            raise SpecError(f"clock is one of {choices} seconds (0: off, private tables)")
        if isinstance(bank, bool) or not isinstance(bank, int) or not 0 <= bank <= BANK_MAX:
            raise SpecError(f"bank is 0 to {BANK_MAX} seconds")
        return cls(clock=clock, bank=bank if clock else 0, hold=hold, private=private,
                   rated=rated)

    def public(self) -> dict[str, Any]:
        """What every client may know (all of it: nothing here is secret)."""
        return asdict(self)

    def stored(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options to store: the game's changed options plus these settings."""
        return {**options, SETTINGS_KEY: asdict(self)}

    def with_(self, **changes: Any) -> TableSettings:
        return replace(self, **changes)


def default_bank(clock: int) -> int:
    """The time bank when the request gives none: half a turn, at most 30 s.

    >>> [default_bank(c) for c in (15, 30, 60, 120)]
    [7, 15, 30, 30]
    """
    return min(30, max(0, clock) // 2)


LEGACY = TableSettings()


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], TableSettings]:
    """The game's rule options and the table's settings of a stored table."""
    raw = options.get(SETTINGS_KEY)
    if raw is None:
        return dict(options), LEGACY
    rules = {k: v for k, v in options.items() if k != SETTINGS_KEY}
    known = {k: v for k, v in raw.items() if k in TableSettings.__dataclass_fields__}
    return rules, TableSettings(**known)


def check_options(game: Game) -> None:
    """Refuse integer rule options beyond what a table plays (``limits.option_maximum``)."""
    cls: Any = type(game)
    base = cls(game.preset).options
    for info in cls.describe_options():
        value = getattr(game.options, info.name)
        default = getattr(base, info.name)
        if isinstance(value, bool) or not isinstance(value, int) or isinstance(default, bool):
            continue
        top = option_maximum(int(default), info.maximum)
        if value > top:
            raise SpecError(f"option {info.name!r} is at most {top} at a table; got {value}")
