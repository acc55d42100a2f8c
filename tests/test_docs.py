"""The README's examples run, and the rule-option pages match the code."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

from trapoula.core.registry import available_games

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["README.md", "docs/api.md", "docs/notation.md"])
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
