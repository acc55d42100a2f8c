"""Fast random playouts: whole random deals on plain integers, no public objects.

The contract, which a test checks against the public API: deal ``i`` of
``random_playouts(n, seed)`` uses its own counter-based stream ``rng = PlayoutRNG(seed, i)``
(:mod:`trapoula.core.rng`); it is ``game.new_deal(rng=rng)`` (dealer P4), and at every
decision the player picks ``legal[int(rng.random() * len(legal))]`` from
``state.legal_actions()`` (canonical order).  :func:`public_playouts` is that reference loop.
Because every deal's stream can be computed on its own, a vectorised engine
(:mod:`trapoula.accel.bourloto_numpy`, used when numpy is installed) plays the same deals in
batches and returns the same results.

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> python_playouts(g, 20, seed=1) == public_playouts(g, 20, seed=1)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from trapoula.cards import SUIT_MASKS
from trapoula.core.rng import PlayoutRNG
from trapoula.games.bourloto.declarations import (
    Declaration,
    best_declarations,
    bourlot_mask,
    compare_declarations,
)
from trapoula.games.bourloto.rules import run6_of
from trapoula.games.bourloto.scoring import score_deal
from trapoula.games.bourloto.state import permute, shuffle_pack
from trapoula.games.bourloto.tables import (
    ABOVE_TRUMP,
    POINTS,
    STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto

__all__ = ["public_playouts", "random_playouts"]



def public_playouts(game: Bourloto, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The reference: the same random deals played through the public API."""
    out = []
    for i in range(n):
        rng = PlayoutRNG(seed, i)
        s = game.new_deal(rng=rng)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
        assert s.result is not None
        out.append(s.result)
    return out


def random_playouts(
    game: Bourloto, n: int, seed: int = 0, backend: str = "auto"
) -> list[dict[str, Any]]:
    """Results of ``n`` random deals (the module docstring gives the exact contract).

    ``backend``: ``"numpy"`` (batched; needs numpy), ``"python"``, or ``"auto"`` (numpy when
    it is installed and the options are supported, else python).  Every backend returns the
    same results.
    """
    if backend in ("auto", "numpy"):
        try:
            from trapoula.accel import bourloto_numpy
        except ImportError:
            if backend == "numpy":
                raise
        else:
            if bourloto_numpy.supports(game.options):
                out: list[dict[str, Any]] = bourloto_numpy.random_playouts(game, n, seed)
                return out
            if backend == "numpy":
                raise ValueError("these rule options are not supported by the numpy backend")
    return python_playouts(game, n, seed)


