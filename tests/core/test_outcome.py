"""``game.info`` and ``state.returns()`` for every game and preset, over random playouts.

The payoffs are checked against an oracle written from the rulebook and the rules result
(not from :mod:`trapoula.core.outcome`): a partnership's points for both partners (0 when
thrown in), a player's own points, and in Bourré (RULES.md §2.5) the payout minus the
ante, the draw fees and the bourré payment.  Every payoff lies within the game's utility
bounds and every deal within its longest deal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.core.evaluate import play_out
from trapoula.core.outcome import DealOutcome, GameInfo, MatchOutcome
from trapoula.core.registry import available_games, game_class

DEALS = {"bourloto": 60, "bourre": 60, "burraco": 4}


def configs() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for name in available_games():
        for preset in game_class(name).presets:
            out.append((name, preset, {}))
        if name == "bourre":
            out += [(name, "ru", {"players": n}) for n in (2, 7)]
            out.append((name, "ru", {"players": 3, "draw_fee_mode": "per_card", "ante": 2}))
        if name == "burraco":
            out += [(name, "seed", {"players": n}) for n in (2, 3)]
    return out


IDS = [f"{n}-{p}-" + ",".join(f"{k}={v}" for k, v in o.items()) for n, p, o in configs()]


def oracle(state: Any) -> dict[str, float]:
    """Each seat's payoff from the rules result, as RULES.md states it."""
    game, res = state.game, state.result
    n = len(game.info.seats)
    seats = [f"P{i + 1}" for i in range(n)]
    if game.name == "bourre":
        out = dict.fromkeys(seats, 0.0)
        for s in state.view("P1").players:
            v = state.view(s)
            out[s] = float(res["payouts"].get(s, 0) - v.ante - v.fees_paid.get(s, 0)
                           - res["bourre"].get(s, 0))
        return out
    if res.get("thrown_in"):
        return dict.fromkeys(seats, 0.0)
    if n == 4:
        return {s: float(res["scores"]["AB"[i % 2]]) for i, s in enumerate(seats)}
    return {s: float(res["scores"][s]) for s in seats}


@pytest.mark.parametrize(("name", "preset", "options"), configs(), ids=IDS)
def test_returns_follow_the_rules_and_stay_within_the_info(
    name: str, preset: str, options: dict[str, Any]
) -> None:
    game = trapoula.make(name, preset, **options)
    info = game.info
    assert isinstance(info, GameInfo) and game.info is info  # computed once
    assert info.min_players <= info.players <= info.max_players
    assert sorted(s for side in info.sides for s in side) == sorted(info.seats)
    assert len(info.side_names) == len(info.sides)
    rng = random.Random(f"{name}/{preset}/{options}")
    longest = 0
    for i in range(DEALS[name]):
        state = game.new_deal(seed=i)
        assert state.returns() == dict.fromkeys(info.seats, 0.0) and state.outcome() is None
        decisions = 0
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
        longest = max(longest, decisions)
        out = state.outcome()
        assert isinstance(out, DealOutcome) and out.unit == info.unit
        assert state.returns() == out.returns == oracle(state)
        for seat, v in out.returns.items():
            assert info.min_utility <= v <= info.max_utility
            assert out.points[info.side_of(seat)] == v
        margins = info.margins(out.returns)
        if info.unit == "points":
            assert sum(margins.values()) == pytest.approx(0.0)
    assert longest <= info.max_decisions


def test_sides_and_partnerships() -> None:
    assert trapoula.make("bourloto", "ru").info.sides == (("P1", "P3"), ("P2", "P4"))
    four, two = trapoula.make("burraco").info, trapoula.make("burraco", players=2).info
    assert four.partnership and four.side_names == ("A", "B")
    assert not two.partnership and two.sides == (("P1",), ("P2",))
    bourre = trapoula.make("bourre", players=6).info
    assert bourre.seats == tuple(f"P{i}" for i in range(1, 7)) and not bourre.partnership
    assert bourre.unit == "chips" and (bourre.min_players, bourre.max_players) == (2, 7)
    with pytest.raises(KeyError, match="P5 is not at this table"):
        four.side_of("P5")


@pytest.mark.parametrize(("name", "options"), [
    ("bourloto", {"target": 400}), ("burraco", {"target": 1, "players": 3}),
    ("burraco", {"target": 1}), ("bourre", {"players": 3, "starting_stack": 3}),
])
def test_match_outcomes_agree_with_the_match_result(name: str, options: dict[str, Any]) -> None:
    game = trapoula.make(name, **options)
    # random play seldom scores in Burraco: its heuristic bot reaches a target
    bots = {s: make_bot("heuristic" if name == "burraco" else "random", game, seed=k)
            for k, s in enumerate(game.info.seats)}
    m = play_out(game.new_match(seed=5), bots)
    out = m.outcome()
    assert isinstance(out, MatchOutcome)
    res = m.result
    assert out.winner == res["winner"] and out.deals == res["deals"] == len(m.deals)
    if name == "bourre":
        start = game.options.starting_stack
        assert out.returns == {s: float(v - start) for s, v in res["stacks"].items()}
    else:
        assert out.scores == res["scores"]
        for seat in game.info.seats:
            assert out.returns[seat] == res["scores"][game.info.side_of(seat)]
    assert m.returns() == out.returns
    again = trapoula.replay(m.record())  # the one record() of every match type
    assert again.outcome() == out
