"""RULES.md §3.4, the turn, as a readable reference: every legal move of the player to act.

Plain functions over small values, written to be read, never to be fast (the engine's
legal-move generation is :meth:`~trapoula.games.burraco.turn.Table.moves`; the harness of
``tests/kernel`` checks that both agree at every state of random deals).

A turn (§3.4): **draw** the top stock card or **pick up** the whole discard pile; then any
new **melds** and **additions** to the team's melds (the candidates are the enumerations of
:mod:`.melds`: :func:`~.melds.hand_melds`, :func:`~.melds.meld_additions`, wild cards
included); then one **discard**.  What filters the candidates is the dead-end rule
(§3.4.4, §3.4.5): a move is legal only if the player can still end his turn after it --
with a legal discard (never the card he took as a one-card pile, §3.4.3; a last card only
to take the pozzetto, §3.5, or to close, §3.6.1), or by melding his last cards and taking
the pozzetto al volo (§3.5).

A move is ``(kind, meld number, cards)``: ``kind`` one of ``draw``, ``pickup``, ``meld``,
``add``, ``discard``; the 1-based number of the team's meld an addition goes to (else 0);
the cards as sorted indices (``13 * suit + rank - 2``, the joker 52).  The canonical order
of the moves: draw, pickup, new melds by their cards, additions by meld number then cards,
discards by card.

>>> import trapoula
>>> s = trapoula.make("burraco").new_deal(seed=3)
>>> legal_moves(turn_of(s))
[('draw', 0, ()), ('pickup', 0, ())]
>>> s = s.apply("draw")
>>> [str(a) for a in legal_actions(s)] == [str(a) for a in s.legal_actions()]
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.games.burraco.melds import (
    MeldInfo,
    add_to_meld,
    analyze_sorted,
    counts_of_cards,
    hand_melds,
    meld_additions,
)

if TYPE_CHECKING:
    from trapoula.games.burraco.turn import Table

__all__ = ["Move", "Turn", "can_finish", "discards", "legal_actions", "legal_moves",
           "turn_of"]

Move = tuple[str, int, tuple[int, ...]]
JOKER = 52


@dataclass(frozen=True)
class Turn:
    """What decides the legal moves of the player to act."""

    phase: str  # "draw", "play" or "over"
    seat: int
    hand: tuple[int, ...]  # sorted card indices
    picked: int  # the card taken as a one-card pile this turn (§3.4.3), else -1
    melds: tuple[MeldInfo, ...]  # his team's melds, numbered from 1 in this order
    owners: tuple[int, ...]  # the seat that laid each (-1: part of a set-up)
    taken: bool  # his team has taken its pozzetto
    pozzetto: tuple[int, ...]  # the next pozzetto on the table (() if none is left)
    stock_left: int
    pile: tuple[int, ...]  # the discard pile, bottom first
    own_melds_only: bool  # option meld_ownership="player": he adds to his own melds only
    closing_needs_clean: bool  # option closing_requires="clean_burraco"
    wild_may_close: bool  # not option closing_discard_wild_forbidden

    @property
    def pozzetto_open(self) -> bool:
        """Running out of cards now would take the team's pozzetto (§3.5)."""
        return not self.taken and bool(self.pozzetto)


def turn_of(t: Table) -> Turn:
    """The :class:`Turn` of a table (or a public state) for the player to act."""
    ctx = t._ctx
    seat = t._turn
    team = ctx.team_of[seat]
    opts = ctx.opts
    return Turn(
        phase=("draw", "play", "over")[t._phase],
        seat=seat,
        hand=tuple(t.hand_indices(seat)),
        picked=t.picked,
        melds=tuple(t.melds[team]),
        owners=tuple(t.owners[team]),
        taken=t.taken[team],
        pozzetto=t.pozzetti[0] if t.pozzetti else (),
        stock_left=t.stock_left,
        pile=t.discard,
        own_melds_only=opts.meld_ownership == "player",
        closing_needs_clean=opts.closing_requires == "clean_burraco",
        wild_may_close=not opts.closing_discard_wild_forbidden,
    )


# --- the moves --------------------------------------------------------------------------------
def legal_moves(turn: Turn) -> list[Move]:
    """Every legal move, in canonical order (§3.4)."""
    if turn.phase == "draw":
        return draw_moves(turn)
    if turn.phase == "over":
        return []
    return (
        [("meld", 0, cards) for cards in new_melds(turn)]
        + [("add", number, cards) for number, cards in additions(turn)]
        + [("discard", 0, (card,)) for card in discards(turn)]
    )


