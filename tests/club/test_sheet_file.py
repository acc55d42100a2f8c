"""A sheet's file: entries replayed on load; bad files and bad entries are refused by name."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.club.sheet import load_sheet, new_sheet, parse_entry
from trapoula.errors import ConfigError, ParseError, RecordError, TrapoulaError


def test_a_saved_sheet_replays_its_entries() -> None:
    s = new_sheet("bourre", options={"players": 3}, names={"P1": "Nikos"},
                  setup={"schedule": {"levels": [1, 2], "deals_per_level": 2}})
    s = s.add({"tricks": {"P1": 3, "P2": 2, "P3": 0}}).add({"play": {"P2": "fold"},
                                                            "tricks": {"P1": 1, "P3": 4}})
    again = load_sheet(json.loads(s.to_json()))
    assert again.rows == s.rows and again.state == s.state and again.names == {"P1": "Nikos"}
    assert again.kind.rules.options == s.kind.rules.options


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"format": "other"}',
    '{"format": "trapoula-score-sheet", "version": 99, "game": "bourloto"}',
    '{"format": "trapoula-score-sheet", "version": 1, "game": "chess"}',
    '{"format": "trapoula-score-sheet", "version": 1, "game": "bourloto", "entries": {}}',
    '{"format": "trapoula-score-sheet", "version": 1, "game": "burraco", "setup": {"hands": 5}}',
])
def test_a_file_that_is_no_sheet_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        load_sheet(text)


def test_unknown_sides_in_names_and_bad_words() -> None:
    with pytest.raises(ConfigError, match="unknown sides"):
        new_sheet("bourloto", names={"C": "x"})
    with pytest.raises(ParseError, match="key=value"):
        parse_entry("buyer")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-500, 500) | st.text("ABP1234fold ", max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["A", "B", "P1", "P2", "tricks", "play", "decl", "buyer", "melds",
                         "held", "closed", "pozzetto", "meld_cards", "capot", "ante"]),
        inner, max_size=4),
    max_leaves=10)


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(["bourloto", "bourre", "burraco"]),
       entry=st.dictionaries(st.sampled_from(
           ["A", "B", "P1", "P3", "tricks", "play", "decl", "buyer", "capot", "ante", "trump",
            "thrown"]), json_values, max_size=4))
def test_any_entry_is_written_or_refused_with_a_trapoula_error(game: str, entry: dict) -> None:
    s = new_sheet(game)
    try:
        after = s.add(entry)
    except TrapoulaError:
        assert s.entries == () and s.rows == ()
    else:
        assert len(after.entries) == 1 and load_sheet(after.to_json()).rows == after.rows
