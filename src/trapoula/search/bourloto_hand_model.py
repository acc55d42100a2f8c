"""The Bourloto bidding hand model: what a hand is worth for a trump suit, and the bidder's
default thresholds.

Two readers share it, so it lives below both: the heuristic bot
(:class:`~trapoula.bots.bourloto_heuristic.BourlotoHeuristicBot`) bids with it, and the
bidding prior (:mod:`trapoula.search.bourloto_prior`) models that bidder to read the auction.
The search layer never imports a bot (docs/architecture.md); the bot imports this module and
re-exports its names.

A hand is valued for a trump suit as the expected deal-point difference its team makes: a
linear model (``COEF``, ``COEF_CONTRACT``) over :func:`hand_features` (trump J/9/A/10, length,
side aces and tens, Bourlot, declarations, where the upcard goes, who leads), fitted on
self-play deals by ``benchmarks/bourloto_fit.py``.

>>> from trapoula.cards import mask_of, parse_cards
>>> from trapoula.games.bourloto.rules import BourlotoOptions
>>> hand_value(mask_of(parse_cards("JH 9H AH 10H KH")), 1, BourlotoOptions()) > 100  # hearts
True
"""

from __future__ import annotations

from typing import Any

from trapoula.cards import SUIT_MASKS
from trapoula.games.bourloto.declarations import best_declarations, bourlot_mask
from trapoula.games.bourloto.rules import run6_of
from trapoula.games.bourloto.tables import DECK32_MASK

__all__ = [
    "AGREE_THRESHOLD", "COEF", "COEF_CONTRACT", "NAME_THRESHOLD", "OPP_AGREED",
    "PARTNER_AGREED", "ROUND_RELAX", "TAKE_THRESHOLD", "bid_situation", "hand_features",
    "hand_value",
]

_SUIT32: tuple[int, ...] = tuple(SUIT_MASKS[s] & DECK32_MASK for s in range(4))

# The bidder's default thresholds (hand-model points; BourlotoHeuristicBot's defaults, and
# what the prior assumes of the other seats).  gr: take (round 1) / name (round 2) a suit
# worth at least TAKE_THRESHOLD / NAME_THRESHOLD; ru: agree when the agreement value, plus
# PARTNER_AGREED (OPP_AGREED) for each partner (opponent) who agreed earlier in the round,
# reaches AGREE_THRESHOLD lowered by ROUND_RELAX per failed round.
AGREE_THRESHOLD = -15.0
TAKE_THRESHOLD = 5.0
NAME_THRESHOLD = 5.0
PARTNER_AGREED = 15.0
ROUND_RELAX = 15.0
OPP_AGREED = -5.0

# card offsets inside a suit (index = 13 * suit + offset)
_SEVEN, _EIGHT, _NINE, _TEN, _JACK, _QUEEN, _KING, _ACE = 5, 6, 7, 8, 9, 10, 11, 12

# Linear hand models over hand_features(), fitted by least squares on self-play deals of this
# bot (benchmarks/bourloto_fit.py; averages of fits on both presets and two seeds).
# COEF: the expected raw deal-point difference for the holder's team (agreement, exchange).
COEF: dict[str, float] = {
    "bias": -44.5, "tJ": 28.4, "t9": 9.1, "tA": -1.4, "t10": -2.1, "tKQ": -5.3, "t78": -12.3,
    "tlen": 16.5, "tlen2": 2.95, "tJ9": 3.9, "sA": 14.3, "s10A": 0.4, "s10": 6.5, "svoid": 1.0,
    "bourlot": 14.3, "decl": 0.95, "up_partner": 1.3, "up_opp": -0.85, "leads": 8.5,
    "taker": 1.2,
}

# The taker's expected deal score difference when a contract must be made (gr).
COEF_CONTRACT: dict[str, float] = {
    "bias": -127.3, "tJ": 40.2, "t9": 12.7, "tA": -2.2, "t10": -4.3, "tKQ": -6.3, "t78": -18.5,
    "tlen": 21.6, "tlen2": 4.75, "tJ9": 11.6, "sA": 22.6, "s10A": 0.0, "s10": 9.6, "svoid": 0.5,
    "bourlot": 14.8, "decl": 1.35, "up_partner": 1.45, "up_opp": -1.1, "leads": 16.0,
}

