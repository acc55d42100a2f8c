"""The page's scripts: every file under ``web/static`` is loaded by ``index.html`` once, in an
order where each file finds what it needs on ``window.TP`` (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trapoula.web

pytestmark = pytest.mark.e2e

STATIC = Path(trapoula.web.__file__).parent / "static"


def _scripts() -> list[str]:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<script src="/static/([\w.-]+)"></script>', html)


def test_index_loads_every_script_once() -> None:
    loaded = _scripts()
    assert len(loaded) == len(set(loaded))
    # sw.js is the service worker (served as /sw.js), not a script of the page
    assert sorted(loaded) == sorted(p.name for p in STATIC.glob("*.js") if p.name != "sw.js")
    assert not re.search(r"<script(?![^>]*\bsrc=)", (STATIC / "index.html").read_text("utf-8"))


def test_each_script_comes_after_the_ones_it_uses_at_load_time() -> None:
    """Names a file reads from ``TP`` when it runs (``TP.TableView.include(...)``, a
    ``const { h, api } = TP;``) are defined by a file loaded before it."""
    order = _scripts()
    defined_by: dict[str, str] = {}
    for name in order:
        text = (STATIC / name).read_text(encoding="utf-8")
        needs = set(re.findall(r"^  TP\.(\w+)\.\w+\(", text, flags=re.M))
        for group in re.findall(r"^  const \{ ([\w, ]+) \} = TP;", text, flags=re.M):
            needs |= {n.strip() for n in group.split(",")}
        missing = sorted(n for n in needs if n not in defined_by)
        assert not missing, f"{name} reads {missing} from TP before any file defines them"
        for group in re.findall(r"Object\.assign\((?:window\.)?TP, \{(.*?)\}\);", text, flags=re.S):
            for item in group.split(","):
                key = item.strip().split(":")[0].strip()
                if key:
                    defined_by.setdefault(key, name)
        for key in re.findall(r"^  TP\.(\w+) = ", text, flags=re.M):
            defined_by.setdefault(key, name)
    assert defined_by["TableView"] == "table.js" and defined_by["h"] == "util.js"
