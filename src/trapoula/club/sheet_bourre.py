"""The Bourré score sheet (RULES.md §2.2, §2.4): antes, who played or folded, draws, tricks,
the pot's payouts and bourré penalties, and every player's stack, until one player is left.

An entry is one deal: ``ante`` (optional: the sheet's ante, or the sit-and-go schedule's
level), ``play`` (for each seated player: the number of cards he exchanged, or ``"fold"``; a
player left out played without drawing) and ``tricks`` (tricks taken by each player who
played; they add up to 5).  The pot is settled by the engine's
:func:`trapoula.games.bourre.settlement.settle` and the draw fee is
:func:`trapoula.games.bourre.rules.draw_fee`; the stacks follow the table rules of
:class:`trapoula.games.bourre.session.BourreSession` (a player who cannot pay what he owes
pays what he has and leaves the table; the last one seated takes the pot and wins).

>>> from trapoula.club.sheet import new_sheet
>>> s = new_sheet("bourre", options={"starting_stack": 20})
>>> s = s.add({"play": {"P1": 3, "P2": 0, "P3": "fold", "P4": 2},
...            "tricks": {"P1": 3, "P2": 2, "P4": 0}})           # RULES.md §2.5
>>> s.rows[-1]["payouts"], s.rows[-1]["bourre"], s.totals, s.state["pot"]
({'P1': 6}, {'P4': 6}, {'P1': 24, 'P2': 19, 'P3': 19, 'P4': 12}, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.club.sheet_kind import GameSheet, number, per_side
from trapoula.club.sitgo import AnteSchedule, placement
from trapoula.errors import ConfigError, IllegalActionError
from trapoula.games.bourre.rules import draw_fee, max_draw_for
from trapoula.games.bourre.settlement import settle

__all__ = ["BourreSheet"]


class BourreSheet(GameSheet):
    game = "bourre"

    def __init__(self, game: Any, setup: Mapping[str, Any]) -> None:
        super().__init__(game, setup)
        sched = setup.get("schedule")
        self.schedule = AnteSchedule.from_dict(sched) if sched else None
        if self.schedule and self.opts.max_ante and max(self.schedule.levels) > \
                self.opts.max_ante:
            raise ConfigError(f"the ante schedule rises above max_ante ({self.opts.max_ante})")

    def sides(self) -> tuple[str, ...]:
        return tuple(f"P{i}" for i in range(1, self.opts.players + 1))

    def describe(self) -> str:
        ante = (f"antes {'/'.join(map(str, self.schedule.levels))} rising every "
                f"{self.schedule.deals_per_level} deals (sit-and-go)" if self.schedule
                else f"ante {self.opts.ante}")
        return (f"Bourré score sheet, preset {self.rules.preset}: {self.opts.players} players, "
                f"stacks of {self.opts.starting_stack}, {ante}; the last player with chips wins")

    def start(self) -> dict[str, Any]:
        return {"stacks": {s: self.opts.starting_stack for s in self.sides()}, "pot": 0,
                "seated": list(self.sides()), "exempt": [], "deals": 0, "out": [],
                "winner": None, "over": False}

    def totals(self, state: Mapping[str, Any]) -> dict[str, int]:
        return dict(state["stacks"])

    def ante_for(self, deal: int) -> int:
        return self.schedule.ante_for(deal) if self.schedule else int(self.opts.ante)

    def playing(self, state: Mapping[str, Any], ante: int | None = None) -> list[str]:
        """Who plays the next deal: the seated players who can pay its ante (or skip it)."""
        ante = self.ante_for(int(state["deals"]) + 1) if ante is None else ante
        return [s for s in state["seated"]
                if s in state["exempt"] or state["stacks"][s] >= ante]

    def places(self, state: Mapping[str, Any]) -> list[str]:
        """Seats from first place to last (elimination order reversed)."""
        return placement(self.sides(), [tuple(e) for e in state["out"]])

    def apply(
        self, state: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        known = {"ante", "play", "tricks", "note"}
        extra = sorted(set(entry) - known)
        if extra:
            raise IllegalActionError(f"unknown field {', '.join(extra)}; a Bourré entry has "
                                     f"{', '.join(sorted(known))}")
        deal = int(state["deals"]) + 1
        ante = number(entry, "ante", default=self.ante_for(deal), low=1,
                      high=self.opts.max_ante or None)
        stacks = dict(state["stacks"])
        before = dict(stacks)
        pot = int(state["pot"])
        exempt = set(state["exempt"])
        seated, out = [], list(state["out"])
        for s in state["seated"]:  # the antes (§2.2.1; exemptions BO-A6)
            pay = 0 if s in exempt else min(ante, stacks[s])
            stacks[s] -= pay
            pot += pay
            if s in exempt or pay == ante:
                seated.append(s)
            else:
                out.append([s, deal, before[s]])
        play = self._play(entry, seated)
        active = [s for s in seated if play[s] != "fold"]
        tricks = self._tricks(entry, seated, active)
        stored: dict[str, Any] = {"ante": ante, "play": play, "tricks": tricks}
        row: dict[str, Any] = {"deal": deal, "ante": ante, "play": play, "tricks": tricks,
                               "fees": {}, "payouts": {}, "bourre": {}}
        if len(seated) >= 2:
            for s in active:
                fee = min(draw_fee(self.opts, ante, int(play[s])), stacks[s])
                if fee:
                    stacks[s] -= fee
                    pot += fee
                    row["fees"][s] = fee
            row["pot"] = pot
            res = settle(pot, {s: (tricks.get(s, 0) if s in active else None) for s in seated},
                         self.opts)
            for s, v in res.payouts.items():
                stacks[s] += v
            short = 0
            for s, amount in res.bourre.items():
                paid = min(amount, stacks[s])
                stacks[s] -= paid
                row["bourre"][s] = paid
                if paid < amount:
                    short += amount - paid
                    out.append([s, deal, before[s]])
            row["payouts"] = dict(res.payouts)
            pot = res.carry - short
            seated = [s for s in seated if s not in {o[0] for o in out}]
            exempt = (set(res.bourre) | set(res.tied)) \
                if self.opts.ante_exemptions == "pagat" else set()
        else:
            row["pot"] = pot
        for s in [s for s in seated if stacks[s] == 0 and s not in exempt]:
            seated.remove(s)  # nothing left for the next ante
            out.append([s, deal, before[s]])
        winner = None
        if len(seated) < 2:
            if seated:
                stacks[seated[0]] += pot
                pot = 0
                winner = seated[0]
        new = {"stacks": stacks, "pot": pot, "seated": seated, "exempt": sorted(exempt),
               "deals": deal, "out": out, "winner": winner, "over": len(seated) < 2}
        row.update(stacks=dict(stacks), carry=pot,
                   left=[o[0] for o in out if o[1] == deal], winner=winner)
        if new["over"]:
            row["places"] = self.places(new)
        return stored, row, new

    def _play(self, entry: Mapping[str, Any], seated: list[str]) -> dict[str, Any]:
        play = per_side(entry, "play", self.sides())
        tricks = entry.get("tricks") or {}
        gone = [s for s in (*play, *tricks) if s not in seated]
        if gone:
            raise IllegalActionError(f"{', '.join(gone)} no longer sit(s) at the table")
        most = max_draw_for(self.opts, len(seated))
        out: dict[str, Any] = {}
        for s in seated:
            v = play.get(s, 0)
            if isinstance(v, str) and v.lower() == "fold":
                out[s] = "fold"
            else:
                out[s] = number({s: v}, s, high=most)
        active = [s for s in seated if out[s] != "fold"]
        silent = [s for s in active if s not in play and s not in tricks]
        if len(active) > 1 and silent and play:
            raise IllegalActionError(f"say what {', '.join(silent)} did: fold, or the cards "
                                     f"exchanged (0 to {most}) and the tricks taken")
        return out

    def _tricks(self, entry: Mapping[str, Any], seated: list[str], active: list[str]
                ) -> dict[str, int]:
        tricks = per_side(entry, "tricks", self.sides())
        folded = [s for s in tricks if s not in active]
        if folded:
            raise IllegalActionError(f"{', '.join(folded)} did not play this deal, so took no "
                                     "trick")
        if len(active) < 2 or len(seated) < 2:
            return {}  # nobody or one player stays in: no play (§2.2.7)
        t = {s: number(tricks, s, default=0, high=5) for s in active}
        if sum(t.values()) != 5:
            each = ", ".join(f"{s} {v}" for s, v in t.items())
            raise IllegalActionError(f"the players who stayed in take 5 tricks in all; got "
                                     f"{sum(t.values())} ({each})")
        return t

    def render_row(self, row: Mapping[str, Any]) -> str:
        plays = []
        for s, p in row["play"].items():
            plays.append(f"{s} fold" if p == "fold" else
                         f"{s} drew {p}, {row['tricks'].get(s, 0)} tricks")
        text = f"deal {row['deal']}: ante {row['ante']}; " + "; ".join(plays)
        text += f" | pot {row['pot']}"
        if row["payouts"]:
            text += " -> " + ", ".join(f"{s} takes {v}" for s, v in row["payouts"].items())
        if row["bourre"]:
            text += "; bourré: " + ", ".join(f"{s} pays {v}" for s, v in row["bourre"].items())
        text += f"; next pot {row['carry']} | stacks " + " ".join(
            f"{s} {v}" for s, v in row["stacks"].items())
        if row["left"]:
            text += f"  ({', '.join(row['left'])} out)"
        if row.get("places"):
            text += "  | places: " + ", ".join(row["places"])
        return text

    def questions(self, state: Mapping[str, Any]) -> list[tuple[str, str]]:
        deal = int(state["deals"]) + 1
        most = max_draw_for(self.opts, len(state["seated"]))
        qs = [("ante", f"ante ({self.ante_for(deal)})")]
        for s in self.playing(state):
            qs.append((f"play.{s}", f"{s}: fold, or cards exchanged 0-{most} (0)"))
            qs.append((f"tricks.{s}", f"{s}: tricks taken (0; none if folded)"))
        return qs
