"""Trick play: legal cards (RULES.md §1.4) and the trick winner, on bitmasks.

>>> from trapoula.cards import parse_cards, mask_of, format_mask, Suit
>>> hand = mask_of(parse_cards("AH JH 7C"))
>>> trick = [c.index for c in parse_cards("AS 9H")]
>>> format_mask(legal_mask(hand, trick, Suit.H, overtrump=True, partner_exception=False))
'JH'
>>> format_mask(legal_mask(hand, trick, Suit.H, overtrump=False, partner_exception=False))
'JH AH'
>>> trick_winner([c.index for c in parse_cards("10S AS 7H KS")], Suit.H)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from trapoula.cards import SUIT_MASKS
from trapoula.games.bourloto.tables import ABOVE_TRUMP, STRENGTH, TRUMP_STRENGTH

__all__ = ["legal_mask", "trick_winner"]


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """0-based position of the card that wins ``trick`` (card indices, leader first)."""
    led = trick[0] // 13
    best, best_key = 0, -1
    for pos, c in enumerate(trick):
        s = c // 13
        key = TRUMP_STRENGTH[c] if s == trump else (STRENGTH[c] if s == led else -1)
        if key > best_key:
            best, best_key = pos, key
    return best


def legal_mask(
    hand: int, trick: Sequence[int], trump: int, *, overtrump: bool, partner_exception: bool
) -> int:
    """The cards of ``hand`` the player may play to ``trick`` (empty = he leads)."""
    if not trick:
        return hand
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[led]
    top = -1
    for c in trick:
        if c // 13 == trump and TRUMP_STRENGTH[c] > top:
            top = TRUMP_STRENGTH[c]
    partner_wins = partner_exception and len(trick) >= 2 and (
        trick_winner(trick, trump) == len(trick) - 2
    )
    if led == trump:
        if follow:
            if overtrump and not partner_wins:
                higher = follow & ABOVE_TRUMP[trump][top + 1]
                if higher:
                    return higher
            return follow
        return hand
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        if partner_wins:
            return hand
        if overtrump:
            higher = trumps & ABOVE_TRUMP[trump][top + 1]
            if higher:
                return higher
        return trumps
    return hand
