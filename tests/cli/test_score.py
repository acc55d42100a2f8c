"""``trapoula score``: the score sheet on the command line, scripted and interactive."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import RunCli


def test_add_prints_the_running_sheet_and_keeps_the_file(run_cli: RunCli, tmp_path: Path
                                                        ) -> None:
    f = tmp_path / "night.json"
    r = run_cli("score", "bourloto", "--preset", "gr", "--file", str(f), "--name", "A=Anna+Bo",
                "--add", "buyer=B tricks.A=58 decl.B=40", "--add", "buyer=A tricks.A=81")
    assert r.code == 0, r.err
    assert "deal 2: buyer A" in r.out and "hanging: 81" in r.out
    assert "totals: Anna+Bo 58  B 225  (B leads)" in r.out
    saved = json.loads(f.read_text())
    assert saved["format"] == "trapoula-score-sheet" and len(saved["entries"]) == 2
    r = run_cli("score", "bourloto", "--file", str(f), "--add", "buyer=B tricks.A=60")
    assert "+81 hanging points" in r.out and "totals: Anna+Bo 118  B 408" in r.out
    r = run_cli("score", "bourloto", "--file", str(f), "--undo")
    assert "deal 3" not in r.out and len(json.loads(f.read_text())["entries"]) == 2


def test_a_refused_entry_is_an_error_and_leaves_the_file(run_cli: RunCli, tmp_path: Path
                                                        ) -> None:
    f = tmp_path / "s.json"
    run_cli("score", "burraco", "--file", str(f), "--add", "A.melds=75 A.held=15")
    before = f.read_text()
    r = run_cli("score", "burraco", "--file", str(f), "--add", "A.closed=yes A.melds=40")
    assert r.code == 2 and "pozzetto" in r.err
    assert f.read_text() == before
    r = run_cli("score", "bourre", "--file", str(f), "--add", "tricks.P1=5")
    assert r.code == 2 and "burraco sheet" in r.err


def test_interactive_prompt_asks_each_field_and_fixes_a_refused_entry(run_cli: RunCli) -> None:
    answers = "\n".join([
        "",            # Enter: be asked field by field
        "", "", "81", "", "",  # no buyer (ru), no capot, A 81 (so B 81), no declarations
        "trump.A=34 trump.B=28",  # refused (meza needs trump points): fixed
        "tricks.A=100",  # a typed entry
        "undo", "quit"]) + "\n"
    r = run_cli("score", "bourloto", stdin=answers)
    assert r.code == 0, r.err
    assert "not written: the deal is tied (meza" in r.out
    assert "deal 1: buyer -  tricks A 81 B 81  decl A 0 B 0  -> A 162 B 0" in r.out
    assert "deal 2: buyer -  tricks A 100 B 62" in r.out
    assert r.out.rstrip().endswith("totals: A 162  B 0  (A leads)")


def test_bourre_sit_and_go_and_burraco_tournament_match(run_cli: RunCli) -> None:
    r = run_cli("score", "bourre", "--players", "3", "--antes", "1,2", "--deals-per-level", "1",
                "--add", "tricks.P1=3 tricks.P2=2 tricks.P3=0", "--add", "tricks.P1=5 "
                "play.P2=fold play.P3=fold", "starting_stack=10")
    assert r.code == 0, r.err
    assert "deal 2: ante 2" in r.out and "antes 1/2 rising every 1 deals" in r.out
    r = run_cli("score", "burraco", "--hands", "3", "--json", *(["--add", "A.melds=100 "
                "A.pozzetto=y B.pozzetto=y"] * 3))
    data = json.loads(r.out)
    assert data["preset"] == "fibur" and data["setup"] == {"hands": 3}
