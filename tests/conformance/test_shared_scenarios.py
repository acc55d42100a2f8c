"""Every public scenario in ../shared/conformance runs through the real runner.

A case of a game that does not exist yet is skipped (never passed); once the game is
registered every one of its cases runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trapoula.core.conformance import collect_cases, run_case
from trapoula.core.registry import available_games

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"
CASES = collect_cases([SHARED]) if SHARED.is_dir() else []


def test_shared_scenarios_are_present() -> None:
    assert CASES, f"no scenarios found in {SHARED}"


@pytest.mark.parametrize(
    "case", [c for _, c in CASES], ids=[str(c.get("id")) for _, c in CASES]
)
def test_scenario(case: dict) -> None:
    if case.get("game") not in available_games():
        pytest.skip(f"{case.get('game')} is not implemented yet")
    status, why = run_case(case)
    assert status == "PASS", f"{status}: {why}"
