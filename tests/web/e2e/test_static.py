"""The page's files themselves: every text in four languages, no HTML from strings.

These need no browser: they read ``src/trapoula/web/static`` as text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trapoula.web

pytestmark = pytest.mark.e2e

STATIC = Path(trapoula.web.__file__).parent / "static"
_ROW = re.compile(r"^\s+(\w+): \[(.*?)\],?$", re.M | re.S)
_STR = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _table(name: str) -> dict[str, list[str]]:
    """The rows ``key: ["en", "el", "ru", "it"]`` of ``const NAME = {...};`` in i18n.js and
    in the files that add to its tables (``i18n_*.js``; i18n_club.js adds to ``S`` with
    ``Object.assign``)."""
    rows: dict[str, list[str]] = {}
    for path in [STATIC / "i18n.js", *sorted(STATIC.glob("i18n_*.js"))]:
        text = path.read_text(encoding="utf-8")
        if f"const {name} = {{" in text:
            body = text.split(f"const {name} = {{", 1)[1].split("\n  };", 1)[0]
        elif name == "S" and "Object.assign(window.TP.STRINGS, {" in text:
            body = text.split("Object.assign(window.TP.STRINGS, {", 1)[1].split("\n  });")[0]
        else:
            continue
        for m in _ROW.finditer(body):
            assert m.group(1) not in rows, f"{path.name}: {name}.{m.group(1)} twice"
            rows[m.group(1)] = _STR.findall(m.group(2))
    return rows


def _js() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js")))


def test_every_ui_text_and_action_word_has_four_languages() -> None:
    for name in ("S", "ACTIONS"):
        rows = _table(name)
        assert len(rows) > (80 if name == "S" else 15)
        for key, texts in rows.items():
            assert len(texts) == 4 and all(texts), f"{name}.{key}: {texts}"
            holes = [set(re.findall(r"\{(\w+)\}", x)) for x in texts]
            assert all(h == holes[0] for h in holes), f"{name}.{key}: placeholders differ"


def test_every_text_the_page_asks_for_exists() -> None:
    keys = set(_table("S"))
    used = set(re.findall(r'\bt\("(\w+)"[,)]', _js()))
    assert used and not used - keys, sorted(used - keys)
    dynamic = {f"game_{g}" for g in ("bourloto", "bourre", "burraco")} | {
        f"status_{s}" for s in ("open", "playing", "finished")} | {
        f"conn_{c}" for c in ("connecting", "open", "retry", "lost")} | {
        "clean", "dirty", "semi_clean"}
    assert not dynamic - keys, sorted(dynamic - keys)


def test_every_action_word_of_the_engines_is_translated() -> None:
    import random

    import trapoula

    words = set(_table("ACTIONS"))
    seen: set[str] = set()
    rng = random.Random(7)
    for game, kw in (("bourloto", {"preset": "ru"}), ("bourloto", {"preset": "gr"}),
                     ("bourre", {}), ("burraco", {})):
        state = trapoula.make(game, **kw).new_match(seed=3)
        for _ in range(300):
            acts = state.legal_actions()
            if not acts:
                break
            for a in acts:
                seen.add(str(a).split()[0])
                seen.update(w for w in str(a).split()[2:] if w.isalpha() and w.islower())
            state = state.apply(rng.choice(acts))
    assert {"play", "pass", "take", "fold", "pickup", "meld"} <= seen
    assert not seen - words, sorted(seen - words)


def test_no_html_is_built_from_strings() -> None:
    code = _js() + (STATIC / "index.html").read_text(encoding="utf-8").split("<body>", 1)[1]
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in code, sink
