"""Game records: JSON files that replay a game exactly (the event log is the save file).

A record holds the game, preset, changed options, how the game started (a seed and dealer,
or a scenario setup, or a match seed) and the actions in notation with their seats.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from trapoula.core.registry import make
from trapoula.core.state import GameState
from trapoula.errors import ConfigError

__all__ = ["FORMAT", "dumps", "load", "loads", "replay", "save"]

FORMAT = "trapoula-record/1"


def dumps(state: GameState) -> str:
    return json.dumps(state.record(), ensure_ascii=False, indent=1)


def save(state: GameState, path: str | Path) -> None:
    Path(path).write_text(dumps(state) + "\n", encoding="utf-8")


def replay(record: Mapping[str, Any]) -> GameState:
    """The state a record ends in, replayed through the public ``apply``."""
    if record.get("format") != FORMAT:
        raise ConfigError(f"not a trapoula record (format must be {FORMAT!r})")
    game = make(record["game"], record.get("preset"), **record.get("options", {}))
    return game.from_record(record)


def loads(text: str) -> GameState:
    return replay(json.loads(text))


def load(path: str | Path) -> GameState:
    """Replay the record in a JSON file."""
    return loads(Path(path).read_text(encoding="utf-8"))
