"""The examples in docs/search.md run."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_search_doc_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "search.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
