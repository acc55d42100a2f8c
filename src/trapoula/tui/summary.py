"""The end-of-deal score card as data: rows that add up, shared by the terminal and the browser.

A summary is computed from views only: ``before`` (the public view before the deal's last
action: who closed a Burraco hand), ``finished`` (the view of the finished deal) and ``after``
(the view once the deal is over: the match totals).  Row labels are keys of
:data:`trapoula.tui.strings.STRINGS`, so both UIs word them the same way in every language.

Bourloto rows: card points, the last trick's 10, each team's declarations (``cancelled`` when
they lost the comparison), Bourlot, capot, the deal total; then how the contract turned it
into the points written (inside, hanging, the ru equal-points rule), the hanging pool collected
and the points written — each row adds up to the next total.

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourloto", "gr")
>>> m = g.new_match(seed=3)
>>> bots = {p: make_bot("heuristic", g, seed=1) for p in ("P1", "P2", "P3", "P4")}
>>> while not m.deals:
...     last, m = m, m.apply(bots[m.current_player].choose(m.view(m.current_player)))
>>> s = deal_summary(last.public_view(), last.deal.apply(m.history[-1].action).public_view(),
...                  m.public_view(), g.options)
>>> s["rows"][-1]["key"], s["rows"][-1]["values"] == m.deals[-1].result["scores"]
('written', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.core.seats import seat_index

__all__ = ["bourloto_summary", "bourre_summary", "burraco_summary", "deal_summary",
           "summary_lines"]

_CLOSING_BONUS = 100  # (trapoula.games.burraco.scoring: kept equal by test_summary)
_NO_POZZETTO = 100


def _team(seat: str) -> str:
    return "AB"[seat_index(seat) % 2]


def _row(key: str, values: Mapping[str, int], **extra: Any) -> dict[str, Any]:
    return {"key": key, "values": dict(values), **extra}


def deal_summary(before: Any, finished: Any, after: Any, options: Any = None) -> dict[str, Any]:
    """The score card of a finished deal of any game (see the module's docstring)."""
    game = getattr(finished, "game", "")
    if game == "bourloto":
        return bourloto_summary(finished, after, options)
    if game == "bourre":
        return bourre_summary(before, finished, after)
    if game == "burraco":
        return burraco_summary(before, finished, after)
    return {"game": game, "columns": [], "rows": [], "notes": [],
            "result": getattr(finished, "result", None)}


def _deal_number(after: Any, finished: Any) -> int:
    m = getattr(after, "match", None)
    if m is not None:
        return len(m.deal_scores)
    s = getattr(finished, "session", None)
    return int(s.deal_number) if s is not None else 1


def bourloto_summary(finished: Any, after: Any, options: Any = None) -> dict[str, Any]:
    """Bourloto's rows (each adds to the deal total, then to the points written)."""
    res = finished.result or {}
    out: dict[str, Any] = {"game": "bourloto", "deal": _deal_number(after, finished),
                           "columns": ["A", "B"], "rows": [], "notes": [],
                           "declarations": [], "buyer": finished.buyer,
                           "trump": None if finished.trump is None else finished.trump.name}
    m = getattr(after, "match", None)
    if res.get("thrown_in"):
        out["notes"].append({"key": "thrown_in"})
        if m is not None:
            out["totals"] = dict(m.scores)
        return out
    teams = ("A", "B")
    taken = dict(finished.points_taken)
    last = finished.tricks[-1].winner if finished.tricks else None
    last_team = _team(last) if last else None
    lt = {t: 10 if t == last_team else 0 for t in teams}
    rows = out["rows"]
    rows.append(_row("card_points", {t: taken[t] - lt[t] for t in teams}))
    rows.append(_row("last_trick", lt))
    raw_decl = {t: sum(d.points for d in finished.declarations if _team(d.seat) == t)
                for t in teams}
    counted = finished.counted if finished.counted is not None else raw_decl
    for d in finished.declarations:
        t = _team(d.seat)
        out["declarations"].append({
            "seat": d.seat, "team": t, "name": d.name, "points": d.points,
            "cards": [str(c) for c in d.cards],
            "counted": counted[t] > 0 and counted[t] == raw_decl[t],
            "cancelled": raw_decl[t] > 0 and counted[t] == 0,
        })
    if any(raw_decl.values()):
        rows.append(_row("declarations", counted,
                         cancelled={t: raw_decl[t] - counted[t] for t in teams
                                    if raw_decl[t] != counted[t]}))
    bourlot = {t: int(finished.bourlot.get(t, 0)) for t in teams}
    if any(bourlot.values()):
        rows.append(_row("bourlot", bourlot))
    capot = {t: 0 for t in teams}
    for t in teams:
        if finished.tricks_won.get(t) == 8:
            mode = getattr(options, "capot_mode", "plus_90")
            capot[t] = 250 - taken[t] if mode == "replace_250" else 90
            out["capot"] = t
    if any(capot.values()):
        rows.append(_row("capot", capot))
    raw = {t: taken[t] + counted[t] + bourlot[t] + capot[t] for t in teams}
    rows.append(_row("deal_total", raw, total=True))
    written = {t: int(res.get("scores", {}).get(t, 0)) for t in teams}
    pool_before = int(finished.hanging)
    pool_after = int(res.get("hanging", pool_before if "hanging" in res else 0))
    pool = {t: 0 for t in teams}
    if pool_before and pool_after == 0 and written["A"] != written["B"]:
        pool["A" if written["A"] > written["B"] else "B"] = pool_before
    adjust = {t: written[t] - raw[t] - pool[t] for t in teams}
    buyer = finished.buyer
    outcome = None
    if buyer in teams and "hanging" in res:  # a contract (gr): compare the deal totals
        d = _other(buyer)
        outcome = ("made_it" if raw[buyer] > raw[d] else
                   "inside" if raw[buyer] < raw[d] else "hangs")
        out["outcome"] = {"key": outcome, "team": buyer}
    if any(adjust.values()):
        rows.append(_row({"hangs": "row_hangs", "inside": "row_inside"}.get(outcome or "",
                                                                            "row_equal"),
                         adjust))
    if any(pool.values()):
        rows.append(_row("pool_collected", pool))
    rows.append(_row("written", written, total=True))
    if m is not None:
        out["totals"] = dict(m.scores)
    if "hanging" in res or pool_before:
        out["hanging"] = pool_after
    return out


def _other(team: str) -> str:
    return "B" if team == "A" else "A"


def bourre_summary(before: Any, finished: Any, after: Any) -> dict[str, Any]:
    """Bourré: the pot and who won it, who went bourré and pays what, what carries, the
    chips each seat won or lost in the deal and the stacks after it."""
    res = finished.result or {}
    payouts = {s: int(v) for s, v in res.get("payouts", {}).items()}
    bourre = {s: int(v) for s, v in res.get("bourre", {}).items()}
    seats = sorted(finished.players, key=seat_index)
    stacks = dict(finished.stacks) if finished.stacks is not None else None
    for s, v in payouts.items():
        if stacks is not None:
            stacks[s] = stacks.get(s, 0) + v
    paid: dict[str, int] = {}
    for s, amount in bourre.items():
        pay = amount if stacks is None else min(amount, stacks.get(s, 0))
        paid[s] = pay
        if stacks is not None:
            stacks[s] -= pay
    carry = int(res.get("carry", 0)) - sum(bourre[s] - paid[s] for s in bourre)
    session = getattr(before, "session", None)
    exempt = session.exempt if session is not None else ()
    ante = {s: 0 if s in exempt else int(finished.ante) for s in seats}
    fees = {s: int(finished.fees_paid.get(s, 0)) for s in seats}
    rows = [
        _row("br_row_ante", {s: -ante[s] for s in seats}),
        _row("br_row_fees", {s: -fees[s] for s in seats}),
        _row("br_row_pot", {s: payouts.get(s, 0) for s in seats}),
        _row("br_row_bourre", {s: -paid.get(s, 0) for s in seats}),
    ]
    rows = [r for r in rows if any(r["values"].values())]
    net = {s: payouts.get(s, 0) - ante[s] - fees[s] - paid.get(s, 0) for s in seats}
    rows.append(_row("br_net", net, total=True))
    left_before = set(session.left) if session is not None else set()
    after_session = getattr(after, "session", None)
    left = [s for s in (after_session.left if after_session is not None else ())
            if s not in left_before]
    return {"game": "bourre", "deal": _deal_number(after, finished) if session is None
            else int(session.deal_number), "columns": seats, "rows": rows, "notes": [],
            "pot": int(finished.pot), "winners": payouts, "staying": list(finished.staying),
            "tricks": {s: int(finished.tricks_won.get(s, 0)) for s in finished.staying},
            "bourre": bourre, "bourre_paid": paid, "carry": carry, "stacks": stacks,
            "left": left}


def burraco_summary(before: Any, finished: Any, after: Any) -> dict[str, Any]:
    """Burraco: each side's melds, burraco bonuses, closing, pozzetto and cards in hand."""
    scores = {t: int(v) for t, v in (finished.result or {}).get("scores", {}).items()}
    teams = sorted(scores)
    closer = getattr(before, "current_player", None)
    reason = finished.end_reason
    side = {t: t for t in teams}

    def side_of(seat: str) -> str:
        return seat if seat in finished.melds else _team(seat)

    vals: dict[str, dict[str, int]] = {k: {} for k in (
        "bu_row_melds", "bu_row_bonus", "bu_row_closing", "bu_row_pozzetto", "bu_row_hands")}
    for t in side:
        melds = finished.melds.get(t, ())
        card_pts = sum(x.points for x in melds)
        bonus = sum(x.bonus for x in melds)
        closing = _CLOSING_BONUS if (reason == "closing" and closer
                                     and side_of(closer) == t) else 0
        pozz = 0 if finished.pozzetto_taken.get(t, True) else -_NO_POZZETTO
        vals["bu_row_melds"][t] = card_pts
        vals["bu_row_bonus"][t] = bonus
        vals["bu_row_closing"][t] = closing
        vals["bu_row_pozzetto"][t] = pozz
        vals["bu_row_hands"][t] = scores[t] - card_pts - bonus - closing - pozz
    rows = [_row(k, v) for k, v in vals.items()]
    rows.append(_row("bu_row_score", scores, total=True))
    m = getattr(after, "match", None)
    out: dict[str, Any] = {"game": "burraco", "deal": _deal_number(after, finished),
                           "columns": teams, "rows": rows, "notes": [], "end": reason,
                           "closer": closer if reason == "closing" else None}
    if m is not None:
        out["totals"] = dict(m.scores)
    return out


def summary_lines(summary: Mapping[str, Any], label: Any, column: Any) -> list[str]:
    """The rows as aligned text lines: ``label(key)`` words a row, ``column(c)`` a column.

    >>> s = {"columns": ["A", "B"], "rows": [{"key": "x", "values": {"A": 1, "B": 20}}]}
    >>> summary_lines(s, str.upper, str)
    ['               A       B', 'X              1      20']
    """
    cols = list(summary["columns"])
    heads = [column(c) for c in cols]
    labels = [label(r["key"]) for r in summary["rows"]]
    w0 = max([len(x) for x in labels] + [8])
    w = max([len(h) for h in heads] + [6])
    lines = [" " * w0 + "".join(h.rjust(w + 2) for h in heads)]
    for text, r in zip(labels, summary["rows"], strict=True):
        lines.append(text.ljust(w0) + "".join(str(r["values"].get(c, 0)).rjust(w + 2)
                                              for c in cols))
    return lines
