"""Small helpers for Burraco tests: card text, setups and scripted turns."""

from __future__ import annotations

from typing import Any

import trapoula
from trapoula.cards import parse_cards
from trapoula.games.burraco import BurracoState


def idx(text: str) -> list[int]:
    """Card indices of a text: ``idx("3H JK") == [14, 52]``."""
    return [c.index for c in parse_cards(text)]


def texts(actions: Any) -> set[str]:
    return {str(a) for a in actions}


# a neutral stock and default hands: cards nobody in the set-ups below needs
FILLER = ["9D", "9C", "10D", "10C", "6C", "6D", "5D", "5C"]
DEFAULT_HANDS = {"P1": ["QD", "JD"], "P2": ["KD", "QD"], "P3": ["JD", "8D"], "P4": ["8D", "7D"]}
# unused cards fill the pozzetti, in this order of preference
_POZZETTO_ORDER = [f"{r}S" for r in ("3 4 5 6 7 8 9 10 J Q K A".split())] + [
    f"{r}{s}" for s in "CDH" for r in ("3 4 5 6 7 8 9 10 J Q K A".split())]


def _pozzetti(used: list[str], packets: int = 2) -> list[list[str]]:
    counts: dict[str, int] = {}
    for c in used:
        counts[str(parse_cards(c)[0])] = counts.get(str(parse_cards(c)[0]), 0) + 1
    out: list[str] = []
    for _ in range(2):
        for c in _POZZETTO_ORDER:
            if counts.get(c, 0) < 2 and len(out) < 11 * packets:
                counts[c] = counts.get(c, 0) + 1
                out.append(c)
    return [out[11 * k:11 * k + 11] for k in range(packets)]


def setup(
    hands: dict[str, list[str]] | None = None,
    *,
    discard: list[str] | None = None,
    stock: list[str] | None = None,
    pozzetti: list[list[str]] | None = None,
    taken: dict[str, bool] | None = None,
    melds: dict[str, list[list[str]]] | None = None,
    to_act: str = "P1",
    preset: str = "seed",
    **options: Any,
) -> BurracoState:
    """A position from a scenario-style setup, with harmless defaults (``players=2`` or 3
    in ``options`` for individual play: one pozzetto per player)."""
    hands = hands or {}
    n = options.get("players", 4)
    full = {s: hands.get(s, DEFAULT_HANDS[s]) for s in ("P1", "P2", "P3", "P4")[:n]}
    discard = discard if discard is not None else ["KC"]
    stock = stock if stock is not None else list(FILLER)
    if pozzetti is None:
        used = [c for h in full.values() for c in h] + discard + stock
        used += [c for team in (melds or {}).values() for m in team for c in m]
        pozzetti = _pozzetti(used, 3 if n == 3 else 2)
    data: dict[str, Any] = {
        "hands": full,
        "discard": discard,
        "stock": stock,
        "pozzetti": pozzetti,
        "taken": taken or {},
        "melds": melds or {},
        "to_act": to_act,
    }
    game = trapoula.make("burraco", preset, **options)
    state = game.from_setup(data)
    assert isinstance(state, BurracoState)
    return state


def run(state: Any, actions: list[str]) -> Any:
    for a in actions:
        state = state.apply(a)
    return state
