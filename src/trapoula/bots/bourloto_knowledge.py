"""What one Bourloto seat can infer during play: cards still out, voids, known cards, odds.

Built from a :class:`~trapoula.games.bourloto.view.BourlotoView` only (the seat's own hand and
public facts): the cards played, who failed to follow (void in that suit, and in trumps when
he did not trump), who could not overtrump where the rules required it (no higher trump),
cards shown in declarations, the K/Q partner of an announced Bourlot and the upcard's holder.
Unseen cards are then spread over the other three seats by iterative proportional fitting so
that each card sums to 1 and each seat to the number of cards it still holds.

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.new_deal(seed=4).apply("P1 take")
>>> while s.phase != "play":
...     s = s.apply(s.legal_actions()[0])
>>> k = Knowledge(s.view(s.current_player), g.options)
>>> bin(k.unseen).count("1"), round(sum(k.prob[1][c] for c in range(52)), 6)
(24, 8.0)
"""

from __future__ import annotations

from typing import Any

from trapoula.cards import SUIT_MASKS
from trapoula.core.seats import seat_index
from trapoula.games.bourloto.tables import (
    DECK32_MASK,
    POINTS,
    STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)
from trapoula.games.bourloto.view import taker_and_exchanger

__all__ = [
    "HIGHER",
    "SUIT32",
    "Knowledge",
    "bits",
    "card_points",
    "card_strength",
    "mask_of_cards",
]

SUIT32: tuple[int, ...] = tuple(SUIT_MASKS[s] & DECK32_MASK for s in range(4))


def _higher(c: int, trump_order: bool) -> int:
    table = TRUMP_STRENGTH if trump_order else STRENGTH
    m = 0
    for d in range(52):
        if (1 << d) & SUIT32[c // 13] and table[d] > table[c]:
            m |= 1 << d
    return m


# HIGHER[is_trump][c]: cards of c's suit that beat c (in trump order or plain order)
HIGHER: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_higher(c, False) if (1 << c) & DECK32_MASK else 0 for c in range(52)),
    tuple(_higher(c, True) if (1 << c) & DECK32_MASK else 0 for c in range(52)),
)
# _TOP[trump][strength]: the trump card of that trump strength (8..15)
_TOP: tuple[dict[int, int], ...] = tuple(
    {TRUMP_STRENGTH[c]: c for c in range(52) if (1 << c) & SUIT32[t]} for t in range(4)
)


def _desc(c: int, is_trump: int) -> tuple[int, ...]:
    table = TRUMP_STRENGTH if is_trump else STRENGTH
    beaters = [d for d in range(52) if HIGHER[is_trump][c] >> d & 1]
    return tuple(sorted(beaters, key=lambda d: -table[d]))


# _DESC[is_trump][c]: the cards that beat c in its suit, strongest first
_DESC: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_desc(c, t) for c in range(52)) for t in (0, 1)
)
_BITS = tuple(tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13))


def bits(mask: int) -> list[int]:
    """Card indices of ``mask``, lowest first: ``bits(0b1010) == [1, 3]``."""
    out: list[int] = []
    for s in range(4):
        chunk = (mask >> (13 * s)) & 0x1FFF
        if chunk:
            base = 13 * s
            out.extend(base + i for i in _BITS[chunk])
    return out


def card_points(c: int, trump: int) -> int:
    return TRUMP_POINTS[c] if c // 13 == trump else POINTS[c]


def card_strength(c: int, trump: int, led: int) -> int:
    """Trick-taking key: trumps 8..15, the led suit 0..7, other suits -1."""
    s = c // 13
    return TRUMP_STRENGTH[c] if s == trump else (STRENGTH[c] if s == led else -1)


