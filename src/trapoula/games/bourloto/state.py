"""The Bourloto deal as an explicit phase machine (RULES.md §1.2-§1.5).

Phases: ``agree`` (ru agreement rounds), ``bid1``/``bid2`` (gr take / name), ``exchange``
(the seven of trumps), ``declare`` (declarations before play), ``play`` and ``over``.
States are immutable; ``apply`` returns the next state.

>>> import trapoula
>>> s = trapoula.make("bourloto", "gr").new_deal(seed=2)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()]
('bid1', 'P1', ['take', 'pass'])
>>> s2 = s.apply("P1 take")
>>> s.phase, s2.phase, len(s2.view("P1").hand)
('bid1', 'play', 8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap as _starmap
from operator import itemgetter as _itemgetter
from operator import mul as _mul
from typing import TYPE_CHECKING, Any, NamedTuple

from trapoula.cards import SUIT_MASKS, Card, Suit, deck_32
from trapoula.cards.cardset import bit_indices as _bits
from trapoula.core.action import Action, action_text
from trapoula.core.seats import seat_name
from trapoula.core.state import DealState, LogCell
from trapoula.errors import IllegalActionError, ParseError
from trapoula.games.bourloto.declarations import (
    Declaration,
    compare_declarations,
    hand_declarations,
)
from trapoula.games.bourloto.play import legal_mask
from trapoula.games.bourloto.rules import run6_of
from trapoula.games.bourloto.scoring import score_teams
from trapoula.games.bourloto.shows import ACCEPTED, ASKED, CUT, show_choices, show_points
from trapoula.games.bourloto.tables import (
    ABOVE_TRUMP,
    DECK32_MASK,
    POINTS,
    STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)
from trapoula.games.bourloto.view import BourlotoView, DeclarationView

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto
    from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = ["ACTIONS", "PHASES", "BourlotoState", "parse_bourloto_action"]

AGREE, BID1, BID2, EXCHANGE, DECLARE, PLAY, OVER = range(7)
_SEATS = ("P1", "P2", "P3", "P4")
PHASES = ("agree", "bid1", "bid2", "exchange", "declare", "play", "over")

# --- interned actions ---------------------------------------------------------------------------
_WORDS = ((), ("bourlot",), ("declare",), ("bourlot", "declare"))
PLAY_ACTIONS: list[tuple[Action, ...]] = [
    tuple(Action("play", (Card.from_index(i),), words=w) for w in _WORDS) for i in range(52)
]
ACTIONS = {
    k: Action(k)
    for k in ("agree", "disagree", "declare", "pass", "take", "exchange", "keep", "redeal")
}
NAME_ACTIONS = tuple(Action("name", suit=s) for s in Suit)
_PLAIN = tuple(p[0] for p in PLAY_ACTIONS)
# plain play actions of each suit's 8-bit rank pattern (ranks 7..A are bits 5..12)
_A0, _A1, _A2, _A3 = (
    tuple(
        tuple(_PLAIN[13 * suit + 5 + i] for i in range(8) if pattern >> i & 1)
        for pattern in range(256)
    )
    for suit in range(4)
)
# trick-taking keys per (trump, led suit): trumps 8..15, the led suit 0..7, others -1
_TRICK_KEYS = tuple(
    tuple(
        TRUMP_STRENGTH[c] if c // 13 == trump else (STRENGTH[c] if c // 13 == led else -1)
        for c in range(52)
    )
    for trump in range(4)
    for led in range(4)
)
_CARD_POINTS = tuple(
    tuple(TRUMP_POINTS[c] if c // 13 == trump else POINTS[c] for c in range(52))
    for trump in range(4)
)
_SUIT_ACTS = (_A0, _A1, _A2, _A3)
# the plain play actions of the cards of one suit's mask (a 52-bit mask within one suit)
_ACTS_OF: dict[int, tuple[Action, ...]] = {
    pattern << shift: acts[pattern]
    for acts, shift in zip(_SUIT_ACTS, (5, 18, 31, 44), strict=True)
    for pattern in range(256)
}
# a trick's cards added to the winning team's packed tally, per trump: card points
# | trump points << 10 (the ru meza); a trick << 20 is added once per trick
_TALLY_ADD = tuple(
    tuple(
        _CARD_POINTS[trump][c] | (TRUMP_POINTS[c] if c // 13 == trump else 0) << 10
        for c in range(52)
    )
    for trump in range(4)
)
# per trump and card: the trumps that beat the card (every trump when it is not a trump)
_BEATS = tuple(
    tuple(
        ABOVE_TRUMP[trump][(TRUMP_STRENGTH[c] if c // 13 == trump else -1) + 1]
        for c in range(52)
    )
    for trump in range(4)
)
_F10 = 1023  # one field of the packed tally
_S0, _S1, _S2, _S3 = SUIT_MASKS
_KQ_MASKS = tuple((1 << (13 * t + 10)) | (1 << (13 * t + 11)) for t in range(4))
_BOOLS4 = tuple(tuple(bool(m >> s & 1) for s in range(4)) for m in range(16))  # a bit per seat


def _pick(
    by_suit: tuple[tuple[int, ...], ...], slow: int
) -> tuple[tuple[int, ...] | None, ...]:
    """Per seat, its hand by suit, or None for the seats in the bit mask ``slow``."""
    return (
        None if slow & 1 else by_suit[0], None if slow & 2 else by_suit[1],
        None if slow & 4 else by_suit[2], None if slow & 8 else by_suit[3],
    )

_NO_DECLS: tuple[tuple[Declaration, ...], ...] = ((), (), (), ())
_AGREE_ACTS = (ACTIONS["agree"], ACTIONS["disagree"])
_BID1_ACTS = (ACTIONS["take"], ACTIONS["pass"])
# round 2: every suit but the upcard's (index = the upcard's suit), or every suit (index 4)
_BID2_ACTS = tuple(
    tuple(NAME_ACTIONS[s] for s in range(4) if s != up) + (ACTIONS["pass"],) for up in range(5)
)
_SWAP_ACTS = (ACTIONS["exchange"],)
_REDEAL_ACTS = (ACTIONS["redeal"],)
_DECLARE_ACTS = (ACTIONS["declare"], ACTIONS["pass"])
_PASS_ACTS = (ACTIONS["pass"],)
_PASS, _AGREE, _EXCHANGE = ACTIONS["pass"], ACTIONS["agree"], ACTIONS["exchange"]
_REDEAL = ACTIONS["redeal"]
_APPROVE, _CUT = Action("approve"), Action("cut")
_ANSWER_ACTS = (_APPROVE, _CUT)
_SHOW_ACTS: dict[int, Action] = {}  # by the shown cards' mask
_NONE4: tuple[None, None, None, None] = (None, None, None, None)


def _show_action(mask: int) -> Action:
    act = _SHOW_ACTS.get(mask)
    if act is None:
        act = _SHOW_ACTS[mask] = Action("show", tuple(Card.from_index(i) for i in _bits(mask)))
    return act


class _Shows(NamedTuple):
    """``declaration_timing="in_play"``: the declarations shown so far, as (seat, declaration,
    ASKED/ACCEPTED/CUT) in order; which opponent is answering the last one (1 the first, 2
    the second, 0 nobody); the cards the declarer's next card must come from and the
    ``_left`` at the show (the constraint holds while no card has been played since)."""

    items: tuple[tuple[int, Declaration, int], ...] = ()
    asking: int = 0
    follow: int = 0
    follow_left: int = -1


_NO_SHOWS = _Shows()
_PLAIN_INDEX: dict[Action, int] = {p[0]: i for i, p in enumerate(PLAY_ACTIONS)}
_new = object.__new__
_BY_TEXT: dict[str, Action] = {str(a): a for a in ACTIONS.values()}
_BY_TEXT.update({str(a): a for a in NAME_ACTIONS})
_BY_TEXT.update({str(a): a for a in _ANSWER_ACTS})
_FORMS = (
    "agree, disagree, declare, pass, take, name S, exchange, keep, redeal, "
    "play C [bourlot] [declare], show C C C..., approve, cut"
)


def parse_bourloto_action(text: str) -> Action:
    """Parse Bourloto action text (any case; the words after a card in any order).

    >>> str(parse_bourloto_action("PLAY kh DECLARE bourlot")), str(parse_bourloto_action("name h"))
    ('play KH bourlot declare', 'name H')
    """
    raw = action_text(text).strip().split()
    words = [w.lower() for w in raw]
    if not words:
        raise ParseError(f"empty action; actions are: {_FORMS}")
    if words[0] == "play":
        if len(words) < 2:
            raise ParseError("'play' needs a card, e.g. 'play 10H'")
        card = Card.parse(raw[1])
        extra = words[2:]
        if len(set(extra)) != len(extra) or any(w not in ("bourlot", "declare") for w in extra):
            raise ParseError(
                f"after 'play {card}' only the words 'bourlot' and/or 'declare' may follow; "
                f"got {' '.join(extra)!r}"
            )
        flags = (1 if "bourlot" in extra else 0) | (2 if "declare" in extra else 0)
        if card.is_joker:
            raise ParseError("Bourloto has no jokers")
        return PLAY_ACTIONS[card.index][flags]
    if words[0] == "name":
        if len(words) != 2:
            raise ParseError("'name' needs one suit, e.g. 'name H'")
        from trapoula.cards import parse_suit

        return NAME_ACTIONS[parse_suit(words[1])]
    if words[0] == "show":
        if len(words) < 4:
            raise ParseError("'show' needs the 3 to 5 cards of a run or the four of a kind, "
                             "e.g. 'show 9H 10H JH'")
        mask = 0
        for w in raw[1:]:
            card = Card.parse(w)
            if card.is_joker or mask >> card.index & 1:
                raise ParseError(f"'show' needs distinct cards of the pack; got {w!r}")
            mask |= 1 << card.index
        return _show_action(mask)
    action = _BY_TEXT.get(" ".join(words))
    if action is None:
        raise ParseError(f"not a Bourloto action: {text!r}; actions are: {_FORMS}")
    return action


def permute(items: Sequence[int], key: int) -> list[int]:
    """A shuffle of ``items`` decided by one random ``key`` (Lehmer code): a uniform
    permutation when ``key`` has comfortably more bits than ``log2(len(items)!)``.

    >>> permute([1, 2, 3], 1), permute([1, 2, 3], 5)
    ([3, 1, 2], [1, 2, 3])
    """
    out = list(items)
    for j in range(len(out) - 1, 0, -1):
        key, k = divmod(key, j + 1)
        out[j], out[k] = out[k], out[j]
    return out


_PACK = tuple(c.index for c in deck_32())


def shuffle_pack(rand: Callable[[], float]) -> list[int]:
    """The 32 card indices shuffled by Fisher-Yates with ``k = int(rand() * (j + 1))`` for
    ``j = 31 .. 1`` (a definition a vectorised engine reproduces exactly)."""
    deck = list(_PACK)
    # the 31 draws, products and int() run in C, in order, with the same arithmetic
    # (_NO_ARGS has 31 entries: no 32nd draw, even for zip's strict check)
    for j, k in zip(_SHUFFLE_J, map(int, map(_mul, _starmap(rand, _NO_ARGS), _SHUFFLE_M)),
                    strict=True):
        deck[j], deck[k] = deck[k], deck[j]
    return deck


_SHUFFLE_J = tuple(range(31, 0, -1))
_SHUFFLE_M = tuple(j + 1 for j in _SHUFFLE_J)
_NO_ARGS = ((),) * 31


def _team(seat: int) -> int:
    return seat & 1


def _points5(hand: int, trump: int) -> int:
    """Card points of ``hand`` with ``trump`` as trumps."""
    pts = _CARD_POINTS[trump]
    total = 0
    while hand:
        low = hand & -hand
        total += pts[low.bit_length() - 1]
        hand ^= low
    return total


@dataclass(slots=True)
class _Ctx:
    """What a deal fixes once and shares between its states (never mutated once shared:
    replaced by :func:`_replace_ctx`; slots make the hot path's reads cheap)."""

    game: Bourloto
    opts: BourlotoOptions
    seed: int
    origin: dict[str, Any]
    dealer: int
    hanging: int
    trump: int = -1
    buyer: int = -1  # team index or -1
    taker: int = -1
    keys: tuple[int, ...] = ()  # one random key per possible re-turn of the upcard (ru)
    # best declarations available to each seat (after the deal is complete)
    avail: tuple[tuple[Declaration, ...], ...] = ((), (), (), ())
    bourlot_at: tuple[int, ...] = (0, 0, 0, 0)  # K+Q mask per seat at completion
    may_declare: tuple[bool, ...] = (False, False, False, False)  # trick-1 'declare' word
    kq_mask: int = 0  # K+Q of trumps when Bourlot is said with the card, else 0
    kq_seat: int = -1  # the seat dealt that K+Q (when kq_mask), else -1
    # the hands as dealt (5 cards while bidding, 8 from play on); a state's hands are these
    # minus the cards it has played
    hands: tuple[int, ...] = (0, 0, 0, 0)
    # per seat whose legal plays need no word (play phase, no Bourlot to say, no trick-1
    # declaration pending): its hand split by suit (``by_suit``), else None -- the one test
    # of legal_actions' hot path; all None before play
    fast: tuple[tuple[int, ...] | None, ...] = (None, None, None, None)
    fast_after: tuple[tuple[int, ...] | None, ...] = (None, None, None, None)  # after trick 1
    by_suit: tuple[tuple[int, ...], ...] = ()  # per seat, ``hands`` split by suit (from play on)
    aponta: int = 0  # seats (a bit each) that may still demand a redeal after the take


class _Bid(NamedTuple):
    """Bidding state: the stock (top first), the upcard, the round and who spoke."""

    stock: tuple[int, ...]
    upcard: int
    round_no: int = 1
    spoke: int = 0
    disagreed: bool = False
    history: tuple[tuple[int, str], ...] = ()
    exchanged: int = -1  # seat that exchanged the seven, or -1
    reason: str = ""


class BourlotoState(DealState):
    PHASES = PHASES
    """One Bourloto deal.  Use ``game.new_deal()``; never construct directly."""

    __slots__ = (
        "_ctx", "_phase", "_turn", "_left", "trick", "_tl", "declared", "bid", "_cell",
        "_legal", "is_over",
    )

    _ctx: _Ctx
    _phase: int
    _turn: int
    _left: int  # the cards not played yet: a seat holds ``_ctx.hands[seat] & _left``
    trick: tuple[int, ...]
    # the tally packed in one int: per team (A in bits 0-31, B in 32-63) card points taken,
    # trump points << 10 and tricks << 20 (see the ``tally`` property)
    _tl: int
    # declared: (per-seat declared runs/fours, decl points A/B after comparison, bourlot A/B)
    # (and the shows of declaration_timing="in_play", see _Shows)
    declared: tuple[
        tuple[tuple[Declaration, ...], ...], tuple[int, int], tuple[int, int], _Shows]
    bid: _Bid
    _cell: LogCell
    _legal: tuple[Action, ...] | None
    # a stored flag rather than a property (read once per action by every driving loop);
    # set where a deal ends (the last trick, a throw-in)
    is_over: bool

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def _start(
        cls,
        ctx: _Ctx,
        hands: Sequence[int],
        bid: _Bid,
        phase: int,
    ) -> BourlotoState:
        """The first state of a deal; ``ctx`` is new (not yet shared) and takes ``hands``."""
        ctx.hands = (hands[0], hands[1], hands[2], hands[3])
        s = object.__new__(cls)
        s._ctx = ctx
        s._phase = phase
        s._turn = (ctx.dealer + 1) % 4
        s._left = DECK32_MASK
        s.trick = ()
        s._tl = 0
        s.declared = (((), (), (), ()), (0, 0), (0, 0), _NO_SHOWS)
        s.bid = bid
        s._cell = None
        s._legal = None
        s.is_over = False
        return s

    def _copy(self) -> BourlotoState:
        n = object.__new__(BourlotoState)
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n._left = self._left
        n.trick = self.trick
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = self._cell
        n._legal = None
        n.is_over = False
        return n

    # --- derived fields -------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[int, int, int, int]:
        """Each seat's cards now, as bitmasks (full information: not for players)."""
        h = self._ctx.hands
        p = self._left
        return (h[0] & p, h[1] & p, h[2] & p, h[3] & p)

    @property
    def leader(self) -> int:
        """The seat that led the current trick (who leads the next one between tricks)."""
        return (self._turn - len(self.trick)) & 3

    @property
    def tricks_done(self) -> int:
        t = self._tl
        return (t >> 20 & _F10) + (t >> 52 & _F10)

    @property
    def tally(self) -> tuple[int, int, int, int, int, int]:
        """(points A, points B, trump points A, trump points B, tricks A, tricks B)."""
        t = self._tl
        return (
            t & _F10, t >> 32 & _F10, t >> 10 & _F10, t >> 42 & _F10, t >> 20 & _F10,
            t >> 52 & _F10,
        )

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Bourloto:
        return self._ctx.game


    @property
    def trump(self) -> Suit | None:
        return Suit(self._ctx.trump) if self._ctx.trump >= 0 else None

    @property
    def buyer(self) -> str | None:
        return "AB"[self._ctx.buyer] if self._ctx.buyer >= 0 else None

    @property
    def current_player(self) -> str | None:
        return None if self._phase == OVER else seat_name(self._turn)

    @property
    def current_index(self) -> int:
        return -1 if self._phase == OVER else self._turn

    @property
    def thrown_in(self) -> bool:
        return self._phase == OVER and self.bid.reason != ""

    @property
    def played(self) -> int:
        """The mask of the cards played so far."""
        return DECK32_MASK ^ self._left

    @property
    def result(self) -> dict[str, Any] | None:
        # computed when asked (a pure function of the final state): one slot less to fill
        # per action
        if not self.is_over:
            return None
        if self.bid.reason:
            return {"thrown_in": True}
        return self._score()

    def hand(self, seat: str | int) -> list[Card]:
        """The cards a seat holds (full information: not for players; see :meth:`view`)."""
        from trapoula.cards import cards_of
        from trapoula.core.seats import seat_index

        i = seat if isinstance(seat, int) else seat_index(seat)
        return cards_of(self.hands[i])

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            # computed once per state and kept as a tuple; the hot path is a plain card
            # play (no Bourlot to say, no trick-1 declaration): one table lookup per suit
            ctx = self._ctx
            seat = self._turn
            sh = ctx.fast[seat]
            if sh is None:
                legal = self._legal = self._compute_legal()
                return list(legal)
            left = self._left
            trick = self.trick
            if not trick:  # leading: every card, one table lookup per suit
                legal = self._legal = (
                    _ACTS_OF[sh[0] & left] + _ACTS_OF[sh[1] & left] + _ACTS_OF[sh[2] & left]
                    + _ACTS_OF[sh[3] & left]
                )
                return list(legal)
            led = trick[0] // 13
            trump = ctx.trump
            m = sh[led] & left
            if m and led != trump:  # a plain suit led and followed: no duty to beat
                legal = self._legal = _ACTS_OF[m]
                return list(legal)
            hand = ctx.hands[seat] & left
            opts = ctx.opts
            if opts.partner_exception:
                m = legal_mask(
                    hand, trick, trump, overtrump=opts.overtrump_required,
                    partner_exception=True,
                )
            else:
                if not m:  # void in the led suit: trump if able
                    m = hand & SUIT_MASKS[trump]
                if m:  # trumps to play: the ones that beat the trick's, when required
                    if opts.overtrump_required:
                        beats = _BEATS[trump]
                        higher = m
                        for c in trick:
                            higher &= beats[c]
                        if higher:
                            m = higher
                    legal = self._legal = _ACTS_OF[m]
                    return list(legal)
                m = hand
            legal = self._legal = (
                _A0[m >> 5 & 0xFF] + _A1[m >> 18 & 0xFF] + _A2[m >> 31 & 0xFF]
                + _A3[m >> 44 & 0xFF]
            )
        return list(legal)

    def apply(self, action: Action | str) -> BourlotoState:
        if type(action) is not Action:
            action = self.parse(action)
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        if action not in legal:
            if self._phase == OVER:
                raise IllegalActionError(f"{action} is not allowed: the deal is over")
            raise IllegalActionError(
                f"{self.current_player} cannot {action} now; allowed: {self._allowed_text()}"
            )
        card = _PLAIN_INDEX.get(action)
        if card is None:
            bid = self.bid
            phase = self._phase
            if bid.spoke < 3 and (
                (action is _PASS and (phase == BID1 or phase == BID2))
                or (action is _AGREE and phase == AGREE)
            ):
                # a bid step that only passes the turn (what _bid_step does for it)
                seat = self._turn
                n = self._copy()
                n._cell = (self._cell, _SEATS[seat], action)
                n.bid = _tnew(_Bid, (
                    bid[0], bid[1], bid[2], bid[3] + 1, bid[4],
                    bid[5] + ((seat, str(action)),), bid[6], bid[7],
                ))
                n._turn = (seat + 1) & 3
                return n
            return self._apply_legal(action)
        # hot path: a plain card (a legal plain card means the play phase)
        seat = self._turn
        n = _new(BourlotoState)
        n._ctx = self._ctx
        n._phase = PLAY
        n._left = self._left ^ _BIT[card]
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = (self._cell, _SEATS[seat], action)
        n._legal = None
        n.is_over = False
        trick = self.trick
        if len(trick) < 3:
            n._turn = (seat + 1) & 3
            n.trick = trick + (card,)
            return n
        # the trick is complete: :meth:`_end_trick` inlined (one call per trick saved)
        c0, c1, c2 = trick
        ctx = self._ctx
        trump = ctx.trump
        keys = _TRICK_KEYS[trump * 4 + c0 // 13]
        pos, best = 0, keys[c0]
        k = keys[c1]
        if k > best:
            pos, best = 1, k
        k = keys[c2]
        if k > best:
            pos, best = 2, k
        if keys[card] > best:
            pos = 3
        winner = (seat + 1 + pos) & 3
        add = _TALLY_ADD[trump]
        v = add[c0] + add[c1] + add[c2] + add[card] + (1 << 20)
        tl = self._tl
        n.trick = ()
        n._turn = winner
        if not n._left:
            v += 10
            n._phase = OVER
            n.is_over = True
        n._tl = tl + (v << 32 if winner & 1 else v)
        if not tl and ctx.opts.declaration_timing == "first_trick":
            n._compare()
            if ctx.fast != ctx.fast_after:
                n._ctx = _replace_ctx(ctx, fast=ctx.fast_after)
        return n

    def record(self) -> dict[str, Any]:
        """The deal's record: how it started (seed, dealer, the dealt pack and the keys of
        re-turned upcards, or a setup), the actions and, once over, the result."""
        from trapoula.core.chance import record_head

        ctx = self._ctx
        rec = record_head(ctx.game, "deal", ctx.origin.get("dealing", 2))
        for key, value in ctx.origin.items():
            if key == "deck":
                value = [str(Card.from_index(i)) if isinstance(i, int) else i for i in value]
            elif key == "keys":
                value = list(value)
            elif key == "dealing":
                continue
            rec[key] = value
        rec["actions"] = [str(e) for e in self.history]
        if self.is_over:
            rec["result"] = self.result
        return rec

    def chance(self) -> dict[str, Any]:
        origin = self._ctx.origin
        return {
            "dealer": self.dealer,
            "deck": [str(Card.from_index(i)) if isinstance(i, int) else i
                     for i in origin["deck"]],
            "keys": list(origin.get("keys", ())),
        }

    def _log(self) -> LogCell:
        return self._cell

    def view(self, seat: str) -> BourlotoView:
        from trapoula.games.bourloto.view import make_view

        return make_view(self, seat)

    def public_view(self) -> BourlotoView:
        """A spectator's view: played cards, bids, shown declarations; no hand."""
        from trapoula.games.bourloto.view import make_view

        return make_view(self, "P1", public=True)

    # --- legality -----------------------------------------------------------------------------
    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self._phase
        ctx = self._ctx
        opts = ctx.opts
        seat = self._turn
        if phase == PLAY:
            shows = self.declared[3]
            if shows.asking:
                return _ANSWER_ACTS
            trump = ctx.trump
            hand = ctx.hands[seat] & self._left
            trick = self.trick
            if not trick:
                mask = hand
            else:
                follow = hand & SUIT_MASKS[trick[0] // 13]
                if follow and trick[0] // 13 != trump:
                    mask = follow  # plain suit led and followed: no duty to beat
                else:
                    mask = legal_mask(
                        hand, trick, trump, overtrump=opts.overtrump_required,
                        partner_exception=opts.partner_exception,
                    )
            kq = ctx.kq_mask
            if not (kq and hand & kq == kq):
                kq = 0
            swap: tuple[Action, ...] = ()
            if shows.follow_left == self._left:  # the declarer plays after his show
                if opts.follow_declaration:
                    mask &= shows.follow
            else:
                if not self._tl and self._may_swap(seat):
                    swap = _SWAP_ACTS
                if ctx.aponta and self._may_redeal_late(seat):
                    swap += _REDEAL_ACTS
                if opts.declaration_timing == "in_play":
                    swap = self._show_acts(seat, hand, mask) + swap
            if not kq and (self._tl or not ctx.may_declare[seat]):
                # the common case: one action per legal card (a table lookup per suit)
                return (
                    _A0[mask >> 5 & 0xFF] + _A1[mask >> 18 & 0xFF]
                    + _A2[mask >> 31 & 0xFF] + _A3[mask >> 44 & 0xFF]
                ) + swap
            can_declare = not self._tl and ctx.may_declare[seat]
            out: list[Action] = []
            for i in _bits(mask):
                variants = PLAY_ACTIONS[i]
                b = bool(kq >> i & 1)
                out.append(variants[0])
                if b:
                    out.append(variants[1])
                if can_declare:
                    out.append(variants[2])
                    if b:
                        out.append(variants[3])
            return tuple(out) + swap
        if phase == OVER:
            return ()
        acts: tuple[Action, ...]
        if phase == AGREE:
            acts = _AGREE_ACTS
        elif phase == BID1:
            acts = _BID1_ACTS
        elif phase == BID2:
            up = self.bid.upcard // 13
            acts = _BID2_ACTS[4 if opts.round2_allow_upcard_suit else up]
        elif phase == EXCHANGE:
            return ()
        else:  # DECLARE
            if ctx.avail[seat] or (
                opts.bourlot_announce == "with_declarations" and ctx.bourlot_at[seat]
            ):
                acts = _DECLARE_ACTS
            else:
                acts = _PASS_ACTS
            if self._may_swap(seat):
                acts += _SWAP_ACTS
            return acts + _REDEAL_ACTS if ctx.aponta and self._may_redeal_late(seat) else acts
        if opts.aponta_redeal and self._may_demand_redeal(seat):
            acts = acts + (ACTIONS["redeal"],)
        return acts

    def _show_acts(self, seat: int, hand: int, mask: int) -> tuple[Action, ...]:
        """``in_play``: the ``show`` actions open to ``seat`` (to play, ``mask`` its legal
        cards): during the first declaration_tricks tricks, unless the other team has a
        declaration approved; from cards it has not shown (with ``follow_declaration``, a
        declaration holding a card it may play)."""
        opts = self._ctx.opts
        if self.tricks_done >= opts.declaration_tricks:
            return ()
        per_seat, _, _, shows = self.declared
        for s, _d, status in reversed(shows.items):
            if status == ACCEPTED:
                if (s - seat) & 1:
                    return ()
                break
        for d in per_seat[seat]:
            hand &= ~d.mask
        follow = opts.follow_declaration
        return tuple(
            _show_action(d.mask)
            for d in show_choices(hand, self._ctx.trump, opts.four_values)
            if not follow or d.mask & mask
        )

    def _show(self, seat: int, action: Action) -> None:
        """``seat`` shows a declaration: the opponent after it answers first."""
        mask = 0
        for c in action.cards:
            mask |= 1 << c.index
        per_seat, dpts, bpts, shows = self.declared
        hand = self._ctx.hands[seat] & self._left
        for d in per_seat[seat]:
            hand &= ~d.mask
        decl = next(
            d for d in show_choices(hand, self._ctx.trump, self._ctx.opts.four_values)
            if d.mask == mask
        )
        ps = list(per_seat)
        ps[seat] = ps[seat] + (decl,)
        self.declared = (
            (ps[0], ps[1], ps[2], ps[3]), dpts, bpts,
            _Shows(shows.items + ((seat, decl, ASKED),), 1, mask, self._left),
        )
        self._turn = (seat + 1) & 3

    def _answer(self, seat: int, approve: bool) -> None:
        """An opponent approves or cuts the declaration just shown; after a cut or the second
        approval the declarer plays."""
        per_seat, _, bpts, shows = self.declared
        who, decl, _ = shows.items[-1]
        if approve and shows.asking == 1:
            self.declared = (per_seat, self.declared[1], bpts, shows._replace(asking=2))
            self._turn = (seat + 2) & 3
            return
        items = shows.items[:-1] + ((who, decl, ACCEPTED if approve else CUT),)
        self.declared = (
            per_seat, show_points(items), bpts,
            _Shows(items, 0, shows.follow, shows.follow_left),
        )
        self._turn = who

    def _may_demand_redeal(self, seat: int) -> bool:
        """Άποντα: first turn of the first round, and the five cards are worth nothing."""
        bid = self.bid
        if bid.round_no != 1 or self._phase == BID2 or any(s == seat for s, _ in bid.history):
            return False
        m, total = self.hands[seat], 0
        while m:
            low = m & -m
            total += POINTS[low.bit_length() - 1]
            m ^= low
        return total == 0

    # --- transitions --------------------------------------------------------------------------
    def _apply_legal(self, action: Action) -> BourlotoState:
        seat = self._turn
        n = self._copy()
        n._cell = (self._cell, _SEATS[seat], action)
        if action is _EXCHANGE:
            n._swap_seven(seat)
        elif action.kind == "show":
            n._show(seat, action)
        elif action is _APPROVE or action is _CUT:
            n._answer(seat, action is _APPROVE)
        elif action is _REDEAL and self._phase in (PLAY, DECLARE):  # aponta after the take
            n._throw_in("redeal", n.bid.history + ((seat, "redeal"),))
        elif self._phase == PLAY:
            n._play(seat, action)
        else:
            n._bid_step(seat, action)
        return n

    def _play(self, seat: int, action: Action) -> None:
        card = action.cards[0].index
        self._left ^= _BIT[card]
        words = action.words
        if words:
            per_seat, dpts, bpts, shows = self.declared
            if "declare" in words:
                ps = list(per_seat)
                ps[seat] = self._ctx.avail[seat]
                per_seat = (ps[0], ps[1], ps[2], ps[3])
                if self._ctx.opts.bourlot_announce == "with_declarations" and (
                    self._ctx.bourlot_at[seat]
                ):
                    b = list(bpts)
                    b[_team(seat)] += 20
                    bpts = (b[0], b[1])
            if "bourlot" in words:
                b = list(bpts)
                b[_team(seat)] += 20
                bpts = (b[0], b[1])
            self.declared = (per_seat, dpts, bpts, shows)
        trick = self.trick
        if len(trick) < 3:
            self.trick = trick + (card,)
            self._turn = (seat + 1) & 3
        else:
            self._end_trick(trick, card, seat)

    def _end_trick(self, trick: tuple[int, ...], card: int, seat: int) -> None:
        """Close the trick ``trick + (card,)`` that ``seat`` completed (on a new state)."""
        c0, c1, c2 = trick
        ctx = self._ctx
        trump = ctx.trump
        keys = _TRICK_KEYS[trump * 4 + c0 // 13]
        pos, best = 0, keys[c0]
        k = keys[c1]
        if k > best:
            pos, best = 1, k
        k = keys[c2]
        if k > best:
            pos, best = 2, k
        if keys[card] > best:
            pos = 3
        winner = (seat + 1 + pos) & 3  # the leader is the seat after the last to play
        add = _TALLY_ADD[trump]
        v = add[c0] + add[c1] + add[c2] + add[card] + (1 << 20)
        tl = self._tl
        self.trick = ()
        self._turn = winner
        last = not self._left
        if last:
            v += 10  # the last trick's 10
        self._tl = tl + (v << 32 if winner & 1 else v)
        if not tl and ctx.opts.declaration_timing == "first_trick":
            self._compare()
            if ctx.fast != ctx.fast_after:  # trick-1 declarations are over
                self._ctx = _replace_ctx(ctx, fast=ctx.fast_after)
        if last:
            self._phase = OVER
            self.is_over = True

    def _compare(self) -> None:
        per_seat, _, bpts, shows = self.declared
        if not (per_seat[0] or per_seat[1] or per_seat[2] or per_seat[3]):
            return  # nothing declared: (0, 0) stays
        opts = self._ctx.opts
        if not opts.sevens_cancel_jacks:
            # the common options, inline (compare_declarations is the reference): each
            # team's points and best comparison key
            pa = pb = 0
            ka: tuple[int, ...] | None = None
            kb: tuple[int, ...] | None = None
            for d in per_seat[0] + per_seat[2]:
                pa += d.points
                k = d.key
                if k[0] > 0 and (ka is None or k > ka):
                    ka = k
            for d in per_seat[1] + per_seat[3]:
                pb += d.points
                k = d.key
                if k[0] > 0 and (kb is None or k > kb):
                    kb = k
            if not opts.compare_declarations:
                self.declared = (per_seat, (pa, pb), bpts, shows)
                return
            if ka is None and kb is None:
                return  # (0, 0) stays
            if kb is None or (ka is not None and ka > kb):
                self.declared = (per_seat, (pa, 0), bpts, shows)
                return
            if ka is None or kb > ka:
                self.declared = (per_seat, (0, pb), bpts, shows)
                return
            if opts.equal_seq_winner != "first_declarer":
                return  # equal best keys, nobody scores
        teams = {
            "A": [per_seat[0], per_seat[2]],
            "B": [per_seat[1], per_seat[3]],
        }
        pts = compare_declarations(
            teams, compare=opts.compare_declarations, equal_seq_winner=opts.equal_seq_winner,
            sevens_cancel_jacks=opts.sevens_cancel_jacks, first=(self._ctx.dealer + 1) & 3,
        )
        self.declared = (per_seat, (pts["A"], pts["B"]), bpts, shows)

    def _score(self) -> dict[str, Any]:
        t = self._tl
        na = t >> 20 & _F10
        dpts, bpts = self.declared[1], self.declared[2]
        ctx = self._ctx
        opts = ctx.opts
        a, b, pool = score_teams(
            opts, ctx.buyer, t & _F10, t >> 32 & _F10, 0 if na == 8 else (1 if na == 0 else -1),
            dpts[0] + bpts[0], dpts[1] + bpts[1], t >> 10 & _F10, t >> 42 & _F10, ctx.hanging,
        )
        if opts.contract:
            return {"scores": {"A": a, "B": b}, "hanging": pool}
        return {"scores": {"A": a, "B": b}}

    # --- bidding ------------------------------------------------------------------------------
    def _bid_step(self, seat: int, action: Action) -> None:
        bid = self.bid
        kind = action.kind
        hist = bid.history + ((seat, str(action)),)
        nxt = (seat + 1) & 3
        phase = self._phase
        if kind == "redeal":
            self._throw_in("redeal", hist)
        elif phase == AGREE:
            self._agree_step(seat, kind == "agree", hist)
        elif phase in (BID1, BID2):
            if kind == "pass":
                spoke = bid.spoke + 1
                if spoke < 4:
                    self.bid = _with(bid, hist, spoke=spoke)
                    self._turn = nxt
                elif phase == BID1:
                    self.bid = _with(bid, hist, spoke=0)
                    self._phase = BID2
                    self._turn = nxt
                else:
                    self._throw_in("all passed", hist)
            else:
                trump = bid.upcard // 13 if kind == "take" else int(action.suit)  # type: ignore[arg-type]
                self.bid = _with(bid, hist)
                self._trump_fixed(trump, seat)
        elif phase == EXCHANGE:  # (no longer entered: the swap is _swap_seven)
            raise IllegalActionError("the seven exchange has no phase of its own")
        elif phase == DECLARE:
            if kind == "declare":
                per_seat, dpts, bpts, shows = self.declared
                ps = list(per_seat)
                ps[seat] = self._ctx.avail[seat]
                with_decl = self._ctx.opts.bourlot_announce == "with_declarations"
                if self._ctx.bourlot_at[seat] and with_decl:
                    b = list(bpts)
                    b[_team(seat)] += 20
                    bpts = (b[0], b[1])
                self.declared = ((ps[0], ps[1], ps[2], ps[3]), dpts, bpts, shows)
            self.bid = _with(bid, hist)
            if nxt == (self._ctx.dealer + 1) & 3:
                self._compare()
                self._phase = PLAY
                self._ctx = _replace_ctx(self._ctx, fast=self._ctx.fast_after)
            self._turn = nxt

    def _agree_step(self, seat: int, agreed: bool, hist: tuple[tuple[int, str], ...]) -> None:
        bid = self.bid
        opts = self._ctx.opts
        first = (self._ctx.dealer + 1) & 3
        disagreed = bid.disagreed or not agreed
        spoke = bid.spoke + 1
        round_over = spoke == 4 or (not agreed and opts.ru_round_stops_on_disagree)
        if not round_over:
            self.bid = _with(bid, hist, spoke=spoke, disagreed=disagreed)
            self._turn = (seat + 1) & 3
            return
        if not disagreed:
            self.bid = _with(bid, hist)
            self._trump_fixed(bid.upcard // 13, first)
            return
        if bid.round_no >= opts.agreement_rounds:
            self._throw_in("no agreement", hist)
            return
        # the upcard goes back into the stock, which is shuffled and a new card turned
        pack = permute(list(bid.stock) + [bid.upcard], self._ctx.keys[bid.round_no - 1])
        self.bid = _Bid(
            stock=tuple(pack[1:]), upcard=pack[0], round_no=bid.round_no + 1, history=hist
        )
        self._turn = first

    def _throw_in(self, reason: str, hist: tuple[tuple[int, str], ...]) -> None:
        self.bid = _with(self.bid, hist, reason=reason)
        self._phase = OVER
        self.is_over = True

    def _trump_fixed(self, trump: int, taker: int) -> None:
        ctx = self._ctx
        buyer = _team(taker) if ctx.opts.contract else -1
        if ctx.opts.aponta_after_take and self._phase == BID1:
            # PEX: who has not bid yet and whose five cards hold no point, trump values
            # counted, may still demand a redeal (with his first action after the deal)
            spoke = {s for s, _ in self.bid.history}
            bits = 0
            for s in range(4):
                if s not in spoke and s != taker and not _points5(ctx.hands[s], trump):
                    bits |= 1 << s
            if bits:
                self._ctx = _replace_ctx(ctx, aponta=bits)
        # §1.2.2.7: the deal is completed at once and nobody is asked; the 7's holder may swap
        # with his first action after it (see _may_swap), so a decision not to swap is silent
        self._complete(trump, buyer, taker)

    def _may_redeal_late(self, seat: int) -> bool:
        """``aponta_after_take``: ``seat`` may demand a redeal now, with its first action
        after the deal (its trick-1 card, or its turn to declare)."""
        ctx = self._ctx
        if not ctx.aponta >> seat & 1:
            return False
        if self._phase == PLAY:
            return not self._tl and ctx.opts.declaration_timing != "before_play"
        return self._phase == DECLARE

    def _recipient(self) -> int:
        """The seat that takes the upcard with the last two stock cards."""
        ctx = self._ctx
        return ctx.taker if ctx.opts.upcard_recipient == "taker" and ctx.taker >= 0 else ctx.dealer

    def _swap_open(self) -> bool:
        """Whether this deal's seven exchange is still possible (§1.2.2.7): allowed for this
        trump and upcard, nobody swapped yet, and trick 1 not over."""
        ctx = self._ctx
        mode = ctx.opts.seven_exchange
        up = self.bid.upcard
        trump = ctx.trump
        if mode == "none" or up < 0 or trump < 0 or self.bid.exchanged >= 0 or self._tl:
            return False
        return up != 13 * trump + 5 and (mode == "any" or up // 13 == trump)

    def _may_swap(self, seat: int) -> bool:
        """§1.2.2.7: ``seat`` holds the 7 of trumps, is not the upcard's recipient, and this is
        its first action after the deal (its trick-1 card, or its turn to declare), before the
        recipient's first.  The question is never put to anyone else, so the others learn
        nothing when the holder keeps quiet."""
        if not self._swap_open():
            return False
        ctx = self._ctx
        recipient = self._recipient()
        if seat == recipient or not ctx.hands[seat] >> (13 * ctx.trump + 5) & 1:
            return False
        first = (ctx.dealer + 1) & 3
        if self._phase == PLAY:
            if ctx.opts.declaration_timing == "before_play":
                return False  # his first action was his turn to declare
            acted = len(self.trick)
        elif self._phase == DECLARE:
            acted = (seat - first) & 3
        else:
            return False
        return (recipient - first) & 3 >= acted

    def may_swap_out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` could still make the swap later in this deal: the window is open,
        it holds the 7, and neither it nor the recipient has acted since the deal (replays
        of records made before the exchange became private; see ``Bourloto.replay_action``)."""
        ctx = self._ctx
        recipient = self._recipient()
        if not self._swap_open() or seat == recipient:
            return False
        if not ctx.hands[seat] >> (13 * ctx.trump + 5) & 1:
            return False
        first = (ctx.dealer + 1) & 3
        if self._phase == PLAY and ctx.opts.declaration_timing != "before_play":
            acted = len(self.trick)
        elif self._phase == DECLARE:
            acted = (self._turn - first) & 3
        else:
            return False
        return (seat - first) & 3 >= acted and (recipient - first) & 3 >= acted

    def legacy_keep(self, seat: int) -> BourlotoState:
        """The state with an old record's ``keep`` by ``seat`` logged (in the history and the
        bids, as that record has it); nothing else changes (replays only)."""
        n = self._copy()
        n._cell = (self._cell, _SEATS[seat], ACTIONS["keep"])
        n.bid = _with(self.bid, self.bid.history + ((seat, "keep"),))
        n._legal = self._legal
        return n

    def legacy_swap(self, seat: int) -> BourlotoState:
        """The state after ``seat`` swapped the seven out of turn (replays only)."""
        n = self._copy()
        n._cell = (self._cell, _SEATS[seat], _EXCHANGE)
        n._swap_seven(seat)
        return n

    def _swap_seven(self, seat: int) -> None:
        """``seat`` swaps the 7 of trumps for the upcard, which the recipient gave back: the
        hands and everything found in them are recomputed; the deal goes on where it was."""
        ctx = self._ctx
        trump = ctx.trump
        swap = 1 << (13 * trump + 5) | 1 << self.bid.upcard
        hands = list(ctx.hands)
        hands[seat] ^= swap
        hands[self._recipient()] ^= swap
        bid = self.bid
        self.bid = _with(bid, bid.history + ((seat, "exchange"),), exchanged=seat)
        left, turn, phase, trick = self._left, self._turn, self._phase, self.trick
        self._enter_play((hands[0], hands[1], hands[2], hands[3]), trump, ctx.buyer, ctx.taker)
        self._left, self._turn, self._phase, self.trick = left, turn, phase, trick

    def _complete(self, trump: int, buyer: int, taker: int) -> None:
        """Deal 3 cards to each player but the recipient, who gets 2 + the upcard."""
        bid = self.bid
        ctx = self._ctx
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
        self.bid = _with(bid, bid.history, stock=())
        self._enter_play((hands[0], hands[1], hands[2], hands[3]), trump, buyer, taker)

    def _enter_play(
        self, hands: tuple[int, ...] | None = None, trump: int = -1, buyer: int = -1,
        taker: int = -1,
    ) -> None:
        """The hands are complete and trump fixed (the arguments, or the context's when
        ``hands`` is None): find the declarations, then declare or play."""
        ctx = self._ctx
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
        may_declare = _BOOLS4[decl_bits]
        kq_mask = 0 if with_decl else kqm
        kq_seat, kq_bit = -1, 0
        if kq_mask:  # (at most one seat holds both cards)
            kq_seat = 0 if kq[0] else 1 if kq[1] else 2 if kq[2] else 3 if kq[3] else -1
            kq_bit = 1 << kq_seat if kq_seat >= 0 else 0
        phase = DECLARE if opts.declaration_timing == "before_play" else PLAY
        by_suit = (
            (h0 & _S0, h0 & _S1, h0 & _S2, h0 & _S3), (h1 & _S0, h1 & _S1, h1 & _S2, h1 & _S3),
            (h2 & _S0, h2 & _S1, h2 & _S2, h2 & _S3), (h3 & _S0, h3 & _S1, h3 & _S2, h3 & _S3),
        )
        fast_after = _pick(by_suit, kq_bit)
        slow = 15 if phase == DECLARE else kq_bit | decl_bits
        mode = opts.seven_exchange
        up = self.bid.upcard
        if mode != "none" and up >= 0 and up != 13 * trump + 5 and (
            mode == "any" or up // 13 == trump
        ):  # the 7's holder may swap with his trick-1 card: not the fast path
            seven = 1 << (13 * trump + 5)
            slow |= (1 if h0 & seven else 0) | (2 if h1 & seven else 0) | (
                4 if h2 & seven else 0) | (8 if h3 & seven else 0)
        slow |= ctx.aponta  # who may still demand a redeal with his trick-1 card
        fast = _pick(by_suit, slow)
        if opts.declaration_timing == "in_play":  # a show may come at any card: no fast path
            fast = fast_after = _NONE4
        new = _new(_Ctx)
        new.game, new.opts, new.seed, new.origin = ctx.game, opts, ctx.seed, ctx.origin
        new.dealer, new.hanging, new.trump, new.buyer = ctx.dealer, ctx.hanging, trump, buyer
        new.taker, new.keys, new.avail, new.bourlot_at = taker, ctx.keys, avail, kq
        new.may_declare, new.kq_mask, new.kq_seat = may_declare, kq_mask, kq_seat
        new.hands, new.fast, new.fast_after = hands, fast, fast_after
        new.by_suit, new.aponta = by_suit, ctx.aponta
        self._ctx = new
        self._left = DECK32_MASK
        self._turn = (ctx.dealer + 1) & 3
        self._phase = phase

    # --- helpers for views, bots and tools ----------------------------------------------------
    def available_declarations(self, seat: int) -> tuple[Declaration, ...]:
        return self._ctx.avail[seat]

    def declared_by(self, seat: int) -> tuple[Declaration, ...]:
        return self.declared[0][seat]

    def declaration_views(self) -> list[DeclarationView]:
        out = []
        per_seat = self.declared[0]
        for s in range(4):
            for d in per_seat[s]:
                out.append(DeclarationView(seat_name(s), d.name, tuple(d.cards), d.points))
        return out


_tnew = tuple.__new__
_STOCK_SEATS: dict[tuple[int, int], tuple[int, ...]] = {}


def _stock_seats(dealer: int, recipient: int) -> tuple[int, ...]:
    """Who receives each stock card (top first): 3 to each seat from the dealer's left but the
    recipient, then 2 to the recipient (who also takes the upcard)."""
    got = _STOCK_SEATS.get((dealer, recipient))
    if got is None:
        first = (dealer + 1) & 3
        seats = [(first + k) & 3 for k in range(4)]
        got = tuple(s for s in seats if s != recipient for _ in range(3)) + (recipient,) * 2
        _STOCK_SEATS[(dealer, recipient)] = got
    return got


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
    """(seat, getter of that seat's stock cards) per seat, from :func:`_stock_seats` (every
    seat gets 2 or 3, so each getter returns a tuple)."""
    got = _STOCK_GETTERS.get((dealer, recipient))
    if got is None:
        seats = _stock_seats(dealer, recipient)
        got = tuple(
            (s, _itemgetter(*[k for k, t in enumerate(seats) if t == s])) for s in range(4)
        )
        _STOCK_GETTERS[(dealer, recipient)] = got
    return got


def _with(
    bid: _Bid,
    history: tuple[tuple[int, str], ...],
    *,
    spoke: int | None = None,
    disagreed: bool | None = None,
    exchanged: int | None = None,
    reason: str | None = None,
    stock: tuple[int, ...] | None = None,
) -> _Bid:
    """``bid`` with the bid history ``history`` and the given fields changed (a fast
    ``_replace``)."""
    st, up, rnd, sp, dis, _, ex, why = bid
    return _tnew(_Bid, (
        st if stock is None else stock, up, rnd, sp if spoke is None else spoke,
        dis if disagreed is None else disagreed, history, ex if exchanged is None else exchanged,
        why if reason is None else reason,
    ))


def _replace_ctx(ctx: _Ctx, **kw: Any) -> _Ctx:
    """A copy of ``ctx`` with the fields ``kw`` changed."""
    new = _new(_Ctx)
    new.game, new.opts, new.seed, new.origin = ctx.game, ctx.opts, ctx.seed, ctx.origin
    new.dealer, new.hanging, new.trump, new.buyer = ctx.dealer, ctx.hanging, ctx.trump, ctx.buyer
    new.taker, new.keys, new.avail, new.bourlot_at = ctx.taker, ctx.keys, ctx.avail, ctx.bourlot_at
    new.may_declare, new.kq_mask, new.kq_seat = ctx.may_declare, ctx.kq_mask, ctx.kq_seat
    new.hands, new.fast, new.fast_after = ctx.hands, ctx.fast, ctx.fast_after
    new.by_suit, new.aponta = ctx.by_suit, ctx.aponta
    for key, value in kw.items():
        setattr(new, key, value)
    return new


# _replace_ctx copies every field by name: keep the two lists in step
assert _Ctx.__slots__ == (
    "game", "opts", "seed", "origin", "dealer", "hanging", "trump", "buyer", "taker", "keys",
    "avail", "bourlot_at", "may_declare", "kq_mask", "kq_seat", "hands", "fast", "fast_after",
    "by_suit", "aponta",
), _Ctx.__slots__
