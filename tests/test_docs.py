"""The README's examples run, and the rule-option pages match the code."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

from trapoula.core.registry import available_games

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["README.md", "docs/api.md", "docs/notation.md",
                                  "docs/tournaments.md"])
def test_markdown_examples_run(name: str) -> None:
    result = doctest.testfile(str(ROOT / name), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def _gen() -> object:
    path = ROOT / "tools" / "gen_rule_docs.py"
    spec = importlib.util.spec_from_file_location("gen_rule_docs", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game", available_games())
def test_rule_option_pages_are_up_to_date(game: str) -> None:
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert page == _gen().page(game), "run tools/gen_rule_docs.py"  # type: ignore[attr-defined]


def test_the_rulebook_and_the_scenario_format_ship_with_the_repository() -> None:
    """docs/rules/RULES.md and docs/scenarios.md are verbatim copies (below their note) of the
    shared files, checked against them when ../shared is beside the clone."""
    shared = ROOT.parent / "shared"
    for copy, original in (("docs/rules/RULES.md", "rules/RULES.md"),
                           ("docs/scenarios.md", "spec/scenarios.md")):
        text = (ROOT / copy).read_text(encoding="utf-8")
        body = text.split("\n\n", 1)[1]
        assert "[DEC]" in text or "trapoula-scenarios/1" in text
        if (shared / original).is_file():
            assert body == (shared / original).read_text(encoding="utf-8"), f"copy {original}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/rules/index.md)" in readme and "../shared" not in readme
