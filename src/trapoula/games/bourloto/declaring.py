"""Declarations in a deal (RULES.md §1.3): what each hand holds once the deal is complete,
the declaration pass before play (§1.3.2 ``before_play``), the words said with a trick-1 card
(``first_trick``) or with the first of K/Q of trumps (Bourlot), and the comparison between the
teams (§1.3.3).  The kinds and values are :mod:`.declarations`; shows made during play
(``in_play``) are :mod:`.shows`.

>>> import trapoula
>>> s = trapoula.make("bourloto", "ru").new_deal(seed=2)
>>> while s.phase != "declare":
...     s = s.apply(s.legal_actions()[0])
>>> s.current_player, [str(a) for a in s.legal_actions()]
('P1', ['declare', 'pass'])
>>> [d.name for d in s.available_declarations(0)]
['tierce']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trapoula.core.action import Action
from trapoula.games.bourloto.actions import DECLARE_ACTS, PASS_ACTS
from trapoula.games.bourloto.context import (
    DECLARE,
    PLAY,
    completed_context,
    replace_context,
    with_bidding,
)
from trapoula.games.bourloto.declarations import (
    Declaration,
    compare_declarations,
    hand_declarations,
)
from trapoula.games.bourloto.rules import run6_of
from trapoula.games.bourloto.tables import DECK32_MASK

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState, Draft

__all__ = [
    "compare", "declare_actions", "declare_step", "enter_play", "first_trick_over",
    "say_words",
]

_KQ_MASKS = tuple((1 << (13 * t + 10)) | (1 << (13 * t + 11)) for t in range(4))
_BITS4 = tuple(tuple(bool(m >> s & 1) for s in range(4)) for m in range(16))  # a bit per seat
_BOOLS4 = tuple(tuple(not m >> s & 1 for s in range(4)) for m in range(16))  # bit = not plain
_NO_DECLS: tuple[tuple[Declaration, ...], ...] = ((), (), (), ())
_NOT_PLAIN = (False, False, False, False)


def enter_play(
    n: Draft, hands: tuple[int, ...] | None = None, trump: int = -1, buyer: int = -1,
    taker: int = -1, seven5: int | None = None,
) -> None:
    """The hands are complete and trump fixed (the arguments, or the context's when
    ``hands`` is None): find the declarations, then declare (``before_play``) or play.
    ``seven5``: the seat whose first five cards held the 7 of trumps, or -1 (None: the
    context's)."""
    ctx = n._ctx
    if seven5 is None:
        seven5 = ctx.seven5
    if hands is None:
        hands, trump, buyer, taker = ctx.hands, ctx.trump, ctx.buyer, ctx.taker
    opts = ctx.opts
    h0, h1, h2, h3 = hands
    # per hand, a run of 3 or a four (cheap tests first; the shifted-down operands
    # first keep the four test on small ints)
    r0 = h0 & h0 >> 1 & h0 >> 2 or h0 >> 39 & h0 >> 26 & h0 >> 13 & h0
    r1 = h1 & h1 >> 1 & h1 >> 2 or h1 >> 39 & h1 >> 26 & h1 >> 13 & h1
    r2 = h2 & h2 >> 1 & h2 >> 2 or h2 >> 39 & h2 >> 26 & h2 >> 13 & h2
    r3 = h3 & h3 >> 1 & h3 >> 2 or h3 >> 39 & h3 >> 26 & h3 >> 13 & h3
    avail: tuple[tuple[Declaration, ...], ...] = _NO_DECLS
    if r0 or r1 or r2 or r3:
        fv, r6, sr, scj = (
            opts.four_values, run6_of(opts), opts.split_runs, opts.sevens_cancel_jacks
        )
        avail = (
            hand_declarations(h0, trump, fv, r6, sr, scj) if r0 else (),
            hand_declarations(h1, trump, fv, r6, sr, scj) if r1 else (),
            hand_declarations(h2, trump, fv, r6, sr, scj) if r2 else (),
            hand_declarations(h3, trump, fv, r6, sr, scj) if r3 else (),
        )
    kqm = _KQ_MASKS[trump]
    kq = (
        kqm if h0 & kqm == kqm else 0, kqm if h1 & kqm == kqm else 0,
        kqm if h2 & kqm == kqm else 0, kqm if h3 & kqm == kqm else 0,
    )
    with_decl = opts.bourlot_announce == "with_declarations"
    # seats that may add 'declare' to a trick-1 card (a bit each)
    decl_bits = 0
    if opts.declaration_timing == "first_trick":
        a0, a1, a2, a3 = avail
        k0, k1, k2, k3 = kq if with_decl else (0, 0, 0, 0)
        decl_bits = (
            (1 if a0 or k0 else 0) | (2 if a1 or k1 else 0) | (4 if a2 or k2 else 0)
            | (8 if a3 or k3 else 0)
        )
    may_declare = _BITS4[decl_bits]
    kq_mask = 0 if with_decl else kqm
    kq_seat, kq_bit = -1, 0
    if kq_mask:  # (at most one seat holds both cards)
        kq_seat = 0 if kq[0] else 1 if kq[1] else 2 if kq[2] else 3 if kq[3] else -1
        kq_bit = 1 << kq_seat if kq_seat >= 0 else 0
    phase = DECLARE if opts.declaration_timing == "before_play" else PLAY
    # the seats whose plays carry no word nor other action (ctx.plain), after trick 1 and now
    slow = 15 if phase == DECLARE else kq_bit | decl_bits
    mode = opts.seven_exchange
    up = n.bid.upcard
    if seven5 >= 0 and mode != "none" and n.bid.exchanged < 0 and up != 13 * trump + 5 and (
        mode == "any" or up // 13 == trump
    ):  # the 7's holder (from his first five cards) may swap with his trick-1 card
        slow |= 1 << seven5
    slow |= ctx.aponta  # who may still demand a redeal with his trick-1 card
    plain, plain_after = _BOOLS4[slow], _BOOLS4[kq_bit]
    if opts.declaration_timing == "in_play":  # a show may come at any card
        plain = plain_after = _NOT_PLAIN
    n._ctx = completed_context(
        ctx, trump, buyer, taker, avail, kq, may_declare, kq_mask, kq_seat, hands, plain,
        plain_after, seven5,
    )
    n._left = DECK32_MASK
    n._turn = (ctx.dealer + 1) & 3
    n._phase = phase


def declare_actions(s: BourlotoState, seat: int) -> tuple[Action, ...]:
    """§1.3.2 ``before_play``: ``declare`` when the seat holds a declaration (or Bourlot,
    declared with them), else only ``pass`` (the phase machine adds the seven exchange and
    a late redeal, §1.2, where they are open)."""
    ctx = s._ctx
    if ctx.avail[seat] or (
        ctx.opts.bourlot_announce == "with_declarations" and ctx.bourlot_at[seat]
    ):
        return DECLARE_ACTS
    return PASS_ACTS


def declare_step(n: Draft, seat: int, action: Action, hist: tuple[tuple[int, str], ...]) -> None:
    """``seat`` declares or passes; after the fourth the declarations are compared and the
    play begins."""
    ctx = n._ctx
    if action.kind == "declare":
        per_seat, dpts, bpts, shows = n.declared
        ps = list(per_seat)
        ps[seat] = ctx.avail[seat]
        with_decl = ctx.opts.bourlot_announce == "with_declarations"
        if ctx.bourlot_at[seat] and with_decl:
            bpts = _plus20(bpts, seat)
        n.declared = ((ps[0], ps[1], ps[2], ps[3]), dpts, bpts, shows)
    n.bid = with_bidding(n.bid, hist)
    nxt = (seat + 1) & 3
    if nxt == (ctx.dealer + 1) & 3:
        compare(n)
        n._phase = PLAY
        n._ctx = replace_context(ctx, plain=ctx.plain_after)
    n._turn = nxt


def _plus20(bpts: tuple[int, int], seat: int) -> tuple[int, int]:
    """Bourlot's 20 added for ``seat``'s team."""
    return (bpts[0] + 20, bpts[1]) if not seat & 1 else (bpts[0], bpts[1] + 20)


def say_words(n: Draft, seat: int, words: tuple[str, ...]) -> None:
    """The words said with a card: ``declare`` (trick 1, ``first_trick``: the seat's
    declarations, with Bourlot when it is declared with them) and ``bourlot`` (the first of
    K/Q of trumps played, the other still held)."""
    ctx = n._ctx
    per_seat, dpts, bpts, shows = n.declared
    if "declare" in words:
        ps = list(per_seat)
        ps[seat] = ctx.avail[seat]
        per_seat = (ps[0], ps[1], ps[2], ps[3])
        if ctx.opts.bourlot_announce == "with_declarations" and ctx.bourlot_at[seat]:
            bpts = _plus20(bpts, seat)
    if "bourlot" in words:
        bpts = _plus20(bpts, seat)
    n.declared = (per_seat, dpts, bpts, shows)


def first_trick_over(n: Draft) -> None:
    """Trick 1 is over: ``first_trick`` declarations are compared, and no more words come."""
    ctx = n._ctx
    if ctx.opts.declaration_timing == "first_trick":
        compare(n)
        if ctx.plain != ctx.plain_after:
            n._ctx = replace_context(ctx, plain=ctx.plain_after)


def compare(n: Draft) -> None:
    """§1.3.3: the declaration points each team scores (Bourlot is never compared)."""
    per_seat, _, bpts, shows = n.declared
    if not (per_seat[0] or per_seat[1] or per_seat[2] or per_seat[3]):
        return  # nothing declared: (0, 0) stays
    opts = n._ctx.opts
    teams = {
        "A": [per_seat[0], per_seat[2]],
        "B": [per_seat[1], per_seat[3]],
    }
    pts = compare_declarations(
        teams, compare=opts.compare_declarations, equal_seq_winner=opts.equal_seq_winner,
        sevens_cancel_jacks=opts.sevens_cancel_jacks, first=(n._ctx.dealer + 1) & 3,
    )
    n.declared = (per_seat, (pts["A"], pts["B"]), bpts, shows)

