"""The Bourloto deal as an explicit phase machine (RULES.md §1.2-§1.5).

Phases: ``agree`` (ru agreement rounds), ``bid1``/``bid2`` (gr take / name), ``exchange``
(the seven of trumps), ``declare`` (declarations before play), ``play`` and ``over``.
States are immutable; ``apply`` returns the next state.

This module is the phase machine only: it asks the module of the phase's RULES section for
the legal actions and hands it each action.

- §1.2 deal and trump selection, the seven exchange: :mod:`.bidding`
- §1.3 declarations: :mod:`.declaring` (found at the deal's completion, declared before play
  or with trick 1, compared), :mod:`.shows` (``in_play``), :mod:`.declarations` (kinds, values)
- §1.4 play: :mod:`.play` (the legal cards, the trick close)
- §1.5 scoring: :mod:`.scoring`

>>> import trapoula
>>> s = trapoula.make("bourloto", "gr").new_deal(seed=2)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()]
('bid1', 'P1', ['take', 'pass'])
>>> s2 = s.apply("P1 take")
>>> s.phase, s2.phase, len(s2.view("P1").hand)
('bid1', 'play', 8)
>>> s2.is_over = True  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.ImmutableStateError: BourlotoState is immutable: 'is_over' cannot be set ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action
from trapoula.core.seats import seat_name
from trapoula.core.state import DealState, LogCell
from trapoula.games.bourloto import bidding, shows
from trapoula.games.bourloto.actions import (
    ACTIONS,
    APPROVE,
    CUT,
    NAME_ACTIONS,
    PLAIN_CARD,
    PLAY_ACTIONS,
    parse_bourloto_action,
    show_action,
)
from trapoula.games.bourloto.bidding import PACK, permute, shuffle_pack
from trapoula.games.bourloto.context import (
    AGREE,
    BID1,
    BID2,
    DECLARE,
    EXCHANGE,
    OVER,
    PHASES,
    PLAY,
    Bidding,
    DealContext,
)
from trapoula.games.bourloto.declarations import Declaration
from trapoula.games.bourloto.declaring import declare_actions, enter_play
from trapoula.games.bourloto.play import end_trick, legal_mask, play_actions, play_card
from trapoula.games.bourloto.scoring import deal_result
from trapoula.games.bourloto.shows import NO_SHOWS, Shows
from trapoula.games.bourloto.tables import DECK32_MASK
from trapoula.games.bourloto.view import BourlotoView, DeclarationView

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto

__all__ = [
    "ACTIONS", "PHASES", "BourlotoState", "first_state", "parse_bourloto_action",
    "play_setup_state",
]

# (names other modules have imported from here)
_PACK = PACK
_show_action = show_action
__all__ += ["AGREE", "BID1", "BID2", "DECLARE", "EXCHANGE", "NAME_ACTIONS", "OVER", "PLAY",
            "PLAY_ACTIONS", "permute", "shuffle_pack"]

_SEATS = ("P1", "P2", "P3", "P4")
_EXCHANGE, _REDEAL = ACTIONS["exchange"], ACTIONS["redeal"]
_new = object.__new__
_plain_card = PLAIN_CARD.get  # the card of a plain play action, else None
_A0, _A1, _A2, _A3 = (
    tuple(
        tuple(PLAY_ACTIONS[13 * suit + 5 + i][0] for i in range(8) if pattern >> i & 1)
        for pattern in range(256)
    )
    for suit in range(4)
)
_F10 = 1023  # one field of the packed tally
_BIT = tuple(1 << i for i in range(52))


class BourlotoState(DealState, frozen=True):
    """One Bourloto deal.  Use ``game.new_deal()``; never construct directly.

    Immutable (core's frozen states, :mod:`trapoula.core.state`): every attribute is
    read-only; transitions build the next state as a :class:`Draft` (the class's
    ``_building``), then seal it."""

    PHASES = PHASES

    __slots__ = (
        "_ctx", "_phase", "_turn", "_left", "trick", "_tl", "declared", "bid", "_cell",
        "_legal", "_plain_legal", "is_over",
    )

    _ctx: DealContext
    _phase: int
    _turn: int
    _left: int  # the cards not played yet: a seat holds ``_ctx.hands[seat] & _left``
    trick: tuple[int, ...]
    # the tally packed in one int: per team (A in bits 0-31, B in 32-63) card points taken,
    # trump points << 10 and tricks << 20 (see the ``tally`` property)
    _tl: int
    # declared: (per-seat declared runs/fours, decl points A/B after comparison, bourlot A/B,
    # the shows of declaration_timing="in_play")
    declared: tuple[tuple[tuple[Declaration, ...], ...], tuple[int, int], tuple[int, int], Shows]
    bid: Bidding
    _cell: LogCell
    _legal: tuple[Action, ...]  # the legal actions (found when the state is made)
    # when the legal actions are plain card plays only, their cards' mask (else 0): apply's
    # check of a plain card is then one bit test
    _plain_legal: int
    # a stored flag rather than a property (read once per action by every driving loop);
    # set where a deal ends (the last trick, a throw-in)
    is_over: bool

    def _draft(self) -> Draft:
        """A copy of this state to build the next one on."""
        n = _new(Draft)
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n._left = self._left
        n.trick = self.trick
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = self._cell
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
        """The seat that led the current trick (who leads the next one between tricks).
        While an opponent answers a show (``declaration_timing="in_play"``) the declarer
        is still the one to play."""
        shows = self.declared[3]
        player = shows.items[-1][0] if shows.asking else self._turn
        return (player - len(self.trick)) & 3

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

    @property
    def hanging(self) -> int:
        """The hanging pool this deal started with (gr contract)."""
        return self._ctx.hanging

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
        return deal_result(self)

    def hand(self, seat: str | int) -> list[Card]:
        """The cards a seat holds (full information: not for players; see :meth:`view`)."""
        from trapoula.cards import cards_of
        from trapoula.core.seats import seat_index

        i = seat if isinstance(seat, int) else seat_index(seat)
        return cards_of(self.hands[i])

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def _actions(self) -> tuple[Action, ...]:
        """The legal actions (found as a state is made, on its draft: every state that is
        applied to needs them, and they are kept)."""
        ctx = self._ctx
        seat = self._turn
        if ctx.plain[seat]:
            # the common case (play, and no word nor other action possible for this seat):
            # the legal cards' plain plays (after the last trick the hand is empty: none)
            opts = ctx.opts
            m = legal_mask(ctx.hands[seat] & self._left, self.trick, ctx.trump,
                           opts.overtrump_required, opts.partner_exception)
            self._plain_legal = m
            return (_A0[m >> 5 & 0xFF] + _A1[m >> 18 & 0xFF] + _A2[m >> 31 & 0xFF]
                    + _A3[m >> 44 & 0xFF])
        self._plain_legal = 0
        return self._phase_actions(seat)

    def _phase_actions(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of ``seat``, asked of the current phase's rules."""
        phase = self._phase
        if phase == PLAY:
            return play_actions(self)
        if phase == DECLARE:
            return declare_actions(self, seat) + bidding.deal_actions(self, seat)
        if phase == OVER or phase == EXCHANGE:
            return ()
        return bidding.bid_actions(self, seat)

    # --- the moves: core's template (GameState.apply) judges, these answer and move ---------
    def _allows(self, action: Action) -> bool:
        card = _plain_card(action)
        if card is not None and self._plain_legal >> card & 1:
            return True
        return action in self._legal

    def canonical(self, action: Action) -> Action:
        """Bourloto's actions have one spelling each: the action itself (so an action of no
        Bourloto move is refused as not legal now, naming the legal ones)."""
        return action

    def _why_not(self, action: Action) -> str:
        return _SWAP_RULE if action is _EXCHANGE else ""

    def _apply_legal(self, action: Action) -> BourlotoState:
        seat = self._turn
        card = _plain_card(action)
        if card is None:  # a bid, the exchange, a show, an answer, a redeal, a card with words
            n = self._draft()
            n._cell = (self._cell, _SEATS[seat], action)
            phase = self._phase
            if phase < DECLARE:
                bidding.bid_step(n, seat, action)
            elif action is _EXCHANGE:
                bidding.swap_seven(n, seat)
            elif action.kind == "show":
                shows.show(n, seat, action)
            elif action is APPROVE or action is CUT:
                shows.answer(n, seat, action is APPROVE)
            elif action is _REDEAL and (phase == PLAY or phase == DECLARE):  # aponta
                bidding.throw_in(n, "redeal", n.bid.history + ((seat, "redeal"),))
            elif phase == PLAY:
                play_card(n, seat, action.cards[0].index, action.words)
            else:
                bidding.bid_step(n, seat, action)
            n._legal = n._actions()
            n.__class__ = BourlotoState  # type: ignore[assignment]
            return n
        # the common case: a plain card (a legal plain card means the play phase)
        n = _new(Draft)
        n._ctx = self._ctx
        n._phase = PLAY
        n._left = self._left ^ _BIT[card]
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = (self._cell, _SEATS[seat], action)
        n.is_over = False
        trick = self.trick
        if len(trick) < 3:
            n.trick = trick + (card,)
            seat = n._turn = (seat + 1) & 3
        else:
            end_trick(n, trick, card, seat)
            seat = n._turn
        # the next state's legal actions: :meth:`_actions`, its common case here (a call
        # less per card)
        ctx = n._ctx
        if ctx.plain[seat]:
            opts = ctx.opts
            m = legal_mask(ctx.hands[seat] & n._left, n.trick, ctx.trump,
                           opts.overtrump_required, opts.partner_exception)
            n._legal = (_A0[m >> 5 & 0xFF] + _A1[m >> 18 & 0xFF] + _A2[m >> 31 & 0xFF]
                        + _A3[m >> 44 & 0xFF])
            n._plain_legal = m
        else:
            n._legal = n._phase_actions(seat)
            n._plain_legal = 0
        n.__class__ = BourlotoState  # type: ignore[assignment]
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

    # --- the seven exchange (RULES §1.2.2.7; see bidding) --------------------------------------
    def swap_open(self) -> bool:
        """Whether this deal's seven exchange is still possible."""
        return bidding.swap_open(self)

    def may_swap_later(self, seat: int) -> bool:
        """Whether ``seat`` may swap the seven now or with a later action of this deal: its
        first five cards held the 7 of trumps and neither it nor the recipient has acted
        since the deal."""
        return bidding.may_swap_later(self, seat)

    def may_swap_out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` could still make the swap later in this deal by the rule of
        earlier versions: the window is open, it holds the 7 (from any of its cards), and
        neither it nor the recipient has acted since the deal (replays of earlier versions'
        records only; see ``Bourloto.replay_action``)."""
        return bidding.may_swap_out_of_turn(self, seat)

    def legacy_keep(self, seat: int) -> BourlotoState:
        """The state with an old record's ``keep`` by ``seat`` logged (in the history and the
        bids, as that record has it); nothing else changes (replays only)."""
        n = self._draft()
        n._cell = (self._cell, _SEATS[seat], ACTIONS["keep"])
        bidding.keep_logged(n, seat)
        n._legal = self._legal
        n._plain_legal = self._plain_legal
        n.__class__ = BourlotoState  # type: ignore[assignment]
        return n

    def legacy_swap(self, seat: int) -> BourlotoState:
        """The state after ``seat`` swapped the seven by an earlier version's rule (out of
        turn, or a 7 from its last three cards: replays only)."""
        n = self._draft()
        n._cell = (self._cell, _SEATS[seat], _EXCHANGE)
        bidding.swap_seven(n, seat)
        n._legal = n._actions()
        n.__class__ = BourlotoState  # type: ignore[assignment]
        return n

    def legacy_cut(self) -> BourlotoState | None:
        """The state after the answering opponent cut the declaration just shown where only
        ``approve`` is open now: records saved before a show after an approval could only be
        approved (§1.3, ``in_play``) replay as they were played; None when no show is being
        answered."""
        if self._phase != PLAY or not self.declared[3].asking:
            return None
        return self._apply_legal(CUT)

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


if TYPE_CHECKING:

    class Draft(BourlotoState):
        """A state being built by a transition (the rule modules fill it in); sealed into a
        :class:`BourlotoState` (``n.__class__ = BourlotoState``) before anyone else sees it."""

else:
    # core's frozen-state builder: the same class with the plain slot stores
    Draft = BourlotoState._building



_SWAP_RULE = (
    " (RULES §1.2.2.7: only a player who held the 7 of trumps among his first five cards may "
    "swap it, with his first action after the deal, before the upcard's recipient acts)"
)


def first_state(ctx: DealContext, bid: Bidding, phase: int) -> BourlotoState:
    """The first state of a deal (``ctx`` holds the hands as dealt)."""
    n = _fresh(ctx, bid, phase)
    n._legal = n._actions()
    n.__class__ = BourlotoState  # type: ignore[assignment]
    return n


def play_setup_state(ctx: DealContext) -> BourlotoState:
    """The first state of a deal set up in the play phase (``ctx`` holds 8 cards a hand and
    the trump): its declarations found, ready to declare or play."""
    n = _fresh(ctx, Bidding(stock=(), upcard=-1), AGREE)
    enter_play(n)
    n._legal = n._actions()
    n.__class__ = BourlotoState  # type: ignore[assignment]
    return n


def _fresh(ctx: DealContext, bid: Bidding, phase: int) -> Draft:
    n = _new(Draft)
    n._ctx = ctx
    n._phase = phase
    n._turn = (ctx.dealer + 1) % 4
    n._left = DECK32_MASK
    n.trick = ()
    n._tl = 0
    n.declared = (((), (), (), ()), (0, 0), (0, 0), NO_SHOWS)
    n.bid = bid
    n._cell = None
    n.is_over = False
    return n
