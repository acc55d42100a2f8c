"""RULES.md §3.2 (the deal) and §3.4 (turn structure, the one-card pile, wild discards, the
hand-size invariant and the no-dead-ends rule)."""

from __future__ import annotations

import random

import pytest

import trapoula
from tests.games.burraco.helpers import FILLER, idx, run, setup, texts
from trapoula.cards import deck_108
from trapoula.errors import IllegalActionError, NotYourTurnError, ParseError
from trapoula.games.burraco.tables import NCARDS


def test_3_2_canonical_deal_of_a_preordered_deck() -> None:
    deck = [c.index for c in deck_108()]
    random.Random(9).shuffle(deck)
    game = trapoula.make("burraco")
    s = game.deal_from_deck(list(deck), dealer=3)
    for seat in range(4):
        assert s.hand_indices(seat) == sorted(deck[seat:44:4])
    assert s.pozzetti == (tuple(deck[44:55]), tuple(deck[55:66]))
    assert s.discard == (deck[66],) and s.stock_left == 41
    s2 = s.apply("draw")
    assert s2.hand_indices(0) == sorted(deck[0:44:4] + [deck[67]])
    # another dealer: the deal starts on his left
    s3 = game.deal_from_deck(list(deck), dealer=1)
    assert s3.hand_indices(2) == sorted(deck[0:44:4]) and s3.current_player == "P3"


def test_3_2_deal_sizes_and_108_cards() -> None:
    s = trapoula.make("burraco").new_deal(seed=11)
    assert s.sizes == [11, 11, 11, 11]
    assert [len(p) for p in s.pozzetti] == [11, 11] and len(s.discard) == 1
    assert s.stock_left == 41 and s.current_player == "P1" and s.dealer == "P4"
    total = [0] * NCARDS
    for c in [*sum((s.hand_indices(i) for i in range(4)), []), *s.discard, *s.stock,
              *s.pozzetti[0], *s.pozzetti[1]]:
        total[c] += 1
    assert total == [2] * 52 + [4]
    assert trapoula.make("burraco").new_deal(seed=11).stock == s.stock


def test_3_4_1_turn_draw_or_pickup_then_melds_then_discard() -> None:
    s = setup({"P1": ["3H", "4H", "5H", "9C"]}, stock=["QH", *FILLER])
    assert texts(s.legal_actions()) == {"draw", "pickup"}
    s = s.apply("P1 draw")
    legal = texts(s.legal_actions())
    assert "draw" not in legal and "pickup" not in legal
    assert {"meld 3H 4H 5H", "discard 9C", "discard QH"} <= legal
    s = run(s, ["P1 meld 3H 4H 5H", "P1 discard 9C"])
    assert s.current_player == "P2" and s.phase == "draw"
    assert s.view("P2").melds["A"][0].cards == tuple(trapoula.Card.parse(c) for c in
                                                     ("3H", "4H", "5H"))
    assert s.view("P1").discard[-1] == trapoula.Card.parse("9C")


def test_3_4_1_pickup_takes_the_whole_pile() -> None:
    s = setup({"P1": ["3H", "9C"]}, discard=["KC", "KH", "KS"])
    s = s.apply("pickup")
    assert s.sizes[0] == 5 and s.discard == () and s.stock_left == 8
    assert "discard KS" in texts(s.legal_actions())  # a larger pile: any card may go back


def test_3_4_3_one_card_pile_may_not_be_discarded_this_turn() -> None:
    s = setup({"P1": ["9S", "7H", "QH"]}, discard=["9S"]).apply("pickup")
    legal = texts(s.legal_actions())
    assert "discard 9S" not in legal and {"discard 7H", "discard QH"} <= legal
    with pytest.raises(IllegalActionError, match="one-card pile"):
        s.apply("discard 9S")


def test_3_4_3_wild_may_be_discarded_except_to_close() -> None:
    s = setup({"P1": ["JK", "9C"]}).apply("draw")
    assert {"discard JK", "discard 9C"} <= texts(s.legal_actions())


def test_3_4_5_no_dead_ends_worked_example() -> None:
    # pozzetto taken, a burraco on the table, hand JK 10H after the draw
    s = setup(
        {"P1": ["JK"]}, stock=["10H", "9D", "10D"], taken={"A": True, "B": False},
        melds={"A": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["10S", "10D", "10C"]]},
    ).apply("draw")
    assert texts(s.legal_actions()) == {"discard JK", "discard 10H", "add 1 JK", "add 2 JK"}
    with pytest.raises(IllegalActionError, match="could not be finished"):
        s.apply("add 1 10H")


