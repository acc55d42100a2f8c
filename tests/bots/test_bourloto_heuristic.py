"""The heuristic Bourloto bot: legal everywhere, sensible bids and plays, beats random."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.base import Bot
from trapoula.bots.bourloto_heuristic import (
    BourlotoHeuristicBot,
    GreedyBourlotoBot,
    hand_value,
)
from trapoula.bots.bourloto_knowledge import Knowledge, mask_of_cards
from trapoula.bots.duplicate import duplicate
from trapoula.cards import Card, Suit, parse_cards

from ..games.bourloto.helpers import coherent

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("ru", {}),
    ("gr", {}),
    ("gr", {"partner_exception": True, "upcard_recipient": "taker", "seven_exchange": "none"}),
    ("gr", {"partner_exception": True, "seven_exchange": "any"}),
    ("gr", {"aponta_redeal": True, "round2_allow_upcard_suit": False, "split_runs": True,
            "declaration_timing": "before_play", "bourlot_announce": "with_declarations"}),
    ("ru", {"overtrump_required": True, "declaration_timing": "first_trick",
            "bourlot_announce": "when_played", "ru_round_stops_on_disagree": False}),
    ("ru", {"contract": True, "bidding": "take_name", "compare_declarations": True,
            "four_values": "gr"}),
]


def _play_out(state: Any, bots: list[Bot]) -> Any:
    while not state.is_over:
        view = state.view(state.current_player)
        bot = bots[state.current_index]
        action = bot.choose(view)
        assert action in view.legal_actions, (str(action), [str(a) for a in view.legal_actions])
        if action.kind == "play" and isinstance(bot, BourlotoHeuristicBot):
            # it announces whatever it may announce with that card
            same = [a for a in view.legal_actions if a.kind == "play" and a.cards == action.cards]
            assert len(action.words) == max(len(a.words) for a in same)
        state = state.apply(action)
    return state


@pytest.mark.parametrize(("preset", "options"), VARIANTS)
def test_only_legal_actions_over_random_deals(preset: str, options: dict[str, Any]) -> None:
    game = trapoula.make("bourloto", preset, **options)
    for i in range(40):
        bots: list[Bot] = [
            BourlotoHeuristicBot(game, seed=s) if (s + i) % 3 else make_bot("random", game, seed=s)
            for s in range(4)
        ]
        final = _play_out(game.new_deal(seed=1000 + i), bots)
        assert final.result is not None


OPTION_CHOICES = st.fixed_dictionaries({
    "overtrump_required": st.booleans(),
    "partner_exception": st.booleans(),
    "upcard_recipient": st.sampled_from(["dealer", "taker"]),
    "seven_exchange": st.sampled_from(["none", "trump_is_upcard_suit", "any"]),
    "declaration_timing": st.sampled_from(["before_play", "first_trick"]),
    "bourlot_announce": st.sampled_from(["with_declarations", "when_played"]),
    "compare_declarations": st.booleans(),
    "contract": st.booleans(),
    "aponta_redeal": st.booleans(),
    "capot_mode": st.sampled_from(["bonus_90", "replace_250"]),
})


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(["ru", "gr"]), options=OPTION_CHOICES,
       seed=st.integers(0, 2**32))
def test_heuristic_seats_stay_legal_under_any_options(
    preset: str, options: dict[str, Any], seed: int
) -> None:
    game = trapoula.make("bourloto", preset, **coherent(preset, options))
    bots: list[Bot] = [BourlotoHeuristicBot(game, seed=s) for s in range(4)]
    bots[seed % 4] = make_bot("random", game, seed=seed)
    assert _play_out(game.new_deal(seed=seed), bots).result is not None


def test_registry_makes_the_heuristic_bot() -> None:
    bot = make_bot("heuristic", trapoula.make("bourloto", "gr"))
    assert isinstance(bot, BourlotoHeuristicBot)


def test_greedy_baseline_is_legal() -> None:
    game = trapoula.make("bourloto", "gr")
    final = _play_out(game.new_deal(seed=3), [GreedyBourlotoBot(game) for _ in range(4)])
    assert final.result is not None


# --- trump ------------------------------------------------------------------------------------

def _bidding(preset: str, p1: str, upcard: str, **options: Any) -> Any:
    others = [c for c in (str(c) for c in trapoula.cards.deck_32())
              if c not in p1.split() and c != upcard]
    setup = {
        "phase": "bidding", "upcard": upcard,
        "hands": {"P1": p1.split(), "P2": others[0:5], "P3": others[5:10], "P4": others[10:15]},
        "stock": others[15:],
    }
    return trapoula.make("bourloto", preset, **options).from_setup(setup)


def _choice(state: Any) -> str:
    bot = BourlotoHeuristicBot(state.game)
    return str(bot.choose(state.view(state.current_player)))


MONSTER = "JH 9H AH 10H AS"
JUNK = "7S 8D 7C 8C QD"


def test_takes_with_a_monster_and_passes_with_junk_gr() -> None:
    assert _choice(_bidding("gr", MONSTER, "KH")) == "take"
    assert _choice(_bidding("gr", JUNK, "KH")) == "pass"


def test_agrees_with_a_monster_and_disagrees_with_junk_ru() -> None:
    assert _choice(_bidding("ru", MONSTER, "KH")) == "agree"
    assert _choice(_bidding("ru", JUNK, "KH")) == "disagree"


def test_names_its_long_strong_suit_in_round_two() -> None:
    s = _bidding("gr", "JD 9D AD 10D AS", "7H")
    for _ in range(4):
        s = s.apply("pass")
    assert s.phase == "bid2" and s.current_player == "P1"
    assert _choice(s) == "name D"


def test_junk_passes_in_round_two() -> None:
    s = _bidding("gr", JUNK, "7H")
    for _ in range(4):
        s = s.apply("pass")
    assert _choice(s) == "pass"


def test_hand_value_grows_with_trump_honours() -> None:
    opts = trapoula.make("bourloto", "gr").options
    base = mask_of_cards(parse_cards("7H AS 8D 9C KC"))
    more = mask_of_cards(parse_cards("JH AS 8D 9C KC"))
    assert hand_value(more, Suit.H, opts) > hand_value(base, Suit.H, opts)
    assert hand_value(more, Suit.H, opts, upcard=Card.parse("9H").index, upcard_to="me") > (
        hand_value(more, Suit.H, opts, upcard=Card.parse("9H").index, upcard_to="opp"))


def test_exchanges_the_seven_for_the_upcard() -> None:
    # P2 holds the 7 of the upcard's suit; P1 takes with the jack as upcard
    setup = {
        "phase": "bidding", "upcard": "JH",
        "hands": {"P1": ["9H", "AH", "AS", "AD", "AC"], "P2": ["7H", "8S", "9S", "8D", "9D"],
                  "P3": ["10S", "JS", "QS", "10D", "JD"], "P4": ["KS", "QD", "KD", "7C", "8C"]},
        "stock": [],
    }
    s = trapoula.make("bourloto", "gr").from_setup(setup).apply("P1 take")
    assert s.phase == "play" and s.current_player == "P1"  # nobody is asked (§1.2.2.7)
    assert "exchange" not in map(str, s.legal_actions())
    s = s.apply(_choice(s))
    assert s.current_player == "P2" and str(s.legal_actions()[-1]) == "exchange"
    assert _choice(s) == "exchange"  # with his trick-1 card, P2 swaps 7H for JH
    s = s.apply("exchange")
    assert s.current_player == "P2" and "JH" in map(str, s.hand(1))
    assert "exchange" not in map(str, s.legal_actions())


# --- declarations -------------------------------------------------------------------------------

def test_declares_in_the_ru_declaration_round() -> None:
    setup = {
        "phase": "play", "trump": "H", "buyer": None,
        "hands": {"P1": "7S 8S 9S QD KD AD JC 7H".split(),
                  "P2": "10S JS QS 8H 9H 7D 8D 9D".split(),
                  "P3": "KS AS 10H JH QH 10D JD 7C".split(),
                  "P4": "KH AH 8C 9C 10C QC KC AC".split()},
    }
    s = trapoula.make("bourloto", "ru").from_setup(setup)
    assert s.phase == "declare"
    assert _choice(s) == "declare"  # P1: two tierces


def test_announces_declarations_with_the_first_card_gr() -> None:
    setup = {
        "phase": "play", "trump": "H", "buyer": "A",
        "hands": {"P1": "7S 8S 9S QD KD AD JC 7H".split(),
                  "P2": "10S JS QS 8H 9H 7D 8D 9D".split(),
                  "P3": "KS AS 10H JH QH 10D JD 7C".split(),
                  "P4": "KH AH 8C 9C 10C QC KC AC".split()},
    }
    s = trapoula.make("bourloto", "gr").from_setup(setup)
    assert "declare" in _choice(s).split()


# --- play -----------------------------------------------------------------------------------

# P4 is last to play to trick 1; P1 leads 7S, P2 (P4's partner) wins with the ace
PARTNER_WINS = {
    "P1": "7S 9S 7D 8D 9D 7C 8C 9C".split(),
    "P2": "AS 10S KS QS 7H 8H 10D JD".split(),
    "P3": "8S JS JH 9H AH 10H QD AC".split(),
    "P4": "QH KH AD KD 10C JC QC KC".split(),
}


def _position(hands: dict[str, list[str]], trump: str, plays: list[str], preset: str = "gr",
              **options: Any) -> Any:
    setup = {"phase": "play", "trump": trump, "buyer": "A", "hands": hands}
    s = trapoula.make("bourloto", preset, **options).from_setup(setup)
    while s.phase == "declare":
        s = s.apply("pass")
    for a in plays:
        s = s.apply(a)
    return s


def test_does_not_trump_a_partners_sure_winner_when_it_may_discard() -> None:
    s = _position(PARTNER_WINS, "H", ["P1 play 7S", "P2 play AS", "P3 play 8S"],
                  partner_exception=True)
    assert s.current_player == "P4"
    card = BourlotoHeuristicBot(s.game).choose(s.view("P4")).cards[0]
    assert card.suit != Suit.H
    assert str(card) in ("10C", "AD")  # and it loads points on the partner's trick


def test_must_trump_partner_without_the_exception_and_uses_a_low_trump() -> None:
    s = _position(PARTNER_WINS, "H", ["P1 play 7S", "P2 play AS", "P3 play 8S"])
    card = BourlotoHeuristicBot(s.game).choose(s.view("P4")).cards[0]
    assert card.suit == Suit.H


def test_throws_a_ten_onto_a_trick_the_partner_has_secured() -> None:
    # P1 leads KS, P2 (void in spades) ruffs with the master JH, P3 follows; P4 holds 10S 7S
    # while the AS is still out: the 10 goes to the partner's trick
    hands = {
        "P1": "KS QS 9S 7D 8D 9D 7C 8C".split(),
        "P2": "JH 7H 8H 10D JD QD 9C 10C".split(),
        "P3": "AS 8S 9H 10H QH KD AD JC".split(),
        "P4": "10S 7S KH AH QC KC AC JS".split(),
    }
    s = _position(hands, "H", ["P1 play KS", "P2 play JH", "P3 play 8S"], preset="ru")
    assert s.current_player == "P4"
    assert str(BourlotoHeuristicBot(s.game).choose(s.view("P4")).cards[0]) == "10S"


def test_does_not_overtake_a_winning_partner_needlessly() -> None:
    # ru: no duty to overtrump.  P1 leads 7H (trump), P2 wins with 9H, P3 plays 8H; P4 holds
    # JH QH KH while the opponents keep AH and 10H: the jack is kept for them
    hands = {
        "P1": "7H AH 7S 8S 9S 7D 8D 9D".split(),
        "P2": "9H 10S JS QS 10D JD QD 7C".split(),
        "P3": "8H 10H KS AS KD AD 8C 9C".split(),
        "P4": "JH QH KH 10C JC QC KC AC".split(),
    }
    s = _position(hands, "H", ["P1 play 7H", "P2 play 9H", "P3 play 8H"], preset="ru")
    card = BourlotoHeuristicBot(s.game).choose(s.view("P4")).cards[0]
    assert str(card) in ("QH", "KH")


def test_ruffs_an_opponents_ace_without_wasting_its_big_trumps() -> None:
    hands = {
        "P1": "AS 10S 9S 7D 8D 9D 7C 8C".split(),
        "P2": "KS 8S 7S 8H 9H 10D JD 10C".split(),
        "P3": "QS JS 10H QH KD AD JC QC".split(),
        "P4": "7H JH AH KH QD KC AC 9C".split(),
    }
    s = _position(hands, "H", ["P1 play AS", "P2 play 7S", "P3 play JS"], preset="ru")
    card = BourlotoHeuristicBot(s.game).choose(s.view("P4")).cards[0]
    assert str(card) in ("7H", "KH")  # a low trump wins it; the J and A are kept


def test_leads_the_master_trump_when_its_side_is_long() -> None:
    hands = {
        "P1": "JH 9H AH 10H AS AD AC 7S".split(),
        "P2": "7H 8S 9S 10S 7D 8D 9D 10D".split(),
        "P3": "8H QH JS QS KS JD QD KD".split(),
        "P4": "KH 7C 8C 9C 10C JC QC KC".split(),
    }
    s = _position(hands, "H", [])
    assert str(BourlotoHeuristicBot(s.game).choose(s.view("P1")).cards[0]) == "JH"


# --- card tracking ----------------------------------------------------------------------------

def test_knowledge_infers_voids_and_spreads_the_unseen_cards() -> None:
    s = _position(PARTNER_WINS, "H", ["P1 play 7S", "P2 play AS", "P3 play 8S",
                                      "P4 play QH"])
    k = Knowledge(s.view("P2"), s.game.options)
    spades = [Card.parse(c).index for c in ("JS", "9S")]
    assert all(k.prob[3][c] == 0.0 for c in spades)  # P4 showed out of spades
    for seat in (0, 2, 3):
        assert sum(k.prob[seat]) == pytest.approx(len(s.hand(seat)), abs=1e-6)
    for c in range(52):
        if k.unseen >> c & 1:
            assert sum(k.prob[s_][c] for s_ in (0, 2, 3)) == pytest.approx(1.0)


def test_knowledge_uses_declared_cards() -> None:
    setup = {"phase": "play", "trump": "H", "buyer": None, "hands": PARTNER_WINS}
    s = trapoula.make("bourloto", "ru").from_setup(setup)
    s = s.apply("P1 declare")  # 7D 8D 9D and 7C 8C 9C
    while s.phase == "declare":
        s = s.apply("pass")
    k = Knowledge(s.view("P2"), s.game.options)
    assert k.prob[0][Card.parse("8D").index] == pytest.approx(1.0)
    assert k.prob[2][Card.parse("8D").index] == 0.0


# --- strength and speed --------------------------------------------------------------------------

def _heur(game: Any) -> Any:
    return lambda seat, deal: BourlotoHeuristicBot(game, seed=deal * 4 + seat)


def _rand(game: Any) -> Any:
    return lambda seat, deal: make_bot("random", game, seed=deal * 4 + seat)


@pytest.mark.parametrize(("preset", "deals"), [("gr", 150), ("ru", 300)])
def test_beats_random_over_duplicate_deals(preset: str, deals: int) -> None:
    game = trapoula.make("bourloto", preset)
    st = duplicate(game, _heur(game), _rand(game), deals=deals, seed=7)
    assert st.mean > 0 and st.mean - st.half_width > 0, (st.mean, st.half_width)


def test_beats_the_greedy_baseline_in_card_play() -> None:
    game = trapoula.make("bourloto", "gr")
    greedy = lambda seat, deal: GreedyBourlotoBot(game, seed=deal)  # noqa: E731
    st = duplicate(game, _heur(game), greedy, deals=150, seed=8)
    assert st.mean - st.half_width > 0, (st.mean, st.half_width)


def test_duplicate_of_a_bot_against_itself_is_exactly_even() -> None:
    game = trapoula.make("bourloto", "gr")
    st = duplicate(game, _heur(game), _heur(game), deals=5, seed=9)
    assert st.diffs == [0.0] * 5


def test_moves_take_about_a_millisecond() -> None:
    game = trapoula.make("bourloto", "gr")
    bots = [BourlotoHeuristicBot(game) for _ in range(4)]
    spent, moves = 0.0, 0
    for i in range(10):
        s = game.new_deal(seed=i)
        while not s.is_over:
            v = s.view(s.current_player)
            t0 = time.perf_counter()
            a = bots[s.current_index].choose(v)
            spent += time.perf_counter() - t0
            moves += 1
            s = s.apply(a)
    assert 1000 * spent / moves < 10.0  # generous: about 0.1-1 ms on a laptop
