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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name

if TYPE_CHECKING:
    from trapoula.games.burraco.melds import MeldInfo
    from trapoula.games.burraco.state import BurracoState

__all__ = ["BurracoView", "MatchInfo", "MeldView", "make_view"]


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
class BurracoView:
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
        history=tuple(str(e) for e in state.history),
        result=state.result,
        end_reason=state.end_reason,
        dealer_draw=tuple(
            {s: Card.from_index(c) for s, c in rnd.items()} for rnd in ctx.dealer_draw
        ),
    )