def test_3_4_5_pickup_refused_when_it_leads_nowhere() -> None:
    s = setup({"P1": ["7H"]}, discard=["7H"])
    assert texts(s.legal_actions()) == {"draw"}
    # with a meld that takes both sevens and a pozzetto to go to, the pickup is fine
    s = setup({"P1": ["7H"]}, discard=["7H"], melds={"A": [["7S", "7D", "7C"]]})
    assert texts(s.legal_actions()) == {"draw", "pickup"}
    s = s.apply("pickup")
    assert texts(s.legal_actions()) == {"add 1 7H", "add 1 7H 7H"}


def test_3_4_4_without_burraco_a_taken_pozzetto_means_keeping_two_cards() -> None:
    s = setup({"P1": ["3H", "4H", "5H"]}, stock=["9C", "9D", "10D"],
              taken={"A": True, "B": False}).apply("draw")
    legal = texts(s.legal_actions())
    assert "meld 3H 4H 5H" not in legal  # it would leave one card that cannot close
    assert legal == {"discard 3H", "discard 4H", "discard 5H", "discard 9C"}


def test_3_4_errors_leave_the_state_unchanged_and_explain() -> None:
    s = setup({"P1": ["3H", "4H", "6H", "9C"]})
    with pytest.raises(NotYourTurnError):
        s.apply("P2 draw")
    with pytest.raises(IllegalActionError, match="begins with 'draw' or 'pickup'"):
        s.apply("discard 9C")
    s = s.apply("draw")
    with pytest.raises(IllegalActionError, match="no valid meld"):
        s.apply("meld 3H 4H 6H")
    with pytest.raises(IllegalActionError, match="not in the hand"):
        s.apply("meld 3S 4S 5S")
    with pytest.raises(IllegalActionError, match="0 meld"):
        s.apply("add 1 9C")
    with pytest.raises(ParseError):
        s.apply("meld")
    with pytest.raises(ParseError):
        s.apply("discard 9C 3H")
    assert s.phase == "play" and s.sizes[0] == 5


def test_3_4_action_text_is_canonical_and_order_free() -> None:
    game = trapoula.make("burraco")
    assert str(game.parse_action("meld jk 5h 4H")) == "meld 4H 5H JK"
    assert game.parse_action("add 2 th 9H") == game.parse_action("ADD 2 9h 10h")
    assert [c.index for c in game.parse_action("discard 2s").cards] == idx("2S")


def test_3_2_setup_rejects_impossible_positions() -> None:
    from trapoula.errors import ConfigError

    game = trapoula.make("burraco")
    with pytest.raises(ConfigError, match="too many copies"):
        game.from_setup({"hands": {"P1": ["7H", "7H"], "P2": ["7H"]}, "discard": ["KC"]})
    with pytest.raises(ConfigError, match="not a valid meld"):
        game.from_setup({"hands": {"P1": ["7H"]}, "melds": {"A": [["3H", "5H", "7H"]]}})
    with pytest.raises(ConfigError, match="team 'A' and 'B'"):
        game.from_setup({"hands": {"P1": ["7H"]}, "melds": {"C": []}})
    with pytest.raises(ConfigError, match="malformed"):
        game.from_setup({"hands": ["7H"]})


def test_3_2_injected_rng_deals_and_records_the_deck() -> None:
    game = trapoula.make("burraco")
    a = game.new_deal(rng=random.Random(4))
    b = game.new_deal(rng=random.Random(4))
    assert a.hands == b.hands and a.stock == b.stock
    rng = random.Random(0)
    while not a.is_over:
        legal = a.legal_actions()
        a = a.apply(legal[int(rng.random() * len(legal))])
    record = a.record()
    assert "deck" in record and "seed" not in record
    assert trapoula.replay(record).result == a.result


def test_3_4_an_action_object_with_its_cards_in_any_order_is_the_same_move() -> None:
    s = setup({"P1": ["3H", "4H", "5H", "9C"]}, stock=["QH", *FILLER]).apply("draw")
    reversed_meld = trapoula.Action("meld", tuple(trapoula.Card.parse(c) for c in
                                                  ("5H", "4H", "3H")))
    assert str(reversed_meld) not in texts(s.legal_actions())
    s2 = s.apply(reversed_meld)
    assert str(s2.history[-1]) == "P1 meld 3H 4H 5H" and s2.sizes[0] == 2
    with pytest.raises(IllegalActionError, match="no valid meld"):
        s.apply(trapoula.Action("meld", tuple(trapoula.Card.parse(c) for c in ("9C", "4H", "3H"))))
