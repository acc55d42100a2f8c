"""The words the page shares with the terminal (``GET /api/strings``): one source of strings.

The terminal's table (:data:`trapoula.tui.strings.STRINGS`: score card rows, declaration
names, forced moves, Bourré and Burraco words…), the action words, the bots' names and levels
and every rule option's name, group and help (:mod:`trapoula.tui.strings_options`), each in
English, Greek, Russian and Italian.  The page's own ``i18n.js`` holds only what is the
page's alone (buttons, the lobby); anything else it looks up here.

>>> s = page_strings()
>>> s["langs"], s["strings"]["decl_tierce"][2], s["bot_names"]["el"][0]
(['en', 'el', 'ru', 'it'], 'терц', 'Άρης')
"""

from __future__ import annotations

from typing import Any

from trapoula.tui.strings import ACTION_WORDS, STRINGS
from trapoula.tui.strings_options import (
    BOT_NAMES,
    CHOICE_TEXTS,
    LEVEL_NAMES,
    OPTION_TEXTS,
    PRESET_NAMES,
)

__all__ = ["page_strings"]


def page_strings() -> dict[str, Any]:
    return {
        "langs": ["en", "el", "ru", "it"],
        "strings": {k: list(v) for k, v in STRINGS.items()},
        "actions": {k: list(v) for k, v in ACTION_WORDS.items()},
        "bot_names": {k: list(v) for k, v in BOT_NAMES.items()},
        "levels": {k: list(v) for k, v in LEVEL_NAMES.items()},
        "presets": {k: list(v) for k, v in PRESET_NAMES.items()},
        "options": OPTION_TEXTS,
        "choices": {k: list(v) for k, v in CHOICE_TEXTS.items()},
    }
