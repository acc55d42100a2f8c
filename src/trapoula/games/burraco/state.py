"""The public Burraco deal state (immutable; ``apply`` returns the next state).

Phases: ``draw`` (the player to act draws from the stock or picks up the discard pile),
``play`` (melds, additions, then the discard) and ``over``.

>>> import trapoula
>>> s = trapoula.make("burraco").new_deal(seed=3)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()]
('draw', 'P1', ['draw', 'pickup'])
>>> s2 = s.apply("P1 draw")
>>> s.phase, s2.phase, len(s2.view("P1").hand), s2.view("P2").hand_counts["P1"]
('draw', 'play', 12, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from trapoula.cards import Card, parse_card
from trapoula.core.action import Action, action_text
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.state import DealState, FrozenList, LogCell
from trapoula.errors import IllegalActionError, ParseError
from trapoula.games.burraco.context import _Ctx
from trapoula.games.burraco.legal import decode, intern
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_sorted
from trapoula.games.burraco.tables import NCARDS, codes_of
from trapoula.games.burraco.turn import (
    ADD,
    DISCARD,
    DRAW,
    MELD,
    OVER,
    PHASES,
    PICKUP,
    START,
    Table,
)

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco
    from trapoula.games.burraco.view import BurracoView

__all__ = ["BurracoState", "parse_burraco_action"]

_CODES = {k: i for i, k in enumerate(("draw", "pickup", "meld", "add", "discard"))}
_CARDS = tuple(Card.from_index(i) for i in range(NCARDS))
_SEATS = tuple(seat_name(i) for i in range(8))
_FORMS = "draw, pickup, meld C C C..., add N C..., discard C"
_setattr = object.__setattr__
_Frozen = FrozenList


def parse_burraco_action(text: str) -> Action:
    """Parse Burraco action text (any case, cards in any order; canonical order out).

    >>> str(parse_burraco_action("MELD 5h jk 4H")), str(parse_burraco_action("add 2 th 9h"))
    ('meld 4H 5H JK', 'add 2 9H 10H')
    """
    words = action_text(text).strip().replace(",", " ").split()
    if not words:
        raise ParseError(f"empty action; actions are: {_FORMS}")
    kind = words[0].lower()
    rest = words[1:]
    if kind in ("draw", "pickup"):
        if rest:
            raise ParseError(f"'{kind}' takes no cards; actions are: {_FORMS}")
        return intern(_CODES[kind], 0, ())
    if kind == "meld":
        if not rest:
            raise ParseError("'meld' needs its cards, e.g. 'meld 3H 4H 5H'")
        return intern(MELD, 0, _parse_indices(rest))
    if kind == "add":
        if len(rest) < 2 or not rest[0].isdigit() or int(rest[0]) < 1:
            raise ParseError("'add' needs a meld number (1, 2, ...) and cards, e.g. 'add 1 6H'")
        return intern(ADD, int(rest[0]), _parse_indices(rest[1:]))
    if kind == "discard":
        if len(rest) != 1:
            raise ParseError("'discard' needs exactly one card, e.g. 'discard QS'")
        return intern(DISCARD, 0, _parse_indices(rest))
    raise ParseError(f"not a Burraco action: {text!r}; actions are: {_FORMS}")


def _canonical(action: Action) -> Action | None:
    """The interned action with the same meaning (cards in canonical order), if any."""
    try:
        code, number, cards, _, _ = decode(action)
    except IllegalActionError:
        return None
    return intern(code, number, cards)


def _parse_indices(words: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(parse_card(w).index for w in words))


class BurracoState(Table, DealState, frozen=True):
    PHASES = PHASES
    """One Burraco deal.  Use ``game.new_deal()`` or ``game.from_setup()``."""

    __slots__ = ("_cell", "_legal", "_result")

    _cell: LogCell
    _legal: list[Action] | None
    _result: dict[str, Any] | None

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def _start(
        cls,
        ctx: _Ctx,
        hands: Sequence[Sequence[int]],
        discard: Sequence[int],
        stock: Sequence[int],
        pozzetti: Sequence[Sequence[int]],
        taken: tuple[bool, ...] | None = None,
        melds: tuple[tuple[MeldInfo, ...], ...] | None = None,
        to_act: int | None = None,
    ) -> BurracoState:
        s: BurracoState = Table.__new__(cls._building)
        nteams = len(ctx.team_names)
        s._ctx = ctx
        s._phase = START
        s._turn = (ctx.dealer + 1) % ctx.players if to_act is None else to_act
        codes = [codes_of(h) for h in hands]
        s.hands = [c[0] for c in codes]
        s.rhands = [c[1] for c in codes]
        s.sizes = [len(h) for h in hands]
        s.melds = melds if melds is not None else ((),) * nteams
        s.owners = tuple(tuple(-1 for _ in m) for m in s.melds)
        s.discard = tuple(discard)
        s.stock = tuple(stock)
        s.spos = 0
        s.pozzetti = tuple(tuple(p) for p in pozzetti)
        s.taken = taken if taken is not None else (False,) * nteams
        s.picked = -1
        s.pile1 = False
        s.melded = False
        s.stall = 0
        s.ending = False
        s.closer = -1
        s.end_reason = ""
        s.turns = 0
        s._cell = None
        s._legal = None
        s._result = None
        s._smoves = s._start_moves()
        if not s._smoves:
            s._end("blocked")
        return s._frozen(cls)

    def __getstate__(self) -> Any:
        """What a copy or a pickle keeps: every field, as ``(None, {slot: value})``, what
        ``object.__getstate__`` gives for the pure-Python classes (a mypyc-compiled
        ``Table``'s own ``__getstate__`` gives a dict of its fields alone)."""
        state = super().__getstate__()
        if isinstance(state, dict):
            state = (None, {**state, "_cell": self._cell, "_legal": self._legal,
                            "_result": self._result})
        return state

    def _copy(self) -> BurracoState:
        """A copy to change (a building instance: :meth:`_frozen` it when done)."""
        n: BurracoState = Table.__new__(_Building)
        self._copy_table(n)
        n._cell = self._cell
        n._legal = None
        n._result = None
        return n

    def _frozen(self, cls: type[BurracoState] | None = None) -> BurracoState:
        """This state, built, as a frozen state (its lists become read-only)."""
        self.hands = _Frozen(self.hands)
        self.rhands = _Frozen(self.rhands)
        self.sizes = _Frozen(self.sizes)
        self.__class__ = cls or BurracoState
        return self

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Burraco:
        game: Burraco = self._ctx.game
        return game


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
    def result(self) -> dict[str, Any] | None:
        if self._phase != OVER:
            return None
        res = self._result
        if res is None:
            res = {"scores": self.team_scores()}
            _setattr(self, "_result", res)  # (a cache)
        return {"scores": dict(res["scores"])}

    def hand(self, seat: str | int) -> list[Card]:
        """The cards a seat holds (full information: not for players; see :meth:`view`)."""
        i = seat if isinstance(seat, int) else seat_index(seat)
        return [_CARDS[c] for c in self.hand_indices(i)]

    def team_melds(self, team: str) -> tuple[MeldInfo, ...]:
        """A team's melds (``"A"``/``"B"``, or the seat when each player plays alone),
        numbered from 1 in this order."""
        return self.melds[self._ctx.team_names.index(team)]

    @property
    def players(self) -> int:
        return self._ctx.players

    @property
    def team_names(self) -> tuple[str, ...]:
        """``("A", "B")`` with 4 players; the seats when each player plays alone."""
        return self._ctx.team_names

    def team_of(self, seat: str | int) -> str:
        """The team (name) a seat plays for."""
        i = seat if isinstance(seat, int) else seat_index(seat)
        return self._ctx.team_names[self._ctx.team_of[i]]

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self.moves()
            _setattr(self, "_legal", legal)  # (a cache)
        return list(legal)

    # --- the moves: core's template (GameState.apply) judges, these answer and move ---------
    def _allows(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self.moves()
            _setattr(self, "_legal", legal)  # (a cache)
        return action in legal

    def canonical(self, action: Action) -> Action:
        """The interned action with the meaning of ``action`` (its cards in canonical order);
        ParseError if it is no Burraco action."""
        canon = _canonical(action)
        return super().canonical(action) if canon is None else canon

    def _why_not(self, action: Action) -> str:
        return f": {self._why(action)}"

    def _apply_legal(self, action: Action) -> BurracoState:
        n = Table.__new__(_Building)
        self._copy_table(n)
        n._cell = (self._cell, _SEATS[self._turn], action)
        n._legal = None
        n._result = None
        n.step(action)
        return n._frozen()

    def record(self) -> dict[str, Any]:
        """The deal's record: how it started (seed, dealer and the dealt deck, or a setup),
        the actions and, once over, the result."""
        from trapoula.core.chance import record_head

        rec = record_head(self._ctx.game, "deal")
        for key, value in self._ctx.origin.items():
            if key == "deck":
                value = [str(_CARDS[c]) if isinstance(c, int) else c for c in value]
            rec[key] = value
        rec["actions"] = [str(e) for e in self.history]
        if self.is_over:
            rec["result"] = self.result
        return rec

    def chance(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "deck": [str(_CARDS[c]) if isinstance(c, int) else c
                     for c in self._ctx.origin["deck"]],
        }

    def _log(self) -> LogCell:
        return self._cell

    def view(self, seat: str) -> BurracoView:
        from trapoula.games.burraco.view import make_view

        return make_view(self, seat)

    def public_view(self) -> BurracoView:
        """A spectator's view: melds, the discard pile, counts; no hand."""
        from trapoula.games.burraco.view import make_view

        return make_view(self, "P1", public=True)

    # --- explanations -------------------------------------------------------------------------
    def _why(self, action: Action) -> str:
        """Why a well-formed action is refused (for the error message)."""
        try:
            code, number, cards, _, _ = decode(action)
        except IllegalActionError:
            return "that is not a Burraco action"
        seat = self._turn
        team = self._ctx.team_of[seat]
        if self._phase == START:
            if code == DRAW:
                return "the stock is empty"
            if code == PICKUP:
                if not self.discard:
                    return "the discard pile is empty"
                return "taking that pile would leave no legal way to finish the turn"
            return "the turn begins with 'draw' or 'pickup'"
        if code in (DRAW, PICKUP):
            return "this turn's card has already been drawn"
        need = [0] * NCARDS
        for c in cards:
            need[c] += 1
            if need[c] > self.count(seat, c):
                return f"{_CARDS[c]} is not in the hand (often enough)"
        if code == MELD:
            if analyze_sorted(cards) is None:
                return "these cards make no valid meld"
            return "after it the turn could not be finished legally (a discard or closing)"
        if code == ADD:
            melds = self.melds[team]
            if not 1 <= number <= len(melds):
                who = "team " if self._ctx.players == 4 else ""
                return f"{who}{self._ctx.team_names[team]} has {len(melds)} meld(s)"
            if self._ctx.opts.meld_ownership == "player" and self.owners[team][number - 1] not in (
                seat, -1,
            ):
                return f"meld {number} was laid by the partner"
            if add_to_meld(melds[number - 1], cards) is None:
                return f"meld {number} would no longer be a valid meld of the same kind"
            return "after it the turn could not be finished legally (a discard or closing)"
        c = cards[0]
        if c == self.picked:
            return f"{_CARDS[c]} was taken as a one-card pile this turn"
        if not self.taken[team]:
            return "the last card may be discarded only to take the pozzetto"
        return (
            "closing needs the pozzetto taken, a burraco"
            + (" (clean)" if self._ctx.opts.closing_requires == "clean_burraco" else "")
            + " and a non-wild discard"
        )


_Building: type[BurracoState] = BurracoState._building
