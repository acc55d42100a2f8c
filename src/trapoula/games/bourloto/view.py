"""What one seat may know of a Bourloto deal: its own hand and everything public.

A view is built by copying public facts and the seat's own cards out of the state; it holds
no reference to the state, so another seat's hidden cards cannot be reached from it.

>>> import trapoula
>>> s = trapoula.make("bourloto", "ru").new_deal(seed=1)
>>> v = s.view("P2")
>>> len(v.hand), v.hand_counts, v.legal_actions
(5, {'P1': 5, 'P2': 5, 'P3': 5, 'P4': 5}, ())

Every action is public in Bourloto, so every seat's ``events`` (the typed log,
:mod:`trapoula.core.view`) are the same: a play carries its card (and the trick's winner
when it closes one), a bid its meaning, a show the cards shown.

>>> s = s.apply("P1 agree")
>>> e = s.view("P3").events[0]
>>> e.seat, e.kind, e.meaning
('P1', 'agree', 'agrees to play the deal')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, cards_of
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.view import SeatEvent, SeatView, event, log_pairs
from trapoula.games.bourloto.play import trick_winner

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState

__all__ = [
    "OWN_FIELDS", "BourlotoView", "DeclarationView", "MatchInfo", "TrickView", "hidden_cards",
    "make_view", "own_fields", "taker_and_exchanger",
]

#: the fields of a seat's view that are its own (the rest is the public view's)
OWN_FIELDS = ("seat", "hand", "my_declarations", "legal_actions")
#: view fields kept out of the JSON sent to clients (they repeat ``history``)
LOCAL = {"local": True}


@dataclass(frozen=True)
class DeclarationView:
    seat: str
    name: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class TrickView:
    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str | None


@dataclass(frozen=True)
class MatchInfo:
    scores: dict[str, int]
    target: int
    deal_number: int
    deal_scores: tuple[dict[str, int], ...]
    hanging: int


@dataclass(frozen=True)
class BourlotoView(SeatView):
    """A seat's knowledge of the deal (and of the match, when it is part of one)."""

    game: str
    preset: str
    seat: str
    phase: str
    dealer: str
    current_player: str | None
    hand: tuple[Card, ...]
    hand_counts: dict[str, int]
    upcard: Card | None
    trump: Suit | None
    buyer: str | None
    bids: tuple[tuple[str, str], ...]
    trick: tuple[tuple[str, Card], ...]
    tricks: tuple[TrickView, ...]
    points_taken: dict[str, int]
    tricks_won: dict[str, int]
    declarations: tuple[DeclarationView, ...]
    bourlot: dict[str, int]
    my_declarations: tuple[DeclarationView, ...]
    legal_actions: tuple[Action, ...]
    history: tuple[str, ...]
    result: dict[str, Any] | None
    hanging: int
    match: MatchInfo | None = field(default=None)
    #: declaration points each team scores after the comparison (RULES.md §1.3; Bourlot
    #: not included), or None while the declarations have not been compared yet
    counted: dict[str, int] | None = field(default=None)
    #: cards not dealt yet (the stock of the bidding; 0 once the deal is complete)
    stock_count: int = 0
    #: the log as typed events (``history`` is their text)
    events: tuple[SeatEvent, ...] = field(default=(), metadata=LOCAL)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        out = [c for t in self.tricks for _, c in t.plays]
        return tuple(out + [c for _, c in self.trick])

    @property
    def team(self) -> str:
        return "AB"[seat_index(self.seat) % 2]

    @property
    def stock_size(self) -> int | None:
        return self.stock_count


def make_view(state: BourlotoState, seat: str, *, public: bool = False,
              match: MatchInfo | None = None) -> BourlotoView:
    """The view of ``seat``; with ``public`` the spectator's view (``seat == ""``, no hand).

    >>> import trapoula
    >>> p = trapoula.make("bourloto", "gr").new_deal(seed=3).public_view()
    >>> p.seat, p.hand, p.my_declarations, p.legal_actions
    ('', (), (), ())
    """
    ctx = state._ctx
    events, tricks, cur = _events(state)
    in_bidding = state._phase < 4 and state.bid.stock != ()
    upcard = Card.from_index(state.bid.upcard) if state.bid.upcard >= 0 else None
    own = ("", (), (), ()) if public else own_fields(state, seat)
    t = state.tally
    return BourlotoView(
        game="bourloto",
        preset=ctx.game.preset,
        seat=own[0],
        phase=state.phase,
        dealer=seat_name(ctx.dealer),
        current_player=state.current_player,
        hand=own[1],
        hand_counts={seat_name(s): state.hands[s].bit_count() for s in range(4)},
        upcard=upcard if (in_bidding or upcard is not None) else None,
        trump=state.trump,
        buyer=state.buyer,
        bids=tuple((seat_name(s), a) for s, a in state.bid.history),
        trick=tuple(cur),
        tricks=tuple(tricks),
        points_taken={"A": t[0], "B": t[1]},
        tricks_won={"A": t[4], "B": t[5]},
        declarations=tuple(state.declaration_views()),
        bourlot={"A": state.declared[2][0], "B": state.declared[2][1]},
        my_declarations=own[2],
        legal_actions=own[3],
        history=tuple(e.text for e in events),
        result=state.result,
        hanging=ctx.hanging,
        counted=_counted(state, len(tricks)),
        stock_count=len(state.bid.stock) if in_bidding else 0,
        events=events,
        match=match,
    )


