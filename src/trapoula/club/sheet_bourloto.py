"""The Bourloto score sheet (RULES.md §1.5, §1.6): each deal's points, inside, the hanging
pool and the match to the preset's target.

An entry is one deal: ``buyer`` (the taker's side, A or B; required by a preset with a
contract), ``tricks`` (card points each side took, the last trick's 10 included; they add up
to 162, so one side is enough), ``capot`` (the side that took every trick, if any), ``decl``
(each side's declarations after comparison, Bourloto included) and, only for the ru tie rule
(meza), ``trump`` (the trump card points each side took).  ``thrown: true`` writes a deal
thrown in (nobody took trump).  The points are those of
:func:`trapoula.games.bourloto.scoring.score_teams` and the match end is
:func:`trapoula.core.match.match_step`, the engine's own.

>>> from trapoula.club.sheet import new_sheet
>>> s = new_sheet("bourloto", "gr")
>>> s = s.add({"buyer": "A", "tricks": {"A": 58}, "decl": {"B": 40}})   # §1.7: A inside
>>> s.rows[-1]["scores"], s.rows[-1]["inside"]
({'A': 0, 'B': 202}, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.club.sheet_kind import GameSheet, number, per_side, side_name
from trapoula.core.match import match_step
from trapoula.errors import IllegalActionError
from trapoula.games.bourloto.scoring import score_teams

__all__ = ["TRICK_POINTS", "TRUMP_POINTS", "BourlotoSheet"]

TRICK_POINTS = 162  # card points of the 32 cards (152) and the last trick's 10 (§1.5)
TRUMP_POINTS = 62  # the trump suit's card points: the ru meza compares them (§1.5.1)
SIDES = ("A", "B")


class BourlotoSheet(GameSheet):
    game = "bourloto"

    def sides(self) -> tuple[str, ...]:
        return SIDES

    def describe(self) -> str:
        o = self.opts
        rules = "buyer must beat the defenders (inside, hanging)" if o.contract \
            else "no contract (ties: meza on trump points)"
        return (f"Bourloto score sheet, preset {self.rules.preset}: {rules}; "
                f"match to {o.target}")

    def start(self) -> dict[str, Any]:
        return {"totals": {"A": 0, "B": 0}, "hanging": 0, "extra": 0, "deals": 0,
                "winner": None, "over": False}

    def totals(self, state: Mapping[str, Any]) -> dict[str, int]:
        return dict(state["totals"])

    def apply(
        self, state: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        known = {"buyer", "tricks", "capot", "decl", "trump", "thrown", "note"}
        extra = sorted(set(entry) - known)
        if extra:
            raise IllegalActionError(f"unknown field {', '.join(extra)}; a Bourloto entry has "
                                     f"{', '.join(sorted(known))}")
        pool = int(state["hanging"])
        if entry.get("thrown"):
            stored: dict[str, Any] = {"thrown": True}
            scores = {"A": 0, "B": 0}
            row = {"deal": state["deals"] + 1, "thrown": True, "scores": scores,
                   "hanging": pool, "inside": False, "hang": False}
            return stored, row, self._step(state, row, scores, pool)
        stored = self._check(entry)
        t, d, tr = stored["tricks"], stored["decl"], stored.get("trump", {"A": 0, "B": 0})
        buyer, capot = stored.get("buyer"), stored.get("capot")
        a, b, after = score_teams(
            self.opts, SIDES.index(buyer) if buyer else -1, t["A"], t["B"],
            SIDES.index(capot) if capot else -1, d["A"], d["B"], tr["A"], tr["B"], pool)
        if not self.opts.contract and "trump" not in stored and self._meza(stored):
            raise IllegalActionError(
                "the deal is tied (meza, §1.5.1): give each side's trump card points, "
                "e.g. trump.A=34 trump.B=28")
        scores = {"A": a, "B": b}
        hang = after > pool
        inside = bool(self.opts.contract and buyer and not hang and scores[buyer] == 0)
        row = {"deal": state["deals"] + 1, "buyer": buyer, "tricks": dict(t), "decl": dict(d),
               "capot": capot, "scores": scores, "inside": inside, "hang": hang,
               "paid_pool": pool if pool and after == 0 else 0, "hanging": after}
        return stored, row, self._step(state, row, scores, after)

    def _meza(self, e: Mapping[str, Any]) -> bool:
        """Is this (no-contract) deal a tie that the trump points decide?"""
        t, d = e["tricks"], e["decl"]
        base = dict(t)
        if e.get("capot"):
            c = e["capot"]
            base[c] = 250 if self.opts.capot_mode == "replace_250" else base[c] + 90
        if self.opts.meza_compare == "deal_total":
            return bool(base["A"] + d["A"] == base["B"] + d["B"])
        return bool(t["A"] == t["B"])

    def _check(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        buyer = side_name(entry.get("buyer"), SIDES, "buyer", optional=not self.opts.contract)
        if buyer:
            out["buyer"] = buyer
        capot = side_name(entry.get("capot"), SIDES, "capot", optional=True)
        tricks = per_side(entry, "tricks", SIDES)
        if capot:
            tricks.setdefault(capot, TRICK_POINTS)
            tricks.setdefault("B" if capot == "A" else "A", 0)
        if len(tricks) == 1:
            (s, v), = tricks.items()
            other = "B" if s == "A" else "A"
            tricks[other] = TRICK_POINTS - number(tricks, s, high=TRICK_POINTS)
        t = {s: number(tricks, s, high=TRICK_POINTS) for s in SIDES}
        if t["A"] + t["B"] != TRICK_POINTS:
            raise IllegalActionError(
                f"trick points add up to {TRICK_POINTS} (152 in the cards and 10 for the last "
                f"trick); got A {t['A']} + B {t['B']} = {t['A'] + t['B']}")
        if capot and t[capot] != TRICK_POINTS:
            raise IllegalActionError(f"capot: side {capot} took every trick, so all "
                                     f"{TRICK_POINTS} trick points, not {t[capot]}")
        out["tricks"] = t
        if capot:
            out["capot"] = capot
        decl = per_side(entry, "decl", SIDES)
        out["decl"] = {s: number(decl, s, default=0) for s in SIDES}
        if "trump" in entry and entry["trump"] is not None:
            trump = per_side(entry, "trump", SIDES)
            if len(trump) == 1:
                (s, v), = trump.items()
                trump["B" if s == "A" else "A"] = TRUMP_POINTS - number(trump, s,
                                                                       high=TRUMP_POINTS)
            out["trump"] = {s: number(trump, s, high=TRUMP_POINTS) for s in SIDES}
            if sum(out["trump"].values()) != TRUMP_POINTS:
                raise IllegalActionError(
                    f"the trump cards hold {TRUMP_POINTS} points (J 20, 9 14, A 11, 10 10, K 4, "
                    f"Q 3); got A {out['trump']['A']} + B {out['trump']['B']}")
        return out

    def _step(self, state: Mapping[str, Any], row: dict[str, Any], scores: dict[str, int],
              pool: int) -> dict[str, Any]:
        step = match_step(state["totals"], scores, target=self.opts.target,
                          tie_extra_deals=self.opts.tie_extra_deals,
                          extra_pending=int(state["extra"]))
        row["totals"] = dict(step.scores)
        row["winner"] = step.winner
        row["extra"] = step.extra_deals
        if step.winner is not None and pool:
            row["dropped"] = pool  # points still hanging at the end are dropped (§1.5.2)
        return {"totals": dict(step.scores), "hanging": 0 if step.winner else pool,
                "extra": step.extra_deals, "deals": int(state["deals"]) + 1,
                "winner": step.winner, "over": step.winner is not None}

    def render_row(self, row: Mapping[str, Any]) -> str:
        n, sc, tot = row["deal"], row["scores"], row["totals"]
        if row.get("thrown"):
            text = f"deal {n}: thrown in"
        else:
            t, d = row["tricks"], row["decl"]
            text = (f"deal {n}: buyer {row['buyer'] or '-'}  tricks A {t['A']} B {t['B']}  "
                    f"decl A {d['A']} B {d['B']}")
            if row["capot"]:
                text += f"  capot {row['capot']}"
        text += f"  -> A {sc['A']} B {sc['B']}"
        if row["inside"]:
            text += "  (inside)"
        if row["hang"]:
            text += f"  (hanging: {row['hanging']} wait for the next deal)"
        if row.get("paid_pool"):
            text += f"  (+{row['paid_pool']} hanging points to the winner of the deal)"
        text += f"  | totals A {tot['A']} B {tot['B']}"
        if row.get("extra"):
            text += f"  (equal at the target: {row['extra']} more deal(s))"
        if row.get("dropped"):
            text += f"  ({row['dropped']} hanging points dropped)"
        return text

    def questions(self, state: Mapping[str, Any]) -> list[tuple[str, str]]:
        qs = [("buyer", "buyer / taker's side (A or B)" + ("" if self.opts.contract
                                                           else ", or none"))]
        qs += [("capot", "capot: side that took every trick (A, B, or none)"),
               ("tricks.A", f"trick points of A (B gets {TRICK_POINTS} minus them)"),
               ("decl.A", "declarations of A (after comparison, Bourloto included; 0)"),
               ("decl.B", "declarations of B (0)")]
        return qs
