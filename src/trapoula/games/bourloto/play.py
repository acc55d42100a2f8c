"""Trick play (RULES.md §1.4): the legal cards, the trick winner and the trick close.

:func:`legal_mask` is the one definition of §1.4's legal-move algorithm in the engine (the
state's ``legal_actions``, the checks, search and the bots all call it); :func:`end_trick`
is the one trick close (who wins, what the winners take, the last trick's 10).  The numpy
playouts (:mod:`trapoula.accel.bourloto_numpy`) carry the only other copy, pinned to these by
``tests/accel/test_bourloto_agreement.py``.

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
from typing import TYPE_CHECKING

from trapoula.cards import SUIT_MASKS
from trapoula.core.action import Action
from trapoula.games.bourloto import bidding, shows
from trapoula.games.bourloto.actions import (
    PLAY_ACTIONS,
    plain_plays,
)
from trapoula.games.bourloto.context import OVER
from trapoula.games.bourloto.declaring import first_trick_over, say_words
from trapoula.games.bourloto.tables import (
    ABOVE_TRUMP,
    POINTS,
    STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState, Draft

__all__ = ["end_trick", "legal_mask", "play_actions", "play_card", "trick_winner"]

# trick-taking keys per (trump, led suit): trumps 8..15, the led suit 0..7, others -1
TRICK_KEYS = tuple(
    tuple(
        TRUMP_STRENGTH[c] if c // 13 == trump else (STRENGTH[c] if c // 13 == led else -1)
        for c in range(52)
    )
    for trump in range(4)
    for led in range(4)
)
# per trump and card: the trumps that beat the card (every trump when it is not a trump)
_BEATS = tuple(
    tuple(
        ABOVE_TRUMP[trump][(TRUMP_STRENGTH[c] if c // 13 == trump else -1) + 1]
        for c in range(52)
    )
    for trump in range(4)
)
# a trick's cards added to the winning team's packed tally, per trump: card points
# | trump points << 10 (the ru meza); a trick << 20 is added once per trick
_TALLY_ADD = tuple(
    tuple(
        (TRUMP_POINTS[c] if c // 13 == trump else POINTS[c])
        | (TRUMP_POINTS[c] if c // 13 == trump else 0) << 10
        for c in range(52)
    )
    for trump in range(4)
)
_BIT = tuple(1 << i for i in range(52))


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """0-based position of the card that wins ``trick`` (card indices, leader first): the
    highest trump, else the highest card of the led suit."""
    keys = TRICK_KEYS[trump * 4 + trick[0] // 13]
    best, best_key = 0, -1
    for pos, c in enumerate(trick):
        if keys[c] > best_key:
            best, best_key = pos, keys[c]
    return best


def legal_mask(
    hand: int, trick: Sequence[int], trump: int, overtrump: bool, partner_exception: bool
) -> int:
    """The cards of ``hand`` the player may play to ``trick`` (empty = he leads): §1.4's
    legal-move algorithm, with ``partner_exception`` (no duty to trump or overtrump while the
    partner holds the trick)."""
    if not trick:
        return hand  # a free lead
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[led]
    if led != trump:
        if follow:
            return follow  # a plain suit led and followed: no duty to beat
        trumps = hand & SUIT_MASKS[trump]
        if not trumps:
            return hand
        if partner_exception and len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2:
            return hand
    else:
        if not follow:
            return hand
        trumps = follow
        if partner_exception and len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2:
            return trumps
    if overtrump:  # the trumps that beat every trump of the trick, if he has one
        beats = _BEATS[trump]
        higher = trumps
        for c in trick:
            higher &= beats[c]
        if higher:
            return higher
    return trumps


def play_actions(s: BourlotoState) -> tuple[Action, ...]:
    """The legal actions of the play phase: the legal cards (:func:`legal_mask`), each with
    the words it may carry ('bourlot', trick 1's 'declare'), then a show (§1.3, ``in_play``),
    the seven exchange and a late redeal (§1.2) where they are open."""
    ctx = s._ctx
    seat = s._turn
    opts = ctx.opts
    hand = ctx.hands[seat] & s._left
    mask = legal_mask(hand, s.trick, ctx.trump, opts.overtrump_required,
                      opts.partner_exception)
    if ctx.plain[seat]:  # the common case: one action per legal card
        return plain_plays(mask)
    shown = s.declared[3]
    if shown.asking:
        return shows.answer_acts(shown)
    kq = ctx.kq_mask
    if not (kq and hand & kq == kq):
        kq = 0
    extra: tuple[Action, ...] = ()
    if shown.follow_left == s._left:  # the declarer plays after his show
        if opts.follow_declaration:
            mask &= shown.follow
    else:
        extra = bidding.deal_actions(s, seat)  # the seven exchange, a late redeal (§1.2)
        if opts.declaration_timing == "in_play":
            extra = shows.show_acts(s, seat, hand, mask) + extra
    can_declare = not s._tl and ctx.may_declare[seat]
    if not kq and not can_declare:
        return plain_plays(mask) + extra
    out: list[Action] = []
    m = mask
    while m:
        low = m & -m
        i = low.bit_length() - 1
        variants = PLAY_ACTIONS[i]
        b = bool(kq & low)
        out.append(variants[0])
        if b:
            out.append(variants[1])
        if can_declare:
            out.append(variants[2])
            if b:
                out.append(variants[3])
        m ^= low
    return tuple(out) + extra


def play_card(n: Draft, seat: int, card: int, words: tuple[str, ...]) -> None:
    """``seat`` plays ``card`` (with the ``words`` said with it, §1.3): to the trick, or
    closing it (on the new state ``n``)."""
    n._left ^= _BIT[card]
    if words:
        say_words(n, seat, words)
    trick = n.trick
    if len(trick) < 3:
        n.trick = trick + (card,)
        n._turn = (seat + 1) & 3
    else:
        end_trick(n, trick, card, seat)


def end_trick(n: Draft, trick: Sequence[int], card: int, seat: int) -> None:
    """The trick close (the one definition): ``seat`` completes ``trick`` with ``card`` on
    the new state ``n``.  The highest trump, else the highest card of the led suit, wins
    (:func:`trick_winner`, by the same keys); the winners' team takes the four cards' points,
    their trump points (the ru meza) and one trick in the packed tally (``tally``), 10 more for
    the last trick; the winner leads next.  After the first trick, trick-1 declarations are
    compared (§1.3.2); after the eighth the deal is over.

    >>> import trapoula
    >>> s = trapoula.make("bourloto", "gr").new_deal(seed=2).apply("P1 take")
    >>> for _ in range(4):
    ...     s = s.apply(s.legal_actions()[0])
    >>> [str(e) for e in s.history[1:]], s.current_player, s.tally  # spades are trumps
    (['P1 play QS', 'P2 play AS', 'P3 play 9S', 'P4 play JS'], 'P4', (0, 48, 0, 48, 0, 1))
    """
    c0, c1, c2 = trick
    ctx = n._ctx
    trump = ctx.trump
    keys = TRICK_KEYS[trump * 4 + c0 // 13]
    pos, best = 0, keys[c0]
    k = keys[c1]
    if k > best:
        pos, best = 1, k
    k = keys[c2]
    if k > best:
        pos, best = 2, k
    if keys[card] > best:
        pos = 3
    winner = (seat + 1 + pos) & 3  # the leader is the seat after the last to play
    add = _TALLY_ADD[trump]
    v = add[c0] + add[c1] + add[c2] + add[card] + (1 << 20)
    tl = n._tl
    last = not n._left
    if last:
        v += 10  # the last trick's 10
    n._tl = tl + (v << 32 if winner & 1 else v)
    n.trick = ()
    n._turn = winner
    if not tl:
        first_trick_over(n)
    if last:
        n._phase = OVER
        n.is_over = True
