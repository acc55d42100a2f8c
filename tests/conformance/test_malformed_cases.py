"""scenarios.md: "an unknown check, game, preset, option or malformed field is an ERROR for
that case, never a pass".  Each case below is deliberately malformed in one field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from trapoula.core.conformance import run_case, run_paths

LEGAL = {"id": "L", "game": "bourloto", "preset": "gr", "check": "legal_plays", "trump": "H",
         "trick": ["AS", "9H"], "hand": ["AH", "JH", "7C"], "expect": ["JH"]}
DEAL = {
    "id": "D", "game": "bourloto", "preset": "gr", "check": "deal",
    "setup": {"phase": "play", "trump": "H", "buyer": "A", "hands": {
        "P1": ["JC", "QC", "10D", "KD", "8H", "9H", "QS", "AS"],
        "P2": ["7C", "QD", "AD", "7H", "QH", "KH", "AH", "7S"],
        "P3": ["8C", "9C", "10C", "7D", "9D", "10H", "10S", "KS"],
        "P4": ["KC", "AC", "8D", "JD", "JH", "8S", "9S", "JS"]}},
    "actions": ["P1 play 9H", "P2 play 7H"],
    "expect": {"legal": [{"before": 1, "actions": [
        f"play {c}{w}" for c in ("7H", "QH", "KH", "AH")
        for w in ("", " declare", *((" bourlot", " bourlot declare") if c in "QHKH" else ()))]}],
        "illegal": []},
}
FIFTH = {
    "id": "F", "game": "bourre", "preset": "ru", "options": {"trump_card": "dealer_fifth"},
    "players": 3, "check": "deal",
    "setup": {"hands": {"P1": ["2H", "3H", "4H", "5H", "6H"], "P2": ["2C", "3C", "4C", "5C", "6C"],
                        "P3": ["2D", "3D", "4D", "5D", "AS"]}, "trump_card": "AS", "pot": 3},
    "actions": ["P1 fold", "P2 fold", "P3 fold"], "expect": {"illegal": [{"at": 2}]},
}
BURRACO = {"id": "B", "game": "burraco", "check": "meld", "cards": ["3S", "4S", "5S"],
           "expect": {"valid": True, "kind": "sequence", "clean": True, "points": 15,
                      "burraco": None, "bonus": 0}}


def _with(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    case = copy.deepcopy(base)
    *keys, last = path.split(".")
    node: Any = case
    for k in keys:
        node = node[int(k)] if isinstance(node, list) else node[k]
    if value is _DELETE:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return case


_DELETE = object()

MALFORMED = [
    ("card not in the pack (hand)", _with(LEGAL, "hand", ["AH", "2S", "7C"])),
    ("card not in the pack (trick)", _with(LEGAL, "trick", ["AS", "2H"])),
    ("card not in the pack (expect)", _with(LEGAL, "expect", ["2S"])),
    ("a card twice", _with(LEGAL, "hand", ["AH", "AS", "7C"])),
    ("not a card", _with(LEGAL, "hand", ["AH", "XX"])),
    ("cards not a list", _with(LEGAL, "hand", "AH JH")),
    ("bad suit", _with(LEGAL, "trump", "X")),
    ("missing trump", _with(LEGAL, "trump", _DELETE)),
    ("trick too long", _with(LEGAL, "trick", ["AS", "9H", "KS", "QS"])),
    ("unknown field with data", _with(LEGAL, "tricks", ["AS"])),
    ("options not an object", _with(LEGAL, "options", ["x"])),
    ("unknown option", _with(LEGAL, "options", {"no_such_option": 1})),
    ("bad option value", _with(LEGAL, "options", {"capot_mode": "x"})),
    ("unknown preset", _with(LEGAL, "preset", "xx")),
    ("preset not text", _with(LEGAL, "preset", 3)),
    ("unknown game", _with(LEGAL, "game", "belote")),
    ("unknown check", _with(LEGAL, "check", "legal_cards")),
    ("no expect", _with(LEGAL, "expect", _DELETE)),
    ("no id", _with(LEGAL, "id", _DELETE)),
    ("trick_winner index past the trick",
     {"id": "T", "game": "bourloto", "check": "trick_winner", "trump": "H",
      "trick": ["AS", "KS", "QS", "JS"], "expect": 4}),
    ("card_points expect not a number",
     {"id": "C", "game": "bourloto", "check": "card_points", "trump": "H", "cards": ["JH"],
      "expect": "20"}),
    ("declarations expect shape",
     {"id": "E", "game": "bourloto", "check": "declarations", "trump": "H",
      "hand": ["7S", "8S", "9S"], "expect": 20}),
    ("deal_score buyer",
     {"id": "S", "game": "bourloto", "preset": "gr", "check": "deal_score", "buyer": "C",
      "tricks": {"A": 100, "B": 62}, "capot": None, "declarations": {"A": 0, "B": 0},
      "expect": {"A": 100, "B": 62, "hanging": 0}}),
    ("deal_score team key",
     {"id": "S2", "game": "bourloto", "preset": "gr", "check": "deal_score", "buyer": "A",
      "tricks": {"A": 100, "C": 62}, "capot": None, "declarations": {"A": 0, "B": 0},
      "expect": {"A": 100, "B": 62, "hanging": 0}}),
    ("match winner", {"id": "M", "game": "bourloto", "check": "match",
                      "scores_before": {"A": 0, "B": 0}, "deal": {"A": 10, "B": 0},
                      "expect": {"scores": {"A": 10, "B": 0}, "winner": "X",
                                 "extra_deals": 0}}),
    ("deal: card not in the pack", _with(DEAL, "setup.hands.P1.0", "2S")),
    ("deal: legal before past the end", _with(DEAL, "expect.legal.0.before", 3)),
    ("deal: legal before negative", _with(DEAL, "expect.legal.0.before", -1)),
    ("deal: illegal at past the end", _with(DEAL, "expect.illegal", [{"at": 2}])),
    ("deal: illegal at not a number", _with(DEAL, "expect.illegal", [{"at": "1"}])),
    ("deal: legal item without actions", _with(DEAL, "expect.legal", [{"before": 0}])),
    ("deal: legal action unparseable", _with(DEAL, "expect.legal.0.actions", ["fly 7H"])),
    ("deal: unknown expect field", _with(DEAL, "expect.legel", [])),
    ("deal: action unparseable", _with(DEAL, "actions", ["P1 play 9H", "P2 plya 7H"])),
    ("deal: no such seat", _with(DEAL, "actions", ["P1 play 9H", "P9 play 7H"])),
    ("deal: nothing checked", _with(DEAL, "expect", {})),
    ("deal: setup not an object", _with(DEAL, "setup", ["x"])),
    ("burraco: card not in the pack", _with(BURRACO, "cards", ["3S", "4S", "XS"])),
    ("burraco: valid not a bool", _with(BURRACO, "expect", {"valid": "yes"})),
    ("dealer_draw: no such seat", {"id": "DD", "game": "burraco", "check": "dealer_draw",
                                   "draws": {"P9": "5H"}, "expect": {"dealer": "P9"}}),
    # scenarios.md setup: with trump_card="dealer_fifth" the trump card is listed in the
    # dealer's hand too, and must be; a card listed twice anywhere else stays an error
    ("dealer_fifth: trump card listed apart, not in the dealer's hand",
     _with(FIFTH, "setup.hands.P3", ["2D", "3D", "4D", "5D"])),
    ("dealer_fifth: trump card in another player's hand",
     _with(FIFTH, "setup.hands.P1", ["AS", "3H", "4H", "5H", "6H"])),
    ("dealer_fifth: trump card also in the stock", _with(FIFTH, "setup.stock", ["AS"])),
    ("dealer_fifth: trump card not the dealer's (dealer P1)", _with(FIFTH, "setup.dealer", "P1")),
    ("dealer_fifth: another card twice", _with(FIFTH, "setup.hands.P1.0", "2D")),
    ("stock_top: trump card also in a hand", _with(FIFTH, "options", {})),
    ("settle: tricks not a number", {"id": "ST", "game": "bourre", "check": "settle", "pot": 8,
                                     "players": {"P1": {"tricks": "5"}, "P2": "folded"},
                                     "expect": {"payouts": {}, "bourre": {}, "carry": 0}}),
]


@pytest.mark.parametrize("why, case", MALFORMED, ids=[w for w, _ in MALFORMED])
def test_malformed_case_is_an_error(why: str, case: dict[str, Any]) -> None:
    status, message = run_case(case)
    assert status == "ERROR", f"{why}: {status} {message}"
    assert message


@pytest.mark.parametrize("case", [LEGAL, DEAL, BURRACO, FIFTH],
                         ids=["legal", "deal", "burraco", "dealer_fifth"])
def test_the_well_formed_originals_pass(case: dict[str, Any]) -> None:
    assert run_case(case) == ("PASS", "")


def test_the_runner_reports_errors_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "trapoula-scenarios/1",
                                "cases": [LEGAL, _with(LEGAL, "hand", ["2S"])]}))
    out = _Out()
    assert run_paths([str(path)], out=out) == 1  # type: ignore[arg-type]
    assert out.text.splitlines() == [
        "PASS L", "ERROR L: 'hand': 2S is not in the bourloto pack", "1 passed, 1 failed"]


def test_s2_2_4_dealer_fifth_setup_errors_say_what_is_wrong() -> None:
    status, why = run_case(_with(FIFTH, "setup.hands.P3", ["2D", "3D", "4D", "5D"]))
    assert (status, why) == ("ERROR", "'setup.trump_card': AS must be listed in P3's hand too "
                                      "(with trump_card='dealer_fifth' it is the dealer's own "
                                      "fifth card)")
    status, why = run_case(_with(FIFTH, "options", {}))
    assert (status, why) == ("ERROR", "'setup.trump_card': AS appears more often than the pack "
                                      "holds (1)")


class _Out:
    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)
