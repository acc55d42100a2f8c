"""Bourloto random playouts, thousands of deals at once with numpy.

Plays exactly the deals of :func:`trapoula.games.bourloto.fast.public_playouts` (the contract
is in that module's docstring; the games find this module as the ``trapoula.playouts`` entry
point and never import it).  This is the one fenced second copy of the §1.2-§1.5 rules, for
speed; ``tests/accel`` pins it to the engine (whole playouts, and legal cards and trick
winners at every state of thousands of deals).  Deal ``i`` draws from its own counter-based
SplitMix64 stream (:class:`trapoula.core.rng.PlayoutRNG`), so a chunk of deals advances in
lock-step, each deal's counter moving only when that deal draws.  Every rule option of
:class:`~trapoula.games.bourloto.rules.BourlotoOptions` is supported (see :func:`supports`).

Inside, a card is ``suit * 8 + r`` (``r`` = 0..7 for 7 8 9 10 J Q K A: the order of the
32-card pack, so "the r-th lowest card of a mask" is the same card as in Python), a hand is a
32-bit mask in an int64 array and each suit is one byte of it.  When the bidding cannot depend
on the cards (no aponta redeal), the bidding is played first and only the deals that are not
thrown in get shuffled.  The play draws (always one per card) are made in one block.

>>> import trapoula
>>> from trapoula.games.bourloto.fast import public_playouts
>>> g = trapoula.make("bourloto", "gr")
>>> random_playouts(g, 50, seed=3) == public_playouts(g, 50, seed=3)
True
"""

from __future__ import annotations

import dataclasses
import gc
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from trapoula.accel.bourloto_np_decl import Decl, compare, decl_tables, declarations
from trapoula.accel.bourloto_np_swap import Swap as _Swap
from trapoula.accel.bourloto_np_swap import swap_choice as _swap_choice
from trapoula.accel.bourloto_np_swap import swap_holders as _swap_holders
from trapoula.accel.bourloto_np_swap import swap_rows as _swap_rows
from trapoula.accel.npkit import (
    advance,
    pick,
    popcount,
    raw,
    select,
    stream_keys,
    uniforms,
)
from trapoula.games.bourloto.bidding import PACK as _PACK
from trapoula.games.bourloto.tables import POINTS, STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto
    from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = [
    "BID_CHUNK", "PLAY_CHUNK", "legal_masks", "random_playouts", "supports", "trick_winners",
]

BID_CHUNK = 32768  # deals dealt and bid together
PLAY_CHUNK = 8192  # deals played together: bounds memory (tens of MB), amortises numpy calls

Arr = np.ndarray[Any, Any]

# --- what is supported ----------------------------------------------------------------------
_CHOICES: dict[str, tuple[Any, ...] | None] = {
    "bidding": ("agreement", "take_name"),
    "agreement_rounds": None,
    "initial_deal": ("one_at_a_time", "3+2"),
    "upcard_recipient": ("dealer", "taker"),
    "ru_round_stops_on_disagree": (True, False),
    "redeal_dealer": None,  # matches only
    "round2_allow_upcard_suit": (True, False),
    "seven_exchange": ("none", "trump_is_upcard_suit", "any"),
    "aponta_redeal": (True, False),
    "aponta_after_take": (False,),  # (True: the Python path)
    "four_values": ("flat_100", "gr"),
    "run6_value": None,
    "long_runs": ("score",),  # ("none": the Python path)
    "split_runs": (True, False),
    "declaration_timing": ("before_play", "first_trick"),  # ("in_play": the Python path)
    "declaration_tricks": None,  # in_play only
    "follow_declaration": None,  # in_play only
    "bourlot_announce": ("with_declarations", "when_played"),
    "compare_declarations": (True, False),
    "equal_seq_winner": ("none", "first_declarer"),
    "sevens_cancel_jacks": (True, False),
    "overtrump_required": (True, False),
    "partner_exception": (True, False),
    "contract": (True, False),
    "capot_mode": ("bonus_90", "replace_250"),
    "meza_compare": ("deal_total", "trick_points"),
    "target": None,
    "tie_extra_deals": None,
}


