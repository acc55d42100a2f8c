"""RULES.md §1.1-§1.2: components, dealing, ru agreement rounds, gr bidding, seven exchange."""

from __future__ import annotations

from typing import Any

import pytest

import trapoula
from trapoula.cards import deck_32, parse_cards
from trapoula.errors import ConfigError
from trapoula.games.bourloto.tables import POINTS, TRUMP_POINTS

from .helpers import legal, run

BID_SETUP = {
    "phase": "bidding",
    "hands": {
        "P1": ["7S", "8S", "10C", "8D", "9H"],
        "P2": ["9S", "10S", "9C", "KC", "10D"],
        "P3": ["JS", "QS", "JD", "QD", "7C"],
        "P4": ["KS", "QH", "9D", "AD", "7D"],
    },
    "upcard": "KD",
    "stock": ["QC", "7H", "AS", "JH", "KH", "8C", "10H", "8H", "AH", "JC", "AC"],
}


def test_1_1_card_points_total_152_plus_last_trick() -> None:
    for trump in range(4):
        total = sum(
            TRUMP_POINTS[c.index] if c.index // 13 == trump else POINTS[c.index] for c in deck_32()
        )
        assert total == 152


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_1_2_deal_gives_five_each_upcard_and_stock(preset: str) -> None:
    s = trapoula.make("bourloto", preset).new_deal(seed=11)
    views = [s.view(f"P{i}") for i in range(1, 5)]
    assert all(len(v.hand) == 5 for v in views)
    assert views[0].upcard is not None
    seen = {c for v in views for c in v.hand} | {views[0].upcard}
    assert len(seen) == 21


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_1_2_same_seed_same_deal(preset: str) -> None:
    g = trapoula.make("bourloto", preset)
    a, b = g.new_deal(seed=99), g.new_deal(seed=99)
    assert [a.hand(i) for i in range(4)] == [b.hand(i) for i in range(4)]
    assert [a.hand(i) for i in range(4)] != [g.new_deal(seed=98).hand(i) for i in range(4)]


def test_1_2_2_gr_deals_three_then_two() -> None:
    import random

    from trapoula.games.bourloto.state import shuffle_pack

    g = trapoula.make("bourloto", "gr")
    s = g.new_deal(rng=random.Random(5))
    deck = shuffle_pack(random.Random(5).random)
    # P1 gets cards 0-2 and 12-13 of the pack; ru deals one at a time (0, 4, 8, 12, 16)
    assert {c.index for c in s.hand(0)} == {deck[i] for i in (0, 1, 2, 12, 13)}
    ru = trapoula.make("bourloto", "ru").new_deal(rng=random.Random(5))
    assert {c.index for c in ru.hand(0)} == {deck[i] for i in (0, 4, 8, 12, 16)}


def test_1_2_1_ru_round_stops_at_first_disagree_and_upcard_is_returned() -> None:
    g = trapoula.make("bourloto", "ru")
    s = g.from_setup(BID_SETUP)
    assert legal(s) == ["agree", "disagree"]
    s2 = run(s, ["P1 agree", "P2 disagree"])
    v = s2.view("P1")
    assert s2.current_player == "P1"  # a new round, again from P1
    assert [b for b in v.bids] == [("P1", "agree"), ("P2", "disagree")]
    # the rejected upcard went back into the stock; a new card is turned from the stock
    assert v.upcard is not None
    assert str(v.upcard) in BID_SETUP["stock"] + ["KD"]


def test_1_2_1_ru_all_agree_fixes_trump_and_completes_hands() -> None:
    s = run(trapoula.make("bourloto", "ru").from_setup(BID_SETUP),
            ["P1 agree", "P2 agree", "P3 agree", "P4 agree"])
    assert str(s.trump) == "D" and s.buyer is None
    assert all(len(s.hand(i)) == 8 for i in range(4))
    assert set(map(str, s.hand(3))) >= {"KD", "JC", "AC"}  # dealer: 2 last + upcard
    assert {str(c) for c in s.hand(0)} >= {"QC", "7H", "AS"}  # 3 from the stock top
    assert s.phase == "declare"


def test_1_2_1_ru_four_failed_rounds_throw_the_deal_in() -> None:
    s = trapoula.make("bourloto", "ru").from_setup(BID_SETUP)
    for _ in range(4):
        s = run(s, ["P1 disagree"])
    assert s.is_over and s.result == {"thrown_in": True}


def test_1_2_1_round_may_continue_after_disagree_as_an_option() -> None:
    s = trapoula.make("bourloto", "ru", ru_round_stops_on_disagree=False).from_setup(BID_SETUP)
    s = run(s, ["P1 disagree", "P2 agree", "P3 agree"])
    assert s.current_player == "P4"
    s = run(s, ["P4 agree"])
    assert s.current_player == "P1" and s.trump is None


def test_1_2_2_gr_take_ends_bidding_buyer_is_takers_team() -> None:
    s = run(trapoula.make("bourloto", "gr").from_setup(BID_SETUP), ["P1 pass", "P2 take"])
    assert str(s.trump) == "D" and s.buyer == "B" and s.phase == "play"
    assert s.current_player == "P1"


