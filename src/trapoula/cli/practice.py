"""Practice games: taking decisions back against bots, and the record's note of it.

At ``trapoula play`` every other seat is a bot, so the table is a practice table: ``undo``
returns to the human's previous decision (the plain lines and the full screen alike).  A
record saved after an undo carries ``"practice": {"undos": N}``; loading ignores the note
(the actions are the game as finally played) and ``trapoula replay`` mentions it.

>>> import trapoula
>>> m = trapoula.make("bourloto", "gr").new_match(seed=3)
>>> practice_record(m, 0).get("practice"), practice_record(m, 2)["practice"]
(None, {'undos': 2})
>>> trapoula.loads(json.dumps(practice_record(m, 2))).history == m.history
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from trapoula.core.state import GameState

__all__ = ["UNDO_WORDS", "practice_record", "save_record"]

#: the typed command that takes back the human's last decision (every language)
UNDO_WORDS = frozenset({"undo", "u", "αναίρεση", "отмена", "annulla"})


def practice_record(state: GameState, undos: int) -> dict[str, Any]:
    """The state's record, noting a practice game (moves taken back) when ``undos`` > 0."""
    record = state.record()
    if undos:
        record["practice"] = {"undos": undos}
    return record


def save_record(state: GameState, undos: int, path: str | Path) -> None:
    """``trapoula.save`` with the practice note."""
    text = json.dumps(practice_record(state, undos), ensure_ascii=False, indent=1)
    Path(path).write_text(text + "\n", encoding="utf-8")
