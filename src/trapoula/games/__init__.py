"""The games.  Each registers itself by dotted path; no game imports another.

Each game's ``view`` module also says which cards a seat cannot see (``hidden_cards``);
:func:`hidden_cards` finds it for any state (a deal, or a match or session by its deal).

>>> import trapoula
>>> s = trapoula.make("bourloto", "ru").new_match(seed=1)
>>> sorted(hidden_cards(s, "P1").elements()) == sorted(hidden_cards(s.deal, "P1").elements())
True
"""

from __future__ import annotations

from collections import Counter
from importlib import import_module
from typing import Any

from trapoula.cards import Card
from trapoula.core.registry import register

__all__ = ["hidden_cards"]

register("bourloto", "trapoula.games.bourloto.game:Bourloto")
register("bourre", "trapoula.games.bourre.game:Bourre")
register("burraco", "trapoula.games.burraco.game:Burraco")


def hidden_cards(state: Any, seat: str | None) -> Counter[Card]:
    """The copies of each card that ``seat`` (None or ``""``: a spectator) cannot see at
    ``state``: the game's ``view.hidden_cards`` of the state's current deal."""
    deal = getattr(state, "deal", state)
    module = import_module(f"trapoula.games.{deal.game.name}.view")
    found: Counter[Card] = module.hidden_cards(deal, seat)
    return found
