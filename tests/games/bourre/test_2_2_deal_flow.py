"""RULES.md §2.2: antes, the deal, the trump card, the decision round, draw fees, stock
refills and the special cases (one stays in, nobody stays in)."""

from __future__ import annotations

import random

import pytest

from trapoula.cards import Card, cards_of, mask_of, parse_cards
from trapoula.errors import ConfigError, IllegalActionError

from .helpers import all_cards, game, play

SEVEN = {  # 7 players: 35 cards dealt, trump card 2C, 16 cards in the stock
    "hands": {
        "P1": ["2S", "3S", "4S", "5S", "6S"],
        "P2": ["7S", "8S", "9S", "10S", "JS"],
        "P3": ["QS", "KS", "AS", "2H", "3H"],
        "P4": ["4H", "5H", "6H", "7H", "8H"],
        "P5": ["9H", "10H", "JH", "QH", "KH"],
        "P6": ["AH", "2D", "3D", "4D", "5D"],
        "P7": ["6D", "7D", "8D", "9D", "10D"],
    },
    "trump_card": "2C",
}


# --- §2.2.1 antes -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_2_2_1_every_player_antes_into_the_pot(players: int) -> None:
    assert game(players).new_deal(seed=1).pot == players
    assert game(players, ante=3).new_deal(seed=1).pot == 3 * players


def test_2_2_1_ante_within_max_ante() -> None:
    assert game(ante=2, max_ante=2).new_deal(seed=1).pot == 8
    with pytest.raises(ConfigError):
        game(ante=3, max_ante=2)
    with pytest.raises(ConfigError):
        game(max_ante=2).from_setup({**SEVEN, "ante": 3})


# --- §2.2.3 the deal --------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", ["P1", "P3", "P5"])
def test_2_2_3_five_cards_each_one_at_a_time_from_dealers_left(dealer: str) -> None:
    g = game(5)
    s = g.new_deal(rng=random.Random(4), dealer=dealer)
    deck = parse_cards(s.record()["deck"])
    d = int(dealer[1:]) - 1
    for k in range(25):
        seat = (d + 1 + k) % 5
        assert s.hands[seat] >> deck[k].index & 1
    assert all(h.bit_count() == 5 for h in s.hands)
    assert s.current_player == f"P{(d + 1) % 5 + 1}"


def test_2_2_3_same_seed_same_deal() -> None:
    a, b = game(6).new_deal(seed=77), game(6).new_deal(seed=77)
    assert a.hands == b.hands and a.stock == b.stock and a.trump_card == b.trump_card
    assert game(6).new_deal(seed=78).hands != a.hands


# --- §2.2.4 the trump card --------------------------------------------------------------------
def test_2_2_4_stock_top_trump_is_in_no_hand_and_never_drawn() -> None:
    g = game(7)
    rng = random.Random(3)
    for seed in range(40):
        s = g.new_deal(seed=seed)
        t = s.trump_card.index
        assert s.trump == s.trump_card.suit
        assert t not in s.stock and not any(h >> t & 1 for h in s.hands)
        while s.phase == "decide":
            legal = s.legal_actions()
            s = s.apply(legal[-1 - int(rng.random() * 15)])  # mostly big draws: refills
            assert not any(h >> t & 1 for h in s.hands) and t not in s.stock
            assert not s.pool >> t & 1
            assert sorted(all_cards(s)) == list(range(52))


def test_2_2_4_dealer_fifth_trump_is_the_dealers_own_card() -> None:
    g = game(4, trump_card="dealer_fifth")
    s = g.new_deal(rng=random.Random(9))
    deck = parse_cards(s.record()["deck"])
    assert s.trump_card == deck[19]
    assert s.hands[3] >> s.trump_card.index & 1
    assert len(s.stock) == 52 - 20


