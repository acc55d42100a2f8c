"""What one seat may know of a Burraco deal: its own hand and everything public.

The view copies public facts (melds, the discard pile, counts) and the seat's own cards out
of the state; it holds no reference to the state, so no other seat's hand, the stock order
or the pozzetti's contents can be reached from it.

>>> import trapoula
>>> s = trapoula.make("burraco").new_deal(seed=1)
>>> v = s.view("P2")
>>> len(v.hand), v.hand_counts, v.stock_count, v.pozzetti_left, len(v.discard)
(11, {'P1': 11, 'P2': 11, 'P3': 11, 'P4': 11}, 41, 2, 1)
>>> v.team, sorted(v.melds), v.pozzetto_taken
('B', ['A', 'B'], {'A': False, 'B': False})
>>> v3 = trapoula.make("burraco", players=3).new_deal(seed=1).view("P2")
>>> v3.team, sorted(v3.melds), v3.hand_counts, v3.pozzetti_left, v3.stock_count
('P2', ['P1', 'P2', 'P3'], {'P1': 11, 'P2': 11, 'P3': 11}, 3, 41)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, parse_cards
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.view import SeatEvent, SeatView, event, log_pairs

if TYPE_CHECKING:
    from trapoula.games.burraco.melds import MeldInfo
    from trapoula.games.burraco.state import BurracoState

__all__ = ["BurracoView", "MatchInfo", "MeldView", "hidden_cards", "make_view"]

#: view fields kept out of the JSON sent to clients (they repeat ``history``)
LOCAL = {"local": True}
_HAND, _POZZETTO = 11, 11


@dataclass(frozen=True)
class MeldView:
    """One meld on the table, as everybody sees it."""

    team: str  # "A"/"B", or the seat when each player plays alone
    number: int  # 1-based, in the order the team laid its melds
    cards: tuple[Card, ...]  # display order (the wild where it stands)
    kind: str  # "set" or "sequence"
    suit: Suit | None
    clean: bool
    burraco: str | None  # None, "clean", "dirty", "semi_clean"
    points: int
    bonus: int
    owner: str | None  # the seat that laid it (None: part of the set-up)


@dataclass(frozen=True)
class MatchInfo:
    scores: dict[str, int]
    target: int
    deal_number: int
    deal_scores: tuple[dict[str, int], ...]


@dataclass(frozen=True)
class BurracoView(SeatView):
    """A seat's knowledge of the deal (and of the match, when it is part of one)."""

    game: str
    preset: str
    seat: str
    phase: str
    dealer: str
    current_player: str | None
    hand: tuple[Card, ...]
    hand_counts: dict[str, int]  # every seat's number of cards
    melds: dict[str, tuple[MeldView, ...]]  # by team ("A"/"B"), or by seat (2 or 3 players)
    discard: tuple[Card, ...]  # bottom first: the top card is the last
    stock_count: int
    pozzetti_left: int
    pozzetto_taken: dict[str, bool]  # by team, or by seat
    picked: Card | None  # taken as a one-card pile this turn: may not be discarded
    stock_ending: bool  # the hand ends after this turn
    stalemate_count: int
    legal_actions: tuple[Action, ...]
    history: tuple[str, ...]
    result: dict[str, Any] | None
    end_reason: str
    dealer_draw: tuple[dict[str, Card], ...] = ()
    match: MatchInfo | None = field(default=None)
    #: the log as typed events (``history`` is their text)
    events: tuple[SeatEvent, ...] = field(default=(), metadata=LOCAL)

    @property
    def stock_size(self) -> int | None:
        return self.stock_count

    @property
    def discard_size(self) -> int | None:
        return len(self.discard)

    @property
    def team(self) -> str:
        """The seat's team ("A" or "B"); the seat itself when each player plays alone."""
        if len(self.hand_counts) != 4:
            return self.seat
        return "AB"[seat_index(self.seat) % 2]

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None


def _meld_view(team: str, number: int, m: MeldInfo, owner: int, semi: int) -> MeldView:
    return MeldView(
        team=team,
        number=number,
        cards=tuple(m.ordered()),
        kind=m.kind,
        suit=Suit(m.suit) if m.suit >= 0 else None,
        clean=m.clean,
        burraco=m.burraco(semi),
        points=m.points,
        bonus=m.bonus(semi),
        owner=seat_name(owner) if owner >= 0 else None,
    )


