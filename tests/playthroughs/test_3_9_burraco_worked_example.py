"""RULES.md §3.9, the Burraco worked example (closing), checked from the rulebook (not a
change detector).

The position is set up from the section's text through the public API (``game.from_setup``):
team A (P1 and P3) has the clean sequence ``3H…9H`` on the table and its pozzetto; P1 draws
``10C``, lays ``KS KH KD`` and closes by discarding ``10C``; P3 holds ``5C QD``.  Team B (P2
and P4) has ``4S 5S 6S JK`` and no pozzetto; P2 holds ``AH JK``, P4 ``3C 4C 9C``.  Every
figure the section states is compared with the engine's: each meld's card points and bonus
(the final view), the value of each hand left (the engine's ``hand_score`` check) and both
teams' hand scores (the result).  A failure here means the engine and the rulebook disagree.
"""

from __future__ import annotations

from typing import Any

import trapoula

SECTION = """\
### 3.9 Worked example (closing)
Team A closes. A's melds: `3H 4H 5H 6H 7H 8H 9H` (clean burraco: 5×5 + 10 + 10 = 45 card points,
+200) and `KS KH KD` (30). Pozzetto taken; closing +100. The closer's partner holds `5C QD` (15).
**A = 45 + 200 + 30 + 100 − 15 = 360.**
Team B: meld `4S 5S 6S JK` (5+5+5+30 = 45). Hands `AH JK` (45) and `3C 4C 9C` (20). Pozzetto never
taken. **B = 45 − 65 − 100 = −120.**"""

CLEAN7 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
# B's pozzetto, still on the table (cards that appear nowhere else in the position)
POZZETTO_B = ["3S", "7S", "8S", "9S", "10S", "JS", "QS", "3D", "4D", "5D", "6D"]


def _closed() -> Any:
    game = trapoula.make("burraco")
    s = game.from_setup({
        "hands": {"P1": ["KS", "KH", "KD"], "P2": ["AH", "JK"], "P3": ["5C", "QD"],
                  "P4": ["3C", "4C", "9C"]},
        "discard": ["KC"], "stock": ["10C", "9D", "10D"], "pozzetti": [POZZETTO_B],
        "taken": {"A": True, "B": False},
        "melds": {"A": [CLEAN7], "B": [["4S", "5S", "6S", "JK"]]}, "to_act": "P1",
    })
    for action in ("draw", "meld KS KH KD", "discard 10C"):
        s = s.apply(action)
    return s


def _held(cards: list[str]) -> int:
    """The engine's value of cards left in hand: the hand score of a team holding only
    them, with its pozzetto taken (so nothing else counts), negated."""
    team = {"melds": [], "held": cards, "took_pozzetto": True, "closed": False}
    game: Any = trapoula.make("burraco")
    return -int(game.check({"check": "hand_score", "team": team}))


def test_3_9_the_section_quoted_here_is_the_rulebook_s() -> None:
    from pathlib import Path

    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "RULES.md").read_text(
        encoding="utf-8")
    assert SECTION in rules


def test_3_9_team_a_closes() -> None:
    """"Team A closes.\" — the hand ends by a closing, P1 out of cards."""
    s = _closed()
    assert s.is_over and s.public_view().end_reason == "closing"
    assert s.public_view().hand_counts == {"P1": 0, "P2": 2, "P3": 2, "P4": 3}


def test_3_9_team_a_melds_and_score() -> None:
    """"A's melds: 3H 4H 5H 6H 7H 8H 9H (clean burraco: 5×5 + 10 + 10 = 45 card points,
    +200) and KS KH KD (30). Pozzetto taken; closing +100. The closer's partner holds 5C QD
    (15). A = 45 + 200 + 30 + 100 − 15 = 360.\""""
    s = _closed()
    melds = {tuple(str(c) for c in m.cards): m for m in s.public_view().melds["A"]}
    seq = melds[tuple(CLEAN7)]
    assert (seq.kind, seq.burraco, seq.points, seq.bonus) == ("sequence", "clean", 45, 200)
    kings = melds[("KS", "KH", "KD")]
    assert (kings.kind, kings.burraco, kings.points, kings.bonus) == ("set", None, 30, 0)
    assert _held(["5C", "QD"]) == 15
    assert s.result["scores"]["A"] == 45 + 200 + 30 + 100 - 15 == 360


def test_3_9_team_b_meld_hands_and_score() -> None:
    """"Team B: meld 4S 5S 6S JK (5+5+5+30 = 45). Hands AH JK (45) and 3C 4C 9C (20).
    Pozzetto never taken. B = 45 − 65 − 100 = −120.\""""
    s = _closed()
    (meld,) = s.public_view().melds["B"]
    assert sorted(str(c) for c in meld.cards) == sorted(["4S", "5S", "6S", "JK"])
    assert (meld.kind, meld.burraco, meld.points, meld.bonus) == ("sequence", None, 45, 0)
    assert (_held(["AH", "JK"]), _held(["3C", "4C", "9C"])) == (45, 20)
    assert s.public_view().pozzetto_taken["B"] is False
    assert s.result["scores"]["B"] == 45 - 65 - 100 == -120
