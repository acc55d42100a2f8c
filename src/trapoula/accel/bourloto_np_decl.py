"""Bourloto declarations (RULES.md §1.3) for whole batches of hands, with numpy.

Hands are 32-bit masks of compact cards (``suit * 8 + r``, ``r`` = 0..7 for 7 8 9 10 J Q K A).
Runs come from per-suit tables and fours from per-rank tables, all built by calling the
reference :func:`~trapoula.games.bourloto.declarations.best_declarations`, so every option
(run values, split runs, four values, four 7s cancelling jacks) follows it.

>>> import numpy as np
>>> t = decl_tables(100, False, "flat_100", False)
>>> hand = np.array([0b111 | 0xF0 << 8])  # 7 8 9 of spades, J Q K A of hearts
>>> d = declarations(hand, np.array([2]), t)
>>> bool(d.any[0]), int(d.pts[0])
(True, 70)
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from trapoula.games.bourloto.declarations import Declaration, best_declarations
from trapoula.games.bourloto.tables import TRUMP_STRENGTH

if TYPE_CHECKING:
    from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = ["Decl", "DeclTables", "compare", "decl_tables", "declarations"]

Arr = np.ndarray[Any, Any]


def _enc(key: tuple[int, ...]) -> int:
    """A declaration key as an int with the same order; 0 for keys that never rank (a four
    worth nothing)."""
    if key[0] == 1:
        _, n, top, tf = key
        return (1 << 16) | (n << 8) | (top << 1) | tf
    if key[0] == 2:
        return (2 << 16) | (key[1] << 8)
    return 0


_JACK_KEY = _enc((2, TRUMP_STRENGTH[9]))  # the four jacks (JS is global index 9)


class DeclTables(NamedTuple):
    """Lookup tables for one set of declaration options."""

    # runs of one suit, index tf * 256 + rank pattern (tf: the suit is trumps)
    run_pts: Arr
    run_nsc: Arr  # runs worth points
    run_nzero: Arr  # runs worth 0 (run6_value = 0)
    run_key: Arr  # best key of all runs
    run_key_sc: Arr  # best key of the runs worth points
    # fours, index: 8-bit pattern of the ranks whose fours are chosen
    qualify: int  # ranks whose four is a declaration
    four_pts: Arr
    four_nsc: Arr  # fours worth points
    four_n: Arr
    four_key: Arr
    four_key_nj: Arr  # best key without the four jacks
    four_jack: Arr  # points of the four jacks
    four_s7: Arr  # a four of sevens worth nothing (it cancels jacks)


@lru_cache(maxsize=16)
def decl_tables(run6: int, split: bool, four_values: str, s7cj: bool) -> DeclTables:
    """The tables for these options (cached)."""
    runs: list[list[int]] = [[0] * 512 for _ in range(5)]
    for tf in (0, 1):
        for p in range(256):
            i = tf * 256 + p
            for d in best_declarations(p << 5, 0 if tf else 1, run6_value=run6, split_runs=split):
                runs[0][i] += d.points
                runs[1 if d.points > 0 else 2][i] += 1
                runs[3][i] = max(runs[3][i], _enc(d.key))
                if d.points > 0:
                    runs[4][i] = max(runs[4][i], _enc(d.key))
    fours: list[Declaration | None] = []
    for r in range(8):
        m = sum(1 << (13 * s + 5 + r) for s in range(4))
        found = best_declarations(m, 0, four_values=four_values, sevens_cancel_jacks=s7cj)
        fours.append(found[0] if found else None)
    qualify = sum(1 << r for r in range(8) if fours[r] is not None)
    f: list[list[int]] = [[0] * 256 for _ in range(7)]
    for u in range(256):
        for r in range(8):
            four = fours[r]
            if not u >> r & 1 or four is None:
                continue
            key = _enc(four.key)
            f[0][u] += four.points
            f[1][u] += four.points > 0
            f[2][u] += 1
            f[3][u] = max(f[3][u], key)
            if key == _JACK_KEY:
                f[5][u] = four.points
            else:
                f[4][u] = max(f[4][u], key)
            f[6][u] |= four.key[0] == 0 and r == 0
    a = [np.array(x, np.int64) for x in runs + f]
    return DeclTables(a[0], a[1], a[2], a[3], a[4], qualify,
                      a[5], a[6], a[7], a[8], a[9], a[10], a[11])


class Decl(NamedTuple):
    """Per hand: what its best declarations are worth and how they rank."""

    any: Arr  # it has a declaration
    pts: Arr
    key: Arr  # best key (0: none)
    key_nj: Arr  # best key without the four jacks
    jack: Arr  # points of its four jacks (0: none)
    s7: Arr  # a zero-valued four of sevens


def _runs(h: Arr, trump: Arr, t: DeclTables) -> tuple[Arr, Arr, Arr, Arr, Arr]:
    idx = [((trump == s).astype(np.int64) << 8) | ((h >> (8 * s)) & 0xFF) for s in range(4)]
    pts = t.run_pts[idx[0]] + t.run_pts[idx[1]] + t.run_pts[idx[2]] + t.run_pts[idx[3]]
    nsc = t.run_nsc[idx[0]] + t.run_nsc[idx[1]] + t.run_nsc[idx[2]] + t.run_nsc[idx[3]]
    nzero = t.run_nzero[idx[0]] + t.run_nzero[idx[1]] + t.run_nzero[idx[2]] + t.run_nzero[idx[3]]
    key = np.maximum(np.maximum(t.run_key[idx[0]], t.run_key[idx[1]]),
                     np.maximum(t.run_key[idx[2]], t.run_key[idx[3]]))
    ksc = np.maximum(np.maximum(t.run_key_sc[idx[0]], t.run_key_sc[idx[1]]),
                     np.maximum(t.run_key_sc[idx[2]], t.run_key_sc[idx[3]]))
    return pts, nsc, nzero, key, ksc


def declarations(h: Arr, trump: Arr, t: DeclTables) -> Decl:
    """``best_declarations`` of each 8-card hand, summarised (``h``, ``trump``: 1-d)."""
    pts, nsc, nzero, key, _ = _runs(h, trump, t)
    out = Decl(nsc + nzero > 0, pts, key, key.copy(), np.zeros_like(h), np.zeros(len(h), bool))
    q = h & (h >> 8) & (h >> 16) & (h >> 24) & t.qualify
    rows = np.flatnonzero(q)
    if len(rows) == 0:
        return out
    # fours: every subset of the (at most two) fours, in best_declarations' order; the score
    # (total, fewer scoring declarations, more fours) packed in one int, first best kept
    hr, tr, qr = h[rows], trump[rows], q[rows]
    lo = qr & -qr
    hi = qr ^ lo
    best = np.full(len(rows), -1, np.int64)
    choice = [np.zeros_like(qr) for _ in range(4)]  # chosen subset, total, run count, run key
    for used in (np.zeros_like(qr), lo, hi, qr):
        rp, rn, _, _, rk = _runs(hr & ~(used * 0x01010101), tr, t)
        total = rp + t.four_pts[used]
        score = (total << 16) + ((255 - rn - t.four_nsc[used]) << 4) + t.four_n[used]
        if used is hi or used is qr:
            score = np.where(hi != 0, score, -1)
        better = score > best
        best = np.where(better, score, best)
        for k, v in enumerate((used, total, rn, rk)):
            choice[k] = np.where(better, v, choice[k])
    used, total, rn, rk = choice
    out.any[rows] = rn + t.four_n[used] > 0
    out.pts[rows] = total
    out.key[rows] = np.maximum(rk, t.four_key[used])
    out.key_nj[rows] = np.maximum(rk, t.four_key_nj[used])
    out.jack[rows] = t.four_jack[used]
    out.s7[rows] = t.four_s7[used].astype(bool)
    return out


def compare(declared: Arr, d: Decl, o: BourlotoOptions) -> tuple[Arr, Arr]:
    """Declaration points of teams A and B, as ``compare_declarations`` gives them.

    ``declared`` and the fields of ``d`` have shape ``(4, n)`` (seat, deal)."""
    pts = np.where(declared, d.pts, 0)
    key = np.where(declared, d.key, 0)
    if o.sevens_cancel_jacks:
        s7 = declared & d.s7
        a7, b7 = s7[0] | s7[2], s7[1] | s7[3]
        cancel = declared & np.stack([b7, a7, b7, a7])
        pts = pts - np.where(cancel, d.jack, 0)
        key = np.where(cancel, d.key_nj, key)
    pa, pb = pts[0] + pts[2], pts[1] + pts[3]
    if not o.compare_declarations:
        return pa, pb
    ka, kb = np.maximum(key[0], key[2]), np.maximum(key[1], key[3])
    da, db = np.where(ka > kb, pa, 0), np.where(kb > ka, pb, 0)
    if o.equal_seq_winner == "first_declarer":
        tie = (ka == kb) & (ka > 0)
        # the first seat holding the best key: these deals are dealt by P4, so P1 leads
        # trick 1 and seat order is the order of play (compare_declarations' ``first=0``)
        first = np.argmax(key == ka, axis=0)
        da = da + np.where(tie & (first % 2 == 0), pa, 0)
        db = db + np.where(tie & (first % 2 == 1), pb, 0)
    return da, db
