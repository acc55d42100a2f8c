"""Answers to the Bourloto conformance checks of scenarios.md (pure rule functions).

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> check(g.options, {"check": "legal_plays", "trump": "H", "trick": ["AS", "9H"],
...                   "hand": ["AH", "JH", "7C"]})
['JH']
>>> check(g.options, {"check": "card_points", "trump": "H", "cards": ["JH", "9H", "AS", "10S"]})
55
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trapoula.cards import cards_of, mask_of, parse_cards, parse_suit
from trapoula.errors import ConfigError
from trapoula.games.bourloto.declarations import best_declarations, compare_declarations
from trapoula.games.bourloto.play import legal_mask, trick_winner
from trapoula.games.bourloto.rules import BourlotoOptions, run6_of
from trapoula.games.bourloto.scoring import score_deal
from trapoula.games.bourloto.tables import points_of_mask

__all__ = ["check"]


def _decls(opts: BourlotoOptions, cards: Any, trump: int) -> list[Any]:
    return best_declarations(
        mask_of(parse_cards(cards)), trump, four_values=opts.four_values,
        run6_value=run6_of(opts), split_runs=opts.split_runs,
        sevens_cancel_jacks=opts.sevens_cancel_jacks,
    )


def check(opts: BourlotoOptions, case: Mapping[str, Any]) -> Any:
    """The engine's answer to one game-specific check."""
    kind = case["check"]
    if kind == "legal_plays":
        trump = int(parse_suit(case["trump"]))
        hand = mask_of(parse_cards(case["hand"]))
        trick = [c.index for c in parse_cards(case["trick"])]
        m = legal_mask(hand, trick, trump, overtrump=opts.overtrump_required,
                       partner_exception=opts.partner_exception)
        return [str(c) for c in cards_of(m)]
    if kind == "trick_winner":
        return trick_winner([c.index for c in parse_cards(case["trick"])],
                            int(parse_suit(case["trump"])))
    if kind == "card_points":
        return points_of_mask(mask_of(parse_cards(case["cards"])), int(parse_suit(case["trump"])))
    if kind == "declarations":
        decls = _decls(opts, case["hand"], int(parse_suit(case["trump"])))
        return {"points": sum(d.points for d in decls)}
    if kind == "compare_declarations":
        trump = int(parse_suit(case["trump"]))
        teams = {
            team: [tuple(_decls(opts, cards, trump)) for cards in players]
            for team, players in case["teams"].items()
        }
        return compare_declarations(
            teams, compare=opts.compare_declarations, equal_seq_winner=opts.equal_seq_winner,
            sevens_cancel_jacks=opts.sevens_cancel_jacks,
        )
    if kind == "deal_score":
        return score_deal(
            opts, buyer=case.get("buyer"), tricks=case["tricks"], capot=case.get("capot"),
            declarations=case["declarations"],
            trump_points=case.get("trump_points", {"A": 0, "B": 0}),
            hanging=int(case.get("hanging", 0)),
        )
    raise ConfigError(
        f"unknown check {kind!r} for bourloto; checks are: legal_plays, trick_winner, "
        "card_points, declarations, compare_declarations, deal_score, match, deal"
    )
