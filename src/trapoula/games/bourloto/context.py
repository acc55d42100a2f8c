"""What a Bourloto deal fixes once (:class:`DealContext`) and its bidding record
(:class:`Bidding`): the two values every state of a deal shares.

Neither is ever changed once a state holds it: a transition that changes a field makes a new
one (:func:`replace_context`, :func:`with_bidding`).  The context's fields are read-only from
the outside (a :class:`DealContext` raises on assignment, like the states).

>>> from trapoula.games.bourloto.rules import BourlotoOptions
>>> ctx = new_context(None, BourlotoOptions(), 7, {}, 3, 0)
>>> ctx.dealer, replace_context(ctx, trump=2).trump, ctx.trump
(3, 2, -1)
>>> ctx.trump = 1
Traceback (most recent call last):
...
AttributeError: a DealContext cannot be changed (trump); replace_context() makes a new one
>>> b = Bidding(stock=(1, 2), upcard=9)
>>> with_bidding(b, ((0, "pass"),), spoke=1).spoke, b.spoke
(1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from trapoula.games.bourloto.declarations import Declaration

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto
    from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = [
    "AGREE", "BID1", "BID2", "DECLARE", "EXCHANGE", "OVER", "PHASES", "PLAY", "Bidding",
    "DealContext", "completed_context", "new_context", "replace_context", "with_bidding",
]

# the phases of a deal (a state's ``_phase`` indexes PHASES); EXCHANGE is no longer entered
# (the seven exchange is an action of the holder's, RULES §1.2.2.7)
PHASES = ("agree", "bid1", "bid2", "exchange", "declare", "play", "over")
AGREE, BID1, BID2, EXCHANGE, DECLARE, PLAY, OVER = range(7)

_FIELDS = (
    "game", "opts", "seed", "origin", "dealer", "hanging", "trump", "buyer", "taker", "keys",
    "avail", "bourlot_at", "may_declare", "kq_mask", "kq_seat", "hands", "plain", "plain_after",
    "aponta", "seven5",
)


class DealContext:
    """What a deal fixes once and shares between its states (see the module docs)."""

    __slots__ = _FIELDS

    game: Bourloto
    opts: BourlotoOptions
    seed: int
    origin: dict[str, Any]
    dealer: int
    hanging: int
    trump: int
    buyer: int  # team index or -1
    taker: int
    keys: tuple[int, ...]  # one random key per possible re-turn of the upcard (ru)
    # best declarations available to each seat (after the deal is complete)
    avail: tuple[tuple[Declaration, ...], ...]
    bourlot_at: tuple[int, ...]  # K+Q mask per seat at completion
    may_declare: tuple[bool, ...]  # trick-1 'declare' word
    kq_mask: int  # K+Q of trumps when Bourlot is said with the card, else 0
    kq_seat: int  # the seat dealt that K+Q (when kq_mask), else -1
    # the hands as dealt (5 cards while bidding, 8 from play on); a state's hands are these
    # minus the cards it has played
    hands: tuple[int, ...]
    # per seat: True when its legal plays are exactly its legal cards, with no word and no
    # other action beside them (no Bourlot to say, no trick-1 declaration, swap or redeal
    # open): legal_actions' common case; all False before play
    plain: tuple[bool, ...]
    plain_after: tuple[bool, ...]  # the same once trick 1 is over
    aponta: int  # seats (a bit each) that may still demand a redeal after the take
    # §1.2.2.7: the seat whose first five cards held the 7 of trumps (set when the deal is
    # completed), else -1: only it may swap the seven
    seven5: int

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(
            f"a DealContext cannot be changed ({name}); replace_context() makes a new one"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a DealContext cannot be changed ({name})")

    def __repr__(self) -> str:
        return f"DealContext(dealer={self.dealer}, trump={self.trump}, taker={self.taker})"


class _Draft(DealContext):
    """A context being filled in (sealed into a :class:`DealContext` before it is shared)."""

    __slots__ = ()
    # both, so that assignment is the plain slot store (tp_setattro serves the two)
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


_NO4: tuple[Any, ...] = ((), (), (), ())
_F4 = (False, False, False, False)
_Z4 = (0, 0, 0, 0)


def new_context(
    game: Bourloto | None, opts: BourlotoOptions, seed: int, origin: dict[str, Any],
    dealer: int, hanging: int, *, keys: tuple[int, ...] = (), trump: int = -1,
    buyer: int = -1, hands: tuple[int, ...] = _Z4,
) -> DealContext:
    """The context of a deal before its trump is fixed (or of a setup with ``trump``)."""
    new = object.__new__(_Draft)
    new.game, new.opts, new.seed, new.origin = game, opts, seed, origin  # type: ignore[assignment]
    new.dealer, new.hanging, new.trump, new.buyer = dealer, hanging, trump, buyer
    new.taker, new.keys, new.avail, new.bourlot_at = -1, keys, _NO4, _Z4
    new.may_declare, new.kq_mask, new.kq_seat = _F4, 0, -1
    new.hands, new.plain, new.plain_after, new.aponta = hands, _F4, _F4, 0
    new.seven5 = -1
    new.__class__ = DealContext  # type: ignore[assignment]
    return new


def replace_context(ctx: DealContext, **changes: Any) -> DealContext:
    """A copy of ``ctx`` with the fields ``changes`` changed."""
    new = _copy(ctx)
    for name, value in changes.items():
        setattr(new, name, value)
    new.__class__ = DealContext  # type: ignore[assignment]
    return new


def _copy(ctx: DealContext) -> _Draft:
    new = object.__new__(_Draft)
    new.game, new.opts, new.seed, new.origin = ctx.game, ctx.opts, ctx.seed, ctx.origin
    new.dealer, new.hanging, new.trump, new.buyer = ctx.dealer, ctx.hanging, ctx.trump, ctx.buyer
    new.taker, new.keys, new.avail, new.bourlot_at = ctx.taker, ctx.keys, ctx.avail, ctx.bourlot_at
    new.may_declare, new.kq_mask, new.kq_seat = ctx.may_declare, ctx.kq_mask, ctx.kq_seat
    new.hands, new.plain, new.plain_after = ctx.hands, ctx.plain, ctx.plain_after
    new.aponta, new.seven5 = ctx.aponta, ctx.seven5
    return new


def completed_context(
    ctx: DealContext, trump: int, buyer: int, taker: int,
    avail: tuple[tuple[Declaration, ...], ...], bourlot_at: tuple[int, ...],
    may_declare: tuple[bool, ...], kq_mask: int, kq_seat: int, hands: tuple[int, ...],
    plain: tuple[bool, ...], plain_after: tuple[bool, ...], seven5: int,
) -> DealContext:
    """``ctx`` once the deal is complete and trump fixed (the fields found then)."""
    new = object.__new__(_Draft)
    new.game, new.opts, new.seed, new.origin = ctx.game, ctx.opts, ctx.seed, ctx.origin
    new.dealer, new.hanging, new.trump, new.buyer = ctx.dealer, ctx.hanging, trump, buyer
    new.taker, new.keys, new.avail, new.bourlot_at = taker, ctx.keys, avail, bourlot_at
    new.may_declare, new.kq_mask, new.kq_seat = may_declare, kq_mask, kq_seat
    new.hands, new.plain, new.plain_after = hands, plain, plain_after
    new.aponta, new.seven5 = ctx.aponta, seven5
    new.__class__ = DealContext  # type: ignore[assignment]
    return new


class Bidding(NamedTuple):
    """Bidding state: the stock (top first), the upcard, the round and who spoke."""

    stock: tuple[int, ...]
    upcard: int
    round_no: int = 1
    spoke: int = 0
    disagreed: bool = False
    history: tuple[tuple[int, str], ...] = ()
    exchanged: int = -1  # seat that exchanged the seven, or -1
    reason: str = ""


_tnew = tuple.__new__


def with_bidding(
    bid: Bidding,
    history: tuple[tuple[int, str], ...],
    *,
    spoke: int | None = None,
    disagreed: bool | None = None,
    exchanged: int | None = None,
    reason: str | None = None,
    stock: tuple[int, ...] | None = None,
) -> Bidding:
    """``bid`` with the bid history ``history`` and the given fields changed (a fast
    ``_replace``)."""
    st, up, rnd, sp, dis, _, ex, why = bid
    return _tnew(Bidding, (
        st if stock is None else stock, up, rnd, sp if spoke is None else spoke,
        dis if disagreed is None else disagreed, history, ex if exchanged is None else exchanged,
        why if reason is None else reason,
    ))
