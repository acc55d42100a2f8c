"""The Burraco ``hard`` bot: legal, replayable, and its knowledge comes from the view only."""

from __future__ import annotations

from collections import Counter

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.burraco_strong import BurracoStrongBot, known_hands, pile_value
from trapoula.cards import parse_cards
from trapoula.games.burraco.melds import analyze_meld


def _ix(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


@pytest.mark.parametrize("preset", ["seed", "fibur"])
def test_hard_bot_plays_legal_moves_and_replays_with_its_seed(preset: str) -> None:
    g = trapoula.make("burraco", preset)

    def play(seed: int) -> list[str]:
        bots = [make_bot("hard" if i % 2 == 0 else "heuristic", g, seed=i) for i in range(4)]
        s = g.new_deal(seed=seed)
        while not s.is_over:
            a = bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player))
            assert a in s.legal_actions()
            s = s.apply(a)
        return [str(e) for e in s.history]

    assert isinstance(make_bot("hard", g), BurracoStrongBot)
    assert play(4) == play(4)


@pytest.mark.parametrize("players", [2, 3])
def test_hard_bot_plays_alone_against_two_or_three(players: int) -> None:
    g = trapoula.make("burraco", players=players)
    bots = [make_bot("hard", g, seed=i) for i in range(players)]
    s = g.new_deal(seed=players)
    while not s.is_over:
        a = bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player))
        assert a in s.legal_actions()
        s = s.apply(a)
    assert sorted((s.result or {})["scores"]) == [f"P{i + 1}" for i in range(players)]


def test_known_hands_are_cards_taken_with_the_pile_and_still_held() -> None:
    """Every card a seat is known to hold is really in its hand (checked against the state)."""
    g = trapoula.make("burraco")
    bots = [make_bot("heuristic", g, seed=i) for i in range(4)]
    checked = 0
    for seed in range(4):
        s = g.new_deal(seed=seed)
        while not s.is_over:
            me = s.current_player
            assert me is not None
            v = s.view(me)
            for seat, cnt in known_hands(v).items():
                if seat == me:
                    continue
                held = Counter(c.index for c in s.hand(seat))
                assert all(held[c] >= k for c, k in cnt.items())
                checked += sum(cnt.values())
            s = s.apply(bots[int(me[1]) - 1].choose(v))
    assert checked > 50


def test_pile_value_counts_additions_new_melds_and_dead_cards() -> None:
    meld = analyze_meld(parse_cards("3S 4S 5S"))
    assert meld is not None
    # 6S joins the meld (5 + 4); 9C is dead
    assert pile_value(_ix("6S 9C"), _ix("KD"), [meld], 0) == (9.0, 10.0)
    # 5H with 6H 7H in hand makes a meld of 15 points + 3 cards laid
    gain, dead = pile_value(_ix("5H"), _ix("6H 7H QC"), [], 0)
    assert gain == 15 + 3 * 4 and dead == 0
    # nothing fits: no gain, the whole pile is dead
    assert pile_value(_ix("KC 4D"), _ix("9H"), [], 0) == (0.0, 15.0)


def test_danger_is_highest_for_the_card_that_joins_the_next_opponents_meld() -> None:
    """Team B (P2 next) has JD JS JC on the table: throwing JH makes the pile worth taking."""
    g = trapoula.make("burraco")
    setup = {
        "hands": {"P1": ["JH", "8C", "9S", "KD"], "P2": ["8H", "QS", "5D", "6C"],
                  "P3": ["3C", "3D", "7S"], "P4": ["JD", "5S", "6S"]},
        "melds": {"B": [["JD", "JS", "JC"]]},
        "discard": ["3S"], "stock": ["4H", "6D", "8S", "9D", "QH", "KH", "4D", "7D"],
        "to_act": "P1",
    }
    v = g.from_setup(setup).apply("P1 draw").view("P1")
    bot = BurracoStrongBot(g, seed=0, samples=8, danger=1.0)
    risk = bot._dangers(v, set(_ix("JH 8C 9S KD")))
    assert min(risk.values()) == 0.0
    assert risk[_ix("JH")[0]] == max(risk.values()) > 0
    assert bot.choose(v) != trapoula.make("burraco").parse_action("discard JH")
