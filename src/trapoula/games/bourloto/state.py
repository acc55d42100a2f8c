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
from typing import TYPE_CHECKING, Any, NamedTuple

from trapoula.cards import SUIT_MASKS, Card, Suit, deck_32
from trapoula.cards.cardset import bit_indices as _bits
from trapoula.core.action import Action
from trapoula.core.seats import seat_name
from trapoula.core.state import DealState, LogCell
from trapoula.errors import IllegalActionError, ParseError
from trapoula.games.bourloto.declarations import (
    Declaration,
    best_declarations,
    compare_declarations,
)
from trapoula.games.bourloto.play import legal_mask
from trapoula.games.bourloto.scoring import score_teams
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
_SHIFTS = (5, 18, 31, 44)  # where each suit's 7..A bits start
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
_AGREE_ACTS = (ACTIONS["agree"], ACTIONS["disagree"])
_BID1_ACTS = (ACTIONS["take"], ACTIONS["pass"])
# round 2: every suit but the upcard's (index = the upcard's suit), or every suit (index 4)
_BID2_ACTS = tuple(
    tuple(NAME_ACTIONS[s] for s in range(4) if s != up) + (ACTIONS["pass"],) for up in range(5)
)
_EXCHANGE_ACTS = (ACTIONS["exchange"], ACTIONS["keep"])
_DECLARE_ACTS = (ACTIONS["declare"], ACTIONS["pass"])
_PASS_ACTS = (ACTIONS["pass"],)
_PLAIN_INDEX: dict[str, int] = {str(p[0]): i for i, p in enumerate(PLAY_ACTIONS)}
_new = object.__new__
_BY_TEXT: dict[str, Action] = {str(a): a for a in ACTIONS.values()}
_BY_TEXT.update({str(a): a for a in NAME_ACTIONS})
_FORMS = (
    "agree, disagree, declare, pass, take, name S, exchange, keep, redeal, "
    "play C [bourlot] [declare]"
)


def parse_bourloto_action(text: str) -> Action:
    """Parse Bourloto action text (any case; the words after a card in any order).

    >>> str(parse_bourloto_action("PLAY kh DECLARE bourlot")), str(parse_bourloto_action("name h"))
    ('play KH bourlot declare', 'name H')
    """
    raw = text.strip().split()
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
    for j, m in _SHUFFLE_STEPS:
        k = int(rand() * m)
        deck[j], deck[k] = deck[k], deck[j]
    return deck


_SHUFFLE_STEPS = tuple((j, j + 1) for j in range(31, 0, -1))


