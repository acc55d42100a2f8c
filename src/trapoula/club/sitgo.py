"""The Bourré sit-and-go: equal stacks, an ante that rises by level, elimination = placement.

Every player starts with the same stack.  The ante of deal ``d`` (1, 2, ...) is level
``(d - 1) // deals_per_level`` of ``levels``, the last level staying once reached.  A player
leaves when he cannot pay what he owes (the table rules of
:class:`trapoula.games.bourre.session.BourreSession`); the last one left wins.  Placement is
the reverse order of elimination; players who leave in the same deal are placed by the chips
they had before that deal (more is better), then by seat.

>>> s = AnteSchedule((1, 2, 4), deals_per_level=5)
>>> [s.ante_for(d) for d in (1, 5, 6, 11, 40)]
[1, 1, 2, 4, 4]
>>> placement(["P1", "P2", "P3", "P4"], [("P3", 4, 2), ("P1", 9, 1), ("P4", 9, 7)])
['P2', 'P4', 'P1', 'P3']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trapoula.errors import ConfigError

__all__ = ["DEFAULT_LEVELS", "AnteSchedule", "placement"]

DEFAULT_LEVELS = (1, 2, 3, 5, 8, 12, 20, 30, 50, 80)


@dataclass(frozen=True)
class AnteSchedule:
    """Antes by level: ``levels`` (rising) and the deals played at each level."""

    levels: tuple[int, ...] = DEFAULT_LEVELS
    deals_per_level: int = 6

    def __post_init__(self) -> None:
        lv = tuple(self.levels)
        if not lv or any(not isinstance(a, int) or a < 1 for a in lv):
            raise ConfigError(f"ante levels are whole numbers of at least 1, got {lv!r}")
        if any(b < a for a, b in zip(lv, lv[1:], strict=False)):
            raise ConfigError(f"ante levels rise (or stay), got {lv!r}")
        if not isinstance(self.deals_per_level, int) or self.deals_per_level < 1:
            raise ConfigError(f"deals_per_level is at least 1, got {self.deals_per_level!r}")
        object.__setattr__(self, "levels", lv)

    def level_of(self, deal: int) -> int:
        """The level (0-based) of deal number ``deal`` (1-based)."""
        return min((max(deal, 1) - 1) // self.deals_per_level, len(self.levels) - 1)

    def ante_for(self, deal: int) -> int:
        return self.levels[self.level_of(deal)]

    def to_dict(self) -> dict[str, Any]:
        return {"levels": list(self.levels), "deals_per_level": self.deals_per_level}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AnteSchedule:
        return cls(tuple(data.get("levels") or DEFAULT_LEVELS),
                   int(data.get("deals_per_level", 6)))


def placement(seats: Sequence[str], eliminated: Sequence[tuple[str, int, int]]) -> list[str]:
    """Final places, first to last: ``eliminated`` lists ``(seat, deal, chips before that
    deal)`` in the order players left; whoever never left is placed first (by seat)."""
    out_seats = {e[0] for e in eliminated}
    first = [s for s in seats if s not in out_seats]
    order = sorted(eliminated, key=lambda e: (-e[1], -e[2], list(seats).index(e[0])))
    return first + [e[0] for e in order]
