"""RULES §1.3 declarations shown during play (``declaration_timing="in_play"``, the
``pexevida`` preset): shown by the player to play during tricks 1-6, approved or cut by the
opponents, the next card from the shown declaration (docs/rules/bourloto.md)."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.cards import mask_of, parse_cards
from trapoula.errors import ConfigError, IllegalActionError
from trapoula.games.bourloto.shows import ACCEPTED, CUT, show_choices, show_points

from .helpers import play_setup, run


def _shows(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions() if a.kind == "show"]  # type: ignore[attr-defined]


def test_1_3_2_in_play_show_then_two_approvals_then_a_card_of_it() -> None:
    s = play_setup("pexevida")  # trump H, P1 leads; P2 holds QH KH AH
    assert _shows(s) == []  # P1 holds no run nor four
    s = s.apply("P1 play 9H")
    assert _shows(s) == ["show QH KH AH"]
    s = s.apply("P2 show QH KH AH")
    assert s.current_player == "P3" and [str(a) for a in s.legal_actions()] == ["approve", "cut"]
    for seat in ("P1", "P3", "P4"):  # the shown cards are public, nothing else of P2's
        v = s.view(seat)
        assert [(d.seat, [str(c) for c in d.cards]) for d in v.declarations] == [
            ("P2", ["QH", "KH", "AH"])]
        assert not {"7H", "QD", "AD", "7C", "7S"} & {str(c) for c in v.hand}
    s = s.apply("P3 approve")
    assert s.current_player == "P1"  # then the other opponent
    s = s.apply("P1 approve")
    assert s.current_player == "P2"
    plays = {str(a.cards[0]) for a in s.legal_actions()}
    assert plays == {"QH", "KH", "AH"}  # 7H is legal in the trick but not of the declaration
    with pytest.raises(IllegalActionError):
        s.apply("P2 play 7H")
    s = s.apply("P2 play AH")
    assert s.view("P4").counted == {"A": 0, "B": 20}


def test_1_3_2_in_play_a_cut_declaration_is_set_aside_and_the_card_still_from_it() -> None:
    s = run(play_setup("pexevida"), ["P1 play 9H", "P2 show QH KH AH", "P3 cut"])
    assert s.current_player == "P2" and _shows(s) == []  # no second show before his card
    assert {str(a.cards[0]) for a in s.legal_actions()} == {"QH", "KH", "AH"}
    # set aside, and nobody else's set aside: it counts if the deal ended now
    assert s.view("P1").counted == {"A": 0, "B": 20}


def test_1_3_2_in_play_only_the_approved_team_shows_more() -> None:
    setup = run(play_setup("pexevida", follow_declaration=False),
                ["P1 play 9H", "P2 show QH KH AH"])
    approved = run(setup, ["P3 approve", "P1 approve", "P2 play 7H"])
    assert _shows(approved) == []  # P3 (8C 9C 10C) is an opponent of the approved P2
    cut = run(setup, ["P3 cut", "P2 play 7H"])
    assert _shows(cut) == ["show 8C 9C 10C"]


def test_1_3_2_in_play_a_show_needs_a_card_the_player_may_play() -> None:
    # P3 must follow hearts with 10H: his clubs tierce cannot be shown now
    s = run(play_setup("pexevida"), ["P1 play 9H", "P2 play 7H"])
    assert _shows(s) == []
    s = run(play_setup("pexevida", follow_declaration=False), ["P1 play 9H", "P2 play 7H"])
    assert _shows(s) == ["show 8C 9C 10C"]


def test_1_3_2_in_play_only_during_the_first_declaration_tricks() -> None:
    s = play_setup("pexevida", follow_declaration=False, declaration_tricks=1)
    s = s.apply("P1 play 9H")
    assert _shows(s) == ["show QH KH AH"]
    s = run(s, ["P2 play 7H", "P3 play 10H", "P4 play JH", "P4 play AC", "P1 play JC"])
    assert s.current_player == "P2" and _shows(s) == []  # trick 2


def test_1_3_1_in_play_what_may_be_shown() -> None:
    one = show_choices(mask_of(parse_cards("9S 10S JS QS KD AD")), 1)
    assert [str(d) for d in one] == ["quarte 9S 10S JS QS (50)"]  # the only one: all of it
    six = show_choices(mask_of(parse_cards("7H 8H 9H 10H JH QH")), 1)
    assert sorted({d.mask.bit_count() for d in six}) == [3, 4, 5] and len(six) == 9
    fours = show_choices(mask_of(parse_cards("JS JH JD JC 9S 10S")), 1)
    assert {d.name for d in fours} == {"four", "tierce"} and max(d.points for d in fours) == 200
    assert show_choices(mask_of(parse_cards("8S 8H 8D 8C")), 1) == ()  # no four of 8s or 7s


def test_1_3_3_in_play_who_scores_the_shown_declarations() -> None:
    tierce = show_choices(mask_of(parse_cards("9S 10S JS")), 0)[0]
    quarte = show_choices(mask_of(parse_cards("9H 10H JH QH")), 0)[0]
    quinte = show_choices(mask_of(parse_cards("7D 8D 9D 10D JD")), 0)[0]
    # an approval brings back its team's cut declarations and drops the others'
    assert show_points([(1, quarte, CUT), (0, tierce, CUT), (2, quinte, ACCEPTED)]) == (120, 0)
    assert show_points([(0, tierce, CUT), (3, quarte, ACCEPTED)]) == (0, 50)
    # still cut at the end: the team with the best of them keeps its own
    assert show_points([(0, tierce, CUT), (1, quarte, CUT)]) == (0, 50)
    assert show_points([(0, tierce, CUT), (1, tierce, CUT)]) == (0, 0)  # equal: nobody


def test_1_3_2_in_play_conflicting_options_are_refused() -> None:
    with pytest.raises(ConfigError, match="in_play"):
        trapoula.make("bourloto", "gr", declaration_timing="in_play", split_runs=True)
    with pytest.raises(ConfigError, match="bourlot_announce"):
        trapoula.make("bourloto", "ru", declaration_timing="in_play")


def test_1_3_2_in_play_show_text_round_trips() -> None:
    game = trapoula.make("bourloto", "pexevida")
    assert str(game.parse_action("SHOW jh 9h 10h")) == "show 9H 10H JH"
    from trapoula.errors import ParseError

    with pytest.raises(ParseError):
        game.parse_action("show 9H 10H")


def test_1_3_2_in_play_bots_show_and_answer() -> None:
    game = trapoula.make("bourloto", "pexevida")
    bots = [make_bot("medium", game, seed=i) for i in range(4)]
    kinds: set[str] = set()
    for deal in range(12):
        s = game.new_deal(seed=deal)
        while not s.is_over:
            a = bots[s.current_index].choose(s.view(s.current_player))
            kinds.add(a.kind)
            s = s.apply(a)
    assert {"show", "approve", "play"} <= kinds


def test_1_3_2_in_play_after_an_approval_the_next_show_can_only_be_approved() -> None:
    """pexevida's efoplismosΑΕΡΑΣ offers ΟΧΙ/ΚΟΜΜΕΝΗ only while no declaration stands
    approved: the approved team's next show is answered ``approve`` only, by both opponents."""
    g = trapoula.make("bourloto", preset="pexevida")
    s = run(g.new_deal(seed=2), ["P1 take", "P1 show JH QH KH", "P2 approve", "P4 approve",
                                 "P1 play KH", "P2 play 9H", "P3 play 8S", "P4 play 10H",
                                 "P3 show QD KD AD"])
    assert s.current_player == "P4"
    assert [str(a) for a in s.legal_actions()] == ["approve"]
    with pytest.raises(IllegalActionError):
        s.apply("P4 cut")
    s = s.apply("P4 approve")
    assert [str(a) for a in s.legal_actions()] == ["approve"]  # the second opponent too


def test_1_3_2_in_play_a_record_that_cut_after_an_approval_still_replays() -> None:
    """A record saved before the rule above (a cut of a show after an approval) replays as
    it was played: the cut is made, the history keeps it (a saved game is a promise)."""
    g = trapoula.make("bourloto", preset="pexevida")
    old = ["P1 take", "P1 show JH QH KH", "P2 approve", "P4 approve", "P1 play KH", "P2 play 9H",
           "P3 play 8S", "P4 play 10H", "P3 show QD KD AD", "P4 cut"]
    record = g.new_deal(seed=2).record()
    record["actions"] = old
    s = trapoula.replay(record)
    assert [str(e) for e in s.history] == old
    _who, _decl, status = s.declared[3].items[-1]
    assert status == CUT and s.current_player == "P3"
