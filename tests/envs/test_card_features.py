"""No card feature of an observation names a card hidden from its seat.

Every piece of the observation and information-state tensors that is a card plane (one cell
per card) is decoded at every step of random games and checked against the game's own
``hidden_cards(state, seat)`` (:func:`trapoula.games.hidden_cards`): a card the seat cannot
see must be 0 everywhere (Burraco, two packs: a card both of whose copies are hidden).  A
deliberately leaky observation (another seat's hand in the ``hand`` plane) is caught.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.cards import Card, deck_32
from trapoula.envs import make_adapter
from trapoula.envs.bourloto import _k
from trapoula.games import hidden_cards

np = pytest.importorskip("numpy")

# per game: the card planes' width, the widths of pieces that start with a card plane, and
# the card of each cell
_B32 = {_k(c): c for c in deck_32()}
PLANES: dict[str, tuple[int, tuple[int, ...], Any]] = {
    "bourloto": (32, (32, 35), _B32.__getitem__),
    "bourre": (52, (52, 53), Card.from_index),
    "burraco": (53, (53,), Card.from_index),
}
CONFIGS = [("bourloto", "ru", {}), ("bourloto", "gr", {}), ("bourre", "ru", {}),
           ("bourre", "ru", {"players": 7}), ("burraco", "seed", {}),
           ("burraco", "seed", {"players": 3})]


def shown_cards(ad: Any, tensor: Any) -> set[Card]:
    """The cards with a non-zero cell in any card plane of an information-state tensor."""
    width, widths, card = PLANES[ad.game.name]
    out: set[Card] = set()
    for piece in ad.info_layout.views(tensor).values():
        if piece.shape[-1] not in widths:
            continue
        cells = piece.reshape(-1, piece.shape[-1])[:, :width]
        out |= {card(int(k)) for k in np.nonzero(cells.any(axis=0))[0]}
    return out


def feature_leaks(ad: Any, state: Any, seat: str, tensor: Any) -> list[str]:
    hidden = hidden_cards(state, seat)
    copies = 2 if ad.game.name == "burraco" else 1
    return sorted(str(c) for c in shown_cards(ad, tensor)
                  if hidden[c] >= (4 if c.is_joker else copies))


@pytest.mark.parametrize("name, preset, options", CONFIGS,
                         ids=lambda v: str(v) if not isinstance(v, dict) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "-")
def test_no_card_feature_shows_a_hidden_card(name: str, preset: str, options: dict) -> None:
    game = trapoula.make(name, preset, **options)
    ad = make_adapter(game)
    seats = [f"P{i + 1}" for i in range(game.players)]  # type: ignore[attr-defined]
    checked = 0
    for seed in range(6 if name != "burraco" else 2):
        rng = random.Random(seed)
        state = game.new_deal(seed=seed)
        steps = 0
        while not state.is_over and steps < 400:
            for seat in seats:
                tensor = ad.info_state(state.view(seat))
                assert feature_leaks(ad, state, seat, tensor) == [], (seed, steps, seat)
                checked += 1
            acts = state.legal_actions()
            state = state.apply(acts[int(rng.random() * len(acts))])
            steps += 4 if name == "burraco" else 1
    assert checked > 100


@pytest.mark.parametrize("name", ["bourloto", "bourre", "burraco"])
def test_the_feature_check_catches_a_leak(name: str) -> None:
    game = trapoula.make(name)
    ad = make_adapter(game)
    state = game.new_deal(seed=2)
    tensor = ad.info_state(state.view("P1"))
    assert feature_leaks(ad, state, "P1", tensor) == []
    theirs = ad.info_state(state.view("P2"))
    hand = ad.info_layout.slices["hand"]
    tensor[hand] = np.maximum(tensor[hand], theirs[hand])  # P2's hand shown to P1
    assert feature_leaks(ad, state, "P1", tensor)
