"""RULES.md §1.2.2.7: only a 7 of trumps that the player held among his **first five cards**
may be swapped for the upcard; a 7 that reaches him with his last three cards never may.  A
rule combination where the window can never open for an eligible holder is refused.  Records
written before this clause (which may hold such an exchange) still replay to the same result.

``data/records_before_first_five.json`` was written by trapoula 0.1.0 at commit c60734b (the
main line before this change): deals of gr, pexevida, gr with ``before_play`` declarations
and gr with ``upcard_recipient="taker"``, ``seven_exchange="any"`` (accepted then), and an
unfinished gr match, each with an exchange of a 7 that came with the last three cards
(the first the issue's example: seed 5, ``P1 take``, ``P1 play 7H``, ``P2 exchange``), then
seeded random moves; ``expected`` is what that version saw at the end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import trapoula
from trapoula.cards import Card
from trapoula.core.record import replay
from trapoula.core.registry import make_stored
from trapoula.errors import ConfigError, IllegalActionError

from .helpers import legal, run

DATA = json.loads((Path(__file__).parent / "data" / "records_before_first_five.json").read_text())
OLD = sorted(DATA["records"])


def _first_five(state: Any, seat: int) -> set[str]:
    """The seat's first five cards, read off the dealt pack (3 then 2 from the dealer's left
    in gr, one at a time in ru), independently of the engine's own bookkeeping."""
    rec = state.record()
    deck, dealer = rec["deck"], int(rec["dealer"][1:]) - 1
    first = (dealer + 1) % 4
    order = [(first + k) % 4 for k in range(4)]
    if state.game.options.initial_deal == "3+2":
        seats = [s for s in order for _ in range(3)] + [s for s in order for _ in range(2)]
    else:
        seats = order * 5
    return {c for c, s in zip(deck[:20], seats, strict=True) if s == seat}


def test_s1_2_2_7_a_seven_from_the_last_three_cards_is_not_offered() -> None:
    # the issue's example: trump is spades; P2's first five are 10S 8C JH KS QS, and the 7S
    # reached him from the stock
    g = trapoula.make("bourloto", "gr")
    s = run(g.new_deal(seed=5), ["P1 take", "P1 play 7H"])
    assert str(s.trump) == "S" and s.current_player == "P2"
    assert _first_five(s, 1) == {"10S", "8C", "JH", "KS", "QS"}
    assert "7S" in map(str, s.hand(1))
    assert "exchange" not in legal(s)
    with pytest.raises(IllegalActionError, match=r"first five cards.*allowed: play 10H"):
        s.apply("P2 exchange")
    assert "7S" in map(str, s.hand(1))  # the refused action changed nothing


def test_s1_2_2_7_same_rule_in_pexevida() -> None:
    rec = DATA["records"]["pexevida-deal"]
    s = trapoula.make("bourloto", "pexevida").from_record(
        {**rec, "actions": rec["actions"][:rec["actions"].index("P2 exchange")]})
    assert s.current_player == "P2" and "exchange" not in legal(s)


def test_s1_2_2_7_a_seven_among_the_first_five_is_still_offered() -> None:
    setup = {"phase": "bidding", "upcard": "KD",
             "hands": {"P1": ["7S", "8S", "10C", "8D", "9H"], "P2": ["9S", "10S", "9C", "KC", "7D"],
                       "P3": ["JS", "QS", "JD", "QD", "7C"], "P4": ["KS", "QH", "9D", "AD", "10D"]},
             "stock": ["QC", "7H", "AS", "JH", "KH", "8C", "10H", "8H", "AH", "JC", "AC"]}
    s = run(trapoula.make("bourloto", "gr").from_setup(setup), ["P1 take", "P1 play 8D"])
    assert legal(s) == ["play 7D", "exchange"]
    s = run(s, ["P2 exchange"])
    assert "KD" in map(str, s.hand(1)) and "7D" in map(str, s.hand(3))


