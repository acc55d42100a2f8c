"""What one seat may know of a Bourré deal: its own hand and everything public.

A view copies public facts and the seat's own cards out of the state; it holds no reference
to the state.  Discards are face down, so another seat's ``draw`` shows only as a count
(``"P3 draws 2"``); the seat's own draws show their cards.

>>> import trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=1)
>>> s = s.apply(s.legal_actions()[-1])          # P1 exchanges four cards
>>> v = s.view("P2")
>>> v.history, v.hand_counts, v.draws
(('P1 draws 4',), {'P1': 5, 'P2': 5, 'P3': 5}, {'P1': 4})
>>> s.view("P1").history[0].startswith("P1 draw ")
True
>>> e, mine = v.events[0], s.view("P1").events[0]     # the typed events (core.view)
>>> e.action, e.hidden, e.source, mine.action == s.history[0].action
(None, 4, 'stock', True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, cards_of
from trapoula.core.action import Action
from trapoula.core.seats import seat_index
from trapoula.core.view import SeatEvent, SeatView, event, log_pairs
from trapoula.games.bourre.play import trick_winner

if TYPE_CHECKING:
    from trapoula.games.bourre.state import BourreState

__all__ = [
    "BourreView", "SessionInfo", "TrickView", "hidden_cards", "make_view", "public_text",
]

#: view fields kept out of the JSON sent to clients (they repeat ``history``)
LOCAL = {"local": True}
_MEANINGS = {"fold": "folds", "stay": "stays with the hand dealt", "play": None}

_SEATS = tuple(f"P{i}" for i in range(1, 9))


@dataclass(frozen=True)
class TrickView:
    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str | None


@dataclass(frozen=True)
class SessionInfo:
    """The table around a deal: chips behind each seat and who has left."""

    deal_number: int
    stacks: dict[str, int]
    seated: tuple[str, ...]
    left: tuple[str, ...]
    exempt: tuple[str, ...]
    last_result: dict[str, Any] | None


@dataclass(frozen=True)
class BourreView(SeatView):
    """A seat's knowledge of the deal (and of the session, when it is part of one)."""

    game: str
    preset: str
    seat: str
    phase: str
    dealer: str
    current_player: str | None
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    my_discards: tuple[Card, ...]
    hand_counts: dict[str, int]
    trump_card: Card
    trump: Suit
    ante: int
    pot: int
    stacks: dict[str, int] | None
    stock_count: int
    folded: tuple[str, ...]
    staying: tuple[str, ...]
    draws: dict[str, int]
    fees_paid: dict[str, int]
    trick: tuple[tuple[str, Card], ...]
    tricks: tuple[TrickView, ...]
    tricks_won: dict[str, int]
    legal_actions: tuple[Action, ...]
    history: tuple[str, ...]
    result: dict[str, Any] | None
    session: SessionInfo | None = field(default=None)
    #: the log as typed events (``history`` is their text)
    events: tuple[SeatEvent, ...] = field(default=(), metadata=LOCAL)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        out = [c for t in self.tricks for _, c in t.plays]
        return tuple(out + [c for _, c in self.trick])

    @property
    def stock_size(self) -> int | None:
        return self.stock_count


def public_text(seat: str, action: Action, viewer: str) -> str:
    """How ``seat``'s ``action`` reads to ``viewer``: others' draws as counts only.

    >>> from trapoula.games.bourre.state import parse_bourre_action
    >>> public_text("P3", parse_bourre_action("draw 2H 5C"), "P1")
    'P3 draws 2'
    >>> public_text("P3", parse_bourre_action("draw 2H 5C"), "P3")
    'P3 draw 2H 5C'
    """
    if action.kind == "draw" and seat != viewer:
        return f"{seat} draws {len(action.cards)}"
    return f"{seat} {action}"


