"""The dead-end rule (RULES.md §3.4.4, §3.4.5): no move is legal that would leave the
player unable to finish his turn -- a legal discard, a legal closing (§3.6.1) or a
pozzetto al volo (§3.5) must stay within reach.  Functions of a
:class:`~trapoula.games.burraco.turn.Table` (whose legal-move generation calls them).

>>> from trapoula.games.burraco.game import Burraco
>>> t = Burraco().new_deal(seed=3)
>>> finishable(t, t.hands[0], 11, False, [], [])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_sorted
from trapoula.games.burraco.tables import IS_WILD, ONE_OF, codes_of, count

if TYPE_CHECKING:
    from trapoula.games.burraco.turn import Table

__all__ = ["absorb", "addable", "can_close", "finishable", "keeps_discard", "ok_after"]


def can_close(t: Table, c: int, melds: tuple[MeldInfo, ...] | list[MeldInfo]) -> bool:
    """May the last card ``c`` be the closing discard, given the team's melds (§3.6.1)?

    The caller checks that the team has taken its pozzetto and ``c`` is not the picked card.
    """
    opts = t._ctx.opts
    if opts.closing_discard_wild_forbidden and IS_WILD[c]:
        return False
    if opts.closing_requires == "clean_burraco":
        return any(len(m.cards) >= 7 and m.wild < 0 for m in melds)
    return any(len(m.cards) >= 7 for m in melds)


def addable(t: Table, seat: int, melds: tuple[MeldInfo, ...] | list[MeldInfo],
             owners: tuple[int, ...] | list[int]) -> list[MeldInfo]:
    if t._ctx.opts.meld_ownership == "player":
        return [m for m, o in zip(melds, owners, strict=True) if o in (seat, -1)]
    return list(melds)


def keeps_discard(x: int, h: int, n: int) -> bool:
    """Does hand code ``h`` of ``n`` cards keep a card to discard after it, one that is not
    the picked card ``x`` (-1: none)?  Then the turn can always end (§3.4.4).

    >>> keeps_discard(-1, 0, 2), keeps_discard(5, 2 << 10, 2)  # (two 7S, both the picked card)
    (True, False)
    """
    return n >= 2 and (x < 0 or count(h, x) < n)


def finishable(
    t: Table, h: int, n: int, taken: bool, melds: list[MeldInfo], owners: list[int],
) -> bool:
    """Can the player still end his turn legally from hand code ``h`` of ``n`` cards
    (§3.4.4, §3.4.5)?"""
    seat = t._turn
    x = t.picked
    pa = not taken and bool(t.pozzetti)
    if n == 0:  # al volo: the pozzetto comes in and the turn goes on
        if not pa:
            return False
        packet = t.pozzetti[0]
        return finishable(t, codes_of(packet)[0], len(packet), True, melds, owners)
    if keeps_discard(x, h, n):
        return True
    if n == 1:
        c = ONE_OF[h]
        if c != x and (pa or (taken and can_close(t, c, melds))):
            return True
        if not pa:
            return False
        return any(add_to_meld(m, (c,)) for m in addable(t, seat, melds, owners))
    # two or more cards, all identical to the picked one: meld them all, then al volo
    if not pa:
        return False
    return absorb(x, n, addable(t, seat, melds, owners))


def ok_after(t: Table, h: int, n: int, cards: tuple[int, ...], index: int,
             meld: MeldInfo | None) -> bool:
    """Is a new meld of ``cards`` (``index`` -1) or their addition to the team's meld
    ``index`` (``meld``, as it is before) legal and free of dead ends, from hand code ``h``
    of ``n`` cards?"""
    n2 = n - len(cards)
    x = t.picked
    if n2 >= 2 and (x < 0 or count(h, x) - cards.count(x) < n2):
        return True
    seat = t._turn
    team = t._ctx.team_of[seat]
    melds = list(t.melds[team])
    owners = list(t.owners[team])
    new = analyze_sorted(cards) if index < 0 else add_to_meld(meld, cards) if meld else None
    if new is None:
        return False
    if index < 0:
        melds.append(new)
        owners.append(seat)
    else:
        melds[index] = new
    return finishable(t, h - codes_of(cards)[0], n2, t.taken[team], melds, owners)


def absorb(x: int, k: int, melds: list[MeldInfo]) -> bool:
    """Can ``k`` copies of card ``x`` all be added to these melds (one or more at a time)?"""
    for i, m in enumerate(melds):
        for j in range(1, k + 1):
            grown = add_to_meld(m, (x,) * j)
            if grown is None:
                continue
            if j == k:
                return True
            rest = melds[:i] + [grown] + melds[i + 1:]
            if absorb(x, k - j, rest):
                return True
    return False