def draw_moves(turn: Turn) -> list[Move]:
    """§3.4.1: the top stock card, or the whole discard pile when the player can still end
    his turn with it in hand."""
    out: list[Move] = []
    if turn.stock_left > 0:
        out.append(("draw", 0, ()))
    if turn.pile:
        after = replace(
            turn, phase="play", hand=tuple(sorted(turn.hand + turn.pile)),
            picked=turn.pile[0] if len(turn.pile) == 1 else -1, pile=(),
        )
        if can_finish(after):
            out.append(("pickup", 0, ()))
    return out


def new_melds(turn: Turn) -> list[tuple[int, ...]]:
    """§3.4.2: the new melds of the hand that leave the turn finishable."""
    return [cards for cards in hand_melds(counts_of_cards(turn.hand))
            if can_finish(after_meld(turn, cards, 0))]


def additions(turn: Turn) -> list[tuple[int, tuple[int, ...]]]:
    """§3.4.2: the additions (meld number, cards) to the team's melds that leave the turn
    finishable."""
    out = []
    for number, cards in addition_candidates(turn):
        if can_finish(after_meld(turn, cards, number)):
            out.append((number, cards))
    return out


def addition_candidates(turn: Turn) -> list[tuple[int, tuple[int, ...]]]:
    """Every valid addition of the hand's cards to a meld the player may add to."""
    counts = counts_of_cards(turn.hand)
    out = []
    for i, meld in enumerate(turn.melds):
        if turn.own_melds_only and turn.owners[i] not in (turn.seat, -1):
            continue
        out += [(i + 1, cards) for cards in meld_additions(meld, counts)]
    return out


def discards(turn: Turn) -> list[int]:
    """§3.4.3: the cards (distinct) the player may discard now.

    Never the card taken as a one-card pile (nor one identical to it).  With two cards or
    more any other; a last card only when it takes the team's pozzetto (§3.5) or closes
    the hand (§3.6.1)."""
    if len(turn.hand) >= 2 or turn.pozzetto_open:
        return sorted({c for c in turn.hand if c != turn.picked})
    if len(turn.hand) == 1:
        card = turn.hand[0]
        if card != turn.picked and turn.taken and may_close(turn, card):
            return [card]
    return []


def may_close(turn: Turn, card: int) -> bool:
    """§3.6.1: may ``card`` be the closing discard, given the team's melds?  (The team has
    taken its pozzetto: the caller checks.)"""
    if not turn.wild_may_close and (card == JOKER or card % 13 == 0):
        return False
    return any(len(m.cards) >= 7 and (m.wild < 0 or not turn.closing_needs_clean)
               for m in turn.melds)


# --- the dead-end rule (§3.4.4, §3.4.5) -------------------------------------------------------
def can_finish(turn: Turn) -> bool:
    """Can the player still end his turn legally: a legal discard now, or melds after which
    he can (his last cards melded: the pozzetto al volo)?"""
    if not turn.hand:
        return turn.pozzetto_open and can_finish(al_volo(turn))
    if discards(turn):
        return True
    candidates = [(0, cards) for cards in hand_melds(counts_of_cards(turn.hand))]
    candidates += addition_candidates(turn)
    return any(can_finish(after_meld(turn, cards, number)) for number, cards in candidates)


def after_meld(turn: Turn, cards: tuple[int, ...], number: int) -> Turn:
    """The turn after a new meld of ``cards`` (``number`` 0) or their addition to meld
    ``number``; a hand emptied takes the pozzetto al volo (§3.5)."""
    hand = list(turn.hand)
    for c in cards:
        hand.remove(c)
    melds = list(turn.melds)
    owners = list(turn.owners)
    if number == 0:
        new = analyze_sorted(cards)
        assert new is not None
        melds.append(new)
        owners.append(turn.seat)
    else:
        grown = add_to_meld(melds[number - 1], cards)
        assert grown is not None
        melds[number - 1] = grown
    after = replace(turn, hand=tuple(hand), melds=tuple(melds), owners=tuple(owners))
    return al_volo(after) if not hand and after.pozzetto_open else after


def al_volo(turn: Turn) -> Turn:
    """§3.5: out of cards by melding, he takes the pozzetto and goes on with his turn."""
    return replace(turn, hand=tuple(sorted(turn.pozzetto)), taken=True, pozzetto=())


# --- as engine actions --------------------------------------------------------------------------
def legal_actions(t: Table) -> list[Action]:
    """The legal moves of a table (or a public state) as engine actions."""
    out = []
    for kind, number, cards in legal_moves(turn_of(t)):
        out.append(Action(kind, tuple(Card.from_index(c) for c in cards),
                          number=number if kind == "add" else None))
    return out