def test_2_2_4_dealer_fifth_upturned_ace_forbids_the_dealer_to_fold() -> None:
    g = game(3, trump_card="dealer_fifth")
    setup = {"hands": {"P1": ["2H", "3H", "4H", "5H", "6H"],
                       "P2": ["2C", "3C", "4C", "5C", "6C"],
                       "P3": ["AS", "2D", "3D", "4D", "5D"]}, "trump_card": "AS"}
    s = play(g.from_setup(setup), "P1 stay", "P2 fold")
    names = [str(a) for a in s.legal_actions()]
    assert "fold" not in names and names[0] == "stay"
    with pytest.raises(IllegalActionError):
        s.apply("P3 fold")
    low = {**setup, "hands": {**setup["hands"], "P3": ["KS", "2D", "3D", "4D", "5D"]},
           "trump_card": "KS"}
    assert "fold" in [str(a) for a in play(g.from_setup(low), "P1 stay", "P2 fold")
                      .legal_actions()]


def test_2_2_4_setup_rejects_a_trump_card_in_a_hand() -> None:
    with pytest.raises(ConfigError):
        game(7).from_setup({**SEVEN, "trump_card": "2S"})


# --- §2.2.5 the decision round ----------------------------------------------------------------
def test_2_2_5_decision_actions_in_canonical_order() -> None:
    s = game(4).from_setup({**SEVEN, "hands": {k: v for k, v in SEVEN["hands"].items()
                                               if k in ("P1", "P2", "P3", "P4")}})
    acts = [str(a) for a in s.legal_actions()]
    assert acts[:3] == ["fold", "stay", "draw 2S"]
    assert len(acts) == 2 + 5 + 10 + 10 + 5  # max_draw 4 with 4 players
    assert acts[7:9] == ["draw 2S 3S", "draw 2S 4S"] and acts[-1] == "draw 3S 4S 5S 6S"


@pytest.mark.parametrize(("players", "most"), [(2, 4), (5, 4), (6, 3), (7, 3)])
def test_2_2_5_max_draw_auto(players: int, most: int) -> None:
    s = game(players).new_deal(seed=2)
    assert max(len(a.cards) for a in s.legal_actions()) == most


def test_2_2_5_max_draw_option() -> None:
    s = game(7, max_draw=5).new_deal(seed=2)
    assert max(len(a.cards) for a in s.legal_actions()) == 5
    s = game(4, max_draw=0).new_deal(seed=2)
    assert [str(a) for a in s.legal_actions()] == ["fold", "stay"]


def test_2_2_5_draw_takes_the_stock_top_and_pays_the_fee() -> None:
    s = game(7).from_setup({**SEVEN, "stock": ["AC", "KC", "QC"], "pot": 7, "ante": 1})
    s2 = s.apply("P1 draw 6S 2S")
    assert cards_of(s2.hands[0]) == parse_cards("3S 4S 5S KC AC")
    assert s2.pot == 8 and s2.stock[0] == Card.parse("QC").index
    s3 = s2.apply("P2 stay")
    assert s3.pot == 8 and s3.hands[1] == s2.hands[1]


@pytest.mark.parametrize(
    ("mode", "fee", "stay_cost", "draw3_cost"),
    [("if_drawing", None, 0, 2), ("always", None, 2, 2), ("per_card", None, 0, 6),
     ("none", None, 0, 0), ("if_drawing", 5, 0, 5), ("per_card", 1, 0, 3)],
)
def test_2_2_5_draw_fee_modes(mode: str, fee: int | None, stay_cost: int, draw3_cost: int) -> None:
    g = game(7, draw_fee_mode=mode, draw_fee=fee)
    s = g.from_setup({**SEVEN, "pot": 14, "ante": 2})
    assert s.apply("P1 stay").pot == 14 + stay_cost
    assert s.apply("P1 draw 2S 3S 4S").pot == 14 + draw3_cost


def test_2_2_5_fold_sits_out_and_hands_stay_at_five() -> None:
    s = play(game(7).new_deal(seed=5), "P1 fold")
    assert s.hands[0] == 0 and s.folded == ("P1",)
    for a in s.legal_actions():
        t = s.apply(a)
        assert a.kind == "fold" or t.hands[1].bit_count() == 5


