"""The pexevida preset (docs/rules/bourloto.md): its house rules, each against its source."""

from __future__ import annotations

import trapoula
from trapoula.games.bourloto.checks import check

PEX = trapoula.make("bourloto", "pexevida")


def test_1_9_pexevida_options() -> None:
    o = PEX.options
    assert (o.round2_allow_upcard_suit, o.aponta_redeal, o.aponta_after_take) == (False, True, True)
    assert (o.run6_value, o.long_runs, o.capot_mode, o.target) == (0, "none", "bonus_90", 1551)
    assert o.compare_declarations and o.contract and o.overtrump_required  # as gr
    assert (o.declaration_timing, o.declaration_tricks, o.follow_declaration) == (
        "in_play", 6, True)


def test_1_3_3_pexevida_runs_of_six_neither_score_nor_rank() -> None:
    six = {"check": "declarations", "trump": "H", "hand": "7S 8S 9S 10S JS QS".split()}
    assert check(PEX.options, six) == {"points": 0}
    teams = {"check": "compare_declarations", "trump": "H",
             "teams": {"A": [["7S", "8S", "9S", "10S", "JS", "QS"]], "B": [["7D", "8D", "9D"]]}}
    assert check(PEX.options, teams) == {"A": 0, "B": 20}  # the tierce wins: the six is nothing
    gr = trapoula.make("bourloto", "gr").options
    assert check(gr, teams) == {"A": 100, "B": 0}


def test_1_5_2_pexevida_capot_is_plus_90() -> None:
    got = check(PEX.options, {"check": "deal_score", "buyer": "A", "tricks": {"A": 162, "B": 0},
                              "capot": "A", "declarations": {"A": 0, "B": 0}})
    assert got == {"A": 252, "B": 0, "hanging": 0}


def test_1_2_2_9_pexevida_aponta_after_the_take_counts_trump_values() -> None:
    setup = {"phase": "bidding", "upcard": "KD", "stock": [],
             "hands": {"P1": ["AS", "AH", "AD", "AC", "10S"], "P2": ["7S", "8S", "7H", "8H", "9D"],
                       "P3": ["7C", "8C", "9S", "9H", "9C"], "P4": ["KS", "QH", "JD", "8D", "7D"]}}
    s = PEX.from_setup(setup).apply("P1 take")  # trump D: P2's 9D counts 14, P3 holds nothing
    s = s.apply(s.legal_actions()[0])
    assert "redeal" not in map(str, s.legal_actions())  # P2: 9 of trumps
    s = s.apply(s.legal_actions()[0])
    assert str(s.legal_actions()[-1]) == "redeal"  # P3: no point even with trump values
    assert s.apply("P3 redeal").result == {"thrown_in": True}


def test_1_2_2_4_pexevida_round_two_without_the_upcards_suit() -> None:
    s = PEX.new_deal(seed=5)
    for _ in range(4):
        s = s.apply("pass")
    up = s.view("P1").upcard
    assert up is not None
    names = [str(a) for a in s.legal_actions() if a.kind == "name"]
    assert len(names) == 3 and f"name {up.suit}" not in names


def test_1_3_pexevida_a_show_answered_mid_trick_keeps_the_trick_leader() -> None:
    """While an opponent answers a show, the trick's leader is still the seat whose card
    opened it (the seat to act is the answering opponent, not the next to play)."""
    import random

    from trapoula.core.seats import seat_index

    g = trapoula.make("bourloto", "pexevida")
    checked = 0
    for seed in range(40):
        s = g.new_deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.declared[3].asking and s.trick:
                assert s.leader == seat_index(s.public_view().trick[0][0])
                checked += 1
            legal = s.legal_actions()
            shows = [a for a in legal if a.kind == "show"]
            s = s.apply(shows[0] if shows else legal[int(rng.random() * len(legal))])
    assert checked >= 3
