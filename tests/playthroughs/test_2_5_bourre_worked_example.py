"""RULES.md §2.5, the Bourré worked example, checked from the rulebook (not a change detector).

Each figure the section states is compared with what the engine shows through its public API:
the deal from a scenario setup (``game.from_setup``) for the pot after each decision, the
tricks and the settlement, and a two-deal session replayed from a record (``trapoula.replay``)
for every player's net and the next pot.  The rulebook gives no hands; the ones below are
built from the section's text so that the play it describes happens (P1 wins three trump
tricks, P2 the last two, P4 none).  A failure here means the engine and the rulebook disagree.
"""

from __future__ import annotations

from typing import Any

import trapoula
from trapoula.cards import deck_52

SECTION = """\
### 2.5 Worked example (4 players, ante 1, trump ♠)
Antes: pot 4. P1 `PLAY(3)` +1 → 5. P2 `PLAY(0)` → 5. P3 `FOLD`. P4 `PLAY(2)` +1 → **6**.
Tricks: P1 3, P2 2, P4 0. P1 takes 6. P4 is bourré and pays 6 into the next pot.
Net for the deal: P1 −1−1+6 = **+4**, P2 **−1**, P3 **−1**, P4 −1−1−6 = **−8** (sum −6 = the
carried 6). Next pot before play: 6 + 4 antes = **10**."""

HANDS = {
    "P1": ["AS", "KS", "4C", "5C", "6C"],  # draws 3: the clubs for QS 2H 3H
    "P2": ["AH", "KH", "9C", "10C", "JC"],  # stays: wins the hearts tricks 4 and 5
    "P3": ["2S", "3S", "4S", "5S", "6S"],  # folds
    "P4": ["2D", "3D", "4D", "5D", "6D"],  # draws 2: 5D 6D for 7D 8D, takes nothing
}
TRUMP_CARD = "7S"
STOCK = ["QS", "2H", "3H", "7D", "8D"]  # top first
DECISIONS = ["P1 draw 4C 5C 6C", "P2 stay", "P3 fold", "P4 draw 5D 6D"]
PLAY = [
    "P1 play AS", "P2 play 9C", "P4 play 2D",  # P1 must lead his highest trump (§2.3)
    "P1 play KS", "P2 play 10C", "P4 play 3D",
    "P1 play QS", "P2 play JC", "P4 play 4D",
    "P1 play 2H", "P2 play AH", "P4 play 7D",
    "P2 play KH", "P4 play 8D", "P1 play 3H",
]


def _game() -> Any:
    return trapoula.make("bourre", players=4, ante=1)


def test_2_5_the_section_quoted_here_is_the_rulebook_s() -> None:
    from pathlib import Path

    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "RULES.md").read_text(
        encoding="utf-8")
    assert SECTION in rules


def test_2_5_pot_after_the_antes_and_each_decision() -> None:
    """"Antes: pot 4. P1 PLAY(3) +1 → 5. P2 PLAY(0) → 5. P3 FOLD. P4 PLAY(2) +1 → 6."
    (read from a spectator's view)."""
    s = _game().from_setup({"hands": HANDS, "trump_card": TRUMP_CARD, "stock": STOCK,
                            "ante": 1, "dealer": "P4"})
    view = s.public_view()
    assert view.trump_card == trapoula.Card.parse(TRUMP_CARD) and view.pot == 4
    pots = []
    for action in DECISIONS:
        s = s.apply(action)
        pots.append(s.public_view().pot)
    assert pots == [5, 5, 5, 6]
    assert list(s.public_view().folded) == ["P3"]


def test_2_5_tricks_and_settlement() -> None:
    """"Tricks: P1 3, P2 2, P4 0. P1 takes 6. P4 is bourré and pays 6 into the next pot.\""""
    s = _game().from_setup({"hands": HANDS, "trump_card": TRUMP_CARD, "stock": STOCK,
                            "ante": 1, "dealer": "P4"})
    for action in DECISIONS + PLAY:
        s = s.apply(action)
    assert s.is_over
    assert dict(s.public_view().tricks_won) == {"P1": 3, "P2": 2, "P4": 0}
    assert s.result == {"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}


def _session_record() -> dict[str, Any]:
    """A session record whose first deal (dealer P4) deals the hands above: cards go one at
    a time from the dealer's left (§2.2.3), then the trump card, then the stock; the second
    deal's pack is any order."""
    top = [HANDS[seat][k] for k in range(5) for seat in ("P1", "P2", "P3", "P4")]
    top += [TRUMP_CARD, *STOCK]
    pack = top + [str(c) for c in deck_52() if str(c) not in top]
    return {
        "format": "trapoula-record/2", "dealing": 2, "game": "bourre", "preset": "ru",
        "options": {"players": 4, "ante": 1, "starting_stack": 100}, "kind": "match",
        "seed": 0, "first_dealer": "P4",
        "deals": [{"dealer": "P4", "deck": pack, "refill_key": 0},
                  {"dealer": "P1", "deck": [str(c) for c in deck_52()], "refill_key": 0}],
        "actions": DECISIONS + PLAY,
    }


def test_2_5_nets_and_the_next_pot() -> None:
    """"Net for the deal: P1 −1−1+6 = +4, P2 −1, P3 −1, P4 −1−1−6 = −8 (sum −6 = the
    carried 6). Next pot before play: 6 + 4 antes = 10.\""""
    session = trapoula.replay(_session_record())
    view = session.public_view()
    assert view.session.deal_number == 2
    assert view.session.last_result == {"payouts": {"P1": 6}, "bourre": {"P4": 6}, "carry": 6}
    assert view.pot == 10
    # the stacks now hold deal 1's net and deal 2's ante (1 each) from 100 each
    net = {seat: stack + 1 - 100 for seat, stack in view.stacks.items()}
    assert net == {"P1": 4, "P2": -1, "P3": -1, "P4": -8}
    assert sum(net.values()) == -6 == -view.session.last_result["carry"]
