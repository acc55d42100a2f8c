"""Every conformance scenario runs through the real runner: the ones shipped in this
repository (``tests/conformance/scenarios``: a copy of the public scenarios plus the project's
own) always, and the public ones of ``../shared/conformance`` too when that folder exists.

A case of a game that does not exist yet is skipped (never passed); once the game is
registered every one of its cases runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trapoula.core.conformance import collect_cases, run_case
from trapoula.core.registry import available_games

HERE = Path(__file__).resolve().parent / "scenarios"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"
OWN = collect_cases([HERE])
PUBLIC = collect_cases([SHARED]) if SHARED.is_dir() else []
CASES = [("repo", c) for _, c in OWN] + [("shared", c) for _, c in PUBLIC]


def test_the_repository_ships_its_scenarios() -> None:
    games = {c.get("game") for _, c in OWN}
    assert games == {"bourloto", "bourre", "burraco"}, f"no scenarios for some game in {HERE}"


def test_the_shipped_copy_holds_every_public_case() -> None:
    if not PUBLIC:
        pytest.skip(f"{SHARED} is not here (a clone of the repository alone)")
    own = {c.get("id"): c for _, c in OWN}
    assert all(own.get(c.get("id")) == c for _, c in PUBLIC), "copy ../shared/conformance again"


@pytest.mark.parametrize(
    "case", [c for _, c in CASES], ids=[f"{where}:{c.get('id')}" for where, c in CASES]
)
def test_scenario(case: dict) -> None:
    if case.get("game") not in available_games():
        pytest.skip(f"{case.get('game')} is not implemented yet")
    status, why = run_case(case)
    assert status == "PASS", f"{status}: {why}"
