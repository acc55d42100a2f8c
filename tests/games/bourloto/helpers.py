"""Small helpers for Bourloto tests: setups from RULES.md §1.7 and scripted play."""

from __future__ import annotations

from typing import Any

import trapoula
from trapoula.games.bourloto import BourlotoState

# RULES.md 1.7: hands after the deal is complete (trump H, dealer P4)
EXAMPLE_HANDS = {
    "P1": ["JC", "QC", "10D", "KD", "8H", "9H", "QS", "AS"],
    "P2": ["7C", "QD", "AD", "7H", "QH", "KH", "AH", "7S"],
    "P3": ["8C", "9C", "10C", "7D", "9D", "10H", "10S", "KS"],
    "P4": ["KC", "AC", "8D", "JD", "JH", "8S", "9S", "JS"],
}
EXAMPLE_PLAYS = [
    ["P1 9H", "P2 7H", "P3 10H", "P4 JH"],
    ["P4 AC", "P1 JC", "P2 7C", "P3 8C"],
    ["P4 KC", "P1 QC", "P2 QH", "P3 9C"],
    ["P2 AD", "P3 7D", "P4 8D", "P1 KD"],
    ["P2 AH", "P3 9D", "P4 8S", "P1 8H"],
    ["P2 KH", "P3 KS", "P4 9S", "P1 QS"],
    ["P2 QD", "P3 10C", "P4 JD", "P1 10D"],
    ["P1 AS", "P2 7S", "P3 10S", "P4 JS"],
]


def play_setup(preset: str, buyer: str | None = "B", **options: Any) -> BourlotoState:
    game = trapoula.make("bourloto", preset, **options)
    setup = {"phase": "play", "hands": EXAMPLE_HANDS, "trump": "H", "buyer": buyer}
    return game.from_setup(setup)


def run(state: Any, actions: list[str]) -> Any:
    for a in actions:
        state = state.apply(a)
    return state


def legal(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def split_play(text: str) -> tuple[str, str]:
    seat, card = text.split()
    return seat, card


def coherent(preset: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the combinations that ``rules.validate`` refuses made coherent (for
    tests that draw option sets at random): no contract and no taker without a taker, the
    upcard to the taker only without the seven exchange (§1.2.2.7), four 7s cancel jacks only
    under the gr four values."""
    out = dict(options)
    from trapoula.games.bourloto.rules import PRESETS

    if out.get("bidding", PRESETS[preset].get("bidding", "agreement")) == "agreement":
        out["contract"] = False
        out["upcard_recipient"] = "dealer"
    if out.get("seven_exchange", PRESETS[preset].get("seven_exchange", "none")) != "none":
        out["upcard_recipient"] = "dealer"
    if out.get("sevens_cancel_jacks"):
        out["four_values"] = "gr"
    return out
