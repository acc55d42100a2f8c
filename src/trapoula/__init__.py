"""trapoula: exact engines, bots and interfaces for Bourloto, Bourré and Burraco.

>>> import trapoula
>>> "bourloto" in trapoula.available_games()
True
>>> game = trapoula.make("bourloto", preset="gr")
>>> deal = game.new_deal(seed=7)
>>> deal.current_player, [str(a) for a in deal.legal_actions()]
('P1', ['take', 'pass'])
>>> deal.apply("P2 take")
Traceback (most recent call last):
...
trapoula.errors.NotYourTurnError: it is P1's turn, not P2's; P1 may: take, pass
"""

from trapoula import games as _games  # noqa: F401  (registers the games)
from trapoula.cards import Card, Rank, Suit
from trapoula.core.action import Action
from trapoula.core.record import load, loads, replay, save
from trapoula.core.registry import available_games, make
from trapoula.errors import (
    ConfigError,
    IllegalActionError,
    ImmutableStateError,
    NotYourTurnError,
    ParseError,
    RecordError,
    TrapoulaError,
)
from trapoula.version import __version__ as __version__

__all__ = [
    "Action",
    "Card",
    "ConfigError",
    "IllegalActionError",
    "ImmutableStateError",
    "NotYourTurnError",
    "ParseError",
    "Rank",
    "RecordError",
    "Suit",
    "TrapoulaError",
    "available_games",
    "load",
    "loads",
    "make",
    "replay",
    "save",
]