def python_playouts(game: Bourloto, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The pure-Python fast path (no objects per move); declarations shown during play
    (``declaration_timing="in_play"``) are not played on integers here: the reference loop
    :func:`public_playouts` plays those deals."""
    if game.options.declaration_timing == "in_play":
        return public_playouts(game, n, seed)
    return [_playout(game, PlayoutRNG(seed, i)) for i in range(n)]


def _zero_points(hand: int) -> bool:
    total = 0
    while hand:
        low = hand & -hand
        total += POINTS[low.bit_length() - 1]
        hand ^= low
    return total == 0


def _points(hand: int, trump: int) -> int:
    """Card points of ``hand`` with ``trump`` as trumps."""
    total = 0
    while hand:
        low = hand & -hand
        c = low.bit_length() - 1
        total += TRUMP_POINTS[c] if c // 13 == trump else POINTS[c]
        hand ^= low
    return total


def _legal(
    hand: int, k: int, led: int, top: int, win_seat: int, seat: int, trump: int,
    overtrump: bool, pexc: bool, tmask: int, above: Sequence[int],
) -> int:
    """The legal cards of the ``k``-th player (k >= 1) of a trick (RULES.md 1.4), on plain
    integers (the rule of :func:`~trapoula.games.bourloto.play.legal_mask`)."""
    follow = hand & SUIT_MASKS[led]
    partner_wins = pexc and k >= 2 and win_seat == (seat + 2) & 3
    if led == trump:
        if follow:
            if overtrump and not partner_wins:
                higher = follow & above[top + 1]
                if higher:
                    return higher
            return follow
        return hand
    if follow:
        return follow
    trumps = hand & tmask
    if not trumps or partner_wins:
        return hand
    if overtrump:
        higher = trumps & above[top + 1]
        if higher:
            return higher
    return trumps


def _playout(game: Bourloto, rng: PlayoutRNG) -> dict[str, Any]:
    o = game.options
    rand = rng.random
    deck = shuffle_pack(rand)
    agreement = o.bidding == "agreement"
    keys = tuple(rng.getrandbits(64) for _ in range(o.agreement_rounds - 1)) if agreement else ()
    dealer, first = 3, 0
    hands = [0, 0, 0, 0]
    if o.initial_deal == "3+2":
        order = [s for s in range(4) for _ in range(3)] + [s for s in range(4) for _ in range(2)]
    else:
        order = [k % 4 for k in range(20)]
    for k, s in enumerate(order):
        hands[s] |= 1 << deck[k]
    up = deck[20]
    stock = deck[21:]
    aponta = o.aponta_redeal
    spoken = [False, False, False, False]  # spoke in round 1 (for the aponta redeal)
    late = 0  # aponta_after_take: seats that may demand a redeal with their first action

    # --- trump selection ---------------------------------------------------------------------
    trump = -1
    taker = -1
    if agreement:
        for rnd in range(1, o.agreement_rounds + 1):
            disagreed = False
            for seat in range(4):
                n_legal = 2
                can_redeal = aponta and rnd == 1 and not spoken[seat] and _zero_points(hands[seat])
                if can_redeal:
                    n_legal = 3
                idx = int(rand() * n_legal)
                spoken[seat] = True
                if idx == 2:
                    return {"thrown_in": True}
                if idx == 1:
                    disagreed = True
                    if o.ru_round_stops_on_disagree:
                        break
            if not disagreed:
                trump, taker = up // 13, first
                break
            if rnd >= o.agreement_rounds:
                return {"thrown_in": True}
            pack = permute(stock + [up], keys[rnd - 1])
            up, stock = pack[0], pack[1:]
    else:
        for seat in range(4):  # round 1: take / pass
            can_redeal = aponta and not spoken[seat] and _zero_points(hands[seat])
            idx = int(rand() * (3 if can_redeal else 2))
            spoken[seat] = True
            if idx == 2:
                return {"thrown_in": True}
            if idx == 0:
                trump, taker = up // 13, seat
                if o.aponta_after_take:  # who has not bid and holds no point may still redeal
                    late = sum(1 << s for s in range(seat + 1, 4)
                               if not _points(hands[s], trump))
                break
        if trump < 0:
            suits = [s for s in range(4) if s != up // 13 or o.round2_allow_upcard_suit]
            for seat in range(4):
                idx = int(rand() * (len(suits) + 1))
                if idx < len(suits):
                    trump, taker = suits[idx], seat
                    break
            if trump < 0:
                return {"thrown_in": True}
    buyer = taker & 1 if o.contract else -1
    recipient = taker if (o.upcard_recipient == "taker" and taker >= 0) else dealer

    # --- seven exchange and completing the deal ----------------------------------------------
    seven = 13 * trump + 5
    allowed = o.seven_exchange == "any" or (
        o.seven_exchange == "trump_is_upcard_suit" and up // 13 == trump
    )
    # the 7's holder (not the recipient) may swap with his first action after the deal,
    # before the recipient's: 'exchange' is then the last of his legal actions
    pos = 0
    for k in range(4):
        if k != recipient:
            for c in stock[pos:pos + 3]:
                hands[k] |= 1 << c
            pos += 3
    for c in stock[pos:pos + 2]:
        hands[recipient] |= 1 << c
    hands[recipient] |= 1 << up
    holder = -1
    if allowed and up != seven:
        holder = next((s for s in range(4) if s != recipient and hands[s] >> seven & 1), -1)

    # --- declarations ------------------------------------------------------------------------
    avail = [
        tuple(best_declarations(
            h, trump, four_values=o.four_values, run6_value=run6_of(o),
            split_runs=o.split_runs, sevens_cancel_jacks=o.sevens_cancel_jacks,
        ))
        for h in hands
    ]
    with_decl = o.bourlot_announce == "with_declarations"
    kq_at = [bourlot_mask(h, trump) for h in hands]
    swap_bit = (1 << seven | 1 << up) if holder >= 0 else 0

    def swap(seat: int) -> None:  # the holder swaps: his and the recipient's findings change
        hands[seat] ^= swap_bit
        hands[recipient] ^= swap_bit
        for s in (seat, recipient):
            avail[s] = tuple(best_declarations(
                hands[s], trump, four_values=o.four_values, run6_value=run6_of(o),
                split_runs=o.split_runs, sevens_cancel_jacks=o.sevens_cancel_jacks,
            ))
            kq_at[s] = bourlot_mask(hands[s], trump)

    declared: list[tuple[Declaration, ...]] = [(), (), (), ()]
    bpts = [0, 0]
    dpts = [0, 0]
    opts_cmp: dict[str, Any] = {
        "compare": o.compare_declarations, "equal_seq_winner": o.equal_seq_winner,
        "sevens_cancel_jacks": o.sevens_cancel_jacks, "first": first,
    }
    first_trick = o.declaration_timing == "first_trick"
    if not first_trick:
        for seat in range(4):
            idx = -1  # the draw of this decision when it is already made
            may_swap = seat == holder and holder < recipient  # (the recipient has not declared)
            may_redeal = bool(late >> seat & 1)
            if may_swap:
                holder = -1
            while may_swap or may_redeal:  # 'exchange' and 'redeal' come after declare/pass
                n_acts = 2 if avail[seat] or (with_decl and kq_at[seat]) else 1
                idx = int(rand() * (n_acts + may_swap + may_redeal))
                if idx < n_acts:
                    break
                if may_swap and idx == n_acts:  # he swaps, then answers again
                    swap(seat)
                    may_swap = False
                    idx = -1
                    continue
                return {"thrown_in": True}
            if avail[seat] or (with_decl and kq_at[seat]):
                if (idx if idx >= 0 else int(rand() * 2)) == 0:
                    declared[seat] = avail[seat]
                    if with_decl and kq_at[seat]:
                        bpts[seat & 1] += 20
            elif idx < 0:
                rand()
        first_cmp = compare_declarations(
            {"A": [declared[0], declared[2]], "B": [declared[1], declared[3]]}, **opts_cmp
        )
        dpts = [first_cmp["A"], first_cmp["B"]]

    # --- play --------------------------------------------------------------------------------
    overtrump, pexc = o.overtrump_required, o.partner_exception
    when_played = o.bourlot_announce == "when_played"
    tmask = SUIT_MASKS[trump]
    above = ABOVE_TRUMP[trump]
    kq_mask = (1 << (13 * trump + 10)) | (1 << (13 * trump + 11))
    tally = [0, 0, 0, 0, 0, 0]
    leader = first
    decl_window = first_trick
    for trick_no in range(8):
        seat = leader
        led = -1
        top = -1  # strongest trump strength in the trick
        win_seat = seat
        win_key = -1
        pts = tp = 0
        for k in range(4):
            hand = hands[seat]
            mask = hand if k == 0 else _legal(
                hand, k, led, top, win_seat, seat, trump, overtrump, pexc, tmask, above)
            kq = kq_mask if when_played and hand & kq_mask == kq_mask else 0
            idx = -1  # the draw of this decision when it is already made
            first_card = first_trick and trick_no == 0
            # his first action (before the recipient's, for the swap): 'exchange' and 'redeal'
            # come after the card plays
            may_swap = seat == holder and first_card and k <= (recipient - first) & 3
            may_redeal = first_card and bool(late >> seat & 1)
            if may_swap:
                holder = -1
            while may_swap or may_redeal:
                can_declare = bool(avail[seat] or (with_decl and kq_at[seat]))
                n_acts = mask.bit_count() * (2 if can_declare else 1) + (
                    (kq & mask).bit_count() * (2 if can_declare else 1))
                idx = int(rand() * (n_acts + may_swap + may_redeal))
                if idx < n_acts:
                    break
                if not (may_swap and idx == n_acts):
                    return {"thrown_in": True}
                idx = -1  # he swaps, then plays from his new hand
                may_swap = False
                swap(seat)
                hand = hands[seat]
                if k:
                    mask = _legal(hand, k, led, top, win_seat, seat, trump, overtrump,
                                  pexc, tmask, above)
                else:
                    mask = hand
                kq = kq_mask if when_played and hand & kq_mask == kq_mask else 0
            if not kq and not decl_window:
                r = idx if idx >= 0 else int(rand() * mask.bit_count())
                m = mask
                for _ in range(r):
                    m &= m - 1
                low = m & -m
            else:
                can_declare = decl_window and bool(avail[seat] or (with_decl and kq_at[seat]))
                variants: list[tuple[int, int]] = []
                m = mask
                while m:
                    low = m & -m
                    b = bool(kq & low)
                    variants.append((low, 0))
                    if b:
                        variants.append((low, 1))
                    if can_declare:
                        variants.append((low, 2))
                        if b:
                            variants.append((low, 3))
                    m ^= low
                low, flags = variants[idx if idx >= 0 else int(rand() * len(variants))]
                if flags & 2:
                    declared[seat] = avail[seat]
                    if with_decl and kq_at[seat]:
                        bpts[seat & 1] += 20
                if flags & 1:
                    bpts[seat & 1] += 20
            hands[seat] = hand ^ low
            c = low.bit_length() - 1
            if low & tmask:
                v = TRUMP_POINTS[c]
                tp += v
                key = TRUMP_STRENGTH[c]
                if key > top:
                    top = key
            else:
                pts += POINTS[c]
                key = STRENGTH[c] if c // 13 == led or k == 0 else -1
            if k == 0:
                led = c // 13
            if key > win_key:
                win_key, win_seat = key, seat
            seat = (seat + 1) & 3
        team = win_seat & 1
        tally[team] += pts + tp + (10 if trick_no == 7 else 0)
        tally[2 + team] += tp
        tally[4 + team] += 1
        leader = win_seat
        if decl_window:
            decl_window = False
            cmp = compare_declarations(
                {"A": [declared[0], declared[2]], "B": [declared[1], declared[3]]}, **opts_cmp
            )
            dpts = [cmp["A"], cmp["B"]]
    capot = "A" if tally[4] == 8 else ("B" if tally[5] == 8 else None)
    sc = score_deal(
        o, buyer="AB"[buyer] if buyer >= 0 else None,
        tricks={"A": tally[0], "B": tally[1]}, capot=capot,
        declarations={"A": dpts[0] + bpts[0], "B": dpts[1] + bpts[1]},
        trump_points={"A": tally[2], "B": tally[3]}, hanging=0,
    )
    res: dict[str, Any] = {"scores": {"A": sc["A"], "B": sc["B"]}}
    if o.contract:
        res["hanging"] = sc["hanging"]
    return res
