"""``trapoula simulate``: duplicate deals, per-side points and a confidence interval."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapoula
from trapoula.bots import make_bot
from trapoula.cli.simulate import pair_stats, play_deal
from trapoula.core.game import derive_seed

from .conftest import RunCli

CI = re.compile(r"(.+) - (.+): ([+-][\d.]+) points per deal, 95% CI \[([+-][\d.]+), "
                r"([+-][\d.]+)\] \(n = (\d+) deal pairs\)")


def test_simulate_prints_points_and_a_ci_line(run_cli: RunCli) -> None:
    r = run_cli("simulate", "bourloto", "--bots", "random,random", "--deals", "6",
                "--seed", "4", "--preset", "gr")
    assert r.code == 0, r.err
    m = CI.search(r.out)
    assert m is not None, r.out
    diff, low, high = float(m[3]), float(m[4]), float(m[5])
    assert low <= diff <= high and int(m[6]) == 6
    assert re.search(r"\d+ deals/s", r.out)
    assert "thrown in:" in r.out


def test_simulate_is_duplicate_and_reproducible(run_cli: RunCli) -> None:
    """The reported means are those of the deals derive_seed(S, i), each played with the
    sides exchanged; the same seed gives the same report."""
    game = trapoula.make("bourloto", "ru")
    a = run_cli("simulate", "bourloto", "--bots", "random,random", "--deals", "3",
                "--seed", "9")
    b = run_cli("simulate", "bourloto", "--bots", "random,random", "--deals", "3",
                "--seed", "9")
    strip = [ln for ln in a.out.splitlines() if "deals/s" not in ln]
    assert strip == [ln for ln in b.out.splitlines() if "deals/s" not in ln]
    # the first side's mean equals the average over both playings of its team's points
    seats = ("P1", "P2", "P3", "P4")
    totals = 0.0
    for side in (0, 1):
        bots = {s: make_bot("random", game, seed=derive_seed(9, "bot", side, s)) for s in seats}
        for i in range(3):
            pts, _ = play_deal(game, derive_seed(9, i), bots)
            totals += pts["A" if side == 0 else "B"]
    assert f"{totals / 6:7.1f} points per deal" in a.out


def test_four_bot_names_and_bad_lists(run_cli: RunCli) -> None:
    r = run_cli("simulate", "bourloto", "--bots", "random,random,random,random",
                "--deals", "2", "--seed", "1")
    assert r.code == 0 and CI.search(r.out)
    bad = run_cli("simulate", "bourloto", "--bots", "a,b,c", "--deals", "2")
    assert bad.code == 2 and "--bots takes 2 names" in bad.err
    zero = run_cli("simulate", "bourloto", "--deals", "0")
    assert zero.code == 2 and "at least 1" in zero.err


points = st.integers(min_value=0, max_value=500)


@given(st.lists(st.tuples(points, points, points, points), min_size=2, max_size=30))
def test_pair_stats_difference_is_the_difference_of_means(
    pairs: list[tuple[int, int, int, int]],
) -> None:
    s = pair_stats(pairs)
    assert s.diff == pytest.approx(s.mean1 - s.mean2)
    assert s.low <= s.diff <= s.high
    diffs = {((a1 - b1) + (a2 - b2)) / 2 for a1, b1, a2, b2 in pairs}
    if len(diffs) == 1:
        assert s.half_width == pytest.approx(0.0)