def hand_features(
    mask: int, trump: int, opts: Any, *, upcard: int = -1, upcard_to: str = "",
    leads: bool = False,
) -> dict[str, float]:
    """Features of a known part of a hand for a trump suit (the hand model's inputs).

    ``upcard_to`` is ``me`` (the upcard is added to the hand), ``partner`` or ``opp``;
    ``leads``: the holder's team leads to the first trick.
    """
    if upcard >= 0 and upcard_to == "me":
        mask |= 1 << upcard
    t = 13 * trump
    has = [mask >> (t + o) & 1 for o in range(13)]
    tlen = (mask & _SUIT32[trump]).bit_count()
    f = {
        "bias": 1.0, "tJ": float(has[_JACK]), "t9": float(has[_NINE]), "tA": float(has[_ACE]),
        "t10": float(has[_TEN]), "tKQ": float(has[_KING] + has[_QUEEN]),
        "t78": float(has[_SEVEN] + has[_EIGHT]), "tlen": float(tlen),
        "tlen2": float(tlen * tlen), "tJ9": float(has[_JACK] & has[_NINE]),
    }
    sa = s10a = s10 = svoid = 0
    for s in range(4):
        if s == trump:
            continue
        n = (mask & _SUIT32[s]).bit_count()
        a = mask >> (13 * s + _ACE) & 1
        ten = mask >> (13 * s + _TEN) & 1
        sa += a
        if ten:
            if a:
                s10a += 1
            elif n >= 2:
                s10 += 1
        if n == 0 and tlen:
            svoid += 1
    f["sA"], f["s10A"], f["s10"], f["svoid"] = float(sa), float(s10a), float(s10), float(svoid)
    f["bourlot"] = 1.0 if bourlot_mask(mask, trump) else 0.0
    decl = best_declarations(
        mask, trump, four_values=opts.four_values, run6_value=run6_of(opts),
        split_runs=opts.split_runs,
    )
    f["decl"] = float(sum(d.points for d in decl))
    up_val = _card_value(upcard, trump) if upcard >= 0 else 0.0
    f["up_partner"] = up_val if upcard_to == "partner" else 0.0
    f["up_opp"] = up_val if upcard_to == "opp" else 0.0
    f["leads"] = 1.0 if leads else 0.0
    return f


def bid_situation(
    mask: int, seat: int, dealer: int, trump: int, upcard: int, recipient: int, opts: Any
) -> tuple[int, str, bool]:
    """What a bidder can count on: his cards (minus a seven he would swap for the upcard),
    where the upcard goes (``me``/``partner``/``opp``) and whether his team leads first."""
    to = "me" if recipient == seat else ("partner" if recipient == (seat + 2) & 3 else "opp")
    mode = opts.seven_exchange
    if upcard >= 0 and to != "me" and (
        mode == "any" or (mode == "trump_is_upcard_suit" and upcard // 13 == trump)
    ):
        seven = 13 * trump + _SEVEN
        if mask >> seven & 1:
            mask ^= 1 << seven  # he will swap his seven for the upcard
            to = "me"
    leads = ((dealer + 1) & 1) == (seat & 1)
    return mask, to, leads


def _card_value(c: int, trump: int) -> float:
    """A rough single-card worth, used for the upcard going to the partner or an opponent."""
    o = c % 13
    if c // 13 == trump:
        return {_JACK: 30.0, _NINE: 20.0, _ACE: 13.0, _TEN: 9.0}.get(o, 5.0) + 6.0
    return {_ACE: 12.0, _TEN: 3.0}.get(o, 0.0)


def hand_value(
    mask: int, trump: int, opts: Any, *, upcard: int = -1, upcard_to: str = "",
    leads: bool = False, coef: dict[str, float] | None = None,
) -> float:
    """Estimated deal-point difference for the team of a player holding ``mask`` with
    ``trump`` (``coef``: which model; the agreement model by default).

    >>> from trapoula.cards import mask_of, parse_cards
    >>> from trapoula.games.bourloto.rules import BourlotoOptions
    >>> o = BourlotoOptions()
    >>> strong = mask_of(parse_cards("JH 9H AH AS AD"))
    >>> weak = mask_of(parse_cards("7H 8S 9D QC 8C"))
    >>> hand_value(strong, 1, o) > 0 > hand_value(weak, 1, o)
    True
    """
    w = COEF if coef is None else coef
    f = hand_features(mask, trump, opts, upcard=upcard, upcard_to=upcard_to, leads=leads)
    return sum(w.get(k, 0.0) * x for k, x in f.items())
