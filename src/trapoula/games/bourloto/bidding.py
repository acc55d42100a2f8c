"""The deal and trump selection (RULES.md §1.2): the shuffle, the ru agreement rounds
(§1.2.1), the gr take / name rounds (§1.2.2), the redeal demands (άποντα), completing the deal
and the private exchange of the seven of trumps (§1.2.2.7).

>>> import trapoula
>>> s = trapoula.make("bourloto", "gr").new_deal(seed=2)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()]
('bid1', 'P1', ['take', 'pass'])
>>> s = s.apply("P1 pass").apply("P2 take")
>>> s.phase, str(s.trump), [s.hands[i].bit_count() for i in range(4)]
('play', 'S', [8, 8, 8, 8])
>>> permute([1, 2, 3], 1), permute([1, 2, 3], 5)
([3, 1, 2], [1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import starmap
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Any

from trapoula.cards import deck_32
from trapoula.core.action import Action
from trapoula.errors import IllegalActionError
from trapoula.games.bourloto.actions import (
    ACTIONS,
    AGREE_ACTS,
    BID1_ACTS,
    BID2_ACTS,
    REDEAL_ACTS,
    SWAP_ACTS,
    TEXT,
)
from trapoula.games.bourloto.context import (
    AGREE,
    BID1,
    BID2,
    DECLARE,
    EXCHANGE,
    OVER,
    PLAY,
    Bidding,
    replace_context,
    with_bidding,
)
from trapoula.games.bourloto.declaring import declare_step, enter_play
from trapoula.games.bourloto.tables import POINTS, TRUMP_POINTS

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState, Draft

__all__ = [
    "PACK", "bid_actions", "bid_step", "deal_actions", "may_swap", "may_swap_later",
    "may_swap_out_of_turn", "permute", "shuffle_pack", "swap_open", "swap_seven", "throw_in",
]

PACK = tuple(c.index for c in deck_32())


# --- the shuffle (§1.2: "shuffle, cut, deal") ---------------------------------------------------
def permute(items: Sequence[int], key: int) -> list[int]:
    """A shuffle of ``items`` decided by one random ``key`` (Lehmer code): a uniform
    permutation when ``key`` has comfortably more bits than ``log2(len(items)!)``."""
    out = list(items)
    for j in range(len(out) - 1, 0, -1):
        key, k = divmod(key, j + 1)
        out[j], out[k] = out[k], out[j]
    return out


def shuffle_pack(rand: Callable[[], float]) -> list[int]:
    """The 32 card indices shuffled by Fisher-Yates with ``k = int(rand() * (j + 1))`` for
    ``j = 31 .. 1`` (a definition a vectorised engine reproduces exactly)."""
    deck = list(PACK)
    # the 31 draws, products and int() run in C, in order, with the same arithmetic
    # (_NO_ARGS has 31 entries: no 32nd draw, even for zip's strict check)
    for j, k in zip(_SHUFFLE_J, map(int, map(mul, starmap(rand, _NO_ARGS), _SHUFFLE_M)),
                    strict=True):
        deck[j], deck[k] = deck[k], deck[j]
    return deck


_SHUFFLE_J = tuple(range(31, 0, -1))
_SHUFFLE_M = tuple(j + 1 for j in _SHUFFLE_J)
_NO_ARGS = ((),) * 31


# --- what may be said ---------------------------------------------------------------------------
def bid_actions(s: BourlotoState, seat: int) -> tuple[Action, ...]:
    """The bids of ``seat`` in the agree / bid1 / bid2 phases (with the άποντα redeal)."""
    phase = s._phase
    opts = s._ctx.opts
    acts: tuple[Action, ...]
    if phase == AGREE:
        acts = AGREE_ACTS
    elif phase == BID1:
        acts = BID1_ACTS
    else:
        acts = BID2_ACTS[4 if opts.round2_allow_upcard_suit else s.bid.upcard // 13]
    if opts.aponta_redeal and may_demand_redeal(s, seat):
        acts = acts + REDEAL_ACTS
    return acts


def deal_actions(s: BourlotoState, seat: int) -> tuple[Action, ...]:
    """What ``seat`` may do once the deal is complete beside declaring or playing: swap the
    seven (§1.2.2.7) and demand a late redeal (``aponta_after_take``)."""
    acts: tuple[Action, ...] = ()
    if not s._tl and may_swap(s, seat):
        acts = SWAP_ACTS
    if s._ctx.aponta and may_redeal_late(s, seat):
        acts += REDEAL_ACTS
    return acts


def may_demand_redeal(s: BourlotoState, seat: int) -> bool:
    """Άποντα: first turn of the first round, and the five cards are worth nothing."""
    bid = s.bid
    if bid.round_no != 1 or s._phase == BID2 or any(t == seat for t, _ in bid.history):
        return False
    m, total = s.hands[seat], 0
    while m:
        low = m & -m
        total += POINTS[low.bit_length() - 1]
        m ^= low
    return total == 0


def may_redeal_late(s: BourlotoState, seat: int) -> bool:
    """``aponta_after_take``: ``seat`` may demand a redeal now, with its first action after
    the deal (its trick-1 card, or its turn to declare)."""
    ctx = s._ctx
    if not ctx.aponta >> seat & 1:
        return False
    if s._phase == PLAY:
        return not s._tl and ctx.opts.declaration_timing != "before_play"
    return s._phase == DECLARE


# --- bidding steps ------------------------------------------------------------------------------
def bid_step(n: Draft, seat: int, action: Action) -> None:
    """``seat`` bids ``action`` (or declares / passes in the declaration pass)."""
    bid = n.bid
    kind = action.kind
    hist = bid.history + ((seat, TEXT[action]),)
    phase = n._phase
    if kind == "redeal":
        throw_in(n, "redeal", hist)
    elif phase == AGREE:
        _agree_step(n, seat, kind == "agree", hist)
    elif phase == BID1 or phase == BID2:
        if kind == "pass":
            spoke = bid.spoke + 1
            if spoke < 4:
                n.bid = with_bidding(bid, hist, spoke=spoke)
            elif phase == BID1:
                n.bid = with_bidding(bid, hist, spoke=0)
                n._phase = BID2
            else:
                throw_in(n, "all passed", hist)
                return
            n._turn = (seat + 1) & 3
        else:
            trump = bid.upcard // 13 if kind == "take" else int(action.suit)  # type: ignore[arg-type]
            n.bid = with_bidding(bid, hist)
            _trump_fixed(n, trump, seat)
    elif phase == EXCHANGE:  # (no longer entered: the swap is swap_seven)
        raise IllegalActionError("the seven exchange has no phase of its own")
    else:  # DECLARE
        declare_step(n, seat, action, hist)


def _agree_step(n: Draft, seat: int, agreed: bool, hist: tuple[tuple[int, str], ...]) -> None:
    """§1.2.1: a round ends after four agreements, or at a disagreement (when
    ``ru_round_stops_on_disagree``); a disagreed round turns a new upcard."""
    bid = n.bid
    opts = n._ctx.opts
    first = (n._ctx.dealer + 1) & 3
    disagreed = bid.disagreed or not agreed
    spoke = bid.spoke + 1
    round_over = spoke == 4 or (not agreed and opts.ru_round_stops_on_disagree)
    if not round_over:
        n.bid = with_bidding(bid, hist, spoke=spoke, disagreed=disagreed)
        n._turn = (seat + 1) & 3
        return
    if not disagreed:
        n.bid = with_bidding(bid, hist)
        _trump_fixed(n, bid.upcard // 13, first)
        return
    if bid.round_no >= opts.agreement_rounds:
        throw_in(n, "no agreement", hist)
        return
    # the upcard goes back into the stock, which is shuffled and a new card turned
    pack = permute(list(bid.stock) + [bid.upcard], n._ctx.keys[bid.round_no - 1])
    n.bid = Bidding(stock=tuple(pack[1:]), upcard=pack[0], round_no=bid.round_no + 1, history=hist)
    n._turn = first


def throw_in(n: Draft, reason: str, hist: tuple[tuple[int, str], ...]) -> None:
    """The deal ends without play (a redeal demanded, all passed, no agreement)."""
    n.bid = with_bidding(n.bid, hist, reason=reason)
    n._phase = OVER
    n.is_over = True


def _points5(hand: int, trump: int) -> int:
    """Card points of ``hand`` with ``trump`` as trumps."""
    total = 0
    while hand:
        low = hand & -hand
        c = low.bit_length() - 1
        total += TRUMP_POINTS[c] if c // 13 == trump else POINTS[c]
        hand ^= low
    return total


def _trump_fixed(n: Draft, trump: int, taker: int) -> None:
    ctx = n._ctx
    buyer = taker & 1 if ctx.opts.contract else -1
    if ctx.opts.aponta_after_take and n._phase == BID1:
        # PEX: who has not bid yet and whose five cards hold no point, trump values
        # counted, may still demand a redeal (with his first action after the deal)
        spoke = {t for t, _ in n.bid.history}
        bits = 0
        for s in range(4):
            if s not in spoke and s != taker and not _points5(ctx.hands[s], trump):
                bits |= 1 << s
        if bits:
            n._ctx = replace_context(ctx, aponta=bits)
    # §1.2.2.7: the deal is completed at once and nobody is asked; the 7's holder may swap
    # with his first action after it (see may_swap), so a decision not to swap is silent
    _complete(n, trump, buyer, taker)


# --- completing the deal ------------------------------------------------------------------------
_BIT = tuple(1 << i for i in range(52))
# per dealer and recipient: the other three seats, from the dealer's left
_OTHERS = tuple(
    tuple(
        tuple(s for s in ((dealer + k) & 3 for k in range(1, 5)) if s != recipient)
        for recipient in range(4)
    )
    for dealer in range(4)
)
_STOCK_GETTERS: dict[tuple[int, int], tuple[tuple[int, Callable[[Any], Any]], ...]] = {}


def _stock_getters(
    dealer: int, recipient: int
) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
    """(seat, getter of that seat's stock cards) per seat: 3 to each seat from the dealer's
    left but the recipient, then 2 to the recipient (who also takes the upcard)."""
    got = _STOCK_GETTERS.get((dealer, recipient))
    if got is None:
        first = (dealer + 1) & 3
        order = [(first + k) & 3 for k in range(4)]
        seats = tuple(s for s in order if s != recipient for _ in range(3)) + (recipient,) * 2
        got = tuple(
            (s, itemgetter(*[k for k, t in enumerate(seats) if t == s])) for s in range(4)
        )
        _STOCK_GETTERS[(dealer, recipient)] = got
    return got


def _complete(n: Draft, trump: int, buyer: int, taker: int) -> None:
    """Deal 3 cards to each player but the recipient, who gets 2 + the upcard."""
    bid = n.bid
    ctx = n._ctx
    recipient = taker if ctx.opts.upcard_recipient == "taker" and taker >= 0 else ctx.dealer
    hands = list(ctx.hands)
    up = bid.upcard
    if bid.exchanged >= 0:
        seven = 13 * trump + 5
        hands[bid.exchanged] = hands[bid.exchanged] ^ (1 << seven) | (1 << up)
        up = seven
    stock = bid.stock
    if len(stock) == 11:  # 3 cards to each seat from the dealer's left, 2 to the recipient
        o1, o2, o3 = _OTHERS[ctx.dealer][recipient]
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 = stock
        hands[o1] |= 1 << c0 | 1 << c1 | 1 << c2
        hands[o2] |= 1 << c3 | 1 << c4 | 1 << c5
        hands[o3] |= 1 << c6 | 1 << c7 | 1 << c8
        hands[recipient] |= 1 << c9 | 1 << c10 | 1 << up
    else:
        for s, got in _stock_getters(ctx.dealer, recipient):
            hands[s] |= sum(map(_BIT.__getitem__, got(stock)))
        hands[recipient] |= 1 << up
    # §1.2.2.7: only a 7 of trumps among a player's first five cards may be swapped
    seven = 13 * trump + 5
    h = ctx.hands
    seven5 = (0 if h[0] >> seven & 1 else 1 if h[1] >> seven & 1 else 2 if h[2] >> seven & 1
              else 3 if h[3] >> seven & 1 else -1)
    n.bid = with_bidding(bid, bid.history, stock=())
    enter_play(n, (hands[0], hands[1], hands[2], hands[3]), trump, buyer, taker, seven5)


# --- the seven of trumps (§1.2.2.7) -----------------------------------------------------------
def recipient(s: BourlotoState) -> int:
    """The seat that takes the upcard with the last two stock cards."""
    ctx = s._ctx
    return ctx.taker if ctx.opts.upcard_recipient == "taker" and ctx.taker >= 0 else ctx.dealer


def swap_open(s: BourlotoState) -> bool:
    """Whether this deal's seven exchange is still possible: allowed for this trump and
    upcard, nobody swapped yet, and trick 1 not over."""
    ctx = s._ctx
    mode = ctx.opts.seven_exchange
    up = s.bid.upcard
    trump = ctx.trump
    if mode == "none" or up < 0 or trump < 0 or s.bid.exchanged >= 0 or s._tl:
        return False
    return up != 13 * trump + 5 and (mode == "any" or up // 13 == trump)


def may_swap(s: BourlotoState, seat: int) -> bool:
    """``seat`` held the 7 of trumps among its first five cards (not one of its last three),
    is not the upcard's recipient, and this is its first action after the deal (its trick-1
    card, or its turn to declare), before the recipient's first.  The question is never put
    to anyone else, so the others learn nothing when the holder keeps quiet."""
    ctx = s._ctx
    if seat != ctx.seven5 or not swap_open(s):
        return False
    rec = recipient(s)
    if seat == rec:
        return False
    first = (ctx.dealer + 1) & 3
    if s._phase == PLAY:
        if ctx.opts.declaration_timing == "before_play":
            return False  # his first action was his turn to declare
        acted = len(s.trick)
    elif s._phase == DECLARE:
        acted = (seat - first) & 3
    else:
        return False
    return (rec - first) & 3 >= acted


def may_swap_later(s: BourlotoState, seat: int) -> bool:
    """Whether ``seat`` may swap the seven now or with a later action of this deal (the
    rule of :func:`may_swap`: the 7 among its first five cards, and neither it nor the
    recipient has acted since the deal)."""
    return seat == s._ctx.seven5 and may_swap_out_of_turn(s, seat)


def may_swap_out_of_turn(s: BourlotoState, seat: int) -> bool:
    """Whether ``seat`` could still make the swap later in this deal by the rule of the
    records made before RULES §1.2.2.7 said "among his first five cards": the window is open,
    it holds the 7 (from whichever cards), and neither it nor the recipient has acted since
    the deal (replays of earlier versions' records only; see ``Bourloto.replay_action``)."""
    ctx = s._ctx
    rec = recipient(s)
    if not swap_open(s) or seat == rec:
        return False
    if not ctx.hands[seat] >> (13 * ctx.trump + 5) & 1:
        return False
    first = (ctx.dealer + 1) & 3
    if s._phase == PLAY and ctx.opts.declaration_timing != "before_play":
        acted = len(s.trick)
    elif s._phase == DECLARE:
        acted = (s._turn - first) & 3
    else:
        return False
    return (seat - first) & 3 >= acted and (rec - first) & 3 >= acted


def swap_seven(n: Draft, seat: int) -> None:
    """``seat`` swaps the 7 of trumps for the upcard, which the recipient gave back: the
    hands and everything found in them are recomputed; the deal goes on where it was."""
    ctx = n._ctx
    trump = ctx.trump
    swap = 1 << (13 * trump + 5) | 1 << n.bid.upcard
    hands = list(ctx.hands)
    hands[seat] ^= swap
    hands[recipient(n)] ^= swap
    bid = n.bid
    n.bid = with_bidding(bid, bid.history + ((seat, "exchange"),), exchanged=seat)
    left, turn, phase, trick = n._left, n._turn, n._phase, n.trick
    enter_play(n, (hands[0], hands[1], hands[2], hands[3]), trump, ctx.buyer, ctx.taker)
    n._left, n._turn, n._phase, n.trick = left, turn, phase, trick


def keep_logged(n: Draft, seat: int) -> None:
    """An old record's ``keep`` by ``seat``, logged in the bids with no effect."""
    n.bid = with_bidding(n.bid, n.bid.history + ((seat, TEXT[ACTIONS["keep"]]),))