def own_fields(
    state: BourlotoState, seat: str
) -> tuple[str, tuple[Card, ...], tuple[DeclarationView, ...], tuple[Action, ...]]:
    """The values of :data:`OWN_FIELDS` in ``seat``'s view (the web splices them into the
    public view's text, :mod:`trapoula.web.fastview`).

    >>> import trapoula
    >>> s = trapoula.make("bourloto", "gr").new_deal(seed=3)
    >>> own_fields(s, "P2") == tuple(getattr(s.view("P2"), f) for f in OWN_FIELDS)
    True
    """
    i = seat_index(seat)
    name = seat_name(i)
    return (
        name,
        tuple(cards_of(state.hands[i])),
        tuple(DeclarationView(name, d.name, tuple(d.cards), d.points)
              for d in state.available_declarations(i)),
        tuple(state.legal_actions()) if state.current_index == i else (),
    )


_SUIT_NAMES = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
_MEANINGS = {
    "pass": "passes",
    "agree": "agrees to play the deal",
    "disagree": "does not agree to play the deal",
    "redeal": "asks for a new deal",
    "keep": "keeps the upcard's seven (an old record's answer)",
    "declare": "will declare",
    "approve": "approves the declaration shown",
    "cut": "cuts the declaration shown",
}


def _events(
    state: BourlotoState,
) -> tuple[tuple[SeatEvent, ...], list[TrickView], list[tuple[str, Card]]]:
    """The log as events (every Bourloto action is public), the tricks closed and the
    current trick's plays."""
    trump = state._ctx.trump
    events: list[SeatEvent] = []
    tricks: list[TrickView] = []
    cur: list[tuple[str, Card]] = []
    for who, action in log_pairs(state._log()):
        kind = action.kind
        text = f"{who} {action}"
        if kind == "play":
            card = action.cards[0]
            cur.append((who, card))
            winner = None
            if len(cur) == 4:
                w = trick_winner([c.index for _, c in cur], trump)
                winner = cur[w][0]
                tricks.append(TrickView(cur[0][0], tuple(cur), winner))
                cur = []
            meaning = None
            if action.words:
                meaning = " and ".join(
                    "announces the Bourlot" if w == "bourlot" else "declares" for w in action.words
                )
            events.append(event(who, kind, action, text, (card,), winner=winner,
                                    meaning=meaning))
        elif kind == "show":
            events.append(event(who, kind, action, text, action.cards,
                                    meaning="shows a declaration"))
        elif kind == "take" or kind == "name":
            suit = action.suit if kind == "name" else (Suit(trump) if trump >= 0 else None)
            meaning = f"takes: {_SUIT_NAMES[suit]} are trumps" if suit is not None else "takes"
            events.append(event(who, kind, action, text, meaning=meaning))
        elif kind == "exchange":
            seven = (Card.of(7, Suit(trump)),) if trump >= 0 else ()
            events.append(event(who, kind, action, text, seven,
                                    meaning="gives the seven of trumps for the upcard"))
        else:
            events.append(event(who, kind, action, text, meaning=_MEANINGS.get(kind)))
    return tuple(events), tricks, cur


def hidden_cards(state: BourlotoState, seat: str | None) -> Counter[Card]:
    """The cards ``seat`` (None or ``""``: a spectator) cannot see at ``state``: the other
    hands and the undealt stock, less what the rules have shown (the upcard, the seven of
    trumps given for it, declarations shown).  Each card counts once.

    >>> import trapoula
    >>> s = trapoula.make("bourloto", "gr").new_deal(seed=3)
    >>> len(hidden_cards(s, "P1")), len(hidden_cards(s, None))    # 32 - 5 in hand - upcard
    (26, 31)
    """
    me = seat_index(seat) if seat else -1
    mask = 0
    for s, h in enumerate(state.hands):
        if s != me:
            mask |= h
    for k in state.bid.stock:
        mask |= 1 << k
    bid = state.bid
    if bid.upcard >= 0:
        mask &= ~(1 << bid.upcard)
    trump = state._ctx.trump
    if bid.exchanged >= 0 and trump >= 0:
        mask &= ~(1 << (13 * trump + 5))
    for d in state.declaration_views():
        for c in d.cards:
            mask &= ~(1 << c.index)
    return Counter(cards_of(mask))


def _counted(state: BourlotoState, tricks: int) -> dict[str, int] | None:
    """The compared declaration points per team once the comparison has been made."""
    if state.phase not in ("play", "over") or state.thrown_in:
        return None
    if state._ctx.opts.declaration_timing == "first_trick" and not tricks:
        return None
    a, b = state.declared[1]
    return {"A": a, "B": b}


def taker_and_exchanger(view: BourlotoView) -> tuple[int, int]:
    """The seat index of the deal's taker (the trump's buyer; under agreement the first seat
    after the dealer) and of the player who exchanged the seven of trumps, from the view's
    events (-1 for none).

    >>> import trapoula
    >>> s = trapoula.make("bourloto", "gr").new_deal(seed=2).apply("P1 take")
    >>> taker_and_exchanger(s.view("P3"))
    (0, -1)
    """
    taker = exchanged = -1
    for e in view.events:
        kind = e.kind
        if kind == "take" or kind == "name":
            taker = seat_index(e.seat)
        elif kind == "exchange":
            exchanged = seat_index(e.seat)
        elif kind == "agree":
            taker = int(view.dealer[1:]) & 3  # agreement: the first seat after the dealer
    return taker, exchanged
