"""``trapoula simulate`` for Bourré (bots rotated through every seat) and for Burraco."""

from __future__ import annotations

import re
from typing import Any

import pytest

import trapoula
from trapoula.bots import Bot
from trapoula.cli.simulate_seats import chip_nets, mean_ci, play_rotations, seat_lineup
from trapoula.core.action import Action
from trapoula.errors import ConfigError

from .conftest import RunCli

BOT_LINE = re.compile(r"^  (\w+) +(\d+) +([+-][\d.]+)  \[([+-][\d.]+), ([+-][\d.]+)\] "
                      r"\(n = (\d+) deals\)$", re.M)
DIFF = re.compile(r"(\w+) - (\w+): ([+-][\d.]+) chips per deal, 95% CI \[([+-][\d.]+), "
                  r"([+-][\d.]+)\] \(n = (\d+) deals\)")
LEFT = re.compile(r"left in the pots .*: ([\d.]+) chips per deal")


class LastBot(Bot):
    """Deterministic: always the last legal action (the largest draw; the last card)."""

    name = "last"

    def choose(self, view: Any) -> Action:
        return view.legal_actions[-1]  # type: ignore[no-any-return]


def test_simulate_bourre_prints_chips_per_bot_with_a_ci(run_cli: RunCli) -> None:
    r = run_cli("simulate", "bourre", "--players", "5", "--bots", "heuristic,random",
                "--deals", "6", "--seed", "3")
    assert r.code == 0, r.err
    assert "6 deals x 5 (the bots rotated through every seat)" in r.out
    rows = {m[1]: m for m in BOT_LINE.finditer(r.out)}
    assert set(rows) == {"heuristic", "random"}
    assert (int(rows["heuristic"][2]), int(rows["random"][2])) == (3, 2)  # a,b,a,b,a
    for m in rows.values():
        low, mean, high = float(m[4]), float(m[3]), float(m[5])
        assert low <= mean <= high and int(m[6]) == 6
    d = DIFF.search(r.out)
    assert d is not None and d[1] == "heuristic" and d[2] == "random"
    assert float(d[3]) == pytest.approx(float(rows["heuristic"][3]) - float(rows["random"][3]),
                                        abs=0.011)
    # chips are conserved: what the seats lose together is what stays in the pots
    left = LEFT.search(r.out)
    assert left is not None
    total = 3 * float(rows["heuristic"][3]) + 2 * float(rows["random"][3])
    assert total == pytest.approx(-float(left[1]), abs=0.05)


def test_every_slot_plays_every_seat() -> None:
    """Identical deterministic bots in every slot: rotating them through every seat gives
    every slot the same total, and the totals add up to minus what stayed in the pots."""
    game = trapoula.make("bourre", players=4)
    slots = [LastBot(game) for _ in range(4)]
    for seed in range(5):
        total, left, unit = play_rotations(game, seed, "P2", slots)
        assert unit == "chips"
        assert len(set(total)) == 1
        assert sum(total) == -left


def test_chip_nets_follow_the_rules_example() -> None:
    """RULES.md §2.2.7: a player who stays alone takes the pot without play."""
    game = trapoula.make("bourre", players=4)
    s = game.new_deal(seed=1)
    while s.current_player != "P3":
        s = s.apply("fold")
    s = s.apply("stay")
    while not s.is_over:
        s = s.apply("fold")
    assert chip_nets(s) == {"P1": -1, "P2": -1, "P3": 3, "P4": -1}


def test_lineups() -> None:
    assert seat_lineup("a,b", 5) == ["a", "b", "a", "b", "a"]
    assert seat_lineup("a", 3) == ["a", "a", "a"]
    assert seat_lineup("a,b,c", 3) == ["a", "b", "c"]
    with pytest.raises(ConfigError, match="one name per seat"):
        seat_lineup("a,b,c,d", 3)
    c = mean_ci([2.0, 2.0, 2.0])
    assert (c.mean, c.half_width) == (2.0, 0.0)


def test_bad_bot_names_are_errors(run_cli: RunCli) -> None:
    r = run_cli("simulate", "bourre", "--bots", "heuristic,nosuch", "--deals", "2")
    assert r.code == 2 and "no bot 'nosuch'" in r.err
    r = run_cli("simulate", "bourre", "--players", "3", "--bots", "a,b,c,d", "--deals", "2")
    assert r.code == 2 and "--bots takes one name per seat (3)" in r.err


def test_simulate_burraco_prints_points_per_hand_with_a_ci(run_cli: RunCli) -> None:
    r = run_cli("simulate", "burraco", "--bots", "heuristic,random", "--deals", "3",
                "--seed", "2")
    assert r.code == 0, r.err
    m = re.search(r"heuristic - random: ([+-][\d.]+) points per deal, 95% CI "
                  r"\[([+-][\d.]+), ([+-][\d.]+)\] \(n = 3 deal pairs\)", r.out)
    assert m is not None, r.out
    assert float(m[2]) <= float(m[1]) <= float(m[3])


class BrokenBot(Bot):
    name = "broken"

    def choose(self, view: Any) -> Action:
        raise KeyError("A")


@pytest.mark.parametrize("game", ["bourre", "burraco"])
def test_a_failing_bot_is_reported_without_a_traceback(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    from trapoula.bots import BOTS

    monkeypatch.setitem(BOTS, "broken", {"*": f"{__name__}:BrokenBot"})
    r = run_cli("simulate", game, "--bots", "broken,random", "--deals", "2", "--seed", "1")
    assert r.code == 1
    assert "error: a bot failed in deal 0 (KeyError: 'A')" in r.err
    assert "Traceback" not in r.out + r.err
