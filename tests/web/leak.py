"""The leak check: does a message hold a card that is hidden from its receiver right now?

``hidden(state, viewer)`` counts, from the full engine state, the copies of each card the
viewer cannot see, as the game itself says (``hidden_cards`` of its view module): other seats'
hands (less what the rules have shown: Bourloto declarations, the upcard and the seven given
for it, Bourré's trump card, a Burraco pile taken), other seats' face-down discards and
folded hands, the stock and the pozzetti.  ``leaks(state, viewer, message)`` lists the cards
of a JSON message that are hidden — the fair-deal packs included (``"P2=9s,Kh"``): they are
revealed on purpose, but only once the match is over (web/fair.py).
Burraco plays with two decks, so there the copies on the table are counted: a message may not
show more copies of a card in hands, melds and the discard pile than the viewer can see.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from trapoula.cards import Card
from trapoula.core.seats import seat_index
from trapoula.core.state import GameState
from trapoula.errors import ParseError
from trapoula.games import hidden_cards

_SKIP_KEYS = {"table", "name", "text", "dealer_draw", "messages"}
_LOCATION_KEYS = {"hand", "discard", "cards"}


def _card(text: str) -> Card | None:
    if not 2 <= len(text) <= 3:
        return None
    try:
        return Card.parse(text)
    except (ParseError, ValueError):
        return None


def deal_of(state: GameState) -> Any:
    return getattr(state, "deal", state)


def hidden(state: GameState, viewer: str | None) -> Counter[str]:
    """Copies of each card (``str(card)``) that ``viewer`` (None: a spectator) cannot see: the
    game's own ``hidden_cards`` (:func:`trapoula.games.hidden_cards`)."""
    return Counter({str(c): n for c, n in hidden_cards(state, viewer).items()})


def _walk(value: Any, path: tuple[str, ...], found: list[tuple[tuple[str, ...], Card, bool]]
          ) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIP_KEYS:
                _walk(v, (*path, k), found)
    elif isinstance(value, list):
        for v in value:
            _walk(v, path, found)
    elif isinstance(value, str):
        whole = _card(value)
        if whole is not None:
            found.append((path, whole, True))
            return
        words = value.replace("=", " ").replace(",", " ").split() if path[-1:] == ("pack",) \
            else value.split()
        for word in words:
            c = _card(word)
            if c is not None:
                found.append((path, c, False))


def leaks(state: GameState, viewer: str | None, message: dict[str, Any]) -> list[str]:
    """Cards of ``message`` hidden from ``viewer`` (empty when the message is clean)."""
    hid = hidden(state, viewer)
    found: list[tuple[tuple[str, ...], Card, bool]] = []
    if not deal_of(state).history and "last" in message:
        # the last action ended the previous deal: its (public) card may be dealt again
        message = {k: v for k, v in message.items() if k != "last"}
    fair = message.get("fair")
    if state.is_over and isinstance(fair, dict) and fair.get("revealed"):
        message = {**message, "fair": {**fair, "revealed": []}}  # the reveal, at the end
    _walk(message, (), found)
    if state.game.name != "burraco":
        return sorted({f"{c} at {'.'.join(p)}" for p, c, _ in found if hid[str(c)] > 0})
    # two decks: count the copies shown in places (hands, melds, the discard pile)
    total: Counter[str] = Counter()
    for c in range(53):
        total[str(Card.from_index(c))] = 4 if c == 52 else 2
    shown: Counter[str] = Counter(
        str(c) for p, c, whole in found if whole and p and p[-1] in _LOCATION_KEYS
    )
    out = [f"{c} x{n} (visible {total[c] - hid[c]})" for c, n in shown.items()
           if n > total[c] - hid[c]]
    view = message.get("view")
    if isinstance(view, dict) and "hand" in view:
        d = deal_of(state)
        mine = (Counter(str(Card.from_index(c)) for c in d.hand_indices(seat_index(viewer)))
                if viewer else Counter())
        got = Counter(str(_card(c)) for c in view["hand"])
        if got != mine:
            out.append(f"hand {sorted(got.elements())} is not {viewer}'s own")
    return out