def make_view(
    state: BourreState,
    seat: str,
    *,
    stacks: dict[str, int] | None = None,
    pot: int | None = None,
    session: SessionInfo | None = None,
    public: bool = False,
) -> BourreView:
    """The view of ``seat``; a session passes its stacks, pot and table information.

    With ``public`` it is the spectator's view: ``seat == ""``, no hand, every draw a count.

    >>> import trapoula
    >>> s = trapoula.make("bourre", players=3).new_deal(seed=1)
    >>> p = s.apply(s.legal_actions()[-1]).public_view()
    >>> p.seat, p.hand, p.my_discards, p.history
    ('', (), (), ('P1 draws 4',))
    """
    i = seat_index(seat)
    ctx = state._ctx
    me = "" if public else _SEATS[i]
    mine = i < ctx.n and not public
    events: list[SeatEvent] = []
    tricks: list[TrickView] = []
    cur: list[tuple[str, Card]] = []
    players = ctx.players
    for who, action in log_pairs(state._log()):
        kind = action.kind
        if kind == "draw":
            k = len(action.cards)
            if who != me:
                events.append(event(who, kind, None, f"{who} draws {k}", hidden=k,
                                        source="stock", meaning=f"draws {k}"))
            else:
                events.append(event(who, kind, action, f"{who} {action}", hidden=k,
                                        source="stock", meaning=f"draws {k}"))
            continue
        if kind != "play":
            events.append(event(who, kind, action, f"{who} {action}",
                                    meaning=_MEANINGS.get(kind)))
            continue
        card = action.cards[0]
        cur.append((who, card))
        winner = None
        if len(cur) == players:
            w = trick_winner([c.index for _, c in cur], ctx.trump)
            winner = cur[w][0]
            tricks.append(TrickView(cur[0][0], tuple(cur), winner))
            cur = []
        events.append(event(who, kind, action, f"{who} {action}", (card,), winner=winner))
    decided = ctx.seats[: state._deal.dpos] if state._phase == 0 else ctx.seats
    staying = tuple(_SEATS[s] for s in ctx.seats if state.active >> s & 1)
    folded = tuple(_SEATS[s] for s in decided if not state.active >> s & 1)
    if stacks is None and state.stacks is not None:
        stacks = {_SEATS[s]: v for s, v in enumerate(state.stacks)}
    return BourreView(
        game="bourre",
        preset=ctx.game.preset,
        seat=me,
        phase=state.phase,
        dealer=_SEATS[ctx.dealer],
        current_player=state.current_player,
        players=tuple(_SEATS[s] for s in ctx.seats),
        hand=tuple(cards_of(state.hands[i])) if mine else (),
        my_discards=tuple(cards_of(state.discards[i])) if mine else (),
        hand_counts={_SEATS[s]: state.hands[s].bit_count() for s in ctx.seats},
        trump_card=state.trump_card,
        trump=state.trump,
        ante=ctx.ante,
        pot=state.pot if pot is None else pot,
        stacks=stacks,
        stock_count=len(state.stock),
        folded=folded,
        staying=staying,
        draws={_SEATS[s]: state.discards[s].bit_count() for s in ctx.seats
               if state.active >> s & 1},
        fees_paid={_SEATS[s]: state.fees_paid[s] for s in ctx.seats},
        trick=tuple(cur),
        tricks=tuple(tricks),
        tricks_won=state.tricks_won(),
        legal_actions=(
            tuple(state.legal_actions()) if state.current_index == i and not public else ()
        ),
        history=tuple(e.text for e in events),
        result=state.result,
        session=session,
        events=tuple(events),
    )


def hidden_cards(state: BourreState, seat: str | None) -> Counter[Card]:
    """The cards ``seat`` (None or ``""``: a spectator) cannot see at ``state``: the other
    hands, every discard but the seat's own (face down), folded hands and the stock.  The
    turned-up trump card and the cards played are public; a seat knows the cards it threw
    away even after they went back into a refilled stock.  Each card counts once.

    >>> import trapoula
    >>> s = trapoula.make("bourre", players=3).new_deal(seed=1)
    >>> len(hidden_cards(s, "P1")), len(hidden_cards(s, None))   # 52 - 5 in hand - trump card
    (46, 51)
    """
    me = seat_index(seat) if seat else -1
    mask = state.pool
    for s, h in enumerate(state.hands):
        if s != me:
            mask |= h
    for c in state.stock:
        mask |= 1 << c
    if 0 <= me < len(state.discards):
        mask &= ~state.discards[me] & ~state.hands[me]
    mask &= ~state.played & ~(1 << state.trump_card.index)
    return Counter(cards_of(mask))
