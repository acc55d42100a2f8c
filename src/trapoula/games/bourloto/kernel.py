"""Bourloto's kernel (:mod:`trapoula.core.kernel`): the engine's own fast state, stepped.

Bourloto's engine is fast already (a phase machine whose states hold the hands as masks,
the tally packed in one int, and the legal list made as the state is: the plain card plays
of §1.4 come from one mask, :func:`.play.legal_mask`); the kernel holds the current state
and replaces it at each step.  Its legal ids of a plain card play come from that mask
without making actions; every other list is the state's own, as ids.

Action ids are the learning environments' (``envs/bourloto.py``): the 12 word actions
(``agree`` .. ``redeal``), then ``12 + 4 * k + flags`` the play of the ``k``-th card of the
32-card pack (7S first) with the words ``bourlot`` (flag 1) and ``declare`` (flag 2); with
``declaration_timing="in_play"``, then ``approve``, ``cut`` and every show.

>>> import trapoula
>>> k = new_kernel(trapoula.make("bourloto", "gr"), seed=2)
>>> k.phase, k.to_act, [str(k.decode(i)) for i in k.legal_ids()]
('bid1', 0, ['take', 'pass'])
>>> k.step(k.encode(k.decode(k.legal_ids()[0]))); k.phase, len(k.hand_codes(0))
('play', 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trapoula.cards import Card
from trapoula.cards.cardset import bit_indices
from trapoula.core.action import Action
from trapoula.games.bourloto.actions import parse_bourloto_action, show_action
from trapoula.games.bourloto.context import OVER, PHASES

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto
    from trapoula.games.bourloto.state import BourlotoState

__all__ = ["LABELS", "PLAY0", "BourlotoKernel", "kernel_of", "new_kernel"]

_WORDS = (
    "agree", "disagree", "pass", "take", "name S", "name H", "name D", "name C",
    "exchange", "keep", "declare", "redeal",
)
_FLAGS = ("", " bourlot", " declare", " bourlot declare")
PLAY0 = len(_WORDS)
_PACK = tuple(13 * s + r for s in range(4) for r in range(5, 13))  # the 32 cards, 7S first
_SHOWS = tuple(
    sum(1 << (13 * suit + low + i - 2) for i in range(n))
    for suit in range(4) for n in (3, 4, 5) for low in range(7, 16 - n)
) + tuple(sum(1 << (13 * s + rank - 2) for s in range(4)) for rank in range(9, 15))
LABELS: tuple[str, ...] = (
    _WORDS + tuple(f"play {Card.from_index(c)}{f}" for c in _PACK for f in _FLAGS)
    + ("approve", "cut") + tuple(str(show_action(m)) for m in _SHOWS)
)
_ACTS: tuple[Action, ...] = tuple(parse_bourloto_action(t) for t in LABELS)
_INDEX: dict[Action, int] = {a: i for i, a in enumerate(_ACTS)}
_PLAIN_ID = {c: PLAY0 + 4 * k for k, c in enumerate(_PACK)}  # card index -> its plain play


class BourlotoKernel:
    """One Bourloto deal (see the module docstring)."""

    __slots__ = ("state",)

    def __init__(self, state: BourlotoState) -> None:
        self.state = state

    @property
    def phase(self) -> str:
        return PHASES[self.state._phase]

    @property
    def to_act(self) -> int | None:
        s = self.state
        return None if s._phase == OVER else s._turn

    @property
    def is_terminal(self) -> bool:
        return self.state.is_over

    def result(self) -> dict[str, Any] | None:
        return self.state.result

    def hand_codes(self, seat: int) -> tuple[int, ...]:
        s = self.state
        return tuple(bit_indices(s._ctx.hands[seat] & s._left))

    def legal_ids(self) -> list[int]:
        s = self.state
        m = s._plain_legal
        if m:
            plain = _PLAIN_ID
            return [plain[c] for c in bit_indices(m)]
        index = _INDEX
        return [index[a] for a in s._legal]

    def step(self, action_id: int) -> None:
        self.state = self.state.apply(_ACTS[action_id])

    def encode(self, action: Action) -> int:
        return _INDEX[action]

    def decode(self, action_id: int) -> Action:
        return _ACTS[action_id]

    def public_facts(self) -> dict[str, object]:
        s = self.state
        ctx = s._ctx
        bid = s.bid
        t = s.tally
        trick = s.trick
        lead = s.leader
        in_bidding = s._phase < 4 and bid.stock != ()
        return {
            "phase": PHASES[s._phase],
            "to_act": None if s._phase == OVER else s._turn,
            "upcard": bid.upcard,
            "trump": ctx.trump,
            "buyer": ctx.buyer,
            "bids": bid.history,
            "trick": tuple(((lead + i) & 3, c) for i, c in enumerate(trick)),
            "points": (t[0], t[1]),
            "tricks": (t[4], t[5]),
            "bourlot": s.declared[2],
            "declarations": tuple(
                (seat, d.name, tuple(bit_indices(d.mask)))
                for seat in range(4) for d in s.declared[0][seat]
            ),
            "hand_counts": tuple((h & s._left).bit_count() for h in ctx.hands),
            "stock": len(bid.stock) if in_bidding else 0,
        }


def kernel_of(state: BourlotoState) -> BourlotoKernel:
    """A kernel at a public state (states are immutable: it starts from this one)."""
    return BourlotoKernel(state)


def new_kernel(game: Bourloto, seed: int) -> BourlotoKernel:
    """A kernel at the start of ``game.new_deal(seed=seed)``."""
    return BourlotoKernel(game.new_deal(seed=seed))