def test_2_2_5_only_the_player_to_act_may_decide() -> None:
    s = game(4).new_deal(seed=5)
    with pytest.raises(IllegalActionError):
        s.apply("P2 stay")
    with pytest.raises(IllegalActionError):
        s.apply("P1 play " + str(cards_of(s.hands[0])[0]))
    with pytest.raises(IllegalActionError):
        s.apply("P1 draw " + str(cards_of(s.hands[1])[0]))  # not his card


# --- §2.2.6 stock exhaustion ------------------------------------------------------------------
def test_2_2_6_refill_from_earlier_discards_not_the_current_players() -> None:
    s = game(7).from_setup(SEVEN)
    assert len(s.stock) == 16
    s = play(s, "P1 draw 2S 3S 4S", "P2 draw 7S 8S 9S", "P3 draw QS KS AS",
             "P4 draw 4H 5H 6H", "P5 draw 9H 10H JH")
    earlier = mask_of(parse_cards("2S 3S 4S 7S 8S 9S QS KS AS 4H 5H 6H 9H 10H JH"))
    assert len(s.stock) == 1 and s.pool == earlier
    last = s.stock[0]
    t = s.apply("P6 draw 2D 3D 4D")
    new = t.hands[5] & ~mask_of(parse_cards("AH 5D"))
    assert new.bit_count() == 3 and new >> last & 1
    assert new & ~(1 << last) & ~earlier == 0  # the other two came from the earlier discards
    assert t.refills == 1 and len(t.stock) == 13
    assert t.pool == mask_of(parse_cards("2D 3D 4D"))  # his own discards wait for later
    assert sorted(all_cards(t)) == list(range(52))


def test_2_2_6_refill_uses_folded_hands_and_is_deterministic() -> None:
    def run(seed: int) -> tuple[int, ...]:
        s = game(7).from_setup(SEVEN, seed=seed)
        s = play(s, "P1 fold", "P2 draw 7S 8S 9S", "P3 draw QS KS AS", "P4 draw 4H 5H 6H",
                 "P5 draw 9H 10H JH", "P6 draw 2D 3D 4D", "P7 draw 6D 7D 8D")
        assert s.refills == 1 and sorted(all_cards(s)) == list(range(52))
        return s.hands

    assert run(1) == run(1)
    assert any(run(1) != run(k) for k in range(2, 6))


# --- §2.2.7 special cases ---------------------------------------------------------------------
def test_2_2_7_exactly_one_stays_wins_the_pot_without_play() -> None:
    s = play(game(7).from_setup({**SEVEN, "pot": 7}), *[f"P{i} fold" for i in range(1, 7)])
    assert [str(a) for a in s.legal_actions()][:2] == ["fold", "stay"]
    s = s.apply("P7 draw 6D")
    assert s.is_over and s.result == {"payouts": {"P7": 8}, "bourre": {}, "carry": 0}


def test_2_2_7_nobody_stays_the_pot_carries() -> None:
    s = play(game(3).new_deal(seed=1), "P1 fold", "P2 fold", "P3 fold")
    assert s.is_over and s.result == {"payouts": {}, "bourre": {}, "carry": 3}


def test_2_2_7_lone_stayer_who_drew_early_also_wins() -> None:
    s = game(4).new_deal(seed=8)
    first = str(cards_of(s.hands[0])[0])
    s = play(s, f"P1 draw {first}", "P2 fold", "P3 fold", "P4 fold")
    assert s.result == {"payouts": {"P1": 5}, "bourre": {}, "carry": 0}


def test_2_2_4_dealer_fifth_setup_may_list_the_face_up_card_apart() -> None:
    g = game(3, trump_card="dealer_fifth")
    hands = {"P1": ["2H", "3H", "4H", "5H", "6H"], "P2": ["2C", "3C", "4C", "5C", "6C"],
             "P3": ["2D", "3D", "4D", "5D"]}
    s = g.from_setup({"hands": hands, "trump_card": "QS"})
    assert s.hands[2] == mask_of(parse_cards("2D 3D 4D 5D QS"))
    assert len(s.stock) == 52 - 15
    with pytest.raises(ConfigError):
        g.from_setup({"hands": {**hands, "P3": ["2D", "3D", "4D", "5D", "6D"]},
                      "trump_card": "QS"})