def supports(options: BourlotoOptions) -> bool:
    """True when this engine reproduces the pure-Python playouts for ``options`` exactly:
    every option and value it knows (all of today's); False for anything else.

    >>> from trapoula.games.bourloto.rules import BourlotoOptions
    >>> supports(BourlotoOptions()), supports(BourlotoOptions(capot_mode="x"))
    (True, False)
    """
    if {f.name for f in dataclasses.fields(options)} != set(_CHOICES):
        return False
    for name, choices in _CHOICES.items():
        value = getattr(options, name)
        if choices is not None and (type(value) is not type(choices[0]) or value not in choices):
            return False
    rounds, run6 = options.agreement_rounds, options.run6_value
    return type(rounds) is int and 1 <= rounds <= 16 and type(run6) is int and 0 <= run6 <= 10**9


def random_playouts(game: Bourloto, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The results of ``public_playouts(game, n, seed)``, computed in chunks of deals."""
    if not supports(game.options):
        raise ValueError("these rule options are not supported by the numpy backend")
    out: list[dict[str, Any]] = []
    collect = gc.isenabled()
    gc.disable()  # the results hold no cycles: spare the collector scanning them as they grow
    try:
        for start in range(0, n, BID_CHUNK):
            out += _chunk(game.options, seed, start, min(BID_CHUNK, n - start))
    finally:
        if collect:
            gc.enable()
    return out


# --- tables (compact cards) -------------------------------------------------------------------
_RG = [_PACK[r] for r in range(8)]  # global index of the spade of rank r
_P8 = [POINTS[g] for g in _RG]
_TP8 = [TRUMP_POINTS[g] for g in _RG]
_TS8 = [TRUMP_STRENGTH[g] for g in _RG]
_S8 = [STRENGTH[g] for g in _RG]
# the strongest card of a suit's byte: r of the best trump / of the best plain card
_BEST_T = np.array([max((r for r in range(8) if b >> r & 1), key=_TS8.__getitem__, default=0)
                    for b in range(256)], np.int64)
_BEST_P = np.array([max((r for r in range(8) if b >> r & 1), key=_S8.__getitem__, default=0)
                    for b in range(256)], np.int64)
# _ABOVE_CT[t * 32 + c]: trumps (suit t) stronger than card c; every card when c is no trump
_ABOVE_CT = np.array(
    [sum(1 << (8 * t + r) for r in range(8) if _TS8[r] > _TS8[c & 7]) if c >> 3 == t
     else 0xFFFFFFFF for t in range(4) for c in range(32)], np.int64,
)
_POINT_CARDS = sum(1 << (8 * s + r) for s in range(4) for r in range(8) if _P8[r] > 0)
_PTS_BYTE = np.array([sum(_P8[r] for r in range(8) if b >> r & 1) for b in range(256)], np.int64)
_TPTS_BYTE = np.array([sum(_TP8[r] for r in range(8) if b >> r & 1) for b in range(256)], np.int64)
_FY = np.arange(32, 1, -1, dtype=np.float64)[:, None]  # Fisher-Yates: j + 1 for j = 31 .. 1
_LEHMER = 479001600  # 12!: the permute digits of a 12-card pack depend on key mod 12!


# --- dealing and bidding ----------------------------------------------------------------------
def _shuffle(key: Arr) -> Arr:
    """``shuffle_pack`` of every deal (draws 0..30 of its stream): shape (32, n), int8."""
    n = len(key)
    idx = (uniforms(key, 31) * _FY).astype(np.int64) * n + np.arange(n)
    deck = np.repeat(np.arange(32, dtype=np.int8), n).reshape(32, n)
    flat = deck.ravel()
    for step, j in enumerate(range(31, 0, -1)):
        ix = idx[step]
        tmp = flat.take(ix)
        flat.put(ix, deck[j])
        deck[j] = tmp
    return deck


def _first_five(deck: Arr, o: BourlotoOptions) -> Arr:
    """The first five cards of each seat, (4, n) masks."""
    bits = np.left_shift(1, deck[:20].astype(np.int64))
    if o.initial_deal == "3+2":
        hands: Arr = bits[:12].reshape(4, 3, -1).sum(1) + bits[12:].reshape(4, 2, -1).sum(1)
    else:
        hands = bits.reshape(5, 4, -1).sum(0)
    return hands


def _permute(pack: Arr, key: Arr) -> Arr:
    """``permute`` (Lehmer code of a 64-bit key) of each column of ``pack`` (12, n)."""
    n = pack.shape[1]
    pack = pack.copy()
    flat = pack.ravel()
    code = (key % np.uint64(_LEHMER)).astype(np.int64)
    ar = np.arange(n)
    for j in range(11, 0, -1):
        ix = (code % (j + 1)) * n + ar
        code //= j + 1
        tmp = flat.take(ix)
        flat.put(ix, pack[j])
        pack[j] = tmp
    return pack


def _bid_agreement(o: BourlotoOptions, state: Arr, zero5: Arr | None) -> tuple[Arr, ...]:
    """ru agreement rounds: (thrown in, taker, re-turns of the upcard, named suit = -1)."""
    n = len(state)
    thrown = np.zeros(n, bool)
    turns = np.zeros(n, np.int64)
    live = np.arange(n)
    for rnd in range(1, o.agreement_rounds + 1):
        disagreed = np.zeros(n, bool)
        speaking = live
        for seat in range(4):
            if len(speaking) == 0:
                break
            n_legal = 2 + zero5[seat, speaking] if zero5 is not None and rnd == 1 else 2
            idx = pick(state, n_legal, speaking)
            thrown[speaking[idx == 2]] = True
            disagreed[speaking[idx == 1]] = True
            speaking = speaking[idx == 0] if o.ru_round_stops_on_disagree else speaking[idx < 2]
        live = live[disagreed[live] & ~thrown[live]]
        if rnd >= o.agreement_rounds:
            thrown[live] = True
        else:
            turns[live] += 1
    return thrown, np.zeros(n, np.int64), turns, np.full(n, -1, np.int64)


def _bid_take_name(o: BourlotoOptions, state: Arr, zero5: Arr | None) -> tuple[Arr, ...]:
    """gr take / name: (thrown in, taker, 0 re-turns, named suit index or -1 for a take)."""
    n = len(state)
    thrown = np.zeros(n, bool)
    taker = np.full(n, -1, np.int64)
    named = np.full(n, -1, np.int64)
    live = np.arange(n)
    for seat in range(4):
        idx = pick(state, 2 + zero5[seat, live] if zero5 is not None else 2, live)
        thrown[live[idx == 2]] = True
        taker[live[idx == 0]] = seat
        live = live[idx == 1]
    n_suits = 4 if o.round2_allow_upcard_suit else 3
    for seat in range(4):
        idx = pick(state, n_suits + 1, live)
        said = idx < n_suits
        taker[live[said]] = seat
        named[live[said]] = idx[said]
        live = live[~said]
    thrown[live] = True
    return thrown, taker, np.zeros(n, np.int64), named


def _chunk(o: BourlotoOptions, seed: int, start: int, n: int) -> list[dict[str, Any]]:
    key = stream_keys(seed, start, n)
    n_keys = o.agreement_rounds - 1 if o.bidding == "agreement" else 0
    state = advance(key, 31 + n_keys)
    deck = zero5 = None
    if o.aponta_redeal:  # the bidding sees the first five cards
        deck = _shuffle(key)
        zero5 = ((_first_five(deck, o) & _POINT_CARDS) == 0).astype(np.int64)
    bid = _bid_agreement if o.bidding == "agreement" else _bid_take_name
    thrown, taker, turns, named = bid(o, state, zero5)
    rows = np.flatnonzero(~thrown)
    if len(rows) < n:
        key, state, taker = key[rows], state[rows], taker[rows]
        turns, named = turns[rows], named[rows]
        if deck is not None:
            deck = deck[:, rows]
    scores: list[dict[str, Any]] = []
    for lo in range(0, len(rows), PLAY_CHUNK):
        part = slice(lo, lo + PLAY_CHUNK)
        cards = _shuffle(key[part]) if deck is None else deck[:, part]
        scores += _play(o, key[part], state[part], cards, taker[part], turns[part], named[part],
                        n_keys)
    if len(rows) == n:
        return scores
    it = iter(scores)
    return [{"thrown_in": True} if t else next(it) for t in thrown.tolist()]


def _play(o: BourlotoOptions, key: Arr, state: Arr, deck: Arr, taker: Arr, turns: Arr,
          named: Arr, n_keys: int) -> list[dict[str, Any]]:
    """Completing, declaring, playing and scoring the deals that were not thrown in."""
    hands, trump, swap = _complete(o, key, state, deck, taker, turns, named, n_keys)
    m = len(key)
    ar = np.arange(m)
    tables = decl_tables(o.run6_value, o.split_runs, o.four_values, o.sevens_cancel_jacks)
    dec = Decl(*(a.reshape(4, m) for a in declarations(hands.ravel(), np.tile(trump, 4), tables)))
    kq_at = (hands & (3 << (trump * 8 + 5))) == 3 << (trump * 8 + 5)  # K and Q of trumps
    shows = dec.any | kq_at if o.bourlot_announce == "with_declarations" else dec.any
    seats = _Seats(dec, kq_at, shows, np.zeros((4, m), bool), np.zeros((2, m), np.int64))
    first_trick = o.declaration_timing == "first_trick"
    # every deal draws once per decision now (one more where the seven is swapped)
    rand = uniforms(state, (32 if first_trick else 36) + (swap is not None))
    off = None if swap is None else np.zeros(m, np.int64)  # 1 once a deal's swap drew
    da = db = np.zeros(m, np.int64)
    if not first_trick:
        for seat in range(4):
            u = rand[seat] if off is None else rand[seat + off, ar]
            if swap is not None:  # the holder's turn to declare: 'exchange' is his last action
                hr = np.flatnonzero(swap.holder == seat)
                if len(hr):
                    n = 1 + shows[seat, hr]
                    u, done = _swap_choice(u, hr, n, rand[seat + 1])
                    if len(done):
                        _swap_rows(o, tables, trump, seats, hands, swap, done, seat)
                        off[done] = 1  # type: ignore[index]
            said = shows[seat] & ((u * 2).astype(np.int64) == 0)
            seats.declared[seat] = said
            if o.bourlot_announce == "with_declarations":
                seats.bourlot[seat & 1] += 20 * (said & kq_at[seat])
        rand = rand[4:]
        da, db = compare(seats.declared, dec, o)
    won_a, tricks_a, last_a, cmp = _tricks(
        o, hands, trump, rand, seats, off, (swap, tables) if swap and first_trick else None)
    if cmp is not None:
        da, db = cmp
    pts_a = 10 * last_a
    for s in range(4):
        byte = (won_a >> (8 * s)) & 0xFF
        pts_a += np.where(trump == s, _TPTS_BYTE[byte], _PTS_BYTE[byte])
    tp_a = _TPTS_BYTE[(won_a >> (8 * trump)) & 0xFF]
    return _score(o, taker, pts_a, tp_a, tricks_a, da + seats.bourlot[0], db + seats.bourlot[1])


def _complete(o: BourlotoOptions, key: Arr, state: Arr, deck: Arr, taker: Arr, turns: Arr,
              named: Arr, n_keys: int) -> tuple[Arr, Arr, _Swap | None]:
    """The upcard re-turns (ru), the trump suit and the rest of the deal: (hands (4, m),
    trump, who may swap the seven with his first action and how, or None)."""
    m = len(key)
    ar = np.arange(m)
    hands = _first_five(deck, o)
    five = hands.copy()  # (§1.2.2.7: only a 7 among the first five may be swapped)
    up = deck[20].astype(np.int64)
    stock = deck[21:].astype(np.int64)
    if n_keys:  # ru: the upcard re-turned after each disagreeing round
        sel = np.flatnonzero(turns)
        keys = raw(advance(key[sel], 31), n_keys)
        pack = np.concatenate([stock[:, sel], up[None, sel]])  # stock + [up]
        for r in range(n_keys):
            sub = np.flatnonzero(turns[sel] > r)
            pack[:, sub] = np.roll(_permute(pack[:, sub], keys[r, sub]), -1, 0)
        up[sel], stock[:, sel] = pack[11], pack[:11]
    up_suit = up >> 3
    if o.round2_allow_upcard_suit:
        trump = np.where(named < 0, up_suit, named)
    else:
        trump = np.where(named < 0, up_suit, named + (named >= up_suit))
    recipient = taker if o.upcard_recipient == "taker" else np.full(m, 3, np.int64)
    bits = 1 << stock
    if o.upcard_recipient == "dealer":
        hands[:3] |= bits[:9].reshape(3, 3, m).sum(1)
        hands[3] |= bits[9] | bits[10] | (1 << up)
    else:
        flat = bits.ravel()
        for k in range(4):
            at = np.minimum(3 * (k - (k > recipient)), 8) * m + ar
            hands[k] |= np.where(recipient == k, bits[9] | bits[10] | (1 << up),
                                 flat[at] | flat[at + m] | flat[at + 2 * m])
    return hands, trump, _swap_holders(o, five, up, trump, recipient)


class _Seats(NamedTuple):
    """Per seat and deal, shape (4, m): what it may declare, and what was declared."""

    dec: Decl
    kq_at: Arr  # holds the K and Q of trumps (after the deal)
    shows: Arr  # has a declaration (or, shown with them, the K and Q of trumps)
    declared: Arr  # mutable
    bourlot: Arr  # (2, m): Bourloto points of A and B, mutable


def _tricks(o: BourlotoOptions, hands: Arr, trump: Arr, rand: Arr, seats: _Seats,
            off: Arr | None = None, swapping: tuple[_Swap, Any] | None = None,
            ) -> tuple[Arr, Arr, Arr, tuple[Arr, Arr] | None]:
    """The eight tricks (one draw per card, from ``rand``, ``off`` rows further on where a
    seven swap drew once more): the cards A won, A's tricks, whether A won the last trick,
    and the declaration points when compared after trick 1.  ``swapping``: the holders who
    may swap with their trick-1 card (first-trick declarations)."""
    m = len(trump)
    ar = np.arange(m)
    h = np.ascontiguousarray(hands.T).ravel()
    base = ar * 4
    tshift = trump * 8
    tm = 0xFF << tshift
    t32 = trump * 32
    kqm = 3 << (tshift + 5)
    kq_below = (1 << (tshift + 5)) - 1
    overtrump, pexc = o.overtrump_required, o.partner_exception
    with_decl = o.bourlot_announce == "with_declarations"
    when_played = o.bourlot_announce == "when_played"
    leader = np.zeros(m, np.int64)
    won_a = np.zeros(m, np.int64)
    tricks_a = np.zeros(m, np.int64)
    a_won = leader == 0
    cmp = None
    dflat, bflat, sflat = seats.declared.ravel(), seats.bourlot.ravel(), seats.shows.ravel()
    # set by each trick's lead: cards so far, led suit's shift, led suit unless it is trumps,
    # whether it is trumps, trumps above the best trump so far
    shifted = np.flatnonzero(off) if off is not None else ar[:0]
    tc = lshift = lsnt = above = leader
    led_trump = a_won
    step = 0
    for trick_no in range(8):
        window = o.declaration_timing == "first_trick" and trick_no == 0
        seat = leader
        cards: list[Arr] = []
        for k in range(4):
            at = base + seat
            trick = _Trick(k, seat, leader, tc, cards, tm, lsnt, above, led_trump, tshift, lshift)
            hand = h[at]
            mask = _legal(hand, trick, pexc, overtrump)
            u = rand[step]
            if len(shifted):  # the deals whose swap drew once more: one draw further on
                u = u.copy()
                u[shifted] = rand[step + 1, shifted]
            if swapping is not None and trick_no == 0:  # (P1 leads: seat k is Pk+1)
                hr = np.flatnonzero(swapping[0].holder == k)
                if len(hr):
                    kq_h = kqm[hr] if when_played else 0 * hr
                    kq_h = np.where((hand[hr] & kq_h) == kq_h, kq_h, 0)
                    n_acts = (1 + sflat[k * m + hr]) * (
                        popcount(mask[hr]) + popcount(mask[hr] & kq_h))
                    u, done = _swap_choice(u, hr, n_acts, rand[step + 1])
                    if len(done):
                        hs = np.ascontiguousarray(h.reshape(m, 4).T)
                        _swap_rows(o, swapping[1], trump, seats, hs, swapping[0], done, k)
                        h = np.ascontiguousarray(hs.T).ravel()
                        hand = h[at]
                        mask = _legal(hand, trick, pexc, overtrump)
                        off[done] = 1  # type: ignore[index]
                        shifted = np.flatnonzero(off)
            n_cards = popcount(mask)
            step += 1
            card = select(mask, (u * n_cards).astype(np.int64))
            if when_played or window:  # choices with the words 'bourlot' / 'declare'
                special = np.zeros(m, bool)
                if when_played:
                    special = ((hand & kqm) == kqm) & ((mask & kqm) != 0)
                if window:
                    special |= sflat[seat * m + ar]
                s = np.flatnonzero(special)
                if len(s):
                    ss = seat[s]
                    per = 1 + sflat[ss * m + s] if window else None
                    kq = kqm[s]
                    if window:
                        kq = np.where((hand[s] & kq) == kq, kq, 0) if when_played else 0 * kq
                    card[s], flags = _variant(u[s], mask[s], n_cards[s], kq, kq_below[s], per)
                    b = flags & 1
                    if window:
                        d2 = (flags & 2) != 0
                        dflat[ss * m + s] |= d2
                        if with_decl:
                            b = b + (d2 & seats.kq_at[ss, s])
                    bflat[(ss & 1) * m + s] += 20 * b
            bit = 1 << card
            h[at] = hand ^ bit
            cards.append(card)
            if k == 0:
                tc = bit
                lshift = card & ~7
                led_trump = lshift == tshift
                lsnt = np.where(led_trump, 0, 0xFF << lshift)
                if overtrump:
                    above = tm & _ABOVE_CT[t32 + card]
            else:
                tc = tc | bit
                if overtrump:
                    above = above & _ABOVE_CT[t32 + card]
            seat = (seat + 1) & 3
        leader = (leader + _winner(tc, cards, tshift, lshift)) & 3
        a_won = (leader & 1) == 0
        won_a |= tc * a_won
        tricks_a += a_won
        if window:
            cmp = compare(seats.declared, seats.dec, o)
    return won_a, tricks_a, a_won, cmp


class _Trick(NamedTuple):
    """The trick so far, as the next player's legal cards need it."""

    k: int  # cards played so far
    seat: Arr
    leader: Arr
    tc: Arr
    cards: list[Arr]
    tm: Arr  # the trump suit's bits
    lsnt: Arr  # the led suit's bits unless it is trumps
    above: Arr  # trumps above the best trump so far
    led_trump: Arr
    tshift: Arr
    lshift: Arr


def legal_masks(o: BourlotoOptions, hand: Arr, cards: list[Arr], trump: Arr, leader: Arr
                ) -> Arr:
    """The legal cards (compact masks) of the next player to tricks of ``len(cards)`` cards
    (compact cards, leader first), as the playouts compute them: what
    ``tests/accel/test_bourloto_agreement.py`` pins to the engine's ``play.legal_mask``."""
    tshift = trump * 8
    tm = 0xFF << tshift
    if not cards:
        return hand
    tc = np.zeros_like(hand)
    above = tm
    for c in cards:
        tc = tc | (1 << c)
        above = above & _ABOVE_CT[trump * 32 + c]
    lshift = cards[0] & ~7
    led_trump = lshift == tshift
    trick = _Trick(len(cards), (leader + len(cards)) & 3, leader, tc, cards, tm,
                   np.where(led_trump, 0, 0xFF << lshift), above, led_trump, tshift, lshift)
    return _legal(hand, trick, o.partner_exception, o.overtrump_required)


def trick_winners(cards: list[Arr], trump: Arr) -> Arr:
    """Who wins each trick of the four ``cards`` (compact, leader first): 0 = the leader."""
    tc = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
    return _winner(tc, cards, trump * 8, cards[0] & ~7)


def _legal(hand: Arr, t: _Trick, pexc: bool, overtrump: bool) -> Arr:
    """Legal cards of the next player (RULES.md 1.4), as in ``_playout``."""
    if t.k == 0:
        return hand
    tr = hand & t.tm
    fnt = hand & t.lsnt
    cond = tr != 0
    free = None
    if pexc and t.k >= 2:  # no duty to (over)trump while the partner wins
        win = (t.leader + _winner(t.tc, t.cards, t.tshift, t.lshift)) & 3
        free = win != ((t.seat + 2) & 3)
        cond &= t.led_trump | free
    choose = tr
    if overtrump:
        higher = hand & t.above
        ok = higher != 0
        choose = np.where(ok if free is None else ok & free, higher, tr)
    out: Arr = np.where(fnt != 0, fnt, np.where(cond, choose, hand))
    return out


def _winner(tc: Arr, cards: list[Arr], tshift: Arr, lshift: Arr) -> Arr:
    """Who (0 = the leader) holds the trick ``tc`` so far: the best trump, else the best card
    of the led suit."""
    tb = (tc >> tshift) & 0xFF
    best = np.where(tb != 0, tshift + _BEST_T[tb], lshift + _BEST_P[(tc >> lshift) & 0xFF])
    k: Arr = (cards[1] == best).astype(np.int64)
    for j in range(2, len(cards)):
        k += j * (cards[j] == best)
    return k


def _variant(u: Arr, mask: Arr, n_cards: Arr, kq: Arr, kq_below: Arr,
             per: Arr | None) -> tuple[Arr, Arr]:
    """The choice among play variants (card x 'bourlot' x 'declare' words) in ``_playout``'s
    order: the card and its flags (1: bourlot, 2: declare).  ``per`` is 2 where 'declare' may
    be added, else 1 (None: 1 everywhere); ``kq`` the K+Q of trumps where 'bourlot' may be
    said, else 0."""
    n_kq = popcount(mask & kq).astype(np.int64)
    if per is None:  # no 'declare' variants
        slot: Arr = (u * (n_cards + n_kq)).astype(np.int64)
        step, sub = np.ones_like(slot), np.zeros_like(slot)
    else:
        idx = (u * (per * (n_cards + n_kq))).astype(np.int64)
        step, slot, sub = per, idx // per, idx % per
    # the K and Q of trumps (when Bourloto may be said) take two slots each, in card order
    below = popcount(mask & kq_below).astype(np.int64)
    e = np.clip(slot - below, 0, 2 * n_kq)
    card = select(mask, slot - e + e // 2)
    in_kq = (slot >= below) & (slot < below + 2 * n_kq)
    flags = np.where(in_kq, ((slot - below) & 1) * step + sub, 2 * sub)
    return card, flags


def _score(o: BourlotoOptions, taker: Arr, pts_a: Arr, tp_a: Arr, tricks_a: Arr,
           decl_a: Arr, decl_b: Arr) -> list[dict[str, Any]]:
    """``score_deal`` for every played deal: the result dicts."""
    pts_b, tp_b = 162 - pts_a, 62 - tp_a
    cap_a, cap_b = tricks_a == 8, tricks_a == 0
    if o.capot_mode == "replace_250":
        base_a, base_b = np.where(cap_a, 250, pts_a), np.where(cap_b, 250, pts_b)
    else:
        base_a, base_b = pts_a + 90 * cap_a, pts_b + 90 * cap_b
    raw_a, raw_b = base_a + decl_a, base_b + decl_b
    if o.contract:
        buyer_a = (taker & 1) == 0
        rb, rd = np.where(buyer_a, raw_a, raw_b), np.where(buyer_a, raw_b, raw_a)
        won, lost = rb > rd, rb < rd
        sb = np.where(won, rb, 0)
        sd = np.where(won, rd, np.where(lost, rb + rd, rd))
        hang = np.where(won | lost, 0, rb)
        sa, sbb = np.where(buyer_a, sb, sd), np.where(buyer_a, sd, sb)
        return [{"scores": {"A": a, "B": b}, "hanging": hg}
                for a, b, hg in zip(sa.tolist(), sbb.tolist(), hang.tolist(), strict=True)]
    equal = raw_a == raw_b if o.meza_compare == "deal_total" else pts_a == pts_b
    meza = equal & (tp_a != tp_b)
    a_wins = tp_a > tp_b
    sa = np.where(meza, np.where(a_wins, base_a + pts_b + decl_a, decl_a), raw_a)
    sb = np.where(meza, np.where(a_wins, decl_b, base_b + pts_a + decl_b), raw_b)
    return [{"scores": {"A": a, "B": b}} for a, b in zip(sa.tolist(), sb.tolist(), strict=True)]
