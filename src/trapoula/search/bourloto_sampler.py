"""Hidden Bourloto hands consistent with everything one seat knows (for PIMC and ISMCTS).

From a :class:`~trapoula.games.bourloto.view.BourlotoView` in the play phase:

* the cards still unseen (not in the seat's hand, not played) and how many each seat holds;
* **voids**: a seat that did not follow the led suit holds none of it; one that did not trump
  a plain lead it could not follow holds no trump (unless the partner exception excused it);
* **failed overtrumps**: where beating the top trump was required and a seat played a lower
  trump (or followed a trump lead low), it holds no trump above that top trump;
* **known cards**: cards shown in declarations, the other half of an announced Bourlot, and
  the upcard (in the hand of whoever received it; after a seven exchange the exchanger holds
  the upcard and the recipient the seven of trumps).

:func:`sample_hands` draws the unseen cards into the other seats respecting all of this; the
draws put each card with a chance proportional to the free room of the seats that may hold it
(most constrained cards first) and restart on a dead end.  :func:`constraints` also adds, by
default, the soft evidence of the bids and declarations (:mod:`trapoula.search.bourloto_prior`):
per-card weights that make, for instance, a taker likely to hold the trumps his bid implies;
the draws then put each card with a chance proportional to room times weight.

>>> import random, trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.new_deal(seed=4).apply("P1 take")
>>> while s.phase != "play":
...     s = s.apply(s.legal_actions()[0])
>>> info = constraints(s.view("P2"), g.options)
>>> hands = sample_hands(info, random.Random(1))
>>> [h.bit_count() for h in hands], hands[1] == info.hand
([8, 8, 8, 8], True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from trapoula.cards import SUIT_MASKS
from trapoula.core.seats import seat_index
from trapoula.games.bourloto.tables import DECK32_MASK, STRENGTH, TRUMP_STRENGTH
from trapoula.games.bourloto.view import taker_and_exchanger
from trapoula.search.bourloto_prior import (
    DEFAULT_PRIOR,
    BidPrior,
    Tilts,
    bid_tilts,
    declaration_veto,
)

Veto = Callable[[tuple[int, ...], random.Random], bool]
VETOES = 24  # deals a veto may reject in one sample_hands call before one is taken anyway

__all__ = ["BidPrior", "Constraints", "constraints", "sample_hands"]

_SUIT32 = tuple(SUIT_MASKS[s] & DECK32_MASK for s in range(4))


def _trumps_above(trump: int, top: int) -> int:
    """The trumps of strength above ``top`` (trump strength 8..15)."""
    m = 0
    for c in range(13 * trump + 5, 13 * trump + 13):
        if TRUMP_STRENGTH[c] > top:
            m |= 1 << c
    return m


@dataclass(frozen=True)
class Constraints:
    """What a seat knows about the hidden hands (52-card masks, seat indices 0..3)."""

    me: int
    hand: int
    trump: int
    unseen: int
    counts: tuple[int, int, int, int]
    allowed: tuple[int, int, int, int]  # cards each seat may hold
    known: tuple[int, int, int, int]  # unseen cards each seat surely holds
    tilts: Tilts | None = None  # per seat, card -> weight from the bids (bourloto_prior)
    veto: Veto | None = None  # rejects deals that contradict the declarations (idem)


def constraints(view: Any, opts: Any, prior: BidPrior | None = DEFAULT_PRIOR) -> Constraints:
    """The constraints on the other hands from a play-phase ``view``; ``prior`` adds the
    soft evidence of the bids and declarations (:mod:`trapoula.search.bourloto_prior`;
    ``None``: the hard facts only)."""
    me = int(view.seat[1:]) - 1
    trump = int(view.trump)
    tmask = _SUIT32[trump]
    hand = 0
    for c in view.hand:
        hand |= 1 << c.index
    overtrump = bool(opts.overtrump_required)
    pexc = bool(opts.partner_exception)
    banned = [0, 0, 0, 0]
    played = 0
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays in tricks:
        led = plays[0][1].index // 13
        best, best_pos = plays[0][1].index, 0
        top = TRUMP_STRENGTH[best] if led == trump else -1
        played |= 1 << best
        for pos in range(1, len(plays)):
            s = int(plays[pos][0][1:]) - 1
            c = plays[pos][1].index
            played |= 1 << c
            cs = c // 13
            partner_wins = pexc and pos >= 2 and best_pos == pos - 2
            if cs != led:
                banned[s] |= _SUIT32[led]
                if led != trump:
                    if cs != trump:
                        if not partner_wins:
                            banned[s] |= tmask
                    elif overtrump and not partner_wins and top >= 0 and TRUMP_STRENGTH[c] < top:
                        banned[s] |= _trumps_above(trump, top)
            elif cs == trump and overtrump and not partner_wins and TRUMP_STRENGTH[c] < top:
                banned[s] |= _trumps_above(trump, top)
            if _beats(c, best, trump, led):
                best, best_pos = c, pos
            if cs == trump and TRUMP_STRENGTH[c] > top:
                top = TRUMP_STRENGTH[c]
    unseen = DECK32_MASK & ~hand & ~played
    known = [0, 0, 0, 0]
    for d in view.declarations:
        s = int(d.seat[1:]) - 1
        for card in d.cards:
            known[s] |= 1 << card.index
    taker, exchanged = taker_and_exchanger(view)
    if view.upcard is not None:
        recipient = int(view.dealer[1:]) - 1
        if opts.upcard_recipient == "taker" and taker >= 0:
            recipient = taker
        up = view.upcard.index
        if exchanged >= 0:
            known[exchanged] |= 1 << up
            known[recipient] |= 1 << (13 * trump + 5)
        else:
            known[recipient] |= 1 << up
    for e in view.events:
        if e.kind == "play" and e.action is not None and "bourlot" in e.action.words:
            c = e.cards[0].index
            known[seat_index(e.seat)] |= 1 << (c + 1 if c % 13 == 10 else c - 1)  # Q <-> K
    counts = tuple(int(view.hand_counts[f"P{i + 1}"]) for i in range(4))
    known[me] = 0
    for s in range(4):
        known[s] &= unseen
    allowed = [0, 0, 0, 0]
    for s in range(4):
        if s != me:
            allowed[s] = (unseen & ~banned[s]) | known[s]
    info = Constraints(
        me, hand, trump, unseen, (counts[0], counts[1], counts[2], counts[3]),
        (allowed[0], allowed[1], allowed[2], allowed[3]),
        (known[0], known[1], known[2], known[3]),
    )
    if prior is None:
        return info
    tilts = bid_tilts(view, opts, info, prior)
    veto = declaration_veto(view, opts, prior)
    if tilts is None and veto is None:
        return info
    return replace(info, tilts=tilts, veto=veto)


def _beats(c: int, best: int, trump: int, led: int) -> bool:
    def key(x: int) -> int:
        s = x // 13
        return TRUMP_STRENGTH[x] if s == trump else (STRENGTH[x] if s == led else -1)

    return key(c) > key(best)


def sample_hands(info: Constraints, rng: random.Random,
                 tries: int = 200) -> tuple[int, int, int, int]:
    """Four hands: the seat's own and a random consistent deal of the unseen cards."""
    me = info.me
    seats = [s for s in range(4) if s != me]
    tilts, veto = info.tilts, info.veto
    vetoed = 0
    attempt = -1
    while attempt < tries:
        attempt += 1
        relax = attempt == tries  # last resort: only the counts (the inference was wrong)
        hands = [0, 0, 0, 0]
        hands[me] = info.hand
        room = list(info.counts)
        room[me] = 0
        rest = info.unseen
        fixed = 0
        if not relax:
            for s in seats:
                k = info.known[s] & ~fixed
                hands[s] |= k
                room[s] -= k.bit_count()
                fixed |= k
            rest &= ~fixed
        cards = []
        m = rest
        while m:
            low = m & -m
            c = low.bit_length() - 1
            holders = seats if relax else [s for s in seats if info.allowed[s] >> c & 1]
            cards.append((len(holders), rng.random(), c, holders))
            m ^= low
        cards.sort()
        ok = all(r >= 0 for r in room)
        for _, _, c, holders in cards:
            if not ok:
                break
            if tilts is None or relax:
                weights = [room[s] for s in holders]
            else:
                weights = [room[s] * tilts[s].get(c, 1.0) for s in holders]
            total = sum(weights)
            if total <= 0:
                ok = False
                break
            x = rng.random() * total
            for s, w in zip(holders, weights, strict=True):
                x -= w
                if x < 0 and room[s] > 0:
                    break
            else:
                s = next(s for s in holders if room[s] > 0)
            hands[s] |= 1 << c
            room[s] -= 1
        if ok and all(r == 0 for r in room):
            out = (hands[0], hands[1], hands[2], hands[3])
            if veto is not None and not relax and vetoed < VETOES and veto(out, rng):
                vetoed += 1
                attempt -= 1  # a veto does not use up the attempts of the hard constraints
                continue
            return out
    raise ValueError("no deal fits the seat's view (hand counts do not add up)")
