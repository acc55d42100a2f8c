"""RULES.md §3.7 (hand scoring), §3.1/§3.2.1 (the draw for the first dealer) and §3.8 (the
match), through the pure functions, the conformance checks and whole matches."""

from __future__ import annotations

import random

import pytest

import trapoula
from tests.games.burraco.helpers import idx
from trapoula.cards import parse_card
from trapoula.core.conformance import run_case
from trapoula.errors import ConfigError
from trapoula.games.burraco.melds import analyze_meld
from trapoula.games.burraco.scoring import dealer_draw, draw_for_dealer, team_score
from trapoula.games.burraco.tables import DRAW_RANK


def melds(*texts: str) -> list:  # type: ignore[type-arg]
    out = [analyze_meld(idx(t)) for t in texts]
    assert all(m is not None for m in out)
    return out


def test_3_7_hand_score_formula_worked_example() -> None:
    a = team_score(melds("3H 4H 5H 6H 7H 8H 9H", "KS KH KD"), idx("5C QD"),
                   took_pozzetto=True, closed=True)
    b = team_score(melds("4S 5S 6S JK"), idx("AH JK 3C 4C 9C"), took_pozzetto=False,
                   closed=False)
    assert (a, b) == (45 + 200 + 30 + 100 - 15, 45 - 65 - 100)


def test_3_7_deduct_hands_variant_spares_the_closing_team() -> None:
    kw = {"took_pozzetto": True, "closed": True, "deduct_hands": "except_closing_team"}
    assert team_score(melds("3H 4H 5H 6H 7H 8H 9H"), idx("5C QD"), **kw) == 45 + 200 + 100
    kw["closed"] = False
    assert team_score(melds("3H 4H 5H 6H 7H 8H 9H"), idx("5C QD"), **kw) == 45 + 200 - 15


def test_3_7_hand_score_check_and_semi_clean_in_fibur() -> None:
    team = {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK"]], "held": [],
            "took_pozzetto": True, "closed": False}
    seed = trapoula.make("burraco", "seed").check({"check": "hand_score", "team": team})
    fibur = trapoula.make("burraco", "fibur").check({"check": "hand_score", "team": team})
    assert (seed, fibur) == (75 + 100, 75 + 150)
    meld = trapoula.make("burraco", "fibur").check({"check": "meld", "cards": team["melds"][0]})
    assert meld == {"valid": True, "kind": "sequence", "clean": False, "points": 75,
                    "burraco": "semi_clean", "bonus": 150}


def test_3_7_invalid_meld_in_a_check_is_an_error() -> None:
    game = trapoula.make("burraco")
    bad = {"melds": [["3H", "5H", "7H"]], "held": [], "took_pozzetto": True, "closed": False}
    with pytest.raises(ConfigError):
        game.check({"check": "hand_score", "team": bad})
    with pytest.raises(ConfigError, match="unknown check"):
        game.check({"check": "legal_plays"})
    case = {"id": "X", "game": "burraco", "check": "bogus", "expect": 1}
    assert run_case(case)[0] == "ERROR"


def test_3_1_draw_order_for_the_dealer() -> None:
    order = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2C", "JK"]
    ranks = [DRAW_RANK[parse_card(c).index] for c in order]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


def test_3_2_1_lowest_card_deals_ties_redraw() -> None:
    p = parse_card
    assert dealer_draw({"P1": p("5D"), "P2": p("3C"), "P3": p("KH"), "P4": p("2S")}) == (
        "dealer", "P2")
    assert dealer_draw({"P1": p("AD"), "P2": p("2C"), "P3": p("JK"), "P4": p("AS")}) == (
        "redraw", ["P1", "P4"])
    game = trapoula.make("burraco", dealer_tiebreak="suit")
    draws = {"P1": "AD", "P2": "2C", "P3": "JK", "P4": "AS"}
    assert game.check({"check": "dealer_draw", "draws": draws}) == {"dealer": "P1"}
    draws = {"P1": "AD", "P2": "2C", "P3": "JK", "P4": "AD"}  # identical cards still redraw
    assert game.check({"check": "dealer_draw", "draws": draws}) == {"redraw": ["P1", "P4"]}


@pytest.mark.parametrize("tiebreak", ["redraw", "suit"])
def test_3_2_1_simulated_draw_ends_with_a_unique_lowest_card(tiebreak: str) -> None:
    for seed in range(60):
        dealer, rounds = draw_for_dealer(random.Random(seed), ("P1", "P2", "P3", "P4"), tiebreak)
        assert dealer_draw(rounds[-1], tiebreak) == ("dealer", f"P{dealer + 1}")
        for prev, nxt in zip(rounds, rounds[1:], strict=False):
            assert dealer_draw(prev, tiebreak) == ("redraw", sorted(nxt, key=lambda s: s[1:]))


def test_3_8_match_runs_to_the_target_and_the_deal_passes_left() -> None:
    game = trapoula.make("burraco", target=300)
    match = game.new_match(seed=5)
    first = match.deal
    rounds = first._ctx.dealer_draw
    assert rounds and dealer_draw(rounds[-1]) == ("dealer", first.dealer)
    rng = random.Random(1)
    while not match.is_over:
        legal = match.legal_actions()
        match = match.apply(legal[int(rng.random() * len(legal))])
    res = match.result
    assert res is not None and max(res["scores"].values()) >= 300
    assert res["scores"][res["winner"]] > res["scores"]["B" if res["winner"] == "A" else "A"]
    dealers = [d.dealer for d in match.deals]
    assert all(int(b[1]) == int(a[1]) % 4 + 1 for a, b in zip(dealers, dealers[1:],
                                                               strict=False))
    replayed = trapoula.replay(match.record())
    assert replayed.result == res
    view = match.view("P2")
    assert view.match is not None and view.match.target == 300


def test_3_8_match_check_tie_means_one_more_hand_and_fibur_target() -> None:
    case = {"id": "T", "game": "burraco", "preset": "seed", "check": "match",
            "scores_before": {"A": 1990, "B": 1990}, "deal": {"A": 10, "B": 10},
            "expect": {"scores": {"A": 2000, "B": 2000}, "winner": None, "extra_deals": 1}}
    assert run_case(case) == ("PASS", "")
    case["preset"] = "fibur"  # 2000 is short of 2005
    case["expect"] = {"scores": {"A": 2000, "B": 2000}, "winner": None, "extra_deals": 0}
    assert run_case(case) == ("PASS", "")
