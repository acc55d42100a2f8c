"""What the bidding and the declarations say about the hidden Bourloto hands: a tunable prior.

:mod:`trapoula.search.bourloto_sampler` deals the unseen cards consistently with the *hard*
facts of a seat's view (cards seen, voids shown, cards declarations placed).  The auction and
the declarations also carry *soft* evidence, which this module turns into a likelihood and
then into per-card weights the sampler uses:

* **Bids** (the model is the heuristic bidder's, :mod:`~trapoula.search.bourloto_hand_model`,
  which :class:`~trapoula.bots.bourloto_heuristic.BourlotoHeuristicBot` bids with): a seat
  bids from its first five cards; it takes (gr round 1) or names a suit (round 2) when the
  contract hand value of that suit clears ``take_threshold`` / ``name_threshold``, passes when
  it does not, and agrees (ru) when the agreement value, with the bidder's adjustments for
  the earlier speakers of the round, clears ``agree_threshold`` lowered by ``round_relax`` per
  failed round.  Thresholds are softened
  into a logistic of width ``temperature`` (hand-value points): a bid of value ``v`` against
  threshold ``t`` has likelihood ``1 / (1 + exp(-(v - t) / temperature))``, a pass the rest.
  The five bidding cards are drawn at random among the seat's eight (less the card it
  received with the upcard, or the seven it swapped; with the seven kept among the five of
  the seat that exchanged): a random subset is an unbiased estimate of the likelihood.
* **Declarations**: the engine offers ``declare`` only to a seat with a declaration (or, where
  Bourlot is announced with them, Bourlot); a seat that passed in the declaration phase (ru)
  or played to trick 1 without ``declare`` (gr; used once trick 1 is over) most likely had
  none, and a seat that played the king or queen of trumps without ``bourlot`` most likely
  did not hold the other: each such hand is weighted ``1 - trust``.

The prior is estimated once per deal and seat, from the evidence alone (not the play):
``worlds`` random deals of the other hands at the start of play are drawn, and for each other
seat the **tilt** of a card is its share of that seat's hands weighted by the seat's own
likelihood over its plain share (a seat's tally uses only its own factor: the others' would
add noise, not information), smoothed by ``smoothing`` plain worlds, clipped to
``[1 / max_tilt, max_tilt]`` and raised to ``strength``.  Only the cards the evidence speaks
of get a tilt (the trump and upcard suits, the aces, the Bourlot halves): the others' shares
would be noise.  :func:`~trapoula.search.bourloto_sampler.sample_hands` gives each card to a
seat with a chance proportional to its free room times its tilt.  A missing declaration is a
matter of combinations, not single cards, so it also acts as a veto on drawn deals
(:func:`declaration_veto`).  The estimate draws from a generator seeded by the deal's public
record and the seat's own cards: a seeded bot replays exactly, cache or no cache.

>>> import random, trapoula
>>> from trapoula.search.bourloto_sampler import constraints, sample_hands
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.new_deal(seed=4).apply("P1 take")
>>> while s.phase != "play":
...     s = s.apply(s.legal_actions()[0])
>>> info = constraints(s.view("P2"), g.options)
>>> info.tilts is not None and max(info.tilts[0].values()) > 1.0  # the taker's trumps
True
>>> [h.bit_count() for h in sample_hands(info, random.Random(1))]
[8, 8, 8, 8]
"""

from __future__ import annotations

import math
import random
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from trapoula.cards import SUIT_MASKS
from trapoula.games.bourloto.declarations import best_declarations, bourlot_mask
from trapoula.games.bourloto.rules import run6_of
from trapoula.games.bourloto.tables import DECK32_MASK
from trapoula.search import bourloto_hand_model as _H
from trapoula.search.bourloto_hand_model import COEF, COEF_CONTRACT, bid_situation, hand_value

__all__ = [
    "DEFAULT_PRIOR", "BidPrior", "bid_tilts", "declaration_veto", "seat_likelihoods",
    "world_likelihood",
]

_SUIT32: tuple[int, ...] = tuple(SUIT_MASKS[s] & DECK32_MASK for s in range(4))
Tilts = tuple[dict[int, float], dict[int, float], dict[int, float], dict[int, float]]


@dataclass(frozen=True)
class BidPrior:
    """The knobs of the prior (see the module docs); ``strength=0`` turns it off."""

    temperature: float = 10.0
    trust: float = 0.95
    worlds: int = 96
    smoothing: float = 8.0
    max_tilt: float = 6.0
    strength: float = 1.0
    take_threshold: float = _H.TAKE_THRESHOLD  # the heuristic bidder's defaults
    name_threshold: float = _H.NAME_THRESHOLD
    agree_threshold: float = _H.AGREE_THRESHOLD
    round_relax: float = _H.ROUND_RELAX
    partner_agreed: float = _H.PARTNER_AGREED
    opp_agreed: float = _H.OPP_AGREED