def mask_of_cards(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _bitcount(m: int) -> int:
    return m.bit_count()


class Knowledge:
    """Card tracking for the seat of ``view`` during the play phase."""

    __slots__ = (
        "me", "partner", "trump", "hand", "played", "unseen", "void", "known", "poss",
        "counts", "prob", "tricks_left", "taker",
    )

    def __init__(self, view: Any, opts: Any) -> None:
        me = int(view.seat[1:]) - 1
        self.me = me
        self.partner = (me + 2) & 3
        trump = int(view.trump)
        self.trump = trump
        tmask = SUIT32[trump]
        hand = mask_of_cards(view.hand)
        self.hand = hand
        overtrump = bool(opts.overtrump_required)
        pexc = bool(opts.partner_exception)
        void = [0, 0, 0, 0]  # masks of cards a seat cannot hold (suits it showed out of)
        excl = [0, 0, 0, 0]  # trumps a seat cannot hold (failed to overtrump)
        played = 0
        tricks = [t.plays for t in view.tricks]
        if view.trick:
            tricks.append(view.trick)
        for plays in tricks:
            led = plays[0][1].index // 13
            best = plays[0][1].index
            best_pos = 0
            top = TRUMP_STRENGTH[best] if led == trump else -1
            played |= 1 << best
            for pos in range(1, len(plays)):
                seat_txt, card = plays[pos]
                s = int(seat_txt[1:]) - 1
                c = card.index
                played |= 1 << c
                cs = c // 13
                partner_wins = pexc and pos >= 2 and best_pos == pos - 2
                if cs != led:
                    void[s] |= SUIT32[led]
                    if cs != trump:
                        if not partner_wins:
                            void[s] |= tmask
                    elif overtrump and not partner_wins and top >= 0 and TRUMP_STRENGTH[c] < top:
                        excl[s] |= HIGHER[1][_TOP[trump][top]]  # could not overtrump
                elif led == trump and overtrump and not partner_wins and TRUMP_STRENGTH[c] < top:
                    excl[s] |= HIGHER[1][_TOP[trump][top]]
                if card_strength(c, trump, led) > card_strength(best, trump, led):
                    best, best_pos = c, pos
                if cs == trump and TRUMP_STRENGTH[c] > top:
                    top = TRUMP_STRENGTH[c]
        self.played = played
        unseen = DECK32_MASK & ~hand & ~played
        self.unseen = unseen
        self.void = void
        self.tricks_left = 8 - len(view.tricks)
        counts = [int(view.hand_counts[f"P{i + 1}"]) for i in range(4)]
        self.counts = counts
        known = [0, 0, 0, 0]
        for d in view.declarations:
            s = int(d.seat[1:]) - 1
            if s != me:
                known[s] |= mask_of_cards(d.cards)
        taker, exchanged = taker_and_exchanger(view)
        events = view.events
        self.taker = taker
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
        for e in events:
            if e.kind == "play" and e.action is not None and "bourlot" in e.action.words:
                c = e.cards[0].index
                other = c + 1 if c % 13 == 10 else c - 1  # Q (rank 12) <-> K (rank 13)
                known[seat_index(e.seat)] |= 1 << other
        for s in range(4):
            known[s] &= unseen
        self.known = known
        poss = [0, 0, 0, 0]
        for s in range(4):
            if s == me:
                continue
            others = 0
            for t in range(4):
                if t != s:
                    others |= known[t]
            poss[s] = (unseen & ~void[s] & ~excl[s] & ~others) | known[s]
        self.poss = poss
        self.prob = self._fit(unseen, poss, counts)

    def _fit(self, unseen: int, poss: list[int], counts: list[int]) -> list[list[float]]:
        """P(seat holds card) for unseen cards: rows sum to 1, seat totals to its count."""
        prob = [[0.0] * 52 for _ in range(4)]
        cards = bits(unseen)
        seats = [s for s in range(4) if s != self.me]
        for c in cards:
            holders = [s for s in seats if poss[s] >> c & 1]
            if not holders:  # inconsistent inference: fall back to anyone with room
                holders = [s for s in seats if counts[s] > 0] or seats
            for s in holders:
                prob[s][c] = 1.0 / len(holders)
        for _ in range(6):
            for s in seats:
                total = sum(prob[s][c] for c in cards)
                if total > 0:
                    f = counts[s] / total
                    row = prob[s]
                    for c in cards:
                        row[c] *= f
            for c in cards:
                total = prob[seats[0]][c] + prob[seats[1]][c] + prob[seats[2]][c]
                if total > 0:
                    for s in seats:
                        prob[s][c] /= total
        return prob

    # --- queries ------------------------------------------------------------------------------
    def p_any(self, seat: int, mask: int) -> float:
        """Probability that ``seat`` holds at least one card of ``mask``."""
        if seat == self.me:
            return 1.0 if mask & self.hand else 0.0
        row = self.prob[seat]
        none = 1.0
        for c in bits(mask & self.unseen):
            none *= 1.0 - min(1.0, row[c])
        return 1.0 - none

    def p_void(self, seat: int, suit: int) -> float:
        return 1.0 - self.p_any(seat, SUIT32[suit])

    def beat(self, seat: int, card: int, led: int) -> float:
        """Probability that ``seat`` can beat ``card`` (now winning a trick led in ``led``)."""
        trump = self.trump
        if card // 13 == trump:
            hi = self.p_any(seat, HIGHER[1][card])
            return hi if led == trump else hi * self.p_void(seat, led)
        hi = self.p_any(seat, HIGHER[0][card])
        return min(1.0, hi + self.p_void(seat, led) * self.p_any(seat, SUIT32[trump]))

    def safe(self, card: int, led: int, seats: tuple[int, ...] | list[int]) -> float:
        """Probability that none of ``seats`` can beat ``card`` (winning a trick led in
        ``led``).  A given higher card sits with at most one of them, so those chances add."""
        if not seats:
            return 1.0
        trump = self.trump
        is_trump = card // 13 == trump
        hi = HIGHER[1 if is_trump else 0][card] & self.unseen
        rows = [self.prob[s] for s in seats]
        if is_trump and led != trump:
            p = 1.0
            for s in seats:
                p *= 1.0 - self.p_void(s, led) * self.p_any(s, hi)
            return p
        p = 1.0
        for c in bits(hi):
            p *= max(0.0, 1.0 - sum(row[c] for row in rows))
        if not is_trump:
            tm = SUIT32[trump]
            for s in seats:
                p *= 1.0 - self.p_void(s, led) * self.p_any(s, tm)
        return p

    def partner_takes(self, card: int, led: int, partner: int, opps: list[int]) -> float:
        """Probability that ``partner`` beats ``card`` with a card none of ``opps`` can beat
        (his best beater is what he would play)."""
        trump = self.trump
        is_trump = card // 13 == trump
        row = self.prob[partner]
        order = _DESC[1 if is_trump else 0][card]
        p = 0.0
        none_above = 1.0
        unseen = self.unseen
        for b in order:
            if not unseen >> b & 1:
                continue
            pb = row[b]
            if pb > 0.0:
                p += pb * none_above * self.safe(b, led, opps)
                none_above *= 1.0 - min(1.0, pb)
        if is_trump:
            if led != trump:
                p *= self.p_void(partner, led)
            return p
        ruff = self.p_void(partner, led) * self.p_any(partner, SUIT32[trump])
        if ruff > 0.0:
            over = 1.0
            for o in opps:
                over *= 1.0 - 0.5 * self.p_void(o, led) * self.p_any(o, SUIT32[trump])
            p += ruff * over
        return min(1.0, p)

    def higher_out(self, card: int) -> int:
        """How many unseen cards of the card's suit beat it."""
        return _bitcount(HIGHER[1 if card // 13 == self.trump else 0][card] & self.unseen)

    def opponents(self) -> tuple[int, int]:
        return ((self.me + 1) & 3, (self.me + 3) & 3)

