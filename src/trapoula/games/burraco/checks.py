"""Answers to the Burraco conformance checks of scenarios.md (pure rule functions).

>>> import trapoula
>>> g = trapoula.make("burraco", "seed")
>>> check(g.options, {"check": "meld", "cards": ["5H", "6H", "JK", "8H"]})["points"]
50
>>> check(g.options, {"check": "add_to_meld", "meld": ["7S", "7H", "JK"], "add": ["2C"]})
{'valid': False}
>>> check(g.options, {"check": "dealer_draw", "draws": {"P1": "4D", "P2": "4S", "P3": "9C"}})
{'redraw': ['P1', 'P2']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.cards import parse_card, parse_cards
from trapoula.errors import ConfigError
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_meld
from trapoula.games.burraco.rules import BurracoOptions
from trapoula.games.burraco.scoring import dealer_draw, team_score

__all__ = ["check"]

_INVALID = {"valid": False}


def _describe(m: MeldInfo | None, opts: BurracoOptions) -> dict[str, object]:
    return dict(_INVALID) if m is None else m.describe(opts.semi_clean_bonus)


def check(opts: BurracoOptions, case: Mapping[str, Any]) -> Any:
    """The engine's answer to one game-specific check."""
    kind = case["check"]
    if kind == "meld":
        return _describe(analyze_meld(parse_cards(case["cards"])), opts)
    if kind == "add_to_meld":
        base = analyze_meld(parse_cards(case["meld"]))
        if base is None:
            return dict(_INVALID)
        return _describe(add_to_meld(base, parse_cards(case["add"])), opts)
    if kind == "hand_score":
        team = case["team"]
        melds = []
        for cards in team.get("melds", []):
            m = analyze_meld(parse_cards(cards))
            if m is None:
                raise ConfigError(f"hand_score: {' '.join(cards)} is not a valid meld")
            melds.append(m)
        return team_score(
            melds, [c.index for c in parse_cards(team.get("held", []))],
            took_pozzetto=bool(team["took_pozzetto"]), closed=bool(team["closed"]),
            semi_clean_bonus=opts.semi_clean_bonus, deduct_hands=opts.deduct_hands,
        )
    if kind == "dealer_draw":
        draws = {seat: parse_card(c) for seat, c in case["draws"].items()}
        verdict, who = dealer_draw(draws, opts.dealer_tiebreak)
        return {verdict: who}
    raise ConfigError(
        f"unknown check {kind!r} for burraco; checks are: meld, add_to_meld, hand_score, "
        "dealer_draw, match, deal"
    )
