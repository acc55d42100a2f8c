"""The state protocol every game implements, the shared ``apply`` front door, and the
mechanism that makes states immutable.

A state is immutable: ``apply`` returns the next state and leaves the one it was called on
unchanged.  Text actions may carry the acting seat (``"P2 take"``); a seat that is not to act
raises :class:`~trapoula.errors.NotYourTurnError`.  Every accepted action is appended to the
event log, which is also what a game record stores.

``GameState.apply`` is the one template of every game's moves (deals, matches, sessions):
parse, judge once (the game answers :meth:`GameState._allows` from its own legal set),
then the game's transition :meth:`GameState._apply_legal`, which never validates again.  A
refused action gets one error of :mod:`trapoula.errors` from :meth:`GameState._legal_form`
(over, not an action of the game, or not legal now with what is allowed); a game adds
only its reason (:meth:`GameState._why_not`) and its canonical form (:meth:`canonical`).

A state class declared with ``frozen=True`` (``class MyState(DealState, frozen=True)``; its
subclasses are frozen too) refuses every attribute assignment and deletion with
:class:`~trapoula.errors.ImmutableStateError` (an ``AttributeError``) once the state is made.
Its transitions build the next state as an instance of ``MyState._building`` (the same class
with ordinary, C-speed attribute assignment) and finish it with ``n.__class__ = MyState``
(:func:`freeze`); calling ``MyState(...)`` runs ``__init__`` on a building instance and freezes
it.  Copies and pickles work (``__setstate__``).

>>> import trapoula
>>> s = trapoula.make("bourre", players=3).new_deal(seed=3)
>>> s.is_over = True  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.ImmutableStateError: BourreState is immutable: 'is_over' cannot be set ...
>>> s.apply("P1 fold").current_player, s.current_player
('P2', 'P1')
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from trapoula.core.action import Action
from trapoula.core.seats import split_seat
from trapoula.errors import (
    IllegalActionError,
    ImmutableStateError,
    NotYourTurnError,
    ParseError,
)

if TYPE_CHECKING:
    from trapoula.core.game import Game
    from trapoula.core.outcome import DealOutcome, MatchOutcome
    from trapoula.core.view import SeatView

__all__ = ["DealState", "Event", "FrozenList", "GameState", "LogCell", "freeze", "iter_log"]

_S = TypeVar("_S", bound="GameState")
_setattr = object.__setattr__


@dataclass(frozen=True, slots=True)
class Event:
    """One accepted action: who did what (``str(event)`` is record notation)."""

    seat: str
    action: Action

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


# The event log is a persistent cons list, O(1) to extend: ``(previous, seat, action)``, or
# None when empty.  Events are built when read.
LogCell = tuple[Any, ...] | None


def iter_log(cell: LogCell) -> Iterator[Event]:
    """Events of a log in order, oldest first."""
    out: list[Event] = []
    while cell is not None:
        cell, seat, action = cell
        out.append(Event(seat, action))
    return reversed(out)


def _refuse_set(self: object, name: str, value: object) -> None:
    raise ImmutableStateError(
        f"{type(self).__name__} is immutable: {name!r} cannot be set (apply() returns the "
        "next state)"
    )


def _refuse_del(self: object, name: str) -> None:
    raise ImmutableStateError(f"{type(self).__name__} is immutable: {name!r} cannot be deleted")


def _setstate(self: object, state: Any) -> None:
    """Restore a copied or unpickled frozen state (``object.__reduce_ex__``'s state)."""
    d, slots = state if isinstance(state, tuple) else (state, None)
    for part in (d, slots):
        for name, value in (part or {}).items():
            _setattr(self, name, value)


def freeze(state: _S, cls: type[_S]) -> _S:
    """Finish a state built as ``cls._building``: from now on it is a ``cls`` and refuses
    changes.  (Hot paths write ``n.__class__ = cls`` inline; this is the same.)"""
    state.__class__ = cls
    return state


class FrozenList(list[Any]):
    """A list a frozen state hands out: it reads (and compares) as a list, and refuses every
    change with :class:`~trapoula.errors.ImmutableStateError`.

    >>> xs = FrozenList([11, 11])
    >>> xs == [11, 11], xs[0], list(xs) + [3]
    (True, 11, [11, 11, 3])
    >>> xs[0] = 5
    Traceback (most recent call last):
    ...
    trapoula.errors.ImmutableStateError: a state's list cannot be changed (copy it: list(...))
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise ImmutableStateError("a state's list cannot be changed (copy it: list(...))")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> FrozenList:
        return self


class _StateMeta(ABCMeta):
    """Calling a frozen state class runs ``__init__`` on a building instance, then freezes it."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        building = cls.__dict__.get("_building")
        if building is None:
            return super().__call__(*args, **kwargs)
        obj = type.__call__(building, *args, **kwargs)
        obj.__class__ = cls
        return obj


class GameState(metaclass=_StateMeta):
    """Common behaviour of every game state (deal, match, session)."""

    __slots__ = ()

    _building: ClassVar[type[Any]]  # (frozen classes) the same class, assignable, to build in
    _frozen_state: ClassVar[bool] = False
    _OVER: ClassVar[str] = "the game is over"  # why nothing is allowed once it is over

    def __init_subclass__(cls, *, frozen: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("_is_building"):
            return
        if frozen is None:
            frozen = cls._frozen_state
        elif not frozen and cls._frozen_state:
            raise TypeError(f"{cls.__name__}: a subclass of a frozen state is frozen")
        if not frozen:
            return
        cls._frozen_state = True
        cls.__setattr__ = _refuse_set  # type: ignore[method-assign]
        cls.__delattr__ = _refuse_del  # type: ignore[method-assign]
        cls.__setstate__ = _setstate  # type: ignore[attr-defined]
        ns = {
            "__slots__": (), "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}._building", "_is_building": True,
            "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        }
        meta: Any = type(cls)
        cls._building = meta(cls.__name__, (cls,), ns)

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
    def _apply_legal(self, action: Action) -> Self:
        """The game's transition: the next state after a legal action by the current player
        (:meth:`apply` has judged it; nothing here validates again)."""

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
        if action.__class__ is Action:
            return action
        if not isinstance(action, str):
            raise ParseError(f"an action is text or an Action, not {type(action).__name__}")
        seat, text = split_seat(action)
        if seat is not None and seat != self.current_player:
            if self.current_player is None:
                raise IllegalActionError(f"{seat} cannot act: the game is over")
            raise NotYourTurnError(
                f"it is {self.current_player}'s turn, not {seat}'s; "
                f"{self.current_player} may: {self._allowed_text()}"
            )
        return self.game.parse_action(text)

    def apply(self, action: Action | str) -> Self:
        """The state after ``action``; raises (and changes nothing) if it is not legal now.

        The one template of every game's moves: the action is parsed (:meth:`parse`), judged
        once against the legal actions (:meth:`_allows`, which a game answers from its own
        legal set), and only a legal action reaches the game's transition
        (:meth:`_apply_legal`).  An action not in the set as given goes through
        :meth:`_legal_form`: its canonical form, or one error of the taxonomy saying what
        was wrong and what is allowed.
        """
        a = action if action.__class__ is Action else self.parse(action)
        if self._allows(a):
            return self._apply_legal(a)
        return self._apply_legal(self._legal_form(a))

    def _allows(self, action: Action) -> bool:
        """Is ``action`` one of the legal actions now?  (A game answers from its own legal
        set, a bitmask or a tuple, without copying the list.)"""
        return action in self.legal_actions()

    def _legal_form(self, action: Action) -> Action:
        """The legal action that means ``action`` (the game's own object, e.g. its cards in
        canonical order), or raise: :class:`~trapoula.errors.IllegalActionError` once the
        game is over or when the action is not legal now (naming the legal ones),
        :class:`~trapoula.errors.ParseError` when it is no action of this game."""
        if self.is_over:
            raise IllegalActionError(f"{action} is not allowed: {self._OVER}")
        canon = self.canonical(action)
        if not self._allows(canon):
            raise IllegalActionError(
                f"{self.current_player} cannot {canon} now{self._why_not(action)}; "
                f"allowed: {self._allowed_text()}"
            )
        return canon

    def _why_not(self, action: Action) -> str:
        """Why the game refuses ``action`` now, as a clause after "cannot ACTION now" (for
        instance ``": the stock is empty"``); "" when the list of allowed actions says it."""
        return ""

    def canonical(self, action: Action) -> Action:
        """The game's own action with the meaning of ``action`` (for an :class:`Action` made
        with, say, its cards in another order); raises ParseError if the game has none."""
        return self.game.parse_action(str(action))

    def _allowed_text(self, limit: int = 40) -> str:
        acts = [str(a) for a in self.legal_actions()]
        more = f" ... ({len(acts) - limit} more)" if len(acts) > limit else ""
        return ", ".join(acts[:limit]) + more


class DealState(GameState):
    """A deal's state that keeps what the deal fixes in a shared context ``_ctx`` (with
    ``dealer`` and ``seed``) and its phase as an index into the class's ``PHASES``."""

    __slots__ = ()

    PHASES: tuple[str, ...] = ()
    _OVER = "the deal is over"
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
