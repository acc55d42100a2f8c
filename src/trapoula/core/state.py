"""The state protocol every game implements, and the shared ``apply`` front door.

A state is immutable: ``apply`` returns the next state and leaves the one it was called on
unchanged.  Text actions may carry the acting seat (``"P2 take"``); a seat that is not to act
raises :class:`~trapoula.errors.NotYourTurnError`.  Every accepted action is appended to the
event log, which is also what a game record stores.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trapoula.core.action import Action
from trapoula.core.seats import split_seat
from trapoula.errors import IllegalActionError, NotYourTurnError

if TYPE_CHECKING:
    from trapoula.core.game import Game
    from trapoula.core.outcome import DealOutcome, MatchOutcome
    from trapoula.core.view import SeatView

__all__ = ["DealState", "Event", "GameState", "LogCell", "iter_log"]


@dataclass(frozen=True, slots=True)
class Event:
    """One accepted action: who did what (``str(event)`` is record notation)."""

    seat: str
    action: Action

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


# The event log is a persistent cons list, O(1) to extend: ``(previous, seat, action)``
# (or the older ``(previous, Event)``), or None when empty.  Events are built when read.
LogCell = tuple[Any, ...] | None


def iter_log(cell: LogCell) -> Iterator[Event]:
    """Events of a log in order, oldest first."""
    out: list[Event] = []
    while cell is not None:
        if len(cell) == 3:
            prev, seat, action = cell
            out.append(Event(seat, action))
        else:
            prev, ev = cell
            out.append(ev)
        cell = prev
    return reversed(out)


class GameState(ABC):
    """Common behaviour of every game state (deal, match, session)."""

    __slots__ = ()

    # --- what every game provides -------------------------------------------------------------
    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def current_player(self) -> str | None:
        """The seat to act (``"P1"``...), or None when the state is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """The outcome once over (the ``final`` of scenarios.md), else None."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, in canonical order."""

    @abstractmethod
    def view(self, seat: str) -> SeatView:
        """What ``seat`` may know: no hidden card of another seat is reachable from it."""

    def public_view(self) -> SeatView:
        """What a spectator may know: everything public, no seat's hidden cards.

        The same view type as :meth:`view`, with ``seat == ""``, no hand and no legal
        actions.  Every game implements it; this default refuses rather than leak.
        """
        raise NotImplementedError(f"{type(self).__name__} has no public view")

    @abstractmethod
    def _apply_legal(self, action: Action) -> GameState:
        """The next state after a legal action by the current player."""

    @abstractmethod
    def _log(self) -> LogCell: ...

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The JSON game record that :func:`trapoula.load` replays exactly."""

    def outcome(self) -> DealOutcome | MatchOutcome | None:
        """The typed outcome once over (a deal's payoffs and points, or a match's), else
        None.  A match state overrides this with its :class:`MatchOutcome`."""
        return self.game.deal_outcome(self) if self.is_over else None

    # --- shared -------------------------------------------------------------------------------
    def returns(self) -> dict[str, float]:
        """Seat -> payoff of the finished deal or match (:mod:`trapoula.core.outcome`), the
        one definition every consumer uses; 0 for every seat while it is not over.

        >>> import trapoula
        >>> d = trapoula.make("bourloto", "gr").new_deal(seed=1)
        >>> d.returns()
        {'P1': 0.0, 'P2': 0.0, 'P3': 0.0, 'P4': 0.0}
        >>> while not d.is_over:
        ...     d = d.apply(d.legal_actions()[0])
        >>> r = d.returns()
        >>> r["P1"] == r["P3"] == d.outcome().points["A"]
        True
        """
        out = self.outcome()
        if out is None:
            return dict.fromkeys(self.game.info.seats, 0.0)
        return dict(out.returns)

    @property
    def history(self) -> list[Event]:
        """The event log: every accepted action, in order."""
        return list(iter_log(self._log()))

    def parse(self, action: Action | str) -> Action:
        """Parse action text (an optional leading seat is checked against the turn)."""
        if isinstance(action, Action):
            return action
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is text or an Action, not {type(action).__name__}")
        seat, text = split_seat(action)
        if seat is not None and seat != self.current_player:
            if self.current_player is None:
                raise IllegalActionError(f"{seat} cannot act: the game is over")
            raise NotYourTurnError(
                f"it is {self.current_player}'s turn, not {seat}'s; "
                f"{self.current_player} may: {self._allowed_text()}"
            )
        return self.game.parse_action(text)

    def is_legal(self, action: Action | str) -> bool:
        try:
            a = self.parse(action)
        except Exception:
            return False
        return a in self.legal_actions()

    def apply(self, action: Action | str) -> GameState:
        """The state after ``action``; raises (and changes nothing) if it is not legal now."""
        a = self.parse(action)
        if self.is_over:
            raise IllegalActionError(f"{a} is not allowed: the game is over")
        if a not in self.legal_actions():
            raise IllegalActionError(
                f"{self.current_player} cannot {a} now; allowed: {self._allowed_text()}"
            )
        return self._apply_legal(a)

    def _allowed_text(self, limit: int = 40) -> str:
        acts = [str(a) for a in self.legal_actions()]
        more = f" ... ({len(acts) - limit} more)" if len(acts) > limit else ""
        return ", ".join(acts[:limit]) + more


class DealState(GameState):
    """A deal's state that keeps what the deal fixes in a shared context ``_ctx`` (with
    ``dealer`` and ``seed``) and its phase as an index into the class's ``PHASES``."""

    __slots__ = ()

    PHASES: tuple[str, ...] = ()
    _ctx: Any
    _phase: int

    @property
    def phase(self) -> str:
        """The phase's name (for example ``"bid1"``, ``"play"``, ``"over"``)."""
        return self.PHASES[self._phase]

    @property
    def dealer(self) -> str:
        return f"P{self._ctx.dealer + 1}"

    @property
    def dealer_index(self) -> int:
        return int(self._ctx.dealer)

    @property
    def seed(self) -> int:
        return int(self._ctx.seed)

    def chance(self) -> dict[str, Any]:
        """The deal's chance outcomes as a record stores them: its dealer, the pack in dealing
        order (card names) and any random keys drawn with it."""
        raise NotImplementedError(f"{type(self).__name__} does not record its chance outcomes")
