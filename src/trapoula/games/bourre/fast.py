"""Fast random playouts on plain ints, bit for bit the same deals as the public path.

The contract, which a test checks against the public API: with ``rng = random.Random(seed)``,
deal ``i`` is ``game.new_deal(rng=rng)`` (dealer Pn, every player antes) and at every decision
the player picks ``legal[int(rng.random() * len(legal))]`` from ``state.legal_actions()``
(canonical order: ``fold``, ``stay``, then every ``draw`` by number of cards and lexicographic
card order; in play the legal cards in canonical order), all from the same ``rng``.  The
result of each deal is the ``state.result`` of the public path; :func:`public_playouts` is
that reference loop.

>>> import trapoula
>>> g = trapoula.make("bourre", players=4)
>>> random_playouts(g, 20, seed=1) == public_playouts(g, 20, seed=1)
True
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from trapoula.cards import SUIT_MASKS
from trapoula.cards.cardset import bit_indices
from trapoula.games.bourre.context import BEATS, LED
from trapoula.games.bourre.deck import refill_stock
from trapoula.games.bourre.play import ABOVE, AKQ_MASKS
from trapoula.games.bourre.rules import draw_fee, max_draw_for
from trapoula.games.bourre.settlement import settle_core

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre

__all__ = ["deal_parts", "public_playouts", "random_playouts"]

_SEATS = tuple(f"P{i}" for i in range(1, 9))


def deal_parts(game: Bourre, seed: int) -> tuple[Any, list[int], list[int], int]:
    """``game.new_deal(seed=seed)`` before its state is made: (context, hands by seat,
    stock, pot), for batches that play the deal without the engine's state until someone
    asks for it (:mod:`trapoula.vector.bourre_play`); ``BourreState._start(*parts)`` is
    that deal (a test compares them).

    >>> import trapoula
    >>> from trapoula.games.bourre.state import BourreState
    >>> g = trapoula.make("bourre")
    >>> BourreState._start(*deal_parts(g, 7)).record() == g.new_deal(seed=7).record()
    True
    """
    from trapoula.core.seats import seat_name

    dealer = game.options.players - 1  # (new_deal's default: Pn deals)
    deck, refill_key = game.shuffle(random.Random(seed))
    origin = {"seed": seed, "dealer": seat_name(dealer), "deck": deck, "refill_key": refill_key}
    return game._deal_parts(deck, refill_key, dealer, origin, seed)


def public_playouts(game: Bourre, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The reference: the same random deals played through the public API."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = game.new_deal(rng=rng)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
        assert s.result is not None
        out.append(s.result)
    return out


def random_playouts(game: Bourre, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """Results of ``n`` uniformly random deals (see the module docstring for the contract)."""
    opts = game.options
    players = opts.players
    seats = game.dealing_order(players - 1)
    dealer = players - 1
    md = max_draw_for(opts, players)
    ante = opts.ante
    fees = [draw_fee(opts, ante, k) for k in range(md + 1)]
    combos = [c for k in range(1, md + 1) for c in combinations(range(5), k)]
    n_draws = sum(comb(5, k) for k in range(1, md + 1))
    forced = opts.forced_lead
    tie_rule = opts.tie_rule
    cap = opts.bourre_cap
    dealer_fifth = opts.trump_card == "dealer_fifth"
    suit_masks = SUIT_MASKS
    above = ABOVE
    deal_cards = game.deal_cards
    shuffle = game.shuffle
    rng = random.Random(seed)
    rand = rng.random
    out: list[dict[str, Any]] = []
    for _ in range(n):
        deck, refill_key = shuffle(rng)
        hands, trump_card, stock_l = deal_cards(deck, seats)
        stock = tuple(stock_l)
        trump = trump_card // 13
        tmask = suit_masks[trump]
        no_fold = dealer if dealer_fifth and trump_card % 13 == 12 else -1
        pot = ante * players
        pool = 0
        refills = 0
        staying: list[int] = []
        # --- decision round ---
        for s in seats:
            h = hands[s]
            first = 0 if s == no_fold else 1
            j = int(rand() * (first + 1 + n_draws)) - first
            if j < 0:
                pool |= h
                hands[s] = 0
                continue
            staying.append(s)
            if j == 0:
                pot += fees[0]
                continue
            combo = combos[j - 1]
            k = len(combo)
            pot += fees[k]
            idx = bit_indices(h)
            outm = 0
            for p in combo:
                outm |= 1 << idx[p]
            take = list(stock[:k])
            stock = stock[k:]
            if len(take) < k:
                refills += 1
                new = refill_stock(pool, refill_key, refills)
                pool = 0
                need = k - len(take)
                take.extend(new[:need])
                stock = tuple(new[need:])
            pool |= outm
            h ^= outm
            for c in take:
                h |= 1 << c
            hands[s] = h
        m_act = len(staying)
        tricks = [0] * players
        if m_act >= 2:
            # --- five tricks (the same rules as the state: trapoula.games.bourre.context) ---
            beats = BEATS[trump]
            akq = 0 if forced == "none" else AKQ_MASKS[trump]
            cinch = forced == "cinch_AKQ"
            lead_pos = 0
            for _ in range(5):
                pos = lead_pos
                win = wpos = -1
                led = 0
                for _p in range(m_act):
                    s = staying[pos]
                    h = hands[s]
                    if win < 0:
                        held = h & akq
                        if held and (held == akq or not cinch):
                            legal = 1 << ((h & tmask).bit_length() - 1)
                        else:
                            legal = h
                    else:
                        legal = h & led
                        if legal:
                            legal = legal & above[win] or legal
                        else:
                            legal = h & tmask
                            legal = (legal & above[win] or legal) if legal else h
                    j = int(rand() * legal.bit_count())
                    while j:
                        legal &= legal - 1
                        j -= 1
                    low = legal & -legal
                    c = low.bit_length() - 1
                    hands[s] = h ^ low
                    if win < 0:
                        win, wpos, led = c, pos, LED[c]
                    elif beats[win] >> c & 1:
                        win, wpos = c, pos
                    pos += 1
                    if pos == m_act:
                        pos = 0
                lead_pos = wpos
                tricks[staying[wpos]] += 1
        payouts, bourre, carry, _ = settle_core(
            pot, [(_SEATS[s], tricks[s]) for s in staying], tie_rule, cap
        )
        out.append({"payouts": payouts, "bourre": bourre, "carry": carry})
    return out
