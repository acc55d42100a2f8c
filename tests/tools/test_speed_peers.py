"""benchmarks/speed_peers.py (`make bench-peers`) runs: every row of its tables in a tiny
mode, and a peer that is not installed is reported as such, never an error."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
pytest.importorskip("numpy")


def _section(out: str, number: int) -> str:
    return out.split(f"\n{number}. ", 1)[1].split("\n\n", 1)[0]


def test_speed_peers_tiny_prints_every_game_and_build() -> None:
    out = subprocess.run([sys.executable, str(BENCH / "speed_peers.py"), "--tiny", "--no-pgx"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    assert re.search(r"^build (pure|compiled): ", out, re.M)
    assert "numpy " in out and "load average " in out
    labels = ["Bourloto gr", "Bourloto ru", *[f"Bourré {p}p" for p in range(2, 8)],
              *[f"Burraco {p}p" for p in (2, 3, 4)]]
    for number in (1, 4):
        section = _section(out, number)
        for label in labels:
            row = re.search(rf"^{label} +([\d,.]+) ", section, re.M)
            assert row and float(row[1].replace(",", "")) > 0, (number, label)
    for label in ("Bourloto gr", "Bourloto ru"):
        assert re.search(rf"^{label} +[\d,.]+ ", _section(out, 2), re.M)
    assert re.search(r"^trapoula (pure|compiled) +[\d,.]+ ms", _section(out, 3), re.M)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        assert "OpenSpiel not installed (pip install open_spiel)" in out
    else:  # the observer's tensors were checked and every row has its ratio
        assert "hearts: 30 decisions, euchre: 30 decisions, gin_rummy: 30 decisions" in out
        assert re.search(r"^Burraco 4p .* gin_rummy +[\d,]+ +\d+\.\d\dx", _section(out, 1), re.M)


def test_missing_peers_are_reported_not_raised(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    import peers
    import speed_peers

    monkeypatch.setattr(peers, "installed", lambda package: False)
    res = speed_peers.main(["--tiny", "--builds", "current"])
    out = capsys.readouterr().out
    for package in ("open_spiel", "colver", "pgx"):
        assert f"not installed ({peers.INSTALL[package]})" in out, package
    assert res["pgx"] is None and "colver" not in res["dd"]
    assert all(v > 0 for k, v in res["vector"].items())