@pytest.mark.parametrize("mode", ["trump_is_upcard_suit", "any"])
def test_s1_2_2_7_a_window_that_can_never_open_is_a_config_error(mode: str) -> None:
    with pytest.raises(ConfigError) as err:
        trapoula.make("bourloto", "gr", upcard_recipient="taker", seven_exchange=mode)
    text = str(err.value)
    assert "'seven_exchange'" in text and "'upcard_recipient'" in text
    assert "upcard_recipient='dealer'" in text and "seven_exchange='none'" in text
    assert trapoula.make("bourloto", "gr", upcard_recipient="taker", seven_exchange="none")
    # a game stored by an earlier version with that combination still loads
    assert make_stored("bourloto", "gr", {"upcard_recipient": "taker", "seven_exchange": mode})


@pytest.mark.parametrize("preset", ["gr", "pexevida"])
def test_s1_2_2_7_exchange_offered_only_to_a_first_five_holder(preset: str) -> None:
    """Random deals: ``exchange`` is offered exactly to the non-dealer whose first five
    cards held the 7 of trumps, at his first action after the deal, while the dealer has
    not acted (the upcard's suit is trump, and the upcard is not that 7)."""
    g = trapoula.make("bourloto", preset)
    rng = random.Random(f"first-five-{preset}")
    offered = late = 0
    for seed in range(300):
        s = g.new_deal(seed=seed, dealer=f"P{seed % 4 + 1}")
        dealer = int(s.record()["dealer"][1:]) - 1
        acted: set[int] = set()  # the seats that played or declared since the deal
        while not s.is_over and len(acted) < 4:
            seat = int(s.current_player[1:]) - 1
            acts = legal(s)
            if s.phase not in ("play", "declare"):
                s = s.apply(rng.choice([a for a in acts if a != "redeal"] or acts))
                continue
            trump, up = str(s.trump), str(s.public_view().upcard)
            seven = str(Card.of(7, s.trump))
            want = (seat != dealer and seat not in acted and dealer not in acted
                    and up[-1] == trump and up != seven and seven in _first_five(s, seat))
            assert ("exchange" in acts) == want, (seed, s.history)
            offered += want
            late += (seven in map(str, s.hand(seat)) and seven not in _first_five(s, seat)
                     and seat != dealer and up[-1] == trump)
            acted.add(seat)
            s = s.apply(rng.choice([a for a in acts if a not in ("exchange", "redeal")
                                    and not a.startswith("show")]))
    assert offered > 20 and late > 10  # both cases were met


@pytest.mark.parametrize("name", OLD)
def test_s1_2_2_7_records_before_the_clause_replay_to_the_same_result(name: str) -> None:
    record, expected = DATA["records"][name], DATA["expected"][name]
    state = replay(record)
    assert [str(e) for e in state.history] == record["actions"]  # the exchange stays logged
    assert json.loads(json.dumps(state.result)) == expected["result"]
    assert state.current_player == expected["to_act"]
    assert legal(state) == expected["legal"]
    again = replay(state.record())  # saved again now, it still replays the same
    assert [str(e) for e in again.history] == record["actions"]
    assert again.result == state.result


def test_s1_2_2_7_an_old_exchange_is_accepted_only_on_replay() -> None:
    record = DATA["records"]["gr-seed5-issue"]
    g = trapoula.make("bourloto", "gr")
    s = run(g.new_deal(seed=5), ["P1 take", "P1 play 7H"])
    with pytest.raises(IllegalActionError):
        s.apply("P2 exchange")  # a move made now: refused
    old = g.replay_action(s, "P2 exchange")  # a stored move of an earlier version: made
    assert "7S" not in map(str, old.hand(1)) and "7S" in map(str, old.hand(3))
    assert [str(e) for e in old.history] == record["actions"][:3]
    with pytest.raises(trapoula.errors.TrapoulaError):
        g.replay_action(s, "P3 exchange")  # who never held the 7: refused on replay too


def test_s1_2_2_7_old_table_log_replays_through_the_web_path() -> None:
    pytest.importorskip("starlette")
    from trapoula.web.table import apply_as

    name = "gr-match-unfinished"
    record, expected = DATA["records"][name], DATA["expected"][name]
    state = make_stored("bourloto", record["preset"], record["options"]).new_match(
        seed=record["seed"])
    for text in record["actions"]:
        seat, action = text.split(" ", 1)
        state = apply_as(state, seat, action)
    assert state.current_player == expected["to_act"] and legal(state) == expected["legal"]
    assert state.scores == replay(record).scores
