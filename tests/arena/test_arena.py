"""The arena: duplicate deals, identical results on every backend, the results file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trapoula.arena import ArenaSpec, build_units, run_arena
from trapoula.arena.units import run_unit
from trapoula.cli.main import main
from trapoula.errors import ConfigError


def _figures(res: dict[str, Any]) -> dict[str, Any]:
    """Everything but the clocks."""
    return {k: v for k, v in res.items() if k not in ("timing", "elapsed_s", "backend")}


def test_same_seed_same_figures_serial_and_worker_processes() -> None:
    spec = ArenaSpec("bourloto", "gr", {}, ("heuristic", "random", "easy"), deals=3, seed=9,
                     matches=0)
    serial = run_arena(spec)
    pooled = run_arena(spec, workers=2)
    assert _figures(serial) == _figures(pooled)
    assert [(p["x"], p["y"]) for p in serial["pairs"]] == [
        ("heuristic", "random"), ("heuristic", "easy"), ("random", "easy")]
    other = run_arena(ArenaSpec("bourloto", "gr", {}, ("heuristic", "random", "easy"),
                                deals=3, seed=10))
    assert _figures(other) != _figures(serial)


def test_duplicate_deals_cancel_the_cards_for_equal_bots() -> None:
    # the heuristic is deterministic: the same bot on both sides of a duplicate deal pair
    # gets exactly the other side's result when the seats are swapped
    spec = ArenaSpec("bourloto", "ru", {}, ("heuristic", "heuristic+heuristic"), deals=4, seed=3)
    res = run_arena(spec)
    diff = res["pairs"][0]["deals"]["diff"]
    assert diff["mean"] == 0.0 and diff["half_width"] == 0.0
    for unit in build_units(spec)[:2]:
        a, b = run_unit(unit)["plays"]
        assert (a["x"], a["y"]) == (b["y"], b["x"])


def test_matches_give_win_rates_and_ratings_rank_the_stronger_bot_first() -> None:
    res = run_arena(ArenaSpec("bourloto", "gr", {"target": 200}, ("heuristic", "random"),
                              deals=4, seed=1, matches=2))
    m = res["pairs"][0]["matches"]
    assert m["n"] == 4 and m["wins"] + m["draws"] + m["losses"] == 4
    assert 0.0 <= m["low"] <= m["rate"] <= m["high"] <= 1.0
    if res["ratings"] is not None:
        assert list(res["ratings"]) == ["heuristic", "random"]


def test_bourre_rotates_the_table_and_reports_chips() -> None:
    res = run_arena(ArenaSpec("bourre", None, {"players": 3}, ("heuristic", "random"),
                              deals=3, seed=2))
    assert res["unit"] == "chips"
    assert res["pairs"][0]["deals"]["diff"]["n"] == 3


def test_cli_writes_json_and_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    code = main(["arena", "bourloto", "--preset", "ru", "--bots", "heuristic,random",
                 "--deals", "2", "--seed", "4", "--out", str(out), "--quiet"])
    assert code == 0
    data = json.loads(out.read_text())
    assert data["spec"]["seed"] == 4 and data["pairs"][0]["deals"]["diff"]["n"] == 2
    table = out.with_suffix(".txt").read_text()
    assert "heuristic" in table and "95% CI" in table
    assert "X - Y per deal" in capsys.readouterr().out


def test_unknown_bots_and_single_entrants_are_refused() -> None:
    with pytest.raises(ConfigError, match="no bot 'nosuch'"):
        build_units(ArenaSpec("bourloto", "gr", {}, ("heuristic", "nosuch"), deals=1))
    with pytest.raises(ConfigError, match="two entrants"):
        build_units(ArenaSpec("bourloto", "gr", {}, ("heuristic",), deals=1))
    assert main(["arena", "bourloto", "--bots", "heuristic,nosuch", "--deals", "1"]) == 2


def test_ray_backend_gives_the_serial_figures(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    spec = ArenaSpec("bourloto", "gr", {}, ("heuristic", "random"), deals=2, seed=5)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert _figures(run_arena(spec, ray_address="auto")) == _figures(run_arena(spec))
    finally:
        ray.shutdown()
