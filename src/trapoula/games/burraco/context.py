"""What a Burraco deal fixes once (``_Ctx``): the rules, its seed and origin, the dealer and
the seating (RULES.md §3.2: partnerships with 4 players, each player alone with 2 or 3).

>>> seating(3)["team_names"]
('P1', 'P2', 'P3')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trapoula.games.burraco.rules import BurracoOptions

__all__ = ["_Ctx", "seating"]


@dataclass(frozen=True)
class _Ctx:
    """What a deal fixes once: the rules, its seed and origin, the dealer, the seating."""

    game: Any  # the Burraco game (game.py imports this module; a compiled dataclass looks
    # its fields' types up when the module loads)
    opts: BurracoOptions
    seed: int
    origin: dict[str, Any]
    dealer: int
    dealer_draw: tuple[dict[str, int], ...] = ()
    players: int = 4
    team_of: tuple[int, ...] = (0, 1, 0, 1)
    team_names: tuple[str, ...] = ("A", "B")
    members: tuple[tuple[int, ...], ...] = field(default=((0, 2), (1, 3)))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its constructor's arguments (compiled by mypyc, the class has no
        ``__dict__`` for the default pickling)."""
        return (_Ctx, (self.game, self.opts, self.seed, self.origin, self.dealer,
                       self.dealer_draw, self.players, self.team_of, self.team_names,
                       self.members))

    def __setstate__(self, state: Any) -> None:
        """Unpickling what earlier versions pickled (the fields' dict): set field by field,
        which a frozen dataclass's ``__setattr__`` refuses."""
        d, slots = state if isinstance(state, tuple) else (state, None)
        for part in (d, slots):
            for name, value in (part or {}).items():
                object.__setattr__(self, name, value)


def seating(players: int) -> dict[str, Any]:
    """The ``_Ctx`` fields of the seating: partnerships with 4 players, else individual."""
    if players == 4:
        return {"players": 4, "team_of": (0, 1, 0, 1), "team_names": ("A", "B"),
                "members": ((0, 2), (1, 3))}
    return {"players": players, "team_of": tuple(range(players)),
            "team_names": tuple(f"P{i + 1}" for i in range(players)),
            "members": tuple((i,) for i in range(players))}