DEFAULT_PRIOR = BidPrior()


@dataclass(frozen=True)
class _Evidence:
    """The view's soft evidence, per other seat: its bids as (kind, suit, value adjustment,
    failed agreement rounds), whether it showed it had no declaration, and the other Bourlot
    half it cannot hold (it played the K or Q of trumps without ``bourlot``)."""

    me: int
    trump: int
    dealer: int
    upcard: int
    recipient: int
    exchanged: int
    placed: tuple[int, int, int, int]  # cards each seat surely held at the start of play
    bids: tuple[tuple[tuple[str, int, float, int], ...], ...]
    no_decl: tuple[bool, bool, bool, bool]
    no_other_kq: tuple[int, int, int, int]


_TRICK_KINDS = ("play", "show", "approve", "cut")  # the rest of the log is the bidding

def _sigmoid(x: float) -> float:
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _evidence(view: Any, opts: Any, prior: BidPrior) -> _Evidence:
    me = int(view.seat[1:]) - 1
    trump = int(view.trump)
    dealer = int(view.dealer[1:]) - 1
    up = view.upcard.index if view.upcard is not None else -1
    bids: list[list[tuple[str, int, float, int]]] = [[], [], [], []]
    no_decl = [False] * 4
    taker = exchanged = -1
    round_acts: list[tuple[int, str]] = []
    agreed_all = False
    failed = 0
    r1_passes = 0
    first = (dealer + 1) & 3  # the agreement rounds' first speaker
    agreed = {True: prior.partner_agreed, False: prior.opp_agreed}
    for e in view.events:
        act = e.kind  # the bids: every action before the tricks (no cards)
        if act in _TRICK_KINDS:
            continue
        s = int(e.seat[1:]) - 1
        if act in ("agree", "disagree"):
            round_acts.append((s, act))
            if act == "disagree":
                failed += 1
                round_acts = []
            elif len(round_acts) == 4:
                agreed_all = True
                taker = first
                for k, (seat, _) in enumerate(round_acts):
                    adj = sum(agreed[(seat & 1) == (o & 1)] for o, _ in round_acts[:k])
                    bids[seat].append(("agree", up // 13, adj, failed))
        elif agreed_all:  # ru declaration phase: 'declare' or 'pass'
            if act == "pass":
                no_decl[s] = True
        elif act == "take":
            bids[s].append(("take", up // 13, 0.0, 0))
            taker = s
        elif act == "name" and e.action is not None and e.action.suit is not None:
            bids[s].append(("name", int(e.action.suit), 0.0, 0))
            taker = s
        elif act == "pass":
            if r1_passes < 4:
                bids[s].append(("pass1", up // 13, 0.0, 0))
                r1_passes += 1
            else:
                bids[s].append(("pass2", trump, 0.0, 0))
        elif act == "exchange":
            exchanged = s
    recipient = dealer
    if opts.upcard_recipient == "taker" and taker >= 0:
        recipient = taker
    placed = [0, 0, 0, 0]
    for d in view.declarations:
        for card in d.cards:
            placed[int(d.seat[1:]) - 1] |= 1 << card.index
    if up >= 0:
        if exchanged >= 0:
            placed[exchanged] |= 1 << up
            placed[recipient] |= 1 << (13 * trump + 5)
        else:
            placed[recipient] |= 1 << up
    no_other = [0, 0, 0, 0]
    first_trick = opts.declaration_timing == "first_trick"
    with_decl = opts.bourlot_announce == "with_declarations"
    queen, king = 13 * trump + 10, 13 * trump + 11
    plays_seen = 0
    for e in view.events:
        if e.kind != "play" or e.action is None:
            continue
        s = int(e.seat[1:]) - 1
        words = e.action.words
        if first_trick and plays_seen < 4 and view.tricks and "declare" not in words:
            no_decl[s] = True
        plays_seen += 1
        if not with_decl and "bourlot" not in words:
            c = e.cards[0].index
            if c in (queen, king):
                no_other[s] |= 1 << (king if c == queen else queen)
    no_decl[me] = False
    return _Evidence(
        me, trump, dealer, up, recipient, exchanged,
        (placed[0], placed[1], placed[2], placed[3]),
        tuple(tuple(b) if s != me else () for s, b in enumerate(bids)),
        (no_decl[0], no_decl[1], no_decl[2], no_decl[3]),
        (no_other[0], no_other[1], no_other[2], no_other[3]),
    )


def _could_declare(hand: int, trump: int, opts: Any) -> bool:
    """Whether the engine would have offered ``declare`` to a seat dealt ``hand``."""
    if opts.bourlot_announce == "with_declarations" and bourlot_mask(hand, trump):
        return True
    return bool(best_declarations(
        hand, trump, four_values=opts.four_values, run6_value=run6_of(opts),
        split_runs=opts.split_runs, sevens_cancel_jacks=opts.sevens_cancel_jacks))


def declaration_veto(view: Any, opts: Any, prior: BidPrior = DEFAULT_PRIOR
                     ) -> Callable[[tuple[int, ...], random.Random], bool] | None:
    """A test the sampler applies to each drawn deal: ``True`` (reject the deal) with chance
    ``prior.trust`` when a seat that showed it had no declaration gets one (its hand plus
    the cards it played).  Combinations are not a matter of single cards, so the per-card
    tilts cannot carry this; ``None`` when no seat showed it."""
    if prior.strength <= 0.0 or view.trump is None:
        return None
    ev = _evidence(view, opts, prior)
    seats = [s for s in range(4) if ev.no_decl[s]]
    if not seats:
        return None
    played = [0, 0, 0, 0]
    for plays in [t.plays for t in view.tricks] + ([view.trick] if view.trick else []):
        for seat_txt, card in plays:
            played[int(seat_txt[1:]) - 1] |= 1 << card.index
    trump, trust = ev.trump, prior.trust

    def veto(hands: tuple[int, ...], rng: random.Random) -> bool:
        for s in seats:
            if _could_declare(hands[s] | played[s], trump, opts) and rng.random() < trust:
                return True
        return False

    return veto


def _bid_hand(ev: _Evidence, s: int, orig: int, rng: random.Random) -> int:
    """A random five of the cards seat ``s`` held when it bid (from its eight)."""
    pool = orig
    must = 0
    seven = 13 * ev.trump + 5
    if ev.upcard >= 0:
        if s == ev.exchanged:
            pool &= ~(1 << ev.upcard)
            must = 1 << seven
        elif s == ev.recipient:
            pool &= ~(1 << (seven if ev.exchanged >= 0 else ev.upcard))
    pool &= ~must
    cards = [c for c in range(52) if pool >> c & 1]
    k = 5 - must.bit_count()
    out = must
    for c in rng.sample(cards, min(k, len(cards))):
        out |= 1 << c
    return out


def seat_likelihoods(hands: tuple[int, ...], ev: _Evidence, opts: Any, prior: BidPrior,
                     rng: random.Random) -> list[float]:
    """Per seat, the (estimated) chance of its bids and declarations given the hand it held
    at the start of play (1.0 for the viewing seat)."""
    out = [1.0, 1.0, 1.0, 1.0]
    miss = 1.0 - prior.trust
    temp = prior.temperature
    for s in range(4):
        if s == ev.me:
            continue
        like = 1.0
        orig = hands[s]
        if ev.no_other_kq[s] & orig:
            like *= miss
        if ev.no_decl[s] and _could_declare(orig, ev.trump, opts):
            like *= miss
        if ev.bids[s]:
            h5 = _bid_hand(ev, s, orig, rng)
            for kind, suit, extra, failed in ev.bids[s]:
                if kind == "agree":  # extra: the earlier agreers' adjustment
                    v = _value(h5, s, suit, (ev.dealer + 1) & 3, ev, opts, False) + extra
                    thr = prior.agree_threshold - prior.round_relax * failed
                    like *= _sigmoid((v - thr) / temp)
                    continue
                thr = prior.take_threshold if kind in ("take", "pass1") else \
                    prior.name_threshold
                p = _sigmoid((_value(h5, s, suit, s, ev, opts, True) - thr) / temp)
                like *= p if kind in ("take", "name") else 1.0 - p
        out[s] = like
    return out


def world_likelihood(hands: tuple[int, ...], ev: _Evidence, opts: Any, prior: BidPrior,
                     rng: random.Random) -> float:
    """The (estimated) chance of the view's bids and declarations given the four hands the
    seats held at the start of play: the product of :func:`seat_likelihoods`."""
    like = 1.0
    for x in seat_likelihoods(hands, ev, opts, prior, rng):
        like *= x
    return like


def _value(h5: int, s: int, trump: int, taker: int, ev: _Evidence, opts: Any,
           buying: bool) -> float:
    recipient = taker if opts.upcard_recipient == "taker" else ev.dealer
    mask, to, leads = bid_situation(h5, s, ev.dealer, trump, ev.upcard, recipient, opts)
    coef = COEF_CONTRACT if buying and opts.contract else COEF
    v = hand_value(mask, trump, opts, upcard=ev.upcard, upcard_to=to, leads=leads, coef=coef)
    if buying and not opts.contract:
        v += coef.get("taker", 0.0)
    return v


_CACHE: OrderedDict[str, Tilts | None] = OrderedDict()
_CACHE_SIZE = 512


def bid_tilts(view: Any, opts: Any, info: Any, prior: BidPrior = DEFAULT_PRIOR
              ) -> Tilts | None:
    """Per-seat weights of the unseen cards (``None``: no evidence, or the prior is off).

    The estimate depends only on the public auction and declaration evidence and the seat's
    own eight cards (not on the play so far), so it is cached per deal and seat."""
    if prior.strength <= 0.0 or view.trump is None:
        return None
    ev = _evidence(view, opts, prior)
    if not any(ev.bids) and not any(ev.no_decl) and not any(ev.no_other_kq):
        return None
    mine = info.hand
    for plays in [t.plays for t in view.tricks] + ([view.trick] if view.trick else []):
        for seat_txt, card in plays:
            if seat_txt == view.seat:
                mine |= 1 << card.index
    key = repr((ev, mine, prior, opts))
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    seed = zlib.crc32(repr((ev, mine, replace(prior, strength=1.0), opts)).encode())
    out = _estimate(ev, mine, opts, prior, random.Random(seed))
    _CACHE[key] = out
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return out


def _signal_cards(ev: _Evidence) -> int:
    """The cards the evidence speaks of: the trump and upcard suits (the bids value their
    lengths and honours), every ace (side aces weigh in the hand value) and the Bourlot
    halves.  Other cards keep weight 1: their estimated shares would be noise only."""
    out = _SUIT32[ev.trump]
    if ev.upcard >= 0:
        out |= _SUIT32[ev.upcard // 13]
    for suit in range(4):
        out |= 1 << (13 * suit + 12)
    for m in ev.no_other_kq:
        out |= m
    return out


def _estimate(ev: _Evidence, mine: int, opts: Any, prior: BidPrior, rng: random.Random
              ) -> Tilts | None:
    """Tilts from ``prior.worlds`` random deals of the other hands at the start of play."""
    placed = [p & ~mine for p in ev.placed]
    placed[ev.me] = 0
    fixed = mine
    for p in placed:
        fixed |= p
    pool = [c for c in range(52) if DECK32_MASK >> c & 1 and not fixed >> c & 1]
    others = [s for s in range(4) if s != ev.me]
    need = [8 - placed[s].bit_count() for s in others]
    if any(k < 0 for k in need) or sum(need) != len(pool):
        return None  # (not a 32-card deal of eight each: no prior)
    n = prior.worlds
    hit = [[0.0] * 52 for _ in range(4)]
    whit = [[0.0] * 52 for _ in range(4)]
    draws = []
    for _ in range(n):
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[ev.me] = mine
        at = 0
        for s, k in zip(others, need, strict=True):
            h = placed[s]
            for c in pool[at:at + k]:
                h |= 1 << c
            at += k
            hands[s] = h
        draws.append((hands, seat_likelihoods(hands, ev, opts, prior, rng)))
    # each seat's tally is weighted by its own factor only: the other seats' factors would
    # add noise, not information, to its marginals
    top = [max(w[s] for _, w in draws) for s in range(4)]
    total = [0.0, 0.0, 0.0, 0.0]
    for hands, w in draws:
        for s in others:
            if top[s] <= 0.0:
                continue
            ws = w[s] / top[s]
            total[s] += ws
            h = hands[s]
            for c in pool:
                if h >> c & 1:
                    hit[s][c] += 1.0
                    whit[s][c] += ws
    k = prior.smoothing
    lo, hi = 1.0 / prior.max_tilt, prior.max_tilt
    signal = _signal_cards(ev)
    tilts: list[dict[int, float]] = [{}, {}, {}, {}]
    for s in others:
        for c in pool:
            if hit[s][c] <= 0.0 or not signal >> c & 1:
                continue
            plain = hit[s][c] / n
            post = (whit[s][c] + k * plain) / (total[s] + k)
            t = min(hi, max(lo, post / plain))
            tilts[s][c] = t ** prior.strength
    return tilts[0], tilts[1], tilts[2], tilts[3]
