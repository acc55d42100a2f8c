"""Declarations shown during play and approved or cut by the opponents
(``declaration_timing="in_play"``, pexevida's way; RULES §1.3).

During the first ``declaration_tricks`` tricks the player to play may, before his card, show
one declaration from cards he has not shown yet: a run of 3 to 5 cards of one suit or four of
a kind from 9 to ace (pexevida ``arena/aeras.js`` ``aerasIpovoliLathos``).  The opponent after
him, then the other opponent, answer ``approve`` or ``cut``; the declarer then plays, a card of
the declaration just shown when ``follow_declaration`` is on.  Once a team's declaration is
approved, only that team may show more (``arena/cpanel.js``, the aeras button), and its next
shows can only be approved (``arena/efoplismos.js`` ``efoplismosΑΕΡΑΣ`` offers the refusals
only while no declaration stands approved: :func:`answer_acts`).

Who scores follows pexevida's bookkeeping (``common/partida.js``, ``common/energia.js``
``trapeziProcessEnergiaΑΕΡΑΣ``): a cut declaration is set aside; the first approval brings the
approved team's set-aside declarations back and drops the rest; declarations still set aside
when the deal ends count for the team whose best of them ranks higher
(``partidaSareaForgot``).  :func:`show_points` is that bookkeeping.

>>> from trapoula.cards import parse_cards, mask_of
>>> hand = mask_of(parse_cards("7H 8H 9H 10H JH QH KS AS"))
>>> [d.name for d in show_choices(hand, 0)][:3]  # a run of 6: any 3 to 5 of it
['tierce', 'tierce', 'tierce']
>>> [str(d) for d in show_choices(mask_of(parse_cards("9S 10S JS KD")), 0)]  # one: only it
['tierce 9S 10S JS (20)']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from trapoula.core.action import Action
from trapoula.games.bourloto.actions import ANSWER_ACTS, APPROVE, show_action
from trapoula.games.bourloto.declarations import Declaration, runs_in_chunk
from trapoula.games.bourloto.tables import TRUMP_STRENGTH

if TYPE_CHECKING:
    from trapoula.games.bourloto.state import BourlotoState, Draft

__all__ = [
    "ACCEPTED", "ASKED", "CUT", "NO_SHOWS", "Shows", "answer", "answer_acts", "show", "show_acts",
    "show_choices", "show_points",
]

_RUN_POINTS = {3: 20, 4: 50, 5: 100}
_FOUR_POINTS = {9: 150, 10: 100, 11: 200, 12: 100, 13: 100, 14: 100}  # pexevida Aeras (gr)
_NAMES_FLAT = dict.fromkeys(_FOUR_POINTS, 100)

ACCEPTED, CUT, ASKED = 1, 2, 0
APPROVE_ONLY = (APPROVE,)


def _run(suit: int, low: int, n: int, trump: int) -> Declaration:
    """The run of ``n`` cards of ``suit`` from natural rank ``low`` up."""
    mask = ((1 << n) - 1) << (13 * suit + low - 2)
    return Declaration((1, n, low + n - 1, 1 if suit == trump else 0), "run", mask,
                       _RUN_POINTS[n])


def _four(rank: int, four_values: str) -> Declaration:
    mask = sum(1 << (13 * s + rank - 2) for s in range(4))
    pts = (_FOUR_POINTS if four_values == "gr" else _NAMES_FLAT)[rank]
    return Declaration((2, TRUMP_STRENGTH[rank - 2]), "four", mask, pts)


def show_choices(free: int, trump: int, four_values: str = "gr") -> tuple[Declaration, ...]:
    """The declarations a player may show from ``free`` (his cards not shown yet).

    pexevida's button shows the only combination at once when there is exactly one (a run of
    3 to 5, or a four); otherwise the player picks the two end cards: any run of 3 to 5 within
    his runs, or a four (``efoplismosΠΑΙΧΝΙΔΙaerasExtract``, ``aerasIpovoliLathos``).
    """
    maximal: list[tuple[int, int, int]] = []  # (suit, low rank, length)
    for suit in range(4):
        chunk = free >> (13 * suit) & (0xFF << 5)  # ranks 7..A (bit 0 is rank 2)
        maximal.extend((suit, start + 2, n) for start, n in runs_in_chunk(chunk))
    fours = [rank for rank in range(9, 15)
             if all(free >> (13 * s + rank - 2) & 1 for s in range(4))]
    if len(maximal) + len(fours) == 1 and (not maximal or maximal[0][2] <= 5):
        if fours:
            return (_four(fours[0], four_values),)
        suit, low, n = maximal[0]
        return (_run(suit, low, n, trump),)
    out = [
        _run(suit, low + i, n, trump)
        for suit, low, length in maximal for n in (3, 4, 5) for i in range(length - n + 1)
    ]
    out += [_four(rank, four_values) for rank in fours]
    return tuple(out)


def show_points(
    items: Sequence[tuple[int, Declaration, int]],
) -> tuple[int, int]:
    """The declaration points (team A, team B) of the shows ``items`` ((seat, declaration,
    ACCEPTED/CUT/ASKED) in the order shown), by pexevida's bookkeeping (see the module).

    >>> from trapoula.cards import parse_cards, mask_of
    >>> t = show_choices(mask_of(parse_cards("9S 10S JS")), 0)[0]
    >>> q = show_choices(mask_of(parse_cards("9H 10H JH QH")), 0)[0]
    >>> show_points([(0, t, CUT), (1, q, ACCEPTED)]), show_points([(0, t, CUT), (1, q, CUT)])
    ((0, 50), (0, 50))
    >>> show_points([(0, t, CUT)]), show_points([(0, t, CUT), (2, t, ACCEPTED)])
    ((20, 0), (40, 0))
    """
    kept: list[tuple[int, Declaration]] = []
    aside: list[tuple[int, Declaration]] = []
    for seat, decl, status in items:
        if status == CUT:
            aside.append((seat, decl))
        elif status == ACCEPTED:
            kept.append((seat, decl))
            kept += [(s, d) for s, d in aside if (s - seat) % 2 == 0]
            aside = []
    if aside:  # partidaSareaForgot: the set-aside ones of the team with the best of them
        best: list[tuple[int, ...] | None] = [None, None]
        for seat, decl in aside:
            top = best[seat & 1]
            if top is None or decl.key > top:
                best[seat & 1] = decl.key
        ka, kb = best
        team = 0 if kb is None or (ka is not None and ka > kb) else (
            1 if ka is None or kb > ka else -1)
        kept += [(s, d) for s, d in aside if s & 1 == team]
    a = sum(d.points for s, d in kept if s & 1 == 0)
    b = sum(d.points for s, d in kept if s & 1 == 1)
    return a, b


# --- in a deal ----------------------------------------------------------------------------------
class Shows(NamedTuple):
    """The declarations shown so far, as (seat, declaration, ASKED/ACCEPTED/CUT) in order;
    which opponent is answering the last one (1 the first, 2 the second, 0 nobody); the cards
    the declarer's next card must come from and the state's ``_left`` at the show (the
    constraint holds while no card has been played since)."""

    items: tuple[tuple[int, Declaration, int], ...] = ()
    asking: int = 0
    follow: int = 0
    follow_left: int = -1


NO_SHOWS = Shows()


def show_acts(s: BourlotoState, seat: int, hand: int, mask: int) -> tuple[Action, ...]:
    """The ``show`` actions open to ``seat`` (to play, ``mask`` its legal cards): during the
    first declaration_tricks tricks, unless the other team has a declaration approved; from
    cards it has not shown (with ``follow_declaration``, a declaration holding a card it may
    play)."""
    opts = s._ctx.opts
    if s.tricks_done >= opts.declaration_tricks:
        return ()
    per_seat, _, _, shows = s.declared
    for who, _d, status in reversed(shows.items):
        if status == ACCEPTED:
            if (who - seat) & 1:
                return ()
            break
    for d in per_seat[seat]:
        hand &= ~d.mask
    follow = opts.follow_declaration
    return tuple(
        show_action(d.mask)
        for d in show_choices(hand, s._ctx.trump, opts.four_values)
        if not follow or d.mask & mask
    )


def answer_acts(shows: Shows) -> tuple[Action, ...]:
    """The answers to the declaration just shown: ``approve`` or ``cut``, or only ``approve``
    once a declaration of this deal stands approved (pexevida ``efoplismosΑΕΡΑΣ``: ΟΧΙ and
    ΚΟΜΜΕΝΗ only while ``partidaAerasCount() <= 1``, the shown one included)."""
    for _who, _d, status in shows.items:
        if status == ACCEPTED:
            return APPROVE_ONLY
    return ANSWER_ACTS


def show(n: Draft, seat: int, action: Action) -> None:
    """``seat`` shows a declaration: the opponent after it answers first."""
    mask = 0
    for c in action.cards:
        mask |= 1 << c.index
    per_seat, dpts, bpts, shows = n.declared
    hand = n._ctx.hands[seat] & n._left
    for d in per_seat[seat]:
        hand &= ~d.mask
    decl = next(
        d for d in show_choices(hand, n._ctx.trump, n._ctx.opts.four_values)
        if d.mask == mask
    )
    ps = list(per_seat)
    ps[seat] = ps[seat] + (decl,)
    n.declared = (
        (ps[0], ps[1], ps[2], ps[3]), dpts, bpts,
        Shows(shows.items + ((seat, decl, ASKED),), 1, mask, n._left),
    )
    n._turn = (seat + 1) & 3


def answer(n: Draft, seat: int, approve: bool) -> None:
    """An opponent approves or cuts the declaration just shown; after a cut or the second
    approval the declarer plays."""
    per_seat, dpts, bpts, shows = n.declared
    who, decl, _ = shows.items[-1]
    if approve and shows.asking == 1:
        n.declared = (per_seat, dpts, bpts, shows._replace(asking=2))
        n._turn = (seat + 2) & 3
        return
    items = shows.items[:-1] + ((who, decl, ACCEPTED if approve else CUT),)
    n.declared = (
        per_seat, show_points(items), bpts, Shows(items, 0, shows.follow, shows.follow_left),
    )
    n._turn = who
