"""An independent, deliberately naive reading of RULES.md §3.3 (for tests only).

It tries every interpretation of a multiset explicitly (which 2 is natural, where the ace
and the wild stand) instead of reasoning about gaps, so it shares no logic with melds.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

JOKER = 52


def is_wild_card(c: int) -> bool:
    return c == JOKER or c % 13 == 0


def value(c: int) -> int:
    if c == JOKER:
        return 30
    k = c % 13
    return 20 if k == 0 else 15 if k == 12 else 10 if k >= 6 else 5


def oracle(cards: Sequence[int]) -> tuple[str, int, bool, bool] | None:
    """``(kind, suit or rank, clean, semi_shape)`` or None.  Cards are indices."""
    n = len(cards)
    if n < 3 or n > 13:  # (a set holds at most 8 naturals and a wild)
        return None
    nat = [c for c in cards if not is_wild_card(c)]
    wild = [c for c in cards if is_wild_card(c)]
    if len(nat) >= 2 and len({c % 13 for c in nat}) == 1:
        if len(wild) <= 1:
            return ("set", nat[0] % 13, not wild, bool(wild) and n >= 8)
        return None
    best: tuple[int, bool] | None = None  # (wild count, semi shape)
    for s in range(4):
        if any(c // 13 != s for c in nat):
            continue
        # every card's possible (position, is_wild) readings
        options: list[list[tuple[int, bool]]] = []
        for c in cards:
            if c == JOKER or (c % 13 == 0 and c // 13 != s):
                options.append([(p, True) for p in range(1, 15)])
            elif c % 13 == 0:
                options.append([(2, False)] + [(p, True) for p in range(1, 15)])
            elif c % 13 == 12:
                options.append([(1, False), (14, False)])
            else:
                options.append([(c % 13 + 2, False)])
        if sum(1 for o in options if all(w for _, w in o)) > 1:
            continue
        for reading in product(*options):
            wilds = sum(1 for _, w in reading if w)
            if wilds > 1:
                continue
            ps = sorted(p for p, _ in reading)
            if len(set(ps)) != n or ps[-1] - ps[0] + 1 != n:
                continue
            naturals = {p for p, w in reading if not w}
            run = longest_run(naturals)
            semi = wilds == 1 and n >= 8 and run >= 7
            if best is None or wilds < best[0] or (wilds == best[0] and semi and not best[1]):
                best = (wilds, semi)
        if best is not None:
            return ("sequence", s, best[0] == 0, best[1])
    return None


def longest_run(positions: Iterable[int]) -> int:
    ps = sorted(positions)
    best = cur = 0
    prev = -10
    for p in ps:
        cur = cur + 1 if p == prev + 1 else 1
        best = max(best, cur)
        prev = p
    return best


def submultisets(cards: Sequence[int]) -> set[tuple[int, ...]]:
    """Every distinct sub-multiset (sorted tuples) of some cards."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    items = sorted(counts.items())
    out: set[tuple[int, ...]] = set()
    for ks in product(*[range(k + 1) for _, k in items]):
        t: list[int] = []
        for (c, _), k in zip(items, ks, strict=True):
            t.extend([c] * k)
        out.add(tuple(t))
    return out
