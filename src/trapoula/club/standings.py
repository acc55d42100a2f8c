"""Standings after every round, with tie-breaks, and their CSV and JSON export.

Each :class:`Result` is one match of a round: two entrants, their points and the victory
points each earned (FIBUR's scale for Burraco, :func:`result`; 2/1/0 for a win, a draw, a
loss where a game has no scale); a bye is a result against nobody.

The order, best first:

1. victory points (VP), the most;
2. head-to-head: among the entrants still equal, the VP each earned in their matches against
   the others of that group;
3. Buchholz: the sum of the final VP of the opponents met (byes count nothing);
4. point difference: points scored less points conceded over all matches;
5. the name, alphabetically (entrants equal on 1-4 share the rank).

>>> rs = [result(1, "a", "b", 1450, 900, hands=3), result(1, "c", "d", 1000, 1000, hands=3)]
>>> [(s.entrant, s.vp, s.rank) for s in standings("abcd", rs)]
[('a', 15.0, 1), ('c', 10.0, 2), ('d', 10.0, 2), ('b', 5.0, 4)]
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from trapoula.club.scales import fibur_vp
from trapoula.errors import ConfigError

__all__ = ["TIE_BREAKS", "Result", "Standing", "bye", "result", "standings", "to_csv",
           "to_json", "win_draw_loss"]

TIE_BREAKS = ("vp", "head_to_head", "buchholz", "difference")


@dataclass(frozen=True)
class Result:
    """One match: ``b`` is ``None`` for a bye."""

    round: int
    a: str
    b: str | None
    points_a: int
    points_b: int
    vp_a: float
    vp_b: float


def result(round_number: int, a: str, b: str, points_a: int, points_b: int, *,
           hands: int = 3) -> Result:
    """A Burraco match of ``hands`` hands with FIBUR's victory points."""
    va, vb = fibur_vp(points_a - points_b, hands)
    return Result(round_number, a, b, points_a, points_b, va, vb)


def win_draw_loss(round_number: int, a: str, b: str, points_a: int, points_b: int) -> Result:
    """A match scored 2 for a win, 1 for a draw, 0 for a loss (a game without a VP scale)."""
    va = 2 if points_a > points_b else 1 if points_a == points_b else 0
    return Result(round_number, a, b, points_a, points_b, va, 2 - va)


def bye(round_number: int, entrant: str, vp: float = 12) -> Result:
    """A bye: ``vp`` victory points (default 12, a modest win on FIBUR's scale)."""
    return Result(round_number, entrant, None, 0, 0, vp, 0)


@dataclass(frozen=True)
class Standing:
    rank: int
    entrant: str
    played: int
    vp: float
    head_to_head: float
    buchholz: float
    points_for: int
    points_against: int

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def standings(entrants: Iterable[str], results: Sequence[Result]) -> list[Standing]:
    """The standings of ``entrants`` after ``results`` (see the module for the order)."""
    names = list(entrants)
    known = set(names)
    vp = dict.fromkeys(names, 0.0)
    pf, pa, played = dict.fromkeys(names, 0), dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    opponents: dict[str, list[str]] = {n: [] for n in names}
    for r in results:
        for who in (r.a, r.b):
            if who is not None and who not in known:
                raise ConfigError(f"round {r.round}: {who!r} is not an entrant")
        vp[r.a] += r.vp_a
        played[r.a] += 1
        if r.b is None:
            continue
        vp[r.b] += r.vp_b
        played[r.b] += 1
        pf[r.a] += r.points_a
        pa[r.a] += r.points_b
        pf[r.b] += r.points_b
        pa[r.b] += r.points_a
        opponents[r.a].append(r.b)
        opponents[r.b].append(r.a)
    buch = {n: float(sum(vp[o] for o in opponents[n])) for n in names}
    h2h = dict.fromkeys(names, 0.0)
    groups: dict[float, list[str]] = {}
    for n in names:
        groups.setdefault(vp[n], []).append(n)
    for group in groups.values():
        if len(group) < 2:
            continue
        inside = set(group)
        for r in results:
            if r.b is not None and r.a in inside and r.b in inside:
                h2h[r.a] += r.vp_a
                h2h[r.b] += r.vp_b

    def key(n: str) -> tuple[float, float, float, int]:
        return (-vp[n], -h2h[n], -buch[n], -(pf[n] - pa[n]))

    order = sorted(names, key=lambda n: (key(n), n))
    out: list[Standing] = []
    for i, n in enumerate(order):
        rank = out[-1].rank if out and key(order[i - 1]) == key(n) else i + 1
        out.append(Standing(rank, n, played[n], vp[n], h2h[n], buch[n], pf[n], pa[n]))
    return out


_COLUMNS = ("rank", "entrant", "played", "vp", "head_to_head", "buchholz", "points_for",
            "points_against", "difference")


def _row(s: Standing) -> dict[str, object]:
    d = asdict(s)
    d["difference"] = s.difference
    return {c: d[c] for c in _COLUMNS}


def _cell(value: object) -> object:
    """A text a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``, a tab or a
    carriage return first) is written with a ``'`` before it, as OWASP advises for CSV."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def to_csv(table: Sequence[Standing]) -> str:
    """The standings as CSV with a header line (an entrant's name is never a formula).

    >>> print(to_csv([Standing(1, "=HYPERLINK(1)", 1, 20.0, 0.0, 0.0, 5, 2)]), end="")
    rank,entrant,played,vp,head_to_head,buchholz,points_for,points_against,difference
    1,'=HYPERLINK(1),1,20.0,0.0,0.0,5,2,3
    """
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(_COLUMNS), lineterminator="\n")
    w.writeheader()
    for s in table:
        w.writerow({k: _cell(v) for k, v in _row(s).items()})
    return buf.getvalue()


def to_json(table: Sequence[Standing], results: Sequence[Result] = ()) -> str:
    """The standings (and the results they come from) as JSON."""
    return json.dumps({"tie_breaks": list(TIE_BREAKS),
                       "standings": [_row(s) for s in table],
                       "results": [asdict(r) for r in results]}, indent=1)
