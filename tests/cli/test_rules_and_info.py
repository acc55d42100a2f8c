"""``trapoula rules``, ``games``, ``--version`` and ``conformance``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import trapoula
from trapoula.cli.rules import _show

from .conftest import RunCli


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_rules_lists_every_option_with_default_and_preset_value(
    run_cli: RunCli, preset: str
) -> None:
    r = run_cli("rules", "bourloto", "--preset", preset)
    assert r.code == 0
    game = trapoula.make("bourloto", preset)
    values = game.options.to_dict()
    lines = r.out.splitlines()
    for info in game.describe_options():
        row = next(ln for ln in lines if ln[2:].split(" ", 1)[0] == info.name)
        cells = row[1:].split()
        assert cells == [info.name, _show(info.default), _show(values[info.name])]
        assert row.startswith("*") == (values[info.name] != info.default)
        doc = lines[lines.index(row) + 1].strip()
        assert doc.startswith(info.doc[:40])


def test_rules_with_overrides(run_cli: RunCli) -> None:
    r = run_cli("rules", "bourloto", "--preset", "gr", "target=500")
    row = next(ln for ln in r.out.splitlines() if " target " in ln)
    assert row.split() == ["*", "target", "1000", "500"]


def test_games_and_version(run_cli: RunCli) -> None:
    r = run_cli("games")
    assert r.code == 0
    assert [ln.split()[0] for ln in r.out.splitlines()] == trapoula.available_games()
    v = run_cli("--version")
    assert v.out.strip() == f"trapoula {trapoula.__version__}"


def test_no_command_prints_help(run_cli: RunCli) -> None:
    r = run_cli()
    assert r.code == 2 and "play" in r.out and "simulate" in r.out


def test_conformance_exit_code_follows_the_runner(run_cli: RunCli, tmp_path: Path) -> None:
    case: dict[str, Any] = {"id": "M1", "game": "bourloto", "preset": "ru", "check": "match",
            "scores_before": {"A": 980, "B": 900}, "deal": {"A": 112, "B": 120},
            "expect": {"scores": {"A": 1092, "B": 1020}, "winner": "A", "extra_deals": 0}}
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": "trapoula-scenarios/1", "cases": [case]}))
    r = run_cli("conformance", str(good))
    assert r.code == 0 and "PASS M1" in r.out
    bad = tmp_path / "bad.json"
    wrong = dict(case, expect={**case["expect"], "winner": "B"})
    bad.write_text(json.dumps({"format": "trapoula-scenarios/1", "cases": [wrong]}))
    r = run_cli("conformance", str(good), str(bad))
    assert r.code != 0 and "FAIL M1" in r.out
