"""The public facts of a Burraco table: the small integers every seat sees of the position
besides the cards and the melds (RULES.md §3.4 the turn and its phase, §3.5 the pozzetti,
§3.6 the end of the hand), read straight from a :class:`~trapoula.games.burraco.turn.Table`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trapoula.games.burraco.turn import OVER

if TYPE_CHECKING:
    from trapoula.games.burraco.turn import Table

__all__ = ["public_facts"]


def public_facts(t: Table) -> list[int]:
    """A table's small public facts, one integer each (what an observation shows of the
    position besides the cards and the melds): the phase, the seat to act (-1 once the
    hand is over), the dealer, every seat's number of cards, the top discard (-1: no
    pile), the pile's size, the cards left in the stock, the pozzetti left, whether each
    team took its pozzetto (0/1), the picked card (-1: none), whether the hand ends after
    this turn (0/1) and the stalemate count.  Every seat sees them (§3.4-§3.6); a batch of
    learning environments (:mod:`trapoula.envs.burraco_fast`, :mod:`trapoula.vector.burraco`)
    writes its observations' small cells from them.

    >>> from trapoula.games.burraco.game import Burraco
    >>> public_facts(Burraco().new_deal(seed=3))  # P1 to draw, P4 dealt; 28 in the stock
    [0, 0, 3, 11, 11, 11, 11, 28, 1, 41, 2, 0, 0, -1, 0, 0]
    """
    out = [t._phase, -1 if t._phase == OVER else t._turn, t._ctx.dealer]
    out += t.sizes
    pile = t.discard
    out.append(pile[-1] if pile else -1)
    out.append(len(pile))
    out.append(len(t.stock) - t.spos)
    out.append(len(t.pozzetti))
    for took in t.taken:
        out.append(1 if took else 0)
    out.append(t.picked)
    out.append(1 if t.ending else 0)
    out.append(t.stall)
    return out
