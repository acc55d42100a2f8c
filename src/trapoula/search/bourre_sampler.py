"""Hidden Bourré hands consistent with what one seat knows (for PIMC).

The unseen cards are the 52 minus the seat's hand, its discards, the cards played and the
upturned trump card (in no hand, RULES.md §2.2.4).  Each other active player holds as many of
them as his hand count; the rest lie in the stock, the discards and the folded hands.

Inferences from the play (RULES.md §2.3): a player who did not follow the led suit holds
none of it, and none of the trumps either when he did not trump; one who followed low while
the led suit was winning holds nothing of it above the winning card; one who trumped low on a
trump holds no trump above it; and a leader who did not lead his highest trump under the
forced-lead rule holds none of the A, K, Q of trumps (a trump lead of Q or better was his
highest trump).

>>> import random, trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=2)
>>> while s.phase == "decide":
...     s = s.apply("stay")
>>> info = bourre_constraints(s.view(s.current_player), s.game.options)
>>> hands = sample_bourre_hands(info, random.Random(1))
>>> sorted(h.bit_count() for h in hands.values())
[5, 5, 5]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from trapoula.cards import FULL_52, SUIT_MASKS
from trapoula.games.bourre.play import ABOVE, AKQ_MASKS, trick_winner

__all__ = ["BourreConstraints", "bourre_constraints", "sample_bourre_hands"]


@dataclass(frozen=True)
class BourreConstraints:
    me: int
    hand: int
    pool: int  # unseen cards
    counts: dict[int, int]  # other active seat -> cards held
    allowed: dict[int, int]  # other active seat -> cards it may hold


def bourre_constraints(view: Any, opts: Any) -> BourreConstraints:
    """The constraints from a play-phase Bourré view."""
    me = int(view.seat[1:]) - 1
    trump = int(view.trump)
    tm = SUIT_MASKS[trump]
    hand = 0
    for c in view.hand:
        hand |= 1 << c.index
    gone = hand
    for c in view.my_discards:
        gone |= 1 << c.index
    if opts.trump_card == "stock_top":
        gone |= 1 << view.trump_card.index
    banned: dict[int, int] = {}
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    forced = opts.forced_lead
    for plays in tricks:
        cards = [c.index for _, c in plays]
        for _, c in plays:
            gone |= 1 << c.index
        lead_seat = int(plays[0][0][1:]) - 1
        lead = cards[0]
        if forced == "any_of_AKQ":
            if lead // 13 != trump or not (1 << lead) & AKQ_MASKS[trump]:
                banned[lead_seat] = banned.get(lead_seat, 0) | AKQ_MASKS[trump]
            else:
                banned[lead_seat] = banned.get(lead_seat, 0) | (ABOVE[lead] & tm)
        led = lead // 13
        for pos in range(1, len(plays)):
            s = int(plays[pos][0][1:]) - 1
            c = cards[pos]
            win = cards[trick_winner(cards[:pos], trump)]
            b = banned.get(s, 0)
            if c // 13 != led:
                b |= SUIT_MASKS[led]
                if c // 13 != trump:
                    b |= tm
                elif win // 13 == trump and c < win:
                    b |= ABOVE[win] & tm
            elif win // 13 == led and c < win:
                b |= ABOVE[win] & SUIT_MASKS[led]
            banned[s] = b
    pool = FULL_52 & ~gone
    counts = {}
    allowed = {}
    for seat_txt in view.staying:
        s = int(seat_txt[1:]) - 1
        if s == me:
            continue
        counts[s] = int(view.hand_counts[seat_txt])
        allowed[s] = pool & ~banned.get(s, 0)
    return BourreConstraints(me, hand, pool, counts, allowed)


def sample_bourre_hands(info: BourreConstraints, rng: random.Random,
                        tries: int = 200) -> dict[int, int]:
    """The seat's hand and a consistent random hand for each other active seat."""
    seats = sorted(info.counts)
    for attempt in range(tries + 1):
        relax = attempt == tries
        room = dict(info.counts)
        hands = {s: 0 for s in seats}
        cards = []
        m = info.pool
        while m:
            low = m & -m
            c = low.bit_length() - 1
            holders = seats if relax else [s for s in seats if info.allowed[s] >> c & 1]
            cards.append((len(holders), rng.random(), c, holders))
            m ^= low
        cards.sort()
        spare = info.pool.bit_count() - sum(room.values())  # room outside the hands
        ok = spare >= 0
        for _, _, c, holders in cards:
            if not ok:
                break
            total = sum(room[s] for s in holders) + spare
            if total <= 0:
                ok = False
                break
            x = rng.random() * total
            chosen = -1
            for s in holders:
                x -= room[s]
                if x < 0:
                    chosen = s
                    break
            if chosen < 0:
                spare -= 1
                continue
            hands[chosen] |= 1 << c
            room[chosen] -= 1
        if ok and all(r == 0 for r in room.values()):
            hands[info.me] = info.hand
            return hands
    raise ValueError("no deal fits the seat's view")
