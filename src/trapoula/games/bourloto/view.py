"""What one seat may know of a Bourloto deal: its own hand and everything public.

A view is built by copying public facts and the seat's own cards out of the state; it holds
no reference to the state, so another seat's hidden cards cannot be reached from it.

>>> import trapoula
>>> s = trapoula.make("bourloto", "ru").new_deal(seed=1)
>>> v = s.view("P2")
>>> len(v.hand), v.hand_counts, v.legal_actions
(5, {'P1': 5, 'P2': 5, 'P3': 5, 'P4': 5}, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, Suit, cards_of
from trapoula.core.action import Action
from trapoula.core.seats import seat_index, seat_name

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState

__all__ = ["BourlotoView", "DeclarationView", "MatchInfo", "TrickView", "make_view"]


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
class BourlotoView:
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

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        out = [c for t in self.tricks for _, c in t.plays]
        return tuple(out + [c for _, c in self.trick])

    @property
    def team(self) -> str:
        return "AB"[seat_index(self.seat) % 2]


def make_view(state: BourlotoState, seat: str, *, public: bool = False) -> BourlotoView:
    """The view of ``seat``; with ``public`` the spectator's view (``seat == ""``, no hand).

    >>> import trapoula
    >>> p = trapoula.make("bourloto", "gr").new_deal(seed=3).public_view()
    >>> p.seat, p.hand, p.my_declarations, p.legal_actions
    ('', (), (), ())
    """
    i = seat_index(seat)
    ctx = state._ctx
    hist = state.history
    # completed tricks from the public log
    tricks: list[TrickView] = []
    cur: list[tuple[str, Card]] = []
    trump = ctx.trump
    for ev in hist:
        if ev.action.kind != "play":
            continue
        card = ev.action.cards[0]
        cur.append((ev.seat, card))
        if len(cur) == 4:
            from trapoula.games.bourloto.play import trick_winner

            w = trick_winner([c.index for _, c in cur], trump)
            tricks.append(TrickView(cur[0][0], tuple(cur), cur[w][0]))
            cur = []
    in_bidding = state._phase < 4 and state.bid.stock != ()
    upcard = Card.from_index(state.bid.upcard) if state.bid.upcard >= 0 else None
    mine = tuple(
        DeclarationView(seat_name(i), d.name, tuple(d.cards), d.points)
        for d in state.available_declarations(i)
    )
    t = state.tally
    res = state.result
    return BourlotoView(
        game="bourloto",
        preset=ctx.game.preset,
        seat="" if public else seat_name(i),
        phase=state.phase,
        dealer=seat_name(ctx.dealer),
        current_player=state.current_player,
        hand=() if public else tuple(cards_of(state.hands[i])),
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
        my_declarations=() if public else mine,
        legal_actions=(
            tuple(state.legal_actions()) if state.current_index == i and not public else ()
        ),
        history=tuple(str(e) for e in hist),
        result=res,
        hanging=ctx.hanging,
        counted=_counted(state, len(tricks)),
    )


def _counted(state: BourlotoState, tricks: int) -> dict[str, int] | None:
    """The compared declaration points per team once the comparison has been made."""
    if state.phase not in ("play", "over") or state.thrown_in:
        return None
    if state._ctx.opts.declaration_timing == "first_trick" and not tricks:
        return None
    a, b = state.declared[1]
    return {"A": a, "B": b}
