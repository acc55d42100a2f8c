"""tools/compare_pexevida.py against pexevida's own code: it agrees with the engine on a few
dozen deals and reports a fault planted in the engine (RULES §1.4: the duty to overtrump, the
trick winner).  It needs node and a checkout of pexevida, which CI does not have."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trapoula.games.bourloto import play, rules

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
PEXEVIDA = Path(os.environ.get("PEXEVIDA_DIR", "/nonexistent"))
HOW = ("needs node (18 or later) on PATH and PEXEVIDA_DIR set to a checkout of pexevida: "
       "git clone https://github.com/panos1962/pexevida /tmp/pexevida && "
       "PEXEVIDA_DIR=/tmp/pexevida .venv/bin/python -m pytest tests/tools")

pytestmark = pytest.mark.skipif(
    NODE is None or not (PEXEVIDA / "client" / "common" / "vida.js").is_file(), reason=HOW)

DEALS = 40


def _tool() -> ModuleType:
    path = ROOT / "tools" / "compare_pexevida.py"
    spec = importlib.util.spec_from_file_location("compare_pexevida", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, mod)
    spec.loader.exec_module(mod)
    return mod


tool = _tool()


def _run(seed: int) -> dict[str, Any]:
    deals, _ = tool.make_deals(DEALS, seed)
    out: dict[str, Any] = tool.run_driver(PEXEVIDA, deals, NODE)
    return out


def _differences(seed: int) -> tuple[dict[str, Any], set[str]]:
    out = _run(seed)
    return out["counts"], {d["kind"] for d in out["differences"]}


def test_the_engine_agrees_with_pexevida_on_a_few_dozen_deals() -> None:
    out = _run(seed=3)
    counts = out["counts"]
    assert not out["differences"], f"differences: {out['differences'][:3]}"
    # everything was compared: bids, legal sets, shows, trick winners, scores
    assert counts["bids"] >= DEALS and counts["legal_sets"] >= 20 * DEALS
    assert counts["tricks"] >= 6 * DEALS and counts["scores"] >= DEALS // 2
    assert counts["show_sets"] > 0 and counts["confirms"] > 0


def test_s1_4_overtrump_duty_removed_is_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(rules.PRESETS["pexevida"], "overtrump_required", False)
    _, kinds = _differences(seed=3)
    assert "legal" in kinds
    assert tool.main([str(PEXEVIDA), "--deals", str(DEALS), "--seed", "3", "--node",
                      str(NODE)]) == 1
    assert "  legal: deal seed" in capsys.readouterr().out


def test_s1_4_broken_trick_winner_is_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # in a plain led suit the ten now beats the ace
    keys = [list(k) for k in play.TRICK_KEYS]
    for i, k in enumerate(keys):
        trump, led = divmod(i, 4)
        if led != trump:
            ten, ace = 13 * led + 8, 13 * led + 12
            k[ten], k[ace] = k[ace], k[ten]
    monkeypatch.setattr(play, "TRICK_KEYS", tuple(tuple(k) for k in keys))
    _, kinds = _differences(seed=3)
    assert "winner" in kinds
    assert tool.main([str(PEXEVIDA), "--deals", str(DEALS), "--seed", "3", "--node",
                      str(NODE)]) == 1
    assert "  winner: deal seed" in capsys.readouterr().out