def make_view(state: BurracoState, seat: str, *, public: bool = False) -> BurracoView:
    """The view of ``seat``; with ``public`` the spectator's view (``seat == ""``, no hand).

    >>> import trapoula
    >>> p = trapoula.make("burraco").new_deal(seed=3).public_view()
    >>> p.seat, p.hand, p.legal_actions, p.stock_count
    ('', (), (), 41)
    """
    i = seat_index(seat)
    ctx = state._ctx
    semi = ctx.opts.semi_clean_bonus
    names = ctx.team_names
    events = _events(state)
    melds = {
        name: tuple(
            _meld_view(name, k + 1, m, state.owners[t][k], semi)
            for k, m in enumerate(state.melds[t])
        )
        for t, name in enumerate(names)
    }
    return BurracoView(
        game="burraco",
        preset=ctx.game.preset,
        seat="" if public else seat_name(i),
        phase=state.phase,
        dealer=seat_name(ctx.dealer),
        current_player=state.current_player,
        hand=() if public else tuple(state.hand(i)),
        hand_counts={seat_name(s): state.sizes[s] for s in range(ctx.players)},
        melds=melds,
        discard=tuple(Card.from_index(c) for c in state.discard),
        stock_count=state.stock_left,
        pozzetti_left=len(state.pozzetti),
        pozzetto_taken={name: state.taken[t] for t, name in enumerate(names)},
        picked=Card.from_index(state.picked) if state.picked >= 0 else None,
        stock_ending=state.ending,
        stalemate_count=state.stall,
        legal_actions=(
            tuple(state.legal_actions()) if state.current_index == i and not public else ()
        ),
        history=tuple(e.text for e in events),
        result=state.result,
        end_reason=state.end_reason,
        dealer_draw=tuple(
            {s: Card.from_index(c) for s, c in rnd.items()} for rnd in ctx.dealer_draw
        ),
        events=events,
    )


def _initial_pile(state: BurracoState) -> tuple[Card, ...]:
    """The discard pile the deal started with (the upcard, or a set-up's pile)."""
    ctx = state._ctx
    origin = ctx.origin
    setup = origin.get("setup")
    if setup is not None:
        return tuple(parse_cards(setup.get("discard", [])))
    deck = origin.get("deck")
    if deck is None:  # a bare ``deal_from_deck`` keeps no pack: the first pile taken then
        return ()  # shows the cards discarded since (the upcard was public all the same)
    c = deck[ctx.players * _HAND + len(ctx.team_names) * _POZZETTO]
    return (Card.from_index(c) if isinstance(c, int) else Card.parse(c),)


def _events(state: BurracoState) -> tuple[SeatEvent, ...]:
    """The log as events: every action is public but which card a stock draw gave."""
    pile = list(_initial_pile(state))
    out: list[SeatEvent] = []
    for who, action in log_pairs(state._log()):
        kind = action.kind
        text = f"{who} {action}"
        if kind == "draw":
            out.append(event(who, kind, action, text, hidden=1, source="stock"))
        elif kind == "pickup":
            out.append(event(who, kind, action, text, tuple(pile), source="discard"))
            pile = []
        else:
            if kind == "discard":
                pile.append(action.cards[0])
            out.append(event(who, kind, action, text, action.cards))
    return tuple(out)


def hidden_cards(state: BurracoState, seat: str | None) -> Counter[Card]:
    """The copies of each card ``seat`` (None or ``""``: a spectator) cannot see at
    ``state``: the other hands, the stock and the pozzetti still on the table, less the
    cards of discard piles another seat took and still holds (everybody saw them).

    >>> import trapoula
    >>> s = trapoula.make("burraco").new_deal(seed=1)
    >>> sum(hidden_cards(s, "P1").values()), sum(hidden_cards(s, None).values())
    (96, 107)
    """
    me = seat_index(seat) if seat else -1
    ctx = state._ctx
    # the cards each seat took with a pile and may still hold (a multiset per seat)
    known: list[Counter[Card]] = [Counter() for _ in range(ctx.players)]
    for e in _events(state):
        s = seat_index(e.seat)
        if e.kind == "pickup":
            known[s].update(e.cards)
        elif e.cards:
            known[s].subtract(e.cards)
            known[s] = +known[s]
    out: Counter[Card] = Counter()
    for s in range(ctx.players):
        if s != me:
            out.update(Card.from_index(c) for c in state.hand_indices(s))
            out.subtract(known[s])
    out.update(Card.from_index(c) for c in state.stock[state.spos:])
    for packet in state.pozzetti:
        out.update(Card.from_index(c) for c in packet)
    return +out