def test_1_2_2_gr_round_two_names_any_suit_then_throw_in() -> None:
    g = trapoula.make("bourloto", "gr")
    s = run(g.from_setup(BID_SETUP), ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert legal(s) == ["name S", "name H", "name D", "name C", "pass"]
    named = run(s, ["P1 pass", "P2 name H"])
    assert str(named.trump) == "H" and named.buyer == "B"
    thrown = run(s, ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert thrown.result == {"thrown_in": True}


def test_1_2_2_round_two_without_the_upcard_suit_option() -> None:
    g = trapoula.make("bourloto", "gr", round2_allow_upcard_suit=False)
    s = run(g.from_setup(BID_SETUP), ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert legal(s) == ["name S", "name H", "name C", "pass"]


def _seven_setup() -> dict[str, Any]:
    setup = dict(BID_SETUP, hands=dict(BID_SETUP["hands"]))
    # give P2 the 7D (trump = upcard suit D) instead of 10D
    setup["hands"]["P2"] = ["9S", "10S", "9C", "KC", "7D"]
    setup["hands"]["P4"] = ["KS", "QH", "9D", "AD", "10D"]
    return setup


def test_1_2_2_7_seven_exchange_with_the_holders_first_card() -> None:
    s = run(trapoula.make("bourloto", "gr").from_setup(_seven_setup()), ["P1 take"])
    assert s.phase == "play" and s.current_player == "P1"
    assert "exchange" not in legal(s)  # only the holder is offered the swap, on his turn
    s = run(s, ["P1 play 8D"])
    assert s.current_player == "P2" and legal(s)[-1] == "exchange"
    ex = run(s, ["P2 exchange"])  # a swap is public; P2 then plays from his new hand
    assert ex.current_player == "P2" and "exchange" not in legal(ex)
    assert "KD" in map(str, ex.hand(1)) and "7D" in map(str, ex.hand(3))
    assert ("P2", "exchange") in ex.view("P3").bids
    kept = run(s, ["P2 play 7D"])  # playing on is keeping quiet: the window is closed
    assert "KD" in map(str, kept.hand(3))
    assert all("exchange" not in legal(run(kept, [a])) for a in legal(kept)[:1])


def test_1_2_2_7_no_swap_after_the_recipients_first_action() -> None:
    # upcard to the taker P1: P1 leads trick 1, so P2's window could never open: the
    # combination is refused for a new game; a game stored by an earlier version (which
    # accepted it) still loads and plays as then
    from trapoula.core.registry import make_stored

    with pytest.raises(ConfigError, match="'seven_exchange'.*'upcard_recipient'"):
        trapoula.make("bourloto", "gr", upcard_recipient="taker")
    g = make_stored("bourloto", "gr", {"upcard_recipient": "taker"})
    s = run(g.from_setup(_seven_setup()), ["P1 take", "P1 play 8D"])
    assert s.current_player == "P2" and "exchange" not in legal(s)


def test_1_2_2_no_seven_exchange_when_another_suit_is_named() -> None:
    setup = dict(BID_SETUP, hands=dict(BID_SETUP["hands"]))
    setup["hands"]["P2"] = ["9S", "10S", "9C", "KC", "7H"]
    setup["stock"] = ["QC", "10D", "AS", "JH", "KH", "8C", "10H", "8H", "AH", "JC", "AC"]
    g = trapoula.make("bourloto", "gr")
    s = run(g.from_setup(setup), ["P1 pass"] * 1 + ["P2 pass", "P3 pass", "P4 pass", "P1 name H"])
    assert s.phase == "play"
    s = run(s, [f"P1 play {legal(s)[0].split()[1]}"])
    assert "exchange" not in legal(s)
    g_any = trapoula.make("bourloto", "gr", seven_exchange="any")
    s = run(g_any.from_setup(setup), ["P1 pass", "P2 pass", "P3 pass", "P4 pass", "P1 name H"])
    s = run(s, [f"P1 play {legal(s)[0].split()[1]}"])
    assert s.current_player == "P2" and legal(s)[-1] == "exchange"


def test_1_2_upcard_recipient_taker_option() -> None:
    g = trapoula.make("bourloto", "gr", upcard_recipient="taker", seven_exchange="none")
    s = run(g.from_setup(BID_SETUP), ["P1 pass", "P2 take"])
    assert "KD" in map(str, s.hand(1)) and len(s.hand(1)) == 8
    # the dealer P4 holds the 7 of trumps and is not the recipient: no exchange without
    # seven_exchange (with it, the combination is refused: see above)
    s = run(s, [f"P1 play {legal(s)[0].split()[1]}"])
    s = run(s, [f"P2 play {legal(s)[0].split()[1]}", ])
    s = run(s, [f"P3 play {legal(s)[0].split()[1]}"])
    assert s.current_player == "P4" and "exchange" not in legal(s)


def test_1_2_2_aponta_redeal_for_a_pointless_hand() -> None:
    setup = dict(BID_SETUP, hands=dict(BID_SETUP["hands"]))
    setup["hands"]["P1"] = ["7S", "8S", "9C", "8D", "9H"]
    setup["hands"]["P2"] = ["9S", "10S", "10C", "KC", "10D"]
    g = trapoula.make("bourloto", "gr", aponta_redeal=True)
    s = g.from_setup(setup)
    assert legal(s) == ["take", "pass", "redeal"]
    assert run(s, ["P1 redeal"]).result == {"thrown_in": True}
    assert "redeal" not in legal(run(s, ["P1 pass"]))  # P2 holds points
    assert "redeal" not in legal(trapoula.make("bourloto", "gr").from_setup(setup))


def test_setup_rejects_repeated_cards() -> None:
    from trapoula.errors import ConfigError

    bad = dict(BID_SETUP, upcard="7S")
    with pytest.raises(ConfigError):
        trapoula.make("bourloto", "gr").from_setup(bad)
    assert parse_cards("7S")
