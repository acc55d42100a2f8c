"""The arithmetic of one game's score sheet (:class:`GameSheet`) and the entry readers the
three games' sheets share (:func:`number`, :func:`per_side`, :func:`side_name`); the sheet
itself, its file and its replay are :mod:`trapoula.club.sheet`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.errors import IllegalActionError

__all__ = ["GameSheet", "number", "per_side", "side_name"]


class GameSheet(ABC):
    """One game's sheet arithmetic: its sides, its state between entries, one entry's effect.

    ``apply`` checks an entry (raising :class:`~trapoula.errors.IllegalActionError` that says
    what was wrong and what is allowed) and returns the entry as stored (defaults filled in),
    the row it writes on the sheet and the state after it.  States and rows are plain JSON
    values.
    """

    game: str = ""

    def __init__(self, game: Any, setup: Mapping[str, Any]) -> None:
        self.rules = game
        self.opts = game.options
        self.setup = dict(setup)

    @abstractmethod
    def sides(self) -> tuple[str, ...]:
        """The sides scored on the sheet (teams or players)."""

    @abstractmethod
    def start(self) -> dict[str, Any]:
        """The state before the first entry."""

    @abstractmethod
    def apply(
        self, state: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """``(entry as stored, row, state after)``."""

    @abstractmethod
    def totals(self, state: Mapping[str, Any]) -> dict[str, int]:
        """Each side's total (points, or chips for Bourré)."""

    @abstractmethod
    def render_row(self, row: Mapping[str, Any]) -> str:
        """One line of the printed sheet."""

    @abstractmethod
    def questions(self, state: Mapping[str, Any]) -> list[tuple[str, str]]:
        """What the interactive prompt asks for the next entry: ``(key, question)``; the key
        is a dotted path of the entry (``tricks.A``)."""

    def describe(self) -> str:
        """The sheet's heading: the game, its preset and what ends the match."""
        return f"{self.rules.title} score sheet, preset {self.rules.preset}"

    def leader(self, state: Mapping[str, Any]) -> str | None:
        """The side with the highest total, or ``None`` when several share it."""
        totals = self.totals(state)
        top = max(totals.values())
        best = [s for s, v in totals.items() if v == top]
        return best[0] if len(best) == 1 else None


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise IllegalActionError(message)


def number(entry: Mapping[str, Any], key: str, *, default: int | None = None,
           low: int | None = 0, high: int | None = None, step: int = 1) -> int:
    """A whole number of an entry, checked (an error says what is allowed)."""
    value = entry.get(key, default)
    if value is None:
        raise IllegalActionError(f"missing {key!r}: give a whole number")
    _need(isinstance(value, int) and not isinstance(value, bool),
          f"{key!r} must be a whole number, got {value!r}")
    _need(low is None or value >= low, f"{key!r} must be at least {low}, got {value}")
    _need(high is None or value <= high, f"{key!r} must be at most {high}, got {value}")
    _need(value % step == 0, f"{key!r} must be a multiple of {step}, got {value}")
    return int(value)


def per_side(entry: Mapping[str, Any], key: str, sides: Sequence[str]) -> dict[str, Any]:
    """The ``{side: value}`` mapping of an entry (missing: empty; unknown sides refused)."""
    value = entry.get(key) or {}
    _need(isinstance(value, Mapping), f"{key!r} must map sides to values, got {value!r}")
    bad = [s for s in value if s not in sides]
    _need(not bad, f"{key!r}: unknown side {', '.join(map(str, bad))}; the sides are "
          f"{', '.join(sides)}")
    return dict(value)


def side_name(value: Any, sides: Sequence[str], key: str, *, optional: bool) -> str | None:
    if value in (None, "", "none", "-") and optional:
        return None
    _need(value in sides, f"{key!r} must be one of {', '.join(sides)}"
          + (" or none" if optional else "") + f", got {value!r}")
    return str(value)
