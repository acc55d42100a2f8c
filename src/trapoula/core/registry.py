"""The registry of games: names to game classes, imported lazily.

The core never imports a game; games register themselves here by dotted path, and
:func:`trapoula.make` looks them up.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from trapoula.errors import ConfigError

if TYPE_CHECKING:
    from trapoula.core.game import Game

__all__ = ["available_games", "game_class", "make", "make_stored", "register"]

_REGISTRY: dict[str, str] = {}


def register(name: str, dotted: str) -> None:
    """Register ``name`` as the class at ``"package.module:Class"``."""
    _REGISTRY[name] = dotted


def available_games() -> list[str]:
    """Names of the games that can be made."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _REGISTRY:
        raise ConfigError(f"unknown game {name!r}; games are: {', '.join(available_games())}")
    module, _, cls = _REGISTRY[key].partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def make(name: str, preset: str | None = None, **options: Any) -> Game:
    """A rules object for game ``name`` with a preset and option overrides."""
    return game_class(name)(preset, **options)


def make_stored(name: str, preset: str | None, options: Mapping[str, Any]) -> Game:
    """The rules object of a stored game (a record, a web table) from its option values:
    like :func:`make`, except that options the game has retired since the game was stored
    (``Game.retired_options``: they never changed play) are dropped, knowingly, and that the
    game may accept a combination it refuses for new games since (``Game.from_stored``).

    >>> make_stored("bourloto", "gr", {"direction": "counterclockwise", "target": 500})
    trapoula.make('bourloto', preset='gr', target=500)
    """
    cls = game_class(name)
    retired = cls.retired_options
    return cls.from_stored(preset, {k: v for k, v in options.items() if k not in retired})
