"""A duplicate round's boards: every table of the round dealt from the same seed, so deal
``k`` at every table is one board (the same cards in the same seats); each table's result on
it (side A's points less side B's: the pair in P1/P3) is scored against every other table
that played it, in matchpoints and cross-IMPs (trapoula.club.duplicate, the scales of
docs/tournaments.md).  A board that only one table reached (a match that went on longer)
scores nothing.

>>> tabs = [{"code": "T1", "a": "x", "b": "y", "boards": [{"A": 120, "B": 42}]},
...         {"code": "T2", "a": "z", "b": "w", "boards": [{"A": 40, "B": 122}]}]
>>> b = boards(tabs, "bourloto")[0]
>>> b["mp"], b["imps"]
({'T1': 2, 'T2': 0}, {'T1': 12.0, 'T2': -12.0})
>>> totals(tabs, "bourloto")["x"], totals(tabs, "bourloto")["y"]
({'mp': 2, 'top': 2, 'imps': 12.0}, {'mp': 0, 'top': 2, 'imps': -12.0})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trapoula.club.duplicate import board_results, cross_imps, matchpoints, other_side

__all__ = ["boards", "totals"]


def boards(tables: Sequence[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """Each board of a round: its number, each table's net result, matchpoints and IMPs."""
    n = max((len(t.get("boards") or ()) for t in tables), default=0)
    out = []
    for k in range(n):
        scores = {t["code"]: t["boards"][k] for t in tables if len(t.get("boards") or ()) > k}
        if len(scores) < 2:
            continue
        net = board_results(scores)
        out.append({"board": k + 1, "net": net, "mp": matchpoints(net),
                    "top": 2 * (len(net) - 1), "imps": cross_imps(game, net)})
    return out


def totals(tables: Sequence[dict[str, Any]], game: str) -> dict[str, dict[str, Any]]:
    """Each pair's matchpoints (and the tops they were out of) and IMPs over the round."""
    by_code = {t["code"]: t for t in tables}
    out: dict[str, dict[str, Any]] = {}
    for b in boards(tables, game):
        other = other_side(b["mp"], len(b["mp"]))
        for code, mp in b["mp"].items():
            t = by_code[code]
            for who, got, imps in ((t["a"], mp, b["imps"][code]),
                                   (t["b"], other[code], -b["imps"][code])):
                s = out.setdefault(who, {"mp": 0, "top": 0, "imps": 0.0})
                s["mp"] += got
                s["top"] += b["top"]
                s["imps"] = round(s["imps"] + imps, 2)
    return out
