"""Trick play (RULES.md §2.3): legal cards, the forced trump lead and the trick winner.

Cards are global indices (``suit * 13 + rank - 2``), so within a suit a higher index is a
higher card (A high); hands are bitmasks.

>>> from trapoula.cards import parse_cards, mask_of, format_mask, Suit
>>> hand = mask_of(parse_cards("QS 3S AH 2D 5C"))
>>> format_mask(legal_mask(hand, [], Suit.S, "any_of_AKQ"))
'QS'
>>> format_mask(legal_mask(hand, [], Suit.S, "cinch_AKQ"))
'3S QS AH 2D 5C'
>>> trick = [c.index for c in parse_cards("9H 6S")]
>>> format_mask(legal_mask(mask_of(parse_cards("3S 10S AD")), trick, Suit.S, "any_of_AKQ"))
'10S'
>>> trick_winner([c.index for c in parse_cards("9H KH 2S AH")], Suit.S)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from trapoula.cards import SUIT_MASKS

__all__ = ["ABOVE", "AKQ_MASKS", "FORCED_LEAD_MODES", "legal_mask", "lead_mask", "trick_winner"]

FORCED_LEAD_MODES = ("any_of_AKQ", "cinch_AKQ", "none")

# ABOVE[c]: the cards of c's suit higher than c
ABOVE: tuple[int, ...] = tuple(
    SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52)
)
# the Q, K and A of each suit
AKQ_MASKS: tuple[int, ...] = tuple(0b111 << (13 * s + 10) for s in range(4))


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """0-based position of the winning card: the highest trump, else the highest of the led suit."""
    led = trick[0] // 13
    best = 0
    best_card = trick[0]
    best_trump = led == trump
    for pos in range(1, len(trick)):
        c = trick[pos]
        s = c // 13
        if s == trump:
            if not best_trump or c > best_card:
                best, best_card, best_trump = pos, c, True
        elif s == led and not best_trump and c > best_card:
            best, best_card = pos, c
    return best


def lead_mask(hand: int, trump: int, forced_lead: str) -> int:
    """The cards a leader may lead: his highest trump when the forced lead applies, else any."""
    akq = AKQ_MASKS[trump]
    held = hand & akq
    if held and (
        (forced_lead == "any_of_AKQ") or (forced_lead == "cinch_AKQ" and held == akq)
    ):
        trumps = hand & SUIT_MASKS[trump]
        return 1 << (trumps.bit_length() - 1)
    return hand


def legal_mask(hand: int, trick: Sequence[int], trump: int, forced_lead: str) -> int:
    """The cards of ``hand`` the player may play to ``trick`` (empty = he leads)."""
    if not trick:
        return lead_mask(hand, trump, forced_lead)
    led = trick[0] // 13
    win = trick[trick_winner(trick, trump)]
    follow = hand & SUIT_MASKS[led]
    if follow:
        if win // 13 == led:
            higher = follow & ABOVE[win]
            return higher if higher else follow
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        if win // 13 == trump:
            higher = trumps & ABOVE[win]
            return higher if higher else trumps
        return trumps
    return hand
