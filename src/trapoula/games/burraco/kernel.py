"""Burraco's kernel (:mod:`trapoula.core.kernel`): the :class:`~.turn.Table` of one deal.

The kernel is the engine's own :class:`~trapoula.games.burraco.turn.Table`, stepped in place
(no public state, no event log): ``legal_ids`` is :meth:`Table.moves` and ``step`` is
:meth:`Table.step`.  The readable reference of its legal moves is :mod:`.reference_3_4`
(RULES.md §3.4).

Action ids are the moves' own values, not the caches' ids of ``legal.py`` (which are
numbered in the order the process first met them): a move ``(kind, meld number, cards)``
packs into one integer, kind first, then the meld number, then the sorted cards as digits
(a shorter list before its extensions), so the game's canonical order (draw, pickup, new
melds by their cards, additions by meld number then cards, discards by card) is the ids'
increasing order, and an id means the same move in every process.

>>> import trapoula
>>> k = new_kernel(trapoula.make("burraco"), seed=3)
>>> k.phase, k.to_act, [str(k.decode(i)) for i in k.legal_ids()]
('draw', 0, ['draw', 'pickup'])
>>> k.step(k.legal_ids()[0]); k.phase, len(k.hand_codes(0))
('play', 12)
>>> ids = k.legal_ids(); ids == sorted(ids) and all(k.encode(k.decode(i)) == i for i in ids)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.core.action import Action
from trapoula.games.burraco.legal import decode as decode_move
from trapoula.games.burraco.legal import intern
from trapoula.games.burraco.tables import decode as decode_code
from trapoula.games.burraco.turn import OVER, PHASES, Table

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco

__all__ = ["BurracoKernel", "kernel_of", "move_id", "move_of", "new_kernel"]

_BASE = 54  # a card digit: its index + 1 (0 pads a shorter list)
_DIGITS = 15  # the most cards of one move (a sequence of 14 positions) fits
_CARDS_SPAN: int = _BASE ** _DIGITS
_PLACES: tuple[int, ...] = tuple(_BASE ** (_DIGITS - 1 - i) for i in range(_DIGITS))
# the id of each interned move (legal.py), by the action's id(): interned actions live for
# good, so no id() here is ever reused (as legal._DECODED)
_ID_OF: dict[int, int] = {}
_MOVE: dict[int, Action] = {}  # and back (the same moves: as many entries as legal.ACTS)


def move_id(code: int, number: int, cards: tuple[int, ...]) -> int:
    """The id of the move ``(code, number, sorted cards)`` (``legal.DRAW`` .. ``DISCARD``).

    >>> move_id(0, 0, ()) < move_id(2, 0, (14, 15, 16)) < move_id(2, 0, (14, 15, 16, 52))
    True
    """
    v = 0
    for place, c in zip(_PLACES, cards, strict=False):
        v += (c + 1) * place
    return ((code << 6) + number) * _CARDS_SPAN + v


def move_of(action_id: int) -> tuple[int, int, tuple[int, ...]]:
    """``(code, number, cards)`` of an id (:func:`move_id` undone)."""
    head, v = divmod(action_id, _CARDS_SPAN)
    cards = []
    for place in _PLACES:
        d = v // place % _BASE
        if not d:
            break
        cards.append(d - 1)
    return head >> 6, head & 63, tuple(cards)


class BurracoKernel:
    """One Burraco deal on its :class:`Table` (see the module docstring)."""

    __slots__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def phase(self) -> str:
        return PHASES[self.table._phase]

    @property
    def to_act(self) -> int | None:
        t = self.table
        return None if t._phase == OVER else t._turn

    @property
    def is_terminal(self) -> bool:
        return self.table._phase == OVER

    def result(self) -> dict[str, Any] | None:
        t = self.table
        return {"scores": t.team_scores()} if t._phase == OVER else None

    def hand_codes(self, seat: int) -> tuple[int, ...]:
        return tuple(decode_code(self.table.hands[seat]))

    def legal_ids(self) -> list[int]:
        get = _ID_OF.get
        out = []
        for a in self.table.moves():
            i = get(id(a))
            if i is None:
                i = self.encode(a)
            out.append(i)
        return out

    def step(self, action_id: int) -> None:
        self.table.step(self.decode(action_id))

    def encode(self, action: Action) -> int:
        i = _ID_OF.get(id(action))
        if i is None:
            code, number, cards, _, _ = decode_move(action)
            i = move_id(code, number, cards)
            if intern(code, number, cards) is action:  # (kept alive for good by legal.ACTS)
                _ID_OF[id(action)] = i
                _MOVE[i] = action
        return i

    def decode(self, action_id: int) -> Action:
        a = _MOVE.get(action_id)
        return a if a is not None else intern(*move_of(action_id))

    def public_facts(self) -> dict[str, object]:
        t = self.table
        over = t._phase == OVER
        return {
            "phase": PHASES[t._phase],
            "to_act": None if over else t._turn,
            "hand_counts": tuple(t.sizes),
            "melds": tuple(
                tuple((m.cards, owner) for m, owner in zip(ms, own, strict=True))
                for ms, own in zip(t.melds, t.owners, strict=True)
            ),
            "discard": t.discard,
            "stock": t.stock_left,
            "pozzetti": len(t.pozzetti),
            "taken": t.taken,
            "picked": t.picked,
            "ending": t.ending,
            "stall": t.stall,
            "end_reason": t.end_reason,
        }


def kernel_of(state: Table) -> BurracoKernel:
    """A kernel at a public state (a copy of its table)."""
    table = Table.__new__(Table)
    state._copy_table(table)
    return BurracoKernel(table)


def new_kernel(game: Burraco, seed: int) -> BurracoKernel:
    """A kernel at the start of ``game.new_deal(seed=seed)``."""
    return kernel_of(game.new_deal(seed=seed))
