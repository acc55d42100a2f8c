"""Small helpers for Bourré tests: games, setups and scripted deals."""

from __future__ import annotations

import random
from typing import Any

import trapoula
from trapoula.cards import cards_of
from trapoula.games.bourre import BourreState


def game(players: int = 4, **options: Any) -> Any:
    return trapoula.make("bourre", "ru", players=players, **options)


def play(state: Any, *actions: str) -> Any:
    for a in actions:
        state = state.apply(a)
    return state


def random_finish(state: Any, rng: random.Random) -> Any:
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state


def all_cards(state: BourreState) -> list[int]:
    """Every card of a deal: hands, stock, refill pool, trump card (if in no hand), played."""
    out: list[int] = []
    for h in state.hands:
        out += [c.index for c in cards_of(h)]
    out += list(state.stock)
    out += [c.index for c in cards_of(state.pool)]
    out += [c.index for c in cards_of(state.played)]
    if not any(h >> state.trump_card.index & 1 for h in state.hands) and not (
        state.played >> state.trump_card.index & 1
    ) and not (state.pool >> state.trump_card.index & 1) and (
        state.trump_card.index not in state.stock
    ):
        out.append(state.trump_card.index)
    return out


# RULES.md §2.5 as a whole deal (4 players, ante 1, trump spades): P1 draws 3, P2 stays,
# P3 folds, P4 draws 2; P1 takes 3 tricks, P2 takes 2, P4 none.
EXAMPLE_SETUP: dict[str, Any] = {
    "hands": {
        "P1": ["AS", "KS", "4C", "5C", "6C"],
        "P2": ["AH", "KH", "9C", "10C", "JC"],
        "P3": ["2S", "3S", "4S", "5S", "6S"],
        "P4": ["2D", "3D", "4D", "5D", "6D"],
    },
    "trump_card": "7S",
    "stock": ["QS", "2H", "3H", "7D", "8D"],
    "pot": 4,
    "ante": 1,
}
EXAMPLE_ACTIONS = [
    "P1 draw 4C 5C 6C", "P2 stay", "P3 fold", "P4 draw 5D 6D",
    "P1 play AS", "P2 play 9C", "P4 play 2D",
    "P1 play KS", "P2 play 10C", "P4 play 3D",
    "P1 play QS", "P2 play JC", "P4 play 4D",
    "P1 play 2H", "P2 play AH", "P4 play 7D",
    "P2 play KH", "P4 play 8D", "P1 play 3H",
]
