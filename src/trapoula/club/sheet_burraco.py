"""The Burraco score sheet (RULES.md §3.7, §3.8): each hand's count per side, the match to
the target, or a tournament match of a fixed number of hands turned into victory points.

An entry is one hand: for each side (A and B with four players, P1..P3 playing alone),
``melds`` (the card points on the table), ``clean`` / ``dirty`` / ``semi`` (how many burracos
of each kind: 200, 100 and the preset's semi-clean bonus), ``held`` (the card points left in
hand, a taken pozzetto included), ``pozzetto`` (taken, yes/no) and ``closed`` (this side
closed).  Instead of the numbers a side may give its cards: ``meld_cards`` (a list of melds,
each written like ``"3H 4H 5H 6H 7H 8H 9H"``) and ``held_cards``; they are counted by the
engine's own :func:`trapoula.games.burraco.melds.analyze_meld` and
:func:`trapoula.games.burraco.scoring.team_score`.

>>> from trapoula.club.sheet import new_sheet
>>> s = new_sheet("burraco")
>>> s = s.add({"A": {"melds": 75, "clean": 1, "held": 15, "pozzetto": True, "closed": True},
...            "B": {"melds": 45, "held": 65}})              # RULES.md §3.9
>>> s.rows[-1]["scores"]
{'A': 360, 'B': -120}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.club.scales import FIBUR_VP_STEPS, fibur_vp
from trapoula.club.sheet_kind import GameSheet, number
from trapoula.core.match import match_step
from trapoula.errors import ConfigError, IllegalActionError, ParseError
from trapoula.games.burraco.melds import MeldInfo, analyze_meld, parse_cards
from trapoula.games.burraco.scoring import team_score
from trapoula.games.burraco.tables import VALUE

__all__ = ["BURRACO_BONUS", "BurracoSheet"]

BURRACO_BONUS = {"clean": 200, "dirty": 100}  # §3.3; the semi-clean bonus is an option
_FIELDS = ("melds", "clean", "dirty", "semi", "held", "pozzetto", "closed", "meld_cards",
           "held_cards")


class BurracoSheet(GameSheet):
    game = "burraco"

    def __init__(self, game: Any, setup: Mapping[str, Any]) -> None:
        super().__init__(game, setup)
        hands = setup.get("hands", 0)
        if hands not in (0, None, *FIBUR_VP_STEPS):
            raise ConfigError(f"a tournament match has {' or '.join(map(str, FIBUR_VP_STEPS))} "
                              f"hands (FIBUR's victory point tables), not {hands!r}")

    def sides(self) -> tuple[str, ...]:
        n = self.opts.players
        return ("A", "B") if n == 4 else tuple(f"P{i}" for i in range(1, n + 1))

    @property
    def hands(self) -> int:
        """A tournament match of this many hands (0: play to the target)."""
        return int(self.setup.get("hands", 0) or 0)

    def describe(self) -> str:
        end = (f"a match of {self.hands} hands, the difference turned into FIBUR victory "
               "points" if self.hands else f"match to {self.opts.target}")
        semi = self.opts.semi_clean_bonus
        return (f"Burraco score sheet, preset {self.rules.preset}: burracos clean 200, dirty "
                f"100" + (f", semi-clean {semi}" if semi else "") + f"; {end}")

    def start(self) -> dict[str, Any]:
        return {"totals": {s: 0 for s in self.sides()}, "extra": 0, "hands": 0,
                "winner": None, "over": False}

    def totals(self, state: Mapping[str, Any]) -> dict[str, int]:
        return dict(state["totals"])

    def apply(
        self, state: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        sides = self.sides()
        extra = sorted(set(entry) - set(sides) - {"note"})
        if extra:
            raise IllegalActionError(f"unknown side {', '.join(map(str, extra))}; the sides "
                                     f"are {', '.join(sides)}")
        stored = {s: self._side(s, entry.get(s) or {}) for s in sides}
        closers = [s for s in sides if stored[s]["closed"]]
        if len(closers) > 1:
            raise IllegalActionError(f"only one side closes a hand; got {', '.join(closers)}")
        scores = {s: self._score(stored[s]) for s in sides}
        hand = int(state["hands"]) + 1
        row: dict[str, Any] = {"hand": hand, "sides": stored, "scores": scores}
        if self.hands:
            totals = {s: state["totals"][s] + scores[s] for s in sides}
            over = hand >= self.hands
            winner = None
            if over:
                top = max(totals.values())
                best = [s for s, v in totals.items() if v == top]
                winner = best[0] if len(best) == 1 else None
                if len(sides) == 2:
                    a, b = sides
                    row["vp"] = dict(zip(sides, fibur_vp(totals[a] - totals[b], self.hands),
                                         strict=True))
            new = {"totals": totals, "extra": 0, "hands": hand, "winner": winner,
                   "over": over}
        else:
            step = match_step(state["totals"], scores, target=self.opts.target,
                              tie_extra_deals=self.opts.tie_extra_deals,
                              extra_pending=int(state["extra"]))
            totals = dict(step.scores)
            new = {"totals": totals, "extra": step.extra_deals, "hands": hand,
                   "winner": step.winner, "over": step.winner is not None}
            row["extra"] = step.extra_deals
        row["totals"] = dict(totals)
        row["winner"] = new["winner"]
        return stored, row, new

    def _side(self, side: str, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise IllegalActionError(f"side {side}: give its fields ({', '.join(_FIELDS)})")
        bad = sorted(set(raw) - set(_FIELDS))
        if bad:
            raise IllegalActionError(f"side {side}: unknown field {', '.join(bad)}; the fields "
                                     f"are {', '.join(_FIELDS)}")
        out: dict[str, Any] = {}
        if raw.get("meld_cards") is not None:
            melds = _melds(side, raw["meld_cards"])
            semi_on = self.opts.semi_clean_bonus
            kinds = [m.burraco(semi_on) for m in melds]
            out["meld_cards"] = [" ".join(str(c) for c in m.ordered()) for m in melds]
            out["melds"] = sum(m.points for m in melds)
            out["clean"] = kinds.count("clean")
            out["dirty"] = kinds.count("dirty")
            out["semi"] = kinds.count("semi_clean")
        else:
            out["melds"] = number(raw, "melds", default=0, step=5)
            for k in ("clean", "dirty", "semi"):
                out[k] = number(raw, k, default=0, high=20)
            if out["semi"] and not self.opts.semi_clean_bonus:
                raise IllegalActionError(
                    f"side {side}: this preset has no semi-clean burraco (semi_clean_bonus=0); "
                    "write it as dirty")
            least = 35 * out["clean"] + 50 * out["dirty"] + 55 * out["semi"]
            if out["melds"] < least:
                raise IllegalActionError(
                    f"side {side}: {out['clean'] + out['dirty'] + out['semi']} burraco(s) hold at "
                    f"least {least} card points (7 cards of 5 or more, a wild 20); melds = "
                    f"{out['melds']}")
        if raw.get("held_cards") is not None:
            cards = _cards(side, raw["held_cards"]) if raw["held_cards"] else []
            out["held_cards"] = " ".join(str(c) for c in cards)
            out["held"] = sum(VALUE[c.index] for c in cards)
        else:
            out["held"] = number(raw, "held", default=0, step=5)
        out["pozzetto"] = _flag(side, raw, "pozzetto")
        out["closed"] = _flag(side, raw, "closed")
        if out["closed"]:
            self._check_close(side, out)
        return out

    def _check_close(self, side: str, s: Mapping[str, Any]) -> None:
        if not s["pozzetto"]:
            raise IllegalActionError(f"side {side} closed without taking its pozzetto: a side "
                                     "closes only after taking it (§3.6)")
        need_clean = self.opts.closing_requires == "clean_burraco"
        have = s["clean"] if need_clean else s["clean"] + s["dirty"] + s["semi"]
        if not have:
            raise IllegalActionError(f"side {side} closed without a "
                                     f"{'clean ' if need_clean else ''}burraco (§3.6)")
        if self.opts.players != 4 and s["held"]:
            raise IllegalActionError(f"{side} closed, so holds no card; held = {s['held']}")

    def _score(self, s: Mapping[str, Any]) -> int:
        """§3.7 through the engine's ``team_score``: the melds' cards and bonuses, the
        closing bonus, the cards held and the pozzetto penalty."""
        semi_bonus = self.opts.semi_clean_bonus
        held = s["held"]
        if self.opts.deduct_hands == "except_closing_team" and s["closed"]:
            held = 0
        flat = team_score([], [], took_pozzetto=s["pozzetto"], closed=s["closed"],
                          semi_clean_bonus=semi_bonus, deduct_hands=self.opts.deduct_hands)
        bonus = (BURRACO_BONUS["clean"] * s["clean"] + BURRACO_BONUS["dirty"] * s["dirty"]
                 + semi_bonus * s["semi"])
        return int(flat + s["melds"] + bonus - held)

    def render_row(self, row: Mapping[str, Any]) -> str:
        parts = []
        for side, s in row["sides"].items():
            bits = [f"melds {s['melds']}"]
            for k in ("clean", "dirty", "semi"):
                if s[k]:
                    bits.append(f"{s[k]} {k}")
            bits.append(f"held -{s['held']}")
            bits.append("pozzetto" if s["pozzetto"] else "no pozzetto -100")
            if s["closed"]:
                bits.append("closed +100")
            parts.append(f"{side}: {', '.join(bits)} = {row['scores'][side]}")
        tot = "  ".join(f"{k} {v}" for k, v in row["totals"].items())
        text = f"hand {row['hand']}: " + "; ".join(parts) + f" | totals {tot}"
        if row.get("vp"):
            text += "  | victory points " + "  ".join(f"{k} {v}" for k, v in row["vp"].items())
        if row.get("extra"):
            text += f"  (equal at the target: {row['extra']} more hand(s))"
        return text

    def questions(self, state: Mapping[str, Any]) -> list[tuple[str, str]]:
        qs: list[tuple[str, str]] = []
        for s in self.sides():
            qs += [(f"{s}.melds", f"{s}: card points in melds"),
                   (f"{s}.clean", f"{s}: clean burracos (0)"),
                   (f"{s}.dirty", f"{s}: dirty burracos (0)")]
            if self.opts.semi_clean_bonus:
                qs.append((f"{s}.semi", f"{s}: semi-clean burracos (0)"))
            qs += [(f"{s}.held", f"{s}: card points left in hand (0)"),
                   (f"{s}.pozzetto", f"{s}: pozzetto taken? (y/n)"),
                   (f"{s}.closed", f"{s}: closed? (y/n)")]
        return qs


def _flag(side: str, raw: Mapping[str, Any], key: str) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise IllegalActionError(f"side {side}: {key!r} is yes or no, got {v!r}")
    return v


def _cards(side: str, text: Any) -> list[Any]:
    try:
        return list(parse_cards(str(text)))
    except ParseError as exc:
        raise IllegalActionError(f"side {side}: {exc}") from exc


def _melds(side: str, value: Any) -> list[MeldInfo]:
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    out = []
    for text in value:
        info = analyze_meld(_cards(side, text))
        if info is None:
            raise IllegalActionError(f"side {side}: {text!r} is no valid meld (§3.3)")
        out.append(info)
    return out
