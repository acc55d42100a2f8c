"""Seats and partnerships.

Seats are named ``P1..Pn`` in the direction of play; in partnership games team ``A`` is
{P1, P3} and team ``B`` is {P2, P4}.

>>> seat_names(4)
('P1', 'P2', 'P3', 'P4')
>>> seat_index("p3"), team_of("P4"), TEAMS["A"]
(2, 'B', ('P1', 'P3'))
"""

from __future__ import annotations

from trapoula.errors import ParseError

__all__ = ["TEAMS", "seat_index", "seat_name", "seat_names", "split_seat", "team_of"]

TEAMS: dict[str, tuple[str, str]] = {"A": ("P1", "P3"), "B": ("P2", "P4")}
_NAMES = tuple(f"P{i}" for i in range(1, 9))


def seat_names(n: int) -> tuple[str, ...]:
    return _NAMES[:n]


def seat_name(index: int) -> str:
    return _NAMES[index]


def seat_index(seat: str) -> int:
    """0-based index of ``P1``.. (any case)."""
    s = seat.strip().upper()
    if len(s) >= 2 and s[0] == "P" and s[1:].isdigit() and 1 <= int(s[1:]) <= 8:
        return int(s[1:]) - 1
    raise ParseError(f"not a seat: {seat!r} (seats are P1, P2, ...)")


def team_of(seat: str | int) -> str:
    """``A`` for P1/P3, ``B`` for P2/P4."""
    i = seat if isinstance(seat, int) else seat_index(seat)
    return "AB"[i % 2]


def split_seat(text: str) -> tuple[str | None, str]:
    """Split an optional leading seat from action text.

    >>> split_seat("P2 take"), split_seat("play 7H")
    (('P2', 'take'), (None, 'play 7H'))
    """
    parts = text.strip().split(None, 1)
    if parts and len(parts[0]) >= 2 and parts[0][0] in "pP" and parts[0][1:].isdecimal():
        return f"P{int(parts[0][1:])}", (parts[1] if len(parts) > 1 else "")
    return None, text.strip()
