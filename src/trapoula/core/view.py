"""What one seat may know: the base every game's view extends, and its typed events.

A view is a frozen copy of public facts and of the seat's own cards; it holds no reference to
the state, so no card hidden from the seat can be reached from it.  Every game's view class
(``BourlotoView``, ``BourreView``, ``BurracoView``) is a frozen dataclass deriving from
:class:`SeatView`, so code that works for any game reads the same fields: ``seat`` (``""``
for a spectator's :meth:`~trapoula.core.state.GameState.public_view`), ``phase``,
``current_player``, ``hand``, ``hand_counts``, ``legal_actions`` (only for the seat to act),
``result`` (once over) and ``events``: the log as :class:`SeatEvent` values.

An event says who acted, the action (``None`` where the seat may not see it: another seat's
Bourré draw names the cards it threw away) and the public facts the action revealed: the
cards everybody saw (``cards``), how many cards moved unseen (``hidden``) and from where
(``source``), the winner of the trick it closed (``winner``), what a bid means
(``meaning``).  ``str(event)`` is the line the seat reads (the view's ``history``).  Bots,
search, the envs and the web read these fields: nothing re-parses text.

>>> import trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=1)
>>> s = s.apply(s.legal_actions()[-1])          # P1 exchanges four cards
>>> e = s.view("P2").events[0]
>>> e.seat, e.kind, e.action, e.hidden, e.source, str(e)
('P1', 'draw', None, 4, 'stock', 'P1 draws 4')
>>> isinstance(s.view("P2"), SeatView), s.view("P1").events[0].action.kind
(True, 'draw')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from trapoula.cards import Card
from trapoula.core.action import Action

__all__ = ["SeatEvent", "SeatView", "event", "log_pairs"]


class SeatEvent(NamedTuple):
    """One logged action as one seat may know it (immutable; ``str()`` is its line).

    >>> from trapoula.cards import parse_cards
    >>> e = SeatEvent("P3", "play", Action("play", tuple(parse_cards("KH"))), "P3 play KH",
    ...               cards=tuple(parse_cards("KH")), winner="P1")
    >>> str(e), e.winner, int(e.cards[0].rank)
    ('P3 play KH', 'P1', 13)
    """

    seat: str
    """The seat that acted."""
    kind: str
    """The action's kind (``play``, ``take``, ``draw``, ``meld``...), public for every action."""
    action: Action | None
    """The action, or None when the viewer may not see it (another seat's Bourré draw)."""
    text: str
    """The line the viewer reads (``"P3 draws 2"`` for another seat's draw)."""
    cards: tuple[Card, ...] = ()
    """Cards the action showed to everybody: the card played, a declaration shown, cards
    melded or discarded, the discard pile taken, the seven of trumps given for the upcard."""
    hidden: int = 0
    """How many cards the action moved unseen by the others (Bourré's draw, a stock draw)."""
    source: str | None = None
    """Where cards taken came from: ``"stock"`` (unseen) or ``"discard"`` (seen)."""
    winner: str | None = None
    """The seat that won the trick this action closed."""
    meaning: str | None = None
    """What a bid or an answer says, in words (``"takes: hearts are trumps"``)."""

    def __str__(self) -> str:
        return self.text


_tuple_new = tuple.__new__


def event(
    seat: str, kind: str, action: Action | None, text: str, cards: tuple[Card, ...] = (),
    hidden: int = 0, source: str | None = None, winner: str | None = None,
    meaning: str | None = None,
) -> SeatEvent:
    """A :class:`SeatEvent` made fast (views make one per logged action)."""
    return _tuple_new(SeatEvent, (seat, kind, action, text, cards, hidden, source, winner,
                                  meaning))


def log_pairs(cell: tuple[Any, ...] | None) -> list[tuple[str, Action]]:
    """``(seat, action)`` of each entry of an event log (a state's ``_log()``), oldest first,
    read straight from its cells (no :class:`~trapoula.core.state.Event` is made)."""
    out: list[tuple[str, Action]] = []
    while cell is not None:
        if len(cell) == 3:
            out.append((cell[1], cell[2]))
        else:
            out.append((cell[1].seat, cell[1].action))
        cell = cell[0]
    out.reverse()
    return out


class SeatView:
    """The fields every game's view has (each game's view is a frozen dataclass of them).

    Subclasses declare these as dataclass fields, in the order their clients have always
    seen them; the base adds what can be said of any view.
    """

    __slots__ = ()

    game: str
    preset: str
    seat: str  # "" for a spectator
    phase: str
    dealer: str
    current_player: str | None
    hand: tuple[Card, ...]
    hand_counts: dict[str, int]  # cards held by each seat
    legal_actions: tuple[Action, ...]  # empty unless ``seat`` is to act
    history: tuple[str, ...]  # ``str(e)`` for each event
    events: tuple[SeatEvent, ...]
    result: dict[str, Any] | None

    @property
    def is_public(self) -> bool:
        """Whether this is a spectator's view (no seat, no hand)."""
        return self.seat == ""

    @property
    def to_act(self) -> bool:
        """Whether the view's seat is the one to act."""
        return bool(self.seat) and self.current_player == self.seat

    @property
    def stock_size(self) -> int | None:
        """Cards left in the stock (None where the game has none)."""
        return None

    @property
    def discard_size(self) -> int | None:
        """Cards in the face-up discard pile (None where the game has none)."""
        return None
