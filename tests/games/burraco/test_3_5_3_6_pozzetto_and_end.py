"""RULES.md §3.5 (pozzetto al volo and with the discard) and §3.6 (closing, stock end,
stalemate), with the worked example of §3.9 played through the public API."""

from __future__ import annotations

import pytest

from tests.games.burraco.helpers import FILLER, idx, run, setup, texts
from trapoula.errors import IllegalActionError
from trapoula.games.burraco.tables import VALUE

CLEAN7 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]


def worked_example(**options: object):  # type: ignore[no-untyped-def]
    """§3.9: team A closes.  P1 lays KS KH KD and closes with 10C."""
    return setup(
        {"P1": ["KS", "KH", "KD"], "P2": ["AH", "JK"], "P3": ["5C", "QD"],
         "P4": ["3C", "4C", "9C"]},
        stock=["10C", "9D", "10D"], taken={"A": True, "B": False},
        melds={"A": [CLEAN7], "B": [["4S", "5S", "6S", "JK"]]}, **options,
    ).apply("draw")


def test_3_9_worked_example_closing() -> None:
    s = worked_example()
    assert "meld KS KH KD" in texts(s.legal_actions())
    s = run(s, ["meld KS KH KD", "discard 10C"])
    assert s.is_over and s.end_reason == "closing"
    assert s.result == {"scores": {"A": 360, "B": -120}}


def test_3_6_1_closing_needs_a_discard() -> None:
    s = setup({"P1": ["KS", "KH"]}, stock=["KD", "9D", "10D"], taken={"A": True, "B": False},
              melds={"A": [CLEAN7]}).apply("draw")
    assert "meld KS KH KD" not in texts(s.legal_actions())


def test_3_6_1_closing_needs_the_pozzetto_and_a_burraco() -> None:
    no_burraco = setup({"P1": ["KS", "KH", "KD"]}, stock=["10C", "9D", "10D"],
                       taken={"A": True, "B": False}, melds={"A": [CLEAN7[:6]]}).apply("draw")
    assert "meld KS KH KD" not in texts(no_burraco.legal_actions())
    # without the pozzetto, the last discard takes the pozzetto instead of closing
    no_pozzetto = setup({"P1": ["KS", "KH", "KD"]}, stock=["10C", *FILLER],
                        melds={"A": [CLEAN7]}).apply("draw")
    s = run(no_pozzetto, ["meld KS KH KD", "discard 10C"])
    assert not s.is_over and s.taken == (True, False) and s.sizes[0] == 11


