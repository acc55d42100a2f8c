"""Deal scoring (RULES.md §1.5): capot, the ru meza rule, the gr contract and hanging pool.

>>> from trapoula.games.bourloto.rules import BourlotoOptions, PRESETS
>>> from trapoula.core.options import build_options
>>> gr = build_options(BourlotoOptions, PRESETS["gr"], {})
>>> score_deal(gr, buyer="A", tricks={"A": 70, "B": 92}, capot=None,
...            declarations={"A": 20, "B": 0}, trump_points={"A": 0, "B": 0})
{'A': 0, 'B': 182, 'hanging': 0}
>>> ru = build_options(BourlotoOptions, PRESETS["ru"], {})
>>> score_deal(ru, buyer=None, tricks={"A": 81, "B": 81}, capot=None,
...            declarations={"A": 0, "B": 0}, trump_points={"A": 34, "B": 28})
{'A': 162, 'B': 0, 'hanging': 0}
"""

from __future__ import annotations

from collections.abc import Mapping

from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = ["score_deal"]


def _other(team: str) -> str:
    return "B" if team == "A" else "A"


def score_deal(
    opts: BourlotoOptions,
    *,
    buyer: str | None,
    tricks: Mapping[str, int],
    capot: str | None,
    declarations: Mapping[str, int],
    trump_points: Mapping[str, int],
    hanging: int = 0,
) -> dict[str, int]:
    """Points written for each team for this deal, and the hanging pool after it.

    ``tricks`` are card points taken (last trick's 10 included); ``declarations`` are after
    comparison, Bourloto included.  The pool (``hanging``) goes to the team with the strictly
    higher deal score of the next deal that is not itself a hang.
    """
    raw = {}
    for t in ("A", "B"):
        if capot == t:
            base = 250 if opts.capot_mode == "replace_250" else tricks[t] + 90
        else:
            base = tricks[t]
        raw[t] = base + declarations[t]
    base_pts = {t: raw[t] - declarations[t] for t in ("A", "B")}

    if opts.contract and buyer is not None:
        d = _other(buyer)
        if raw[buyer] > raw[d]:
            score = dict(raw)
        elif raw[buyer] < raw[d]:
            score = {buyer: 0, d: raw[buyer] + raw[d]}
        else:  # hanging: the buyer's points wait for the next decided deal
            return {buyer: 0, d: raw[d], "hanging": hanging + raw[buyer]}
    else:
        score = dict(raw)
        equal = (
            raw["A"] == raw["B"]
            if opts.meza_compare == "deal_total"
            else tricks["A"] == tricks["B"]
        )
        if equal and trump_points["A"] != trump_points["B"]:
            w = "A" if trump_points["A"] > trump_points["B"] else "B"
            lo = _other(w)
            score = {w: base_pts[w] + tricks[lo] + declarations[w], lo: declarations[lo]}
    if hanging and score["A"] != score["B"]:
        w = "A" if score["A"] > score["B"] else "B"
        score[w] += hanging
        hanging = 0
    return {"A": score["A"], "B": score["B"], "hanging": hanging}
