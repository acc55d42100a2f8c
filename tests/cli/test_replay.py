"""``trapoula replay``: a saved record is stepped through as a seat saw it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapoula
from trapoula.tui.strings import tr

from .conftest import RunCli


@pytest.fixture
def saved_match(run_cli: RunCli, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    r = run_cli("play", "bourloto", "--preset", "gr", "--seed", "21", "--bots", "random",
                "--save", str(path), "target=400", stdin="1\n" * 3000)
    assert r.code == 0
    return path


def test_replay_prints_every_action_and_the_result(run_cli: RunCli, saved_match: Path) -> None:
    record = json.loads(saved_match.read_text())
    r = run_cli("replay", str(saved_match))
    assert r.code == 0, r.err
    assert f"{len(record['actions'])} actions" in r.out.splitlines()[0]
    played = sum(1 for a in record["actions"] if " play " in a)
    assert sum(" plays " in ln for ln in r.out.splitlines()) == played
    result = trapoula.load(saved_match).result
    assert result is not None
    s = result["scores"]
    assert tr("final_score", "en", a=s["A"], b=s["B"], winner=result["winner"]) in r.out


def test_replay_shows_only_the_chosen_seats_hand(run_cli: RunCli, saved_match: Path) -> None:
    r = run_cli("replay", str(saved_match), "--seat", "P3")
    assert r.code == 0
    assert "P3 (you)" in r.out and "P1 (partner)" in r.out
    assert "Hand of" not in r.out


def test_replay_all_shows_every_hand(run_cli: RunCli, saved_match: Path) -> None:
    r = run_cli("replay", str(saved_match), "--all", "--step")  # --step needs a terminal
    assert r.code == 0
    for seat in ("P1", "P2", "P3", "P4"):
        assert f"Hand of {seat}" in r.out


def test_replay_of_an_unfinished_game_ends_with_the_table(
    run_cli: RunCli, tmp_path: Path
) -> None:
    path = tmp_path / "short.json"
    run_cli("play", "bourloto", "--seed", "6", "--bots", "random", "--save", str(path),
            stdin="1\n1\n")
    r = run_cli("replay", str(path))
    assert r.code == 0
    assert tr("match_over", "en") not in r.out
    assert tr("your_hand", "en") in r.out.rstrip().split("\n\n")[-1]


@pytest.mark.parametrize(
    "content, message",
    [("not json", "is not a JSON game record"),
     ('{"format": "other"}', "unknown record format 'other'"),
     ('{"format": "trapoula-record/1", "game": "bourloto", "kind": "deal",'
      ' "seed": 1, "actions": ["P1 play 2H"]}', "cannot play 2H")],
)
def test_bad_records_are_reported(
    run_cli: RunCli, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    r = run_cli("replay", str(path))
    assert r.code == 2
    assert message in r.err
    assert "Traceback" not in r.err


def test_missing_file(run_cli: RunCli, tmp_path: Path) -> None:
    r = run_cli("replay", str(tmp_path / "nope.json"))
    assert r.code == 2 and "nope.json" in r.err
