"""The environment pages (issue item 7): the layout reference matches the code, every Python
example of the adapter pages runs, and the OpenSpiel bots script plays a deal."""

from __future__ import annotations

import importlib.util
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pytest.importorskip("pyspiel")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "envs"


def test_layout_page_is_up_to_date() -> None:
    from trapoula.envs.docs import page

    text = (DOCS / "layouts.md").read_text(encoding="utf-8")
    assert text == page(), "run: python -m trapoula.envs.docs > docs/envs/layouts.md"


@pytest.mark.parametrize("name", ["pettingzoo.md", "gymnasium.md", "openspiel.md"])
def test_examples_run(name: str) -> None:
    text = (DOCS / name).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "every adapter page has Python examples"
    loop = [b for b in blocks if "for episode in range(" in b]
    assert len(loop) == 1 and len(loop[0].strip().splitlines()) <= 25, "a short training loop"
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for block in blocks:
            needs = re.findall(r"^from (stable_baselines3|sb3_contrib)\b", block, re.M)
            if any(importlib.util.find_spec(m) is None for m in needs):
                continue  # the optional rl-train extra (torch) is not installed
            exec(compile(block, f"{name}", "exec"), namespace)  # noqa: S102


def test_openspiel_bots_script_plays_whole_deals() -> None:
    spec = importlib.util.spec_from_file_location("openspiel_bots", DOCS / "openspiel_bots.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    returns = mod.main(["--preset", "gr", "--deals", "1", "--simulations", "8"])
    assert len(returns) == 1 and sum(returns[0]) == 0
