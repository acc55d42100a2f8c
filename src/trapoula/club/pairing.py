"""Pairing the next round: Swiss (no rematches), Danish, and round-robin schedules.

Entrants are pairs (Bourloto and Burraco partnerships) or players; they are named by strings.
``ranking`` is the current standings order, best first (:mod:`trapoula.club.standings`; the
seeding before round 1).

* :func:`swiss` — Monrad-style Swiss: the best entrant not yet paired meets the next one in
  the ranking that he has not met, so entrants meet those with the same score or the
  nearest; a backtracking search guarantees that no rematch is made when a pairing without
  one exists (only then does it allow as few rematches as it can).  With an odd number, the
  bye goes to the lowest-ranked entrant who has not had one.
* :func:`danish` — the Danish system: 1st meets 2nd, 3rd meets 4th, ... whether or not they
  met before (the bye to the last).
* :func:`round_robin` — every entrant meets every other once (the circle method; a bye each
  round with an odd number).
* :func:`individual` — a round of an individual Bourloto tournament, partners rotating: the
  players are paired into partnerships as :func:`swiss` pairs (so nobody has the same
  partner twice when it can be avoided) and neighbouring partnerships share a table; with a
  number of players that is not a multiple of four, the lowest-ranked players who sat out
  least sit out.

>>> swiss(["a", "b", "c", "d"], played=[("a", "b")]).pairs
(('a', 'c'), ('b', 'd'))
>>> danish(["a", "b", "c", "d", "e"], played=[("a", "b")])
Pairing(pairs=(('a', 'b'), ('c', 'd')), bye='e')
>>> [r.pairs for r in round_robin(["a", "b", "c", "d"])]
[(('a', 'd'), ('b', 'c')), (('a', 'c'), ('d', 'b')), (('a', 'b'), ('c', 'd'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trapoula.errors import ConfigError

__all__ = ["Individual", "Pairing", "danish", "individual", "met", "round_robin", "swiss"]


@dataclass(frozen=True)
class Pairing:
    """One round: the pairs (better-ranked entrant first) and who has the bye."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None

    def rematches(self, played: Iterable[tuple[str, str]]) -> int:
        seen = met(played)
        return sum(1 for a, b in self.pairs if frozenset((a, b)) in seen)


def met(played: Iterable[tuple[str, str]]) -> set[frozenset[str]]:
    """The pairs that met, as unordered pairs."""
    return {frozenset(p) for p in played}


def _check(ranking: Sequence[str]) -> list[str]:
    order = list(ranking)
    if len(set(order)) != len(order):
        raise ConfigError(f"an entrant appears twice in the ranking: {order}")
    if len(order) < 2:
        raise ConfigError("a round needs at least two entrants")
    return order


def _bye_candidates(order: list[str], byes: set[str]) -> list[str]:
    """Who may take the bye, best choice first: the lowest ranked without a bye before."""
    fresh = [p for p in reversed(order) if p not in byes]
    return fresh + [p for p in reversed(order) if p in byes]


def swiss(ranking: Sequence[str], played: Iterable[tuple[str, str]] = (),
          byes: Iterable[str] = ()) -> Pairing:
    """The next Swiss round (see the module)."""
    order = _check(ranking)
    seen = met(played)
    had = set(byes)
    for budget in range(len(order) // 2 + 1):
        for bye in (_bye_candidates(order, had) if len(order) % 2 else [None]):
            rest = tuple(p for p in order if p != bye)
            pairs = _search(rest, seen, budget, {})
            if pairs is not None:
                return Pairing(tuple(pairs), bye)
    raise AssertionError("unreachable: any pairing fits the largest budget")  # pragma: no cover


def _search(rest: tuple[str, ...], seen: set[frozenset[str]], budget: int,
            failed: dict[tuple[tuple[str, ...], int], bool]) -> list[tuple[str, str]] | None:
    """Pairs for ``rest`` (in ranking order) with at most ``budget`` rematches, the first
    found in the order that keeps each entrant nearest in the ranking; or None."""
    if not rest:
        return []
    key = (rest, budget)
    if key in failed:
        return None
    top = rest[0]
    for i in range(1, len(rest)):
        other = rest[i]
        cost = 1 if frozenset((top, other)) in seen else 0
        if cost > budget:
            continue
        tail = _search(rest[1:i] + rest[i + 1:], seen, budget - cost, failed)
        if tail is not None:
            return [(top, other), *tail]
    failed[key] = True
    return None


def danish(ranking: Sequence[str], played: Iterable[tuple[str, str]] = (),
           byes: Iterable[str] = ()) -> Pairing:
    """The Danish round: neighbours in the ranking meet, rematches allowed (``played`` is
    accepted for the same call shape and not used); the bye as in :func:`swiss`."""
    order = _check(ranking)
    bye = _bye_candidates(order, set(byes))[0] if len(order) % 2 else None
    rest = [p for p in order if p != bye]
    return Pairing(tuple((rest[i], rest[i + 1]) for i in range(0, len(rest), 2)), bye)


def round_robin(entrants: Sequence[str]) -> list[Pairing]:
    """All the rounds of a round-robin (``n - 1`` rounds, ``n`` with an odd number)."""
    order: list[str | None] = list(_check(entrants))
    if len(order) % 2:
        order.append(None)
    n = len(order)
    rounds = []
    for _ in range(n - 1):
        pairs: list[tuple[str, str]] = []
        bye = None
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                pairs.append((a, b))
        rounds.append(Pairing(tuple(pairs), bye))
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


@dataclass(frozen=True)
class Individual:
    """One round of an individual tournament: tables of two partnerships, and who sits out."""

    tables: tuple[tuple[tuple[str, str], tuple[str, str]], ...]
    sit_out: tuple[str, ...] = ()


def individual(ranking: Sequence[str], partnered: Iterable[tuple[str, str]] = (),
               sat_out: Iterable[str] = ()) -> Individual:
    """The next round with rotating partners (see the module); ``partnered`` lists the
    partnerships of earlier rounds, ``sat_out`` who sat out (once per round sat out)."""
    order = _check(ranking)
    if len(order) < 4:
        raise ConfigError(f"a table needs four players; got {len(order)}")
    count: dict[str, int] = {}
    for p in sat_out:
        count[p] = count.get(p, 0) + 1
    extra = len(order) % 4
    rank = {p: i for i, p in enumerate(order)}
    out = sorted(order, key=lambda p: (count.get(p, 0), -rank[p]))[:extra]
    rest = [p for p in order if p not in out]
    pairs = swiss(rest, partnered).pairs
    tables = tuple((pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))
    return Individual(tables, tuple(sorted(out, key=rank.__getitem__)))