def _team(seat: int) -> int:
    return seat & 1


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
        "_ctx", "_phase", "_turn", "_played", "trick", "_tl", "declared", "bid", "_cell",
        "_legal", "_result",
    )

    _ctx: _Ctx
    _phase: int
    _turn: int
    _played: int  # the cards played so far: a seat holds ``_ctx.hands[seat] & ~_played``
    trick: tuple[int, ...]
    # the tally packed in one int: per team (A in bits 0-31, B in 32-63) card points taken,
    # trump points << 10 and tricks << 20 (see the ``tally`` property)
    _tl: int
    # declared: (per-seat declared runs/fours, decl points A/B after comparison, bourlot A/B)
    declared: tuple[tuple[tuple[Declaration, ...], ...], tuple[int, int], tuple[int, int]]
    bid: _Bid
    _cell: LogCell
    _legal: tuple[Action, ...] | None
    _result: dict[str, Any] | None

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
        s._played = 0
        s.trick = ()
        s._tl = 0
        s.declared = (((), (), (), ()), (0, 0), (0, 0))
        s.bid = bid
        s._cell = None
        s._legal = None
        s._result = None
        return s

    def _copy(self) -> BourlotoState:
        n = object.__new__(BourlotoState)
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n._played = self._played
        n.trick = self.trick
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = self._cell
        n._legal = None
        n._result = None
        return n

    # --- derived fields -------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[int, int, int, int]:
        """Each seat's cards now, as bitmasks (full information: not for players)."""
        h = self._ctx.hands
        p = ~self._played
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
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def thrown_in(self) -> bool:
        return self._phase == OVER and self.bid.reason != ""

    @property
    def played(self) -> int:
        """The mask of the cards played so far."""
        return self._played

    @property
    def result(self) -> dict[str, Any] | None:
        return None if self._result is None else dict(self._result)

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
            if (
                self._phase != PLAY or seat == ctx.kq_seat
                or (not self._tl and ctx.may_declare[seat])
            ):
                legal = self._legal = self._compute_legal()
                return list(legal)
            hand = ctx.hands[seat] & ~self._played
            trick = self.trick
            m = hand
            if trick:
                c0 = trick[0]
                led = c0 // 13
                trump = ctx.trump
                m = hand & SUIT_MASKS[led]
                if m and led != trump:  # a plain suit led and followed: no duty to beat
                    legal = self._legal = _SUIT_ACTS[led][m >> _SHIFTS[led] & 0xFF]
                    return list(legal)
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
                        legal = self._legal = _SUIT_ACTS[trump][m >> _SHIFTS[trump] & 0xFF]
                        return list(legal)
                    m = hand
            legal = self._legal = (
                _A0[m >> 5 & 0xFF] + _A1[m >> 18 & 0xFF] + _A2[m >> 31 & 0xFF]
                + _A3[m >> 44 & 0xFF]
            )
        return list(legal)

    def apply(self, action: Action | str) -> BourlotoState:
        if action.__class__ is not Action:
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
            return self._apply_legal(action)
        # hot path: a plain card (a legal plain card means the play phase)
        seat = self._turn
        n = _new(BourlotoState)
        n._ctx = self._ctx
        n._phase = PLAY
        n._played = self._played | 1 << card
        n._tl = self._tl
        n.declared = self.declared
        n.bid = self.bid
        n._cell = (self._cell, _SEATS[seat], action)
        n._legal = None
        n._result = None
        trick = self.trick
        if len(trick) < 3:
            n._turn = (seat + 1) & 3
            n.trick = trick + (card,)
        else:
            n._end_trick(trick, card, seat)
        return n

    def record(self) -> dict[str, Any]:
        from trapoula.core.record import FORMAT

        game = self._ctx.game
        rec: dict[str, Any] = {
            "format": FORMAT, "game": game.name, "preset": game.preset,
            "options": game.changed_options(), "kind": "deal",
        }
        for key, value in self._ctx.origin.items():
            if key == "deck":
                value = [str(Card.from_index(i)) if isinstance(i, int) else i for i in value]
            elif key == "keys":
                value = list(value)
            rec[key] = value
        rec["actions"] = [str(e) for e in self.history]
        return rec

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
            trump = ctx.trump
            hand = ctx.hands[seat] & ~self._played
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
            if not kq and (self._tl or not ctx.may_declare[seat]):
                # the common case: one action per legal card (a table lookup per suit)
                return (
                    _A0[mask >> 5 & 0xFF] + _A1[mask >> 18 & 0xFF]
                    + _A2[mask >> 31 & 0xFF] + _A3[mask >> 44 & 0xFF]
                )
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
            return tuple(out)
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
            return _EXCHANGE_ACTS
        else:  # DECLARE
            if ctx.avail[seat] or (
                opts.bourlot_announce == "with_declarations" and ctx.bourlot_at[seat]
            ):
                return _DECLARE_ACTS
            return _PASS_ACTS
        if opts.aponta_redeal and self._may_demand_redeal(seat):
            acts = acts + (ACTIONS["redeal"],)
        return acts

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
        if self._phase == PLAY:
            n._play(seat, action)
        else:
            n._bid_step(seat, action)
        return n

    def _play(self, seat: int, action: Action) -> None:
        card = action.cards[0].index
        self._played |= 1 << card
        words = action.words
        if words:
            per_seat, dpts, bpts = self.declared
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
            self.declared = (per_seat, dpts, bpts)
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
        last = self._played == DECK32_MASK
        if last:
            v += 10  # the last trick's 10
        self._tl = tl + (v << 32 if winner & 1 else v)
        if not tl and ctx.opts.declaration_timing == "first_trick":
            self._compare()
        if last:
            self._phase = OVER
            self._result = self._score()

    def _compare(self) -> None:
        per_seat, _, bpts = self.declared
        if not (per_seat[0] or per_seat[1] or per_seat[2] or per_seat[3]):
            return  # nothing declared: (0, 0) stays
        opts = self._ctx.opts
        teams = {
            "A": [per_seat[0], per_seat[2]],
            "B": [per_seat[1], per_seat[3]],
        }
        pts = compare_declarations(
            teams, compare=opts.compare_declarations, equal_seq_winner=opts.equal_seq_winner,
            sevens_cancel_jacks=opts.sevens_cancel_jacks,
        )
        self.declared = (per_seat, (pts["A"], pts["B"]), bpts)

    def _score(self) -> dict[str, Any]:
        t = self._tl
        na = t >> 20 & _F10
        _, dpts, bpts = self.declared
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
        hist = bid.history + ((seat, str.__str__(action)),)
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
        elif phase == EXCHANGE:
            if kind == "exchange":
                self.bid = _with(bid, hist, exchanged=seat)
            else:
                self.bid = _with(bid, hist)
            ctx = self._ctx
            self._complete(ctx.trump, ctx.buyer, ctx.taker)
        elif phase == DECLARE:
            if kind == "declare":
                per_seat, dpts, bpts = self.declared
                ps = list(per_seat)
                ps[seat] = self._ctx.avail[seat]
                with_decl = self._ctx.opts.bourlot_announce == "with_declarations"
                if self._ctx.bourlot_at[seat] and with_decl:
                    b = list(bpts)
                    b[_team(seat)] += 20
                    bpts = (b[0], b[1])
                self.declared = ((ps[0], ps[1], ps[2], ps[3]), dpts, bpts)
            self.bid = _with(bid, hist)
            if nxt == (self._ctx.dealer + 1) & 3:
                self._compare()
                self._phase = PLAY
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
        self._result = {"thrown_in": True}

    def _trump_fixed(self, trump: int, taker: int) -> None:
        ctx = self._ctx
        opts = ctx.opts
        buyer = _team(taker) if opts.contract else -1
        up = self.bid.upcard
        allowed = opts.seven_exchange == "any" or (
            opts.seven_exchange == "trump_is_upcard_suit" and up // 13 == trump
        )
        if allowed and up != 13 * trump + 5:
            seven = 1 << (13 * trump + 5)
            recipient = taker if opts.upcard_recipient == "taker" else ctx.dealer
            for s in range(4):
                if s != recipient and ctx.hands[s] & seven:
                    self._ctx = _replace_ctx(ctx, trump=trump, buyer=buyer, taker=taker)
                    self._phase = EXCHANGE
                    self._turn = s
                    return
        self._complete(trump, buyer, taker)

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
        for c, s in zip(bid.stock, _stock_seats(ctx.dealer, recipient), strict=True):
            hands[s] |= 1 << c
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
        avail_l: list[tuple[Declaration, ...]] = []
        for h in hands:
            # a run of 3 or a four (a cheap test first: most hands have neither)
            if h & h >> 1 & h >> 2 or h & h >> 13 & h >> 26 & h >> 39:
                avail_l.append(tuple(best_declarations(
                    h, trump, four_values=opts.four_values, run6_value=opts.run6_value,
                    split_runs=opts.split_runs, sevens_cancel_jacks=opts.sevens_cancel_jacks,
                )))
            else:
                avail_l.append(())
        avail = (avail_l[0], avail_l[1], avail_l[2], avail_l[3])
        kqm = (1 << (13 * trump + 10)) | (1 << (13 * trump + 11))
        kq = tuple(kqm if h & kqm == kqm else 0 for h in hands)
        first_trick = opts.declaration_timing == "first_trick"
        with_decl = opts.bourlot_announce == "with_declarations"
        may_declare = tuple(
            first_trick and bool(avail[s] or (with_decl and kq[s])) for s in range(4)
        )
        kq_mask = 0 if with_decl else kqm
        kq_seat = -1
        if kq_mask:
            for s in range(4):
                if kq[s]:
                    kq_seat = s
        self._ctx = _replace_ctx(
            ctx, trump=trump, buyer=buyer, taker=taker, avail=avail, bourlot_at=kq,
            may_declare=may_declare, kq_mask=kq_mask, kq_seat=kq_seat, hands=hands,
        )
        self._played = 0
        self._turn = (ctx.dealer + 1) & 3
        self._phase = DECLARE if opts.declaration_timing == "before_play" else PLAY

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
    new.hands = ctx.hands
    for key, value in kw.items():
        setattr(new, key, value)
    return new


# _replace_ctx copies every field by name: keep the two lists in step
assert _Ctx.__slots__ == (
    "game", "opts", "seed", "origin", "dealer", "hanging", "trump", "buyer", "taker", "keys",
    "avail", "bourlot_at", "may_declare", "kq_mask", "kq_seat", "hands",
), _Ctx.__slots__
