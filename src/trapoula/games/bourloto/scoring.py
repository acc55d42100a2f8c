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
from typing import TYPE_CHECKING, Any

from trapoula.games.bourloto.rules import BourlotoOptions

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState

__all__ = ["deal_result", "score_deal", "score_teams"]


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
    a, b, pool = score_teams(
        opts, "AB".index(buyer) if buyer is not None else -1, tricks["A"], tricks["B"],
        "AB".index(capot) if capot is not None else -1, declarations["A"], declarations["B"],
        trump_points["A"], trump_points["B"], hanging,
    )
    return {"A": a, "B": b, "hanging": pool}


def score_teams(
    opts: BourlotoOptions, buyer: int, tricks_a: int, tricks_b: int, capot: int,
    decl_a: int, decl_b: int, trump_a: int, trump_b: int, hanging: int,
) -> tuple[int, int, int]:
    """:func:`score_deal` on plain numbers (teams as 0 = A, 1 = B, -1 = none):
    ``(points A, points B, hanging pool after)``.

    >>> from trapoula.games.bourloto.rules import BourlotoOptions
    >>> score_teams(BourlotoOptions(), -1, 100, 62, -1, 0, 0, 20, 10, 0)
    (100, 62, 0)
    """
    base = [tricks_a, tricks_b]
    if capot >= 0:
        base[capot] = 250 if opts.capot_mode == "replace_250" else base[capot] + 90
    decl = (decl_a, decl_b)
    raw = [base[0] + decl_a, base[1] + decl_b]
    if opts.contract and buyer >= 0:
        d = 1 - buyer
        if raw[buyer] > raw[d]:
            score = raw
        elif raw[buyer] < raw[d]:
            score = [0, 0]
            score[d] = raw[buyer] + raw[d]
        else:  # hanging: the buyer's points wait for the next decided deal
            score = [0, 0]
            score[d] = raw[d]
            return score[0], score[1], hanging + raw[buyer]
    else:
        score = raw
        equal = (
            raw[0] == raw[1] if opts.meza_compare == "deal_total" else tricks_a == tricks_b
        )
        if equal and trump_a != trump_b:
            w = 0 if trump_a > trump_b else 1
            lo = 1 - w
            score = [0, 0]
            score[w] = base[w] + (tricks_b if w == 0 else tricks_a) + decl[w]
            score[lo] = decl[lo]
    if hanging and score[0] != score[1]:
        score[0 if score[0] > score[1] else 1] += hanging
        hanging = 0
    return score[0], score[1], hanging


_F10 = 1023  # one field of a state's packed tally


def deal_result(s: BourlotoState) -> dict[str, Any]:
    """The finished deal's result (``scores`` per team, with the ``hanging`` pool under a
    contract), from the state's tally and declarations."""
    t = s._tl
    na = t >> 20 & _F10
    dpts, bpts = s.declared[1], s.declared[2]
    ctx = s._ctx
    opts = ctx.opts
    a, b, pool = score_teams(
        opts, ctx.buyer, t & _F10, t >> 32 & _F10, 0 if na == 8 else (1 if na == 0 else -1),
        dpts[0] + bpts[0], dpts[1] + bpts[1], t >> 10 & _F10, t >> 42 & _F10, ctx.hanging,
    )
    if opts.contract:
        return {"scores": {"A": a, "B": b}, "hanging": pool}
    return {"scores": {"A": a, "B": b}}