def test_3_6_1_closing_discard_may_not_be_wild() -> None:
    kw = {"stock": ["JK", "9D", "10D"], "taken": {"A": True, "B": False},
          "melds": {"A": [CLEAN7]}}
    s = setup({"P1": ["KS", "KH", "KD"]}, **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" not in texts(s.legal_actions())
    s = setup({"P1": ["KS", "KH", "KD"]}, closing_discard_wild_forbidden=False,
              **kw).apply("draw")  # type: ignore[arg-type]
    s = run(s, ["meld KS KH KD", "discard JK"])
    assert s.is_over and s.end_reason == "closing"


def test_3_6_1_closing_requires_clean_burraco_variant() -> None:
    dirty = ["3H", "4H", "5H", "JK", "7H", "8H", "9H"]
    kw = {"stock": ["10C", "9D", "10D"], "taken": {"A": True, "B": False}}
    s = setup({"P1": ["KS", "KH", "KD"]}, melds={"A": [dirty]}, **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" in texts(s.legal_actions())
    s = setup({"P1": ["KS", "KH", "KD"]}, melds={"A": [dirty]}, closing_requires="clean_burraco",
              **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" not in texts(s.legal_actions())
    s = setup({"P1": ["KS", "KH", "KD"]}, melds={"A": [CLEAN7]}, closing_requires="clean_burraco",
              **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" in texts(s.legal_actions())


def test_3_5_pozzetto_al_volo_continues_the_turn() -> None:
    s = setup({"P1": ["3H", "4H", "5H"]}, stock=["6H", *FILLER]).apply("draw")
    packet = s.pozzetti[0]
    s = s.apply("meld 3H 4H 5H 6H")
    assert s.current_player == "P1" and s.phase == "play"
    assert s.hand_indices(0) == sorted(packet)
    assert s.taken == (True, False) and len(s.pozzetti) == 1
    s = s.apply("meld 3S 4S 5S 6S 7S")  # the pozzetto's cards are playable at once
    s = s.apply("discard KS")
    assert s.current_player == "P2"


def test_3_5_pozzetto_with_the_discard_ends_the_turn() -> None:
    s = setup({"P1": ["3H", "4H", "5H"]}, stock=["9C", *FILLER]).apply("draw")
    s = run(s, ["meld 3H 4H 5H", "discard 9C"])
    assert s.current_player == "P2" and s.taken == (True, False) and s.sizes[0] == 11
    # a wild may be the discard that takes the pozzetto (it is not a closing)
    s = setup({"P1": ["3H", "4H", "5H"]}, stock=["JK", *FILLER]).apply("draw")
    assert "discard JK" in texts(run(s, ["meld 3H 4H 5H"]).legal_actions())


def test_3_5_taken_pozzetto_counts_as_held_cards() -> None:
    # the stock ends this turn: the pozzetto P1 just took is scored as cards in hand
    s = setup({"P1": ["3H", "4H", "5H"], "P3": ["QD"]}, stock=["9C", "9D", "10D"],
              discard=["KC"]).apply("draw")
    assert s.ending
    s = run(s, ["meld 3H 4H 5H", "discard 9C"])
    assert s.is_over and s.end_reason == "stock"
    pozzetto = sum(VALUE[c] for c in s.hand_indices(0))
    assert s.result["scores"]["A"] == 15 - pozzetto - VALUE[idx("QD")[0]]


def test_3_6_2_stock_end_after_the_third_last_card() -> None:
    s = setup({"P1": ["3H", "4H", "5H", "9C"]}, stock=["9D", "10D", "6D"])
    s = s.apply("draw")
    assert s.ending and s.stock_left == 2
    s = run(s, ["meld 3H 4H 5H", "discard 9C"])
    assert s.is_over and s.end_reason == "stock"
    held_a = sum(VALUE[c] for c in s.hand_indices(0) + s.hand_indices(2))
    held_b = sum(VALUE[c] for c in s.hand_indices(1) + s.hand_indices(3))
    assert s.result == {"scores": {"A": 15 - held_a - 100, "B": -held_b - 100}}


def test_3_6_2_a_player_may_still_close_on_the_last_turn() -> None:
    s = setup({"P1": ["KS", "KH", "KD"]}, stock=["10C", "9D", "10D"],
              taken={"A": True, "B": False}, melds={"A": [CLEAN7]}).apply("draw")
    assert s.ending
    s = run(s, ["meld KS KH KD", "discard 10C"])
    assert s.end_reason == "closing" and s.result["scores"]["A"] == 45 + 200 + 30 + 100 - 20


def test_3_6_2_untaken_pozzetti_refill_the_stock_variant() -> None:
    s = setup({"P1": ["3H", "9C"]}, stock=["9D"], stock_end="untaken_pozzetto_refills")
    s = s.apply("draw")
    assert not s.ending and s.stock_left == 11 and len(s.pozzetti) == 1
    s = setup({"P1": ["3H", "9C"]}, stock=["9D"], pozzetti=[],
              stock_end="untaken_pozzetto_refills").apply("draw")
    assert s.ending
    assert run(s, ["discard 9C"]).end_reason == "stock"


def test_3_6_3_stalemate_after_four_one_card_pickups() -> None:
    s = setup({"P1": ["5H", "7S"], "P2": ["6H", "8S"], "P3": ["4H", "9S"], "P4": ["3H", "10S"]},
              discard=["KC"])
    s = run(s, ["P1 pickup", "P1 discard 5H", "P2 pickup", "P2 discard 6H", "P3 pickup",
                "P3 discard 4H"])
    assert not s.is_over and s.stall == 3
    s = run(s, ["P4 pickup", "P4 discard 3H"])
    assert s.is_over and s.end_reason == "stalemate"
    assert s.result == {"scores": {"A": -30 - 100, "B": -30 - 100}}


def test_3_6_3_stalemate_count_is_an_option_and_resets_on_a_draw() -> None:
    s = setup({"P1": ["5H", "7S"], "P2": ["6H", "8S"], "P3": ["4H", "9S"]}, discard=["KC"],
              stalemate_turns=2)
    s = run(s, ["P1 pickup", "P1 discard 5H", "P2 draw", "P2 discard 6H"])
    assert s.stall == 0 and len(s.discard) == 2
    s = run(s, ["P3 pickup", "P3 discard 4H", "P4 pickup", "P4 discard 7D"])
    assert not s.is_over and s.stall == 1  # P3 took two cards: no stalemate turn
    s = run(s, ["P1 pickup", "P1 discard 7S"])
    assert s.end_reason == "stalemate"


def test_3_3_meld_ownership_player_variant() -> None:
    actions = ["P1 draw", "P1 meld 3H 4H 5H", "P1 discard 9C", "P2 draw", "P2 discard 9D",
               "P3 draw"]
    for ownership, allowed in (("team", True), ("player", False)):
        s = setup({"P1": ["3H", "4H", "5H", "9C"], "P3": ["6H", "JD"]},
                  stock=["QC", *FILLER], meld_ownership=ownership)
        s = run(s, actions)
        assert ("add 1 6H" in texts(s.legal_actions())) is allowed
        if not allowed:
            with pytest.raises(IllegalActionError, match="partner"):
                s.apply("add 1 6H")
