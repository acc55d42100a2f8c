"""The strings the page shares with the terminal (``/api/strings``): every rule option of
every game named, grouped and explained in four languages without spec ids, every choice
value worded, a name per bot seat."""

from __future__ import annotations

import re

from trapoula.tui.strings import STRINGS
from trapoula.tui.strings_options import CHOICE_TEXTS, OPTION_TEXTS
from trapoula.web.catalog import games_info
from trapoula.web.strings import page_strings

SPEC_ID = re.compile(r"\b[A-Z]{2}-A\d+\b|§\d")


def test_every_option_has_a_name_group_and_help_in_four_languages() -> None:
    for g in games_info()["games"]:
        texts = OPTION_TEXTS[g["name"]]
        assert {o["name"] for o in g["options"]} == set(texts), g["name"]
        for o in g["options"]:
            t = texts[o["name"]]
            assert t["group"] in STRINGS
            assert len(set(t["label"])) >= 1 and all(t["label"]) and all(t["help"])
            assert not any(SPEC_ID.search(x) for x in t["label"] + t["help"]), o["name"]
            for k, values in t["when"].items():  # conditions name real options and values
                assert k in texts and values
            for c in o["choices"] or []:
                assert isinstance(c, int) or str(c) in CHOICE_TEXTS, (o["name"], c)


def test_the_page_gets_the_terminals_strings() -> None:
    s = page_strings()
    assert s["strings"]["decl_quarte"] == list(STRINGS["decl_quarte"])
    assert s["strings"]["last_trick"][1] == "τελευταία μπάζα"
    names = s["bot_names"]
    assert all(len(set(v)) == 7 for v in names.values())  # one name per seat
    assert {"easy", "medium", "hard", "expert"} <= set(s["levels"])


def test_every_error_a_person_can_meet_is_worded_in_the_pages_languages() -> None:
    """The page words each server error code in el/ru/it (English shows the server's own
    message): every WebSocket code of ``ERROR_CODES`` and every HTTP ``ServiceError`` code."""
    from pathlib import Path

    import trapoula.web as web
    from trapoula.web.protocol import ERROR_CODES

    static = Path(web.__file__).parent
    source = (static / "static" / "i18n.js").read_text(encoding="utf-8")
    block = source[source.index("const ERRORS = {"):source.index("const DETAIL")]
    rows = dict(re.findall(r"\n    (\w+): \[(.*?)\],", block, flags=re.S))
    more = (static / "static" / "i18n_errors.js").read_text(encoding="utf-8")  # the others'
    more_rows = dict(re.findall(r"\n    (\w+): \[(.*?)\],", more, flags=re.S))
    assert not set(rows) & set(more_rows), "a code worded twice"
    rows |= more_rows
    http = set()
    for path in static.rglob("*.py"):  # web/ and its packages (people, club)
        http |= set(re.findall(r'ServiceError\(\s*\d+,\s*"(\w+)"', path.read_text("utf-8")))
    wanted = set(ERROR_CODES) | http
    assert wanted <= set(rows), sorted(wanted - set(rows))
    for code in wanted:
        texts = re.findall(r'"((?:[^"\\]|\\.)*)"', rows[code])
        assert len(texts) == 4 and texts[0] == "" and all(texts[1:]), code


def test_the_room_offers_a_learned_bot_only_where_its_weights_are_shipped() -> None:
    """A learned Bourré or Burraco bot refuses to play without weights: the room neither
    lists it nor seats it (a table asking for it is refused with the bots it can have)."""
    import pytest

    from trapoula.errors import ConfigError
    from trapoula.learned.generic import GAME_NAMES, shipped_path
    from trapoula.web.catalog import resolve_bot

    bots = {g["name"]: g["bots"] for g in games_info()["games"]}
    assert "learned" in bots["bourloto"]
    for game in GAME_NAMES:
        assert ("learned" in bots[game]) == shipped_path(game).exists()
        if not shipped_path(game).exists():
            with pytest.raises(ConfigError, match="bots are"):
                resolve_bot(game, "learned", None)
