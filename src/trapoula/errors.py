"""The error taxonomy shared by every part of trapoula.

Every error a user can cause is a :class:`TrapoulaError`:

- :class:`ParseError`: text that is not an action, card or suit in the notation;
- :class:`IllegalActionError`: a well-formed action the rules do not allow now;
- :class:`NotYourTurnError`: an action by a seat that is not to act (an illegal action);
- :class:`ConfigError`: an unknown game, preset or option, or a bad option value;
- :class:`RecordError`: a game record this version cannot replay (unknown format or dealing
  version, tampered cards, an action or result that does not replay);
- :class:`ImmutableStateError`: an attempt to set or delete an attribute of a state (states
  cannot be changed once made; ``apply`` returns the next one).

An error raised by ``state.apply`` leaves the state unchanged (states are immutable).  Each
is also the matching built-in error (``ValueError``; ``AttributeError`` for the last), so code
written against those keeps working.

>>> issubclass(NotYourTurnError, IllegalActionError), issubclass(ParseError, ValueError)
(True, True)
>>> issubclass(ImmutableStateError, AttributeError)
True
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "ImmutableStateError",
    "NotYourTurnError",
    "ParseError",
    "RecordError",
    "TrapoulaError",
]


class TrapoulaError(Exception):
    """Base class of every error trapoula raises on purpose."""


class ParseError(TrapoulaError, ValueError):
    """Text that does not parse in the notation; the message says what is accepted."""


class IllegalActionError(TrapoulaError, ValueError):
    """A well-formed action the rules forbid here; the message lists what is allowed."""


class NotYourTurnError(IllegalActionError):
    """An action attributed to a seat that is not the one to act."""


class ConfigError(TrapoulaError, ValueError):
    """An unknown game, preset or option name, or an option value out of range."""


class RecordError(TrapoulaError, ValueError):
    """A game record that cannot be replayed; the message says what and why."""


class ImmutableStateError(TrapoulaError, AttributeError):
    """An attribute of a state was set or deleted: states never change once made."""
