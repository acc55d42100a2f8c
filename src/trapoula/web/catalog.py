"""What the lobby offers: games, presets, every rule option, bots and levels (``/api/games``).

>>> info = games_info()
>>> [g["name"] for g in info["games"]], info["languages"]
(['bourloto', 'bourre', 'burraco'], ['en', 'el', 'ru', 'it'])
>>> resolve_bot("burraco", "heuristic", "medium"), resolve_bot("bourloto", None, "hard")
('medium', 'hard')
>>> default_bot("bourloto", "gr"), default_bot("burraco")
('medium', 'medium')
"""

from __future__ import annotations

import importlib.util
from typing import Any

from trapoula.bots.base import available_bots as _registered
from trapoula.core.options import build_options
from trapoula.core.registry import available_games, game_class
from trapoula.errors import ConfigError
from trapoula.learned import BEATS_HARD
from trapoula.web.limits import option_maximum

__all__ = ["LEVELS", "LANGUAGES", "default_bot", "games_info", "resolve_bot"]

LEVELS = ("easy", "medium", "hard", "expert")
LANGUAGES = ["en", "el", "ru", "it"]


def available_bots(game: str) -> list[str]:
    """The bots a table of the room offers: the registered ones, but a learned bot whose game
    ships no weights (it would refuse to play: ``trapoula train GAME`` makes them)."""
    from trapoula.learned.generic import GAME_NAMES, shipped_path

    return [b for b in _registered(game)
            if not (b == "learned" and game in GAME_NAMES and not shipped_path(game).exists())]


def _type(default: Any) -> str:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, str):
        return "str"
    return type(default).__name__


def _table_max(info: Any, defaults: list[Any]) -> int | None:
    """The largest value a table takes (``limits.option_maximum``; None: not an integer)."""
    if any(isinstance(d, bool) or not isinstance(d, int) for d in defaults):
        return info.maximum  # type: ignore[no-any-return]
    return max(option_maximum(int(d), info.maximum) for d in defaults)


def default_bot(game: str, preset: str | None = None) -> str:
    """The bot of a seat that names none: ``learned`` where the shipped network beats ``hard``
    (:data:`trapoula.learned.BEATS_HARD`: Bourloto ``ru``) and numpy is installed to play it,
    else ``medium`` where the game has levels, else the heuristic."""
    if (preset is not None and (game, preset) in BEATS_HARD and "learned" in available_bots(game)
            and importlib.util.find_spec("numpy") is not None):
        return "learned"
    return "medium" if "medium" in available_bots(game) else "heuristic"


def resolve_bot(game: str, bot: str | None, level: str | None,
                preset: str | None = None) -> str:
    """The registered bot to make: a level when the game has it, else the named bot."""
    names = available_bots(game)
    if level and level in names and level in LEVELS:
        return level
    if bot:
        if bot not in names:
            raise ConfigError(f"no bot {bot!r} for {game}; bots are: {', '.join(names)}")
        return bot
    if level and level not in LEVELS:
        raise ConfigError(f"no level {level!r}; levels are: {', '.join(LEVELS)}")
    return default_bot(game, preset)


def games_info() -> dict[str, Any]:
    """Games, presets, options with each preset's default, bots, levels and languages."""
    games = []
    for name in available_games():
        cls = game_class(name)
        per_preset = {
            p: build_options(cls.options_class, cls.presets[p], {}).to_dict()
            for p in cls.presets
        }
        options = []
        for info in cls.describe_options():
            options.append({
                "name": info.name,
                "type": _type(info.default),
                "default": {p: per_preset[p][info.name] for p in cls.presets},
                "choices": list(info.choices) if info.choices is not None else None,
                "min": info.minimum,
                "max": _table_max(info, [per_preset[p][info.name] for p in cls.presets]),
                "help": info.doc,
            })
        bots = available_bots(name)
        games.append({
            "name": name,
            "title": cls.title,
            "presets": list(cls.presets),
            "default_preset": cls.default_preset,
            "players": {p: int(cls(p).players) for p in cls.presets},  # type: ignore[attr-defined]
            "options": options,
            "bots": [b for b in bots if b not in LEVELS],
            "levels": [b for b in LEVELS if b in bots],
            "default_bot": default_bot(name),
            "default_bots": {p: default_bot(name, p) for p in cls.presets},
        })
    return {"games": games, "languages": list(LANGUAGES)}
