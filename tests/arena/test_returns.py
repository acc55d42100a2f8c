"""The arena's payoffs are ``state.returns()``: each unit's figures, recomputed here by
replaying its plays with the same bots, equal the seats' returns, which equal the rules
result read by hand (a team's points; Bourré's chips, RULES.md §2.5)."""

from __future__ import annotations

from typing import Any

import pytest

import trapoula
from trapoula.arena.units import Unit, _bots, run_unit
from trapoula.core.evaluate import duplicate_seatings, play_out
from trapoula.core.game import derive_seed

from ..core.test_outcome import IDS, configs, oracle


@pytest.mark.parametrize(("name", "preset", "options"), configs(), ids=IDS)
def test_arena_payoffs_are_the_returns(name: str, preset: str, options: dict[str, Any]) -> None:
    game = trapoula.make(name, preset, **options)
    info = game.info
    spec = (name, preset, tuple(sorted(options.items())))
    for index in range(1 if name == "burraco" else 2):
        unit = Unit(spec, "deal", index, 0, ("random", "random"), 11, info.partnership)
        plays = run_unit(unit)["plays"]
        seed = derive_seed(unit.seed, "deal", index)
        n = info.players
        slots = list(range(n))
        totals = [0.0] * n
        for play, at in enumerate(duplicate_seatings(info, slots)):
            tag = f"deal/{index}/0/{'AB'[play] if info.partnership else play}"
            bots = _bots(game, ["random"] * n, unit.seed, tag)
            dealer = None if info.partnership else info.seats[index % n]
            final = play_out(game.new_deal(seed=seed, dealer=dealer), bots)
            assert final.returns() == oracle(final)
            by_slot = {k: final.returns()[s] for s, k in at.items()}
            if info.partnership:
                assert (plays[play]["x"], plays[play]["y"]) == (by_slot[0], by_slot[1])
            for k in slots:
                totals[k] += by_slot[k]
        if not info.partnership:
            xs = [totals[k] for k in slots if k % 2 == 0]
            assert plays[0]["x"] == pytest.approx(sum(xs) / (len(xs) * n))
