"""Bourloto's actions, interned, and their text notation (RULES.md §0.2, §1.2-§1.4).

Every action the engine hands out is one of the objects built here, so the engine compares
them by identity and looks them up in tables (``plain_plays`` turns a mask of legal cards into
its play actions with one lookup per suit).

>>> str(parse_bourloto_action("PLAY kh DECLARE bourlot")), str(parse_bourloto_action("name h"))
('play KH bourlot declare', 'name H')
>>> from trapoula.cards import parse_cards, mask_of
>>> [str(a) for a in plain_plays(mask_of(parse_cards("7S AH 10H")))]
['play 7S', 'play 10H', 'play AH']
"""

from __future__ import annotations

from trapoula.cards import Card, Suit
from trapoula.cards.cardset import bit_indices
from trapoula.core.action import Action, action_text
from trapoula.errors import ParseError

__all__ = [
    "ACTIONS", "AGREE_ACTS", "ANSWER_ACTS", "APPROVE", "BID1_ACTS", "BID2_ACTS", "CUT",
    "DECLARE_ACTS", "NAME_ACTIONS", "PASS_ACTS", "PLAIN_CARD", "PLAY_ACTIONS", "REDEAL_ACTS",
    "SWAP_ACTS", "TEXT", "parse_bourloto_action", "plain_plays", "show_action",
]

# per card index: the play action with no word, 'bourlot', 'declare', both (flags 0..3)
_WORDS = ((), ("bourlot",), ("declare",), ("bourlot", "declare"))
PLAY_ACTIONS: list[tuple[Action, ...]] = [
    tuple(Action("play", (Card.from_index(i),), words=w) for w in _WORDS) for i in range(52)
]
ACTIONS = {
    k: Action(k)
    for k in ("agree", "disagree", "declare", "pass", "take", "exchange", "keep", "redeal")
}
NAME_ACTIONS = tuple(Action("name", suit=s) for s in Suit)
APPROVE, CUT = Action("approve"), Action("cut")

AGREE_ACTS = (ACTIONS["agree"], ACTIONS["disagree"])
BID1_ACTS = (ACTIONS["take"], ACTIONS["pass"])
# round 2: every suit but the upcard's (index = the upcard's suit), or every suit (index 4)
BID2_ACTS = tuple(
    tuple(NAME_ACTIONS[s] for s in range(4) if s != up) + (ACTIONS["pass"],) for up in range(5)
)
SWAP_ACTS = (ACTIONS["exchange"],)
REDEAL_ACTS = (ACTIONS["redeal"],)
DECLARE_ACTS = (ACTIONS["declare"], ACTIONS["pass"])
PASS_ACTS = (ACTIONS["pass"],)
ANSWER_ACTS = (APPROVE, CUT)

# the card of each plain play action (no word), by the action itself
PLAIN_CARD: dict[Action, int] = {p[0]: i for i, p in enumerate(PLAY_ACTIONS)}
# the text of each action without cards (the bid history keeps it)
TEXT: dict[Action, str] = {a: str(a) for a in (*ACTIONS.values(), *NAME_ACTIONS)}

_PLAIN = tuple(p[0] for p in PLAY_ACTIONS)
# plain play actions of each suit's 8-bit rank pattern (ranks 7..A are bits 5..12)
_BY_SUIT = tuple(
    tuple(
        tuple(_PLAIN[13 * suit + 5 + i] for i in range(8) if pattern >> i & 1)
        for pattern in range(256)
    )
    for suit in range(4)
)
_A0, _A1, _A2, _A3 = _BY_SUIT


def plain_plays(mask: int) -> tuple[Action, ...]:
    """The plain play actions (no word) of the 32-card pack's cards in ``mask``, in card
    order: one table lookup per suit."""
    return (
        _A0[mask >> 5 & 0xFF] + _A1[mask >> 18 & 0xFF] + _A2[mask >> 31 & 0xFF]
        + _A3[mask >> 44 & 0xFF]
    )


_SHOW_ACTS: dict[int, Action] = {}  # by the shown cards' mask


def show_action(mask: int) -> Action:
    """The (interned) action showing the cards of ``mask``."""
    act = _SHOW_ACTS.get(mask)
    if act is None:
        cards = tuple(Card.from_index(i) for i in bit_indices(mask))
        act = _SHOW_ACTS[mask] = Action("show", cards)
    return act


_BY_TEXT: dict[str, Action] = {str(a): a for a in ACTIONS.values()}
_BY_TEXT.update({str(a): a for a in NAME_ACTIONS})
_BY_TEXT.update({str(a): a for a in ANSWER_ACTS})
_FORMS = (
    "agree, disagree, declare, pass, take, name S, exchange, keep, redeal, "
    "play C [bourlot] [declare], show C C C..., approve, cut"
)


def parse_bourloto_action(text: object) -> Action:
    """Parse Bourloto action text (any case; the words after a card in any order)."""
    raw = action_text(text).strip().split()
    words = [w.lower() for w in raw]
    if not words:
        raise ParseError(f"empty action; actions are: {_FORMS}")
    if words[0] == "play":
        if len(words) < 2:
            raise ParseError("'play' needs a card, e.g. 'play 10H'")
        card = Card.parse(raw[1])
        extra = words[2:]
        if len(set(extra)) != len(extra) or any(w not in ("bourlot", "declare") for w in extra):
            raise ParseError(
                f"after 'play {card}' only the words 'bourlot' and/or 'declare' may follow; "
                f"got {' '.join(extra)!r}"
            )
        flags = (1 if "bourlot" in extra else 0) | (2 if "declare" in extra else 0)
        if card.is_joker:
            raise ParseError("Bourloto has no jokers")
        return PLAY_ACTIONS[card.index][flags]
    if words[0] == "name":
        if len(words) != 2:
            raise ParseError("'name' needs one suit, e.g. 'name H'")
        from trapoula.cards import parse_suit

        return NAME_ACTIONS[parse_suit(words[1])]
    if words[0] == "show":
        if len(words) < 4:
            raise ParseError("'show' needs the 3 to 5 cards of a run or the four of a kind, "
                             "e.g. 'show 9H 10H JH'")
        mask = 0
        for w in raw[1:]:
            card = Card.parse(w)
            if card.is_joker or mask >> card.index & 1:
                raise ParseError(f"'show' needs distinct cards of the pack; got {w!r}")
            mask |= 1 << card.index
        return show_action(mask)
    action = _BY_TEXT.get(" ".join(words))
    if action is None:
        raise ParseError(f"not a Bourloto action: {text!r}; actions are: {_FORMS}")
    return action
