"""Interned Burraco actions and the memoized pieces of legal-move generation.

Moves are the public :class:`~trapoula.core.action.Action` objects themselves, interned: one
object per distinct move, and :func:`decode` gives its internal form ``(code, number, cards,
suit-major delta, rank-major delta)`` (``code`` one of :data:`DRAW` .. :data:`DISCARD`,
``number`` the 1-based meld number of an addition, ``cards`` sorted indices).

Legal-move generation (``turn.py``) splits a hand into projections that change slowly — one
suit (its 13 cards as a 26-bit code), one rank (its four suits as a byte) — plus the set of
wild cards held, and memoizes per projection what the projection allows: the sequences of a
suit and its discards (:func:`suit_entry`), the sets of a rank (:func:`rank_entry`), the
additions to one meld (:func:`addition_entry`).  Entries are ``(cards, action id, len)``
triples; a miss computes them with the reference enumeration of ``melds.py``.  Entries name
their action by its id in :data:`ACTS`, so that they hold nothing but integers and the
garbage collector leaves them alone.

Threads (the server's bots, table loads and replays) share the caches, with no lock on the
hot path.  An action id is never reissued: the interning tables (:data:`ACTS`, ``_KEYS``,
``_IDS``, ``_DECODED``) are never emptied, so an id a thread holds names the same move for
good.  Burraco has finitely many melds and additions, and the ids met grow far slower than
the deals played (20,000 after 10,000 random deals, 44,000 after 100,000; 800 bytes each).
A new id or action is made under ``_LOCK`` (on that rare path only) and published last.
The other caches hold integers and tuples derived from the ids: each is emptied on its own
past its limit (one atomic ``dict.clear``), which costs the threads a recomputation only.
(Per-thread caches, ``threading.local``, would add a lookup to every access of the hot path.)

>>> a = intern(MELD, 0, (14, 15, 16))
>>> str(a), decode(a)[:3], intern(MELD, 0, (14, 15, 16)) is a
('meld 3H 4H 5H', (2, 0, (14, 15, 16)), True)
>>> melds, discards = suit_entry(1, ONE[14] + ONE[15] + ONE[16] >> 26, 0)
>>> [str(act(m[1])) for m in melds], [str(d) for d in discards]
(['meld 3H 4H 5H'], ['discard 3H', 'discard 4H', 'discard 5H'])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.errors import IllegalActionError
from trapoula.games.burraco.melds import (
    SET,
    MeldInfo,
    _sequences,
    _suit_mask,
    meld_additions,
    rank_sets,
    set_additions_of,
)
from trapoula.games.burraco.tables import (
    _POS_HI,
    _POS_LO,
    CARD_AT,
    JOINED,
    JOINED_COUNT,
    JOKER,
    NCARDS,
    ONE,
    PRES_HI,
    PRES_LO,
    RONE,
    WILD_CARDS,
)

__all__ = [
    "ACTS",
    "ADD",
    "DISCARD",
    "DRAW",
    "Entry",
    "HEAD_ADD",
    "HEAD_DRAW",
    "HEAD_MELD",
    "HEAD_PICKUP",
    "MELD",
    "PICKUP",
    "addition_entry",
    "act",
    "aid",
    "cards_of",
    "decode",
    "head",
    "clear_caches",
    "intern",
    "rank_entry",
    "seq_add_shortest",
    "seq_additions",
    "seq_shortest",
    "set_add_shortest",
    "set_additions",
    "suit_discards",
    "suit_entry",
    "suit_sequences",
]

DRAW: Final = 0
PICKUP: Final = 1
MELD: Final = 2
ADD: Final = 3
DISCARD: Final = 4
_CARDS_OF: Final = itemgetter(0)  # an entry's cards
KINDS: Final = ("draw", "pickup", "meld", "add", "discard")
CARDS: Final = tuple(Card.from_index(i) for i in range(NCARDS))

Entry = tuple[tuple[int, ...], int, int]  # (cards, action id (ACTS), number of cards)
Decoded = tuple[int, int, tuple[int, ...], int, int]

# the interning tables: never emptied (an action id is never reissued, see above)
ACTS: Final[list[Action | None]] = []  # the interned actions by id (None: not made yet)
_KEYS: Final[list[tuple[int, int, tuple[int, ...]]]] = []  # (code, number, cards) by id
_IDS: Final[dict[tuple[int, int, tuple[int, ...]], int]] = {}
# the internal form of each interned action, by the action's id(): an action hashes by its
# text in Python code, which a lookup per move would call; every action here is kept
# alive by ACTS for good, so no id() in it is ever reused
_DECODED: Final[dict[int, Decoded]] = {}
_LOCK: Final = threading.Lock()  # (making a new id or action: never on the hot path)
# the derived caches: each emptied on its own past _LIMIT entries
SUITS: Final[dict[int, tuple[Entry, ...]]] = {}
# a suit's discards by its presence mask (bit k: rank k held): a fixed size, never emptied
DISCARDS: Final[list[list[tuple[Action, ...] | None]]] = [[None] * 8192 for _ in range(4)]
RANKS: Final[dict[int, tuple[Entry, ...]]] = {}
ADDS: Final[dict[tuple[int, int, int, int, int], tuple[Entry, ...]]] = {}
SET_ADDS: Final[dict[tuple[int, bool, int, int, int], tuple[Entry, ...]]] = {}
_SEQ_PARTS: Final[dict[int, tuple[Entry, ...]]] = {}
_TEMPLATES: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}
_ADD_PARTS: Final[dict[tuple[int, int, int, int], tuple[tuple[int, ...], ...]]] = {}
_LIMIT = 100_000  # entries per derived cache (about 100 MB in all at most); then it is emptied


def clear_caches() -> None:
    """Empty the derived caches (not the interning tables: every action id stays valid);
    safe at any time, from any thread."""
    for d in (SUITS, RANKS, ADDS, SET_ADDS, _SEQ_PARTS, _ADD_PARTS, _TEMPLATES, _SEQ_SHORTEST):
        d.clear()


def aid(code: int, number: int, cards: tuple[int, ...]) -> int:
    """The id (index in :data:`ACTS`) of a move's interned action (``cards`` sorted); the
    action object itself is made when first asked for (:func:`act`): a learning
    environment's masks need only the ids' existence."""
    key = (code, number, cards)
    i = _IDS.get(key)
    return i if i is not None else _new_id(key)


def _new_id(key: tuple[int, int, tuple[int, ...]]) -> int:
    """A new move's id (another thread's if it made one for ``key`` meanwhile)."""
    _LOCK.acquire()  # (not "with": mypyc compiles it to slower generic calls)
    try:
        i = _IDS.get(key)
        if i is None:
            i = len(_KEYS)
            _KEYS.append(key)
            ACTS.append(None)
            _IDS[key] = i  # (last: whoever finds the id finds its key)
    finally:
        _LOCK.release()
    return i


def act(i: int) -> Action:
    """The interned action of id ``i`` (made on first use)."""
    a = ACTS[i]
    return a if a is not None else _new_act(i)


def _new_act(i: int) -> Action:
    """Make the action of id ``i`` (or find the one another thread made meanwhile)."""
    code, number, cards = _KEYS[i]
    made = Action(KINDS[code], tuple(CARDS[c] for c in cards),
                  number=number if code == ADD else None)
    ds = dr = 0
    for c in cards:
        ds += ONE[c]
        dr += RONE[c]
    _LOCK.acquire()
    try:
        a = ACTS[i]
        if a is None:
            _DECODED[id(made)] = (code, number, cards, ds, dr)
            a = ACTS[i] = made  # (last: whoever finds the action decodes it at once)
    finally:
        _LOCK.release()
    return a


def cards_of(i: int) -> tuple[int, ...]:
    """The cards (sorted indices) of the move of id ``i``."""
    return _KEYS[i][2]


def intern(code: int, number: int, cards: tuple[int, ...]) -> Action:
    """The one action object of a move (``cards`` sorted)."""
    return act(aid(code, number, cards))


def decode(action: Action) -> Decoded:
    """The internal form of a Burraco action (raises IllegalActionError if it is none)."""
    d = _DECODED.get(id(action))
    if d is None:
        kind = getattr(action, "kind", None)
        if kind not in KINDS or not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not a Burraco action")
        code = KINDS.index(kind)
        cards = tuple(sorted(c.index for c in action.cards))
        d = _DECODED[id(intern(code, (action.number or 0) if code == ADD else 0, cards))]
    return d


# move heads (turn.Table.heads, head): a discard's card (0-52), these, HEAD_ADD + meld number
HEAD_DRAW: Final = 64
HEAD_PICKUP: Final = 65
HEAD_MELD: Final = 66
HEAD_ADD: Final = 128


def head(move: Action) -> int:
    """A move's head (``turn.Table.heads``), under 256: the card of a discard (0-52),
    :data:`HEAD_DRAW`, :data:`HEAD_PICKUP`, :data:`HEAD_MELD`, or :data:`HEAD_ADD` plus
    the meld number (1-36) of an addition.

    >>> head(intern(DRAW, 0, ())), head(intern(DISCARD, 0, (52,))), head(intern(ADD, 3, (17,)))
    (64, 52, 131)
    """
    code, number, cards, _, _ = decode(move)
    if code == DISCARD:
        return cards[0]
    if code == ADD:
        return HEAD_ADD + number
    return HEAD_DRAW if code == DRAW else HEAD_PICKUP if code == PICKUP else HEAD_MELD


def _entries(melds: list[tuple[int, ...]] | set[tuple[int, ...]]) -> tuple[Entry, ...]:
    return tuple((m, aid(MELD, 0, m), len(m)) for m in sorted(melds))


def _wilds(w: int, skip: int = -1) -> list[int]:
    """The wild cards a 5-bit presence mask stands for (minus ``skip``)."""
    return [c for u, c in enumerate(WILD_CARDS) if w >> u & 1 and c != skip]


def suit_entry(s: int, proj: int, w: int) -> tuple[tuple[Entry, ...], tuple[Action, ...]]:
    """The sequences of suit ``s`` and the discards among its cards, for a hand whose suit-``s``
    field is ``proj`` (26 bits) and whose wild cards are ``w`` (5-bit presence mask).

    Discards depend on which cards are present (:func:`suit_discards`); sequences on the
    naturals that have another within two positions (:data:`JOINED`), the number of the
    suit's 2s and the other wild cards (:func:`suit_sequences`).
    ``turn.py`` inlines this function."""
    pres = PRES_LO[proj & 0x3FFF] | PRES_HI[proj >> 14]
    disc = DISCARDS[s][pres] or suit_discards(s, pres)
    joined = JOINED[pres]
    d = JOINED_COUNT[pres]
    if d < 2 or (d == 2 and not w):
        return (), disc
    key = joined | (proj & 3) << 13 | (w & ~(1 << s)) << 15 | s << 20
    seqs = SUITS.get(key)
    if seqs is None:
        seqs = suit_sequences(key)
    return seqs, disc


def suit_discards(s: int, pres: int) -> tuple[Action, ...]:
    """The discards of the cards of suit ``s`` present in ``pres`` (bit k: rank field k)."""
    disc = DISCARDS[s][pres] = tuple(
        intern(DISCARD, 0, (13 * s + k,)) for k in range(13) if pres >> k & 1
    )
    return disc


def suit_sequences(key: int) -> tuple[Entry, ...]:
    """The sequences of a suit-sequence cache key (see :func:`suit_entry`); stores them.

    They are the union of the sequences that hold no wild or the suit's own 2 as the wild
    (which depend on the naturals and the number of 2s) and, for each other wild card
    held, the sequences that hold it (which depend on the naturals only): the parts are
    cached on their own, so a new combination of wild cards costs a merge."""
    if len(SUITS) > _LIMIT:
        SUITS.clear()
    pres = key & 0x1FFF
    twos = key >> 13 & 3
    w = key >> 15 & 31
    s = key >> 20
    parts = list(_seq_part(s, pres, twos, -1))
    for u in range(5):
        if w >> u & 1:
            parts.extend(_seq_part(s, pres, 0, u))
    parts.sort(key=_CARDS_OF)  # (entries with the same cards are the same entry)
    seqs = SUITS[key] = tuple(parts)
    return seqs


def _seq_part(s: int, pres: int, twos: int, u: int) -> tuple[Entry, ...]:
    """The sequences of suit ``s`` from the naturals ``pres`` that hold the wild card number
    ``u`` of WILD_CARDS (``u`` -1: no wild or the suit's own 2, of which there are
    ``twos``).

    They are those of spades (suit 0) moved to suit ``s`` (:func:`_seq_template`): the
    enumeration depends on the naturals' positions, the suit's 2s and whether another wild
    card is used, not on the suit or on which wild card it is."""
    key = pres | twos << 13 | (u + 1) << 15 | s << 18
    part = _SEQ_PARTS.get(key)
    if part is None:
        if len(_SEQ_PARTS) > _LIMIT:
            _SEQ_PARTS.clear()
        template = _seq_template(pres, twos, u >= 0)
        shift = 13 * s
        if u >= 0:
            wild = WILD_CARDS[u]
            melds = [tuple(sorted([wild if c == JOKER else c + shift for c in m]))
                     for m in template]
        else:  # (one suit's cards: their order is kept)
            melds = [tuple([c + shift for c in m]) for m in template]
        part = _SEQ_PARTS[key] = _entries(melds)
    return part


def _seq_template(pres: int, twos: int, wild: bool) -> tuple[tuple[int, ...], ...]:
    """The sequences of spades from the naturals ``pres`` and ``twos`` 2s of spades that
    hold the joker (``wild``; standing for any wild card of another suit) or no other
    wild card (the reference enumeration of ``melds.py``)."""
    key = pres | twos << 13 | wild << 15
    found = _TEMPLATES.get(key)
    if found is None:
        if len(_TEMPLATES) > _LIMIT:
            _TEMPLATES.clear()
        count = [0] * NCARDS
        for k in range(13):
            count[k] = pres >> k & 1  # (a natural 2 counts in the mask)
        out: set[tuple[int, ...]] = set()
        _sequences(0, _suit_mask(0, count), twos, [JOKER] if wild else [], 0, 0, 0, -1, out)
        if wild:
            out = {m for m in out if JOKER in m}
        found = _TEMPLATES[key] = tuple(out)
    return found


# the fewest cards of a sequence of each template (:func:`_seq_template`'s key): 0 not
# known yet, 1 no sequence, else 1 + the fewest; never emptied (it holds no action id)
_SHORTEST: Final = bytearray(1 << 16)


def _plus_fewest(moves: Sequence[tuple[int, ...]]) -> int:
    """1 + the fewest cards of ``moves``, 1 when there is none: a shortest cache's value."""
    return 1 + min([len(m) for m in moves]) if moves else 1


def _template_shortest(key: int) -> int:
    """The fewest cards of a sequence of template ``key`` (0: it has none)."""
    v = _SHORTEST[key]
    if not v:
        t = _seq_template(key & 0x1FFF, key >> 13 & 3, bool(key >> 15))
        v = _SHORTEST[key] = _plus_fewest(t)
    return v - 1


def seq_shortest(key: int) -> int:
    """The fewest cards of a sequence of the suit-sequence cache key ``key`` (see
    :func:`suit_entry`; 0: it has none), from the same templates as
    :func:`suit_sequences` but without making its entries: a learning environment's
    masks only ask whether a sequence may be laid, and a short one always may when the
    hand keeps two cards or more (``ends.ok_after``).

    >>> def key(proj, wilds=0):  # (suit 1's cards, the other wild cards held)
    ...     return JOINED[PRES_LO[proj & 0x3FFF] | PRES_HI[proj >> 14]] | wilds << 15 | 1 << 20
    >>> three_five = ONE[14] + ONE[16] >> 26  # 3H 5H
    >>> seq_shortest(key(ONE[14] + ONE[15] + ONE[16] >> 26)), seq_shortest(key(three_five))
    (3, 0)
    >>> seq_shortest(key(three_five, 1 << 4))  # and the joker
    3
    """
    pres = key & 0x1FFF
    best = _template_shortest(pres | (key >> 13 & 3) << 13)
    if key >> 15 & 31:  # (another wild card held: the sequences holding it)
        other = _template_shortest(pres | 1 << 15)
        if other and (not best or other < best):
            best = other
    return best


def rank_entry(k: int, byte: int, w: int) -> tuple[Entry, ...]:
    """The sets of rank ``k`` (1..12) from ``byte`` (its four suits' counts, 2 bits each) and
    the wild cards ``w``."""
    key = byte | k << 8 | w << 12
    e = RANKS.get(key)
    if e is None:
        if len(RANKS) > _LIMIT:
            RANKS.clear()
        out: set[tuple[int, ...]] = set()
        rank_sets(k, byte & 3, byte >> 2 & 3, byte >> 4 & 3, byte >> 6 & 3, _wilds(w), out.add)
        e = RANKS[key] = _entries(out)
    return e


def addition_entry(meld: MeldInfo, number: int, proj: int, w: int) -> tuple[Entry, ...]:
    """The additions to ``meld`` (meld number ``number``) from a hand whose projection on the
    meld is ``proj`` (the suit's 26-bit field of a sequence, the rank's byte of a set) and
    whose wild cards are ``w``.  ``turn.py`` inlines the cheap cases.

    The cache key keeps only what the additions depend on.  A set: its rank, whether it
    holds a wild, the hand's cards of that rank and (for a clean set) the wilds.  A sequence:
    the hand's naturals of the suit at the positions the meld does not hold that could join
    it (a run from the meld's natural span with at most one missing position on each side:
    a meld holds at most one wild), the hand's 2s of the suit and the other wilds (unless the
    meld already holds one of them).
    """
    if meld.kind == SET:
        wk = w if meld.wild < 0 else 0
        if not proj and not wk:
            return ()
        return set_additions((meld.rank, meld.wild < 0, number, proj, wk))
    own, fmin, fmax, fixed, attach = meld.aux
    wk = 0 if fixed else w & ~(1 << meld.suit)
    if not proj & attach and not proj & 3 and not wk:
        return ()
    return seq_additions(meld, number, proj, wk)


def set_additions(key: tuple[int, bool, int, int, int]) -> tuple[Entry, ...]:
    """The additions of a set-addition key ``(rank, clean, number, byte, wilds)``."""
    e = SET_ADDS.get(key)
    if e is None:
        if len(SET_ADDS) > _LIMIT:
            SET_ADDS.clear()
        rank, clean, number, byte, wk = key
        e = SET_ADDS[key] = tuple(
            (a, aid(ADD, number, a), len(a)) for a in _set_cards(rank, clean, byte, wk)
        )
    return e


def _set_cards(rank: int, clean: bool, byte: int, wk: int) -> list[tuple[int, ...]]:
    """The additions (cards) to a set of ``rank`` from a hand whose cards of that rank are
    ``byte`` and whose wild cards are ``wk`` (the reference enumeration of ``melds.py``)."""
    h = [0] * NCARDS
    for u in range(4):
        h[13 * u + rank] = byte >> 2 * u & 3
    for c in _wilds(wk):
        h[c] = 1
    return set_additions_of(rank, clean, h)


# the fewest cards of an addition to a set, by rank | clean << 4 | byte << 5 | wilds << 13
# (0 not known yet, 1 none, else 1 + the fewest): what a learning environment's masks ask
# (is there one, and may a short one be laid?) without the cached moves; never emptied
_SET_SHORTEST: Final = bytearray(1 << 18)


def set_add_shortest(rank: int, clean: bool, byte: int, wk: int) -> int:
    """The fewest cards of an addition to a set of ``rank`` (``clean``: it holds no wild)
    from a hand whose cards of that rank are ``byte`` and whose usable wild cards are
    ``wk`` (0: there is none): :func:`set_additions` without making its entries.

    >>> set_add_shortest(1, True, 0b1, 0), set_add_shortest(1, False, 0, 0b1)  # a 3S; a 2S
    (1, 0)
    """
    key = rank | (16 if clean else 0) | byte << 5 | wk << 13
    v = _SET_SHORTEST[key]
    if not v:
        cards = _set_cards(rank, clean, byte, wk)
        v = _SET_SHORTEST[key] = _plus_fewest(cards)
    return v - 1


def seq_additions(meld: MeldInfo, number: int, proj: int, wk: int) -> tuple[Entry, ...]:
    """The additions to sequence ``meld`` from a hand whose suit field is ``proj`` and whose
    usable wilds other than the suit's 2s are ``wk``."""
    hand = _joining(meld, proj)
    key = (meld.code, number, hand, proj & 3, wk)
    e = ADDS.get(key)
    if e is None:
        if len(ADDS) > _LIMIT:
            ADDS.clear()
        e = ADDS[key] = tuple((a, aid(ADD, number, a), len(a))
                              for a in _seq_cards(meld, hand, proj & 3, wk))
    return e


def _joining(meld: MeldInfo, proj: int) -> int:
    """The positions of the naturals of a hand's suit field ``proj`` that could join
    sequence ``meld`` (see :func:`addition_entry`): what its additions depend on."""
    own, fmin, fmax, fixed, attach = meld.aux
    hand = _POS_LO[proj & 0x3FFF] | _POS_HI[proj >> 14]
    if fmin:
        missing = ~(own | hand) & 0x7FFF | 1 | 1 << 15
        below = missing & ((1 << fmin) - 1)
        below ^= 1 << (below.bit_length() - 1)  # drop the first missing position below
        above = missing >> (fmax + 1) << (fmax + 1)
        above ^= above & -above  # and the first above
        hand &= ((above & -above) - 1) & ~((1 << below.bit_length()) - 1)
    return hand & ~own


def _seq_cards(meld: MeldInfo, hand: int, twos: int, wk: int) -> list[tuple[int, ...]]:
    """The additions (cards, sorted) to sequence ``meld`` from the naturals at positions
    ``hand`` (:func:`_joining`), ``twos`` of the suit's 2s and the wild cards ``wk``."""
    adds = list(_add_part(meld, hand, twos, -1))
    for u in range(5):
        if wk >> u & 1:
            adds.extend(_add_part(meld, hand, twos, u))
    adds.sort()
    return adds


# the fewest cards of an addition to a sequence, by its cards' code and the hand's part
# (see seq_add_shortest; 1: none, else 1 + the fewest), holding integers only: the cyclic
# garbage collector never visits it
_SEQ_SHORTEST: Final[dict[int, int]] = {}


def seq_add_shortest(meld: MeldInfo, proj: int, wk: int) -> int:
    """The fewest cards of an addition to sequence ``meld`` from a hand whose suit field is
    ``proj`` and whose usable wilds other than the suit's 2s are ``wk`` (0: there is
    none): :func:`seq_additions` without making its entries, its key an integer.

    >>> from trapoula.games.burraco.melds import analyze_sorted
    >>> m = analyze_sorted((14, 15, 16))  # 3H 4H 5H
    >>> seq_add_shortest(m, ONE[17] >> 26, 0), seq_add_shortest(m, ONE[19] >> 26, 0)  # 6H; 8H
    (1, 0)
    """
    hand = _joining(meld, proj)
    key = meld.code << 22 | (hand << 7 | (proj & 3) << 5 | wk)  # (one long operation)
    v = _SEQ_SHORTEST.get(key)
    if v is None:
        if len(_SEQ_SHORTEST) > _LIMIT:
            _SEQ_SHORTEST.clear()
        cards = _seq_cards(meld, hand, proj & 3, wk)
        v = _SEQ_SHORTEST[key] = _plus_fewest(cards)
    return v - 1


def _add_part(meld: MeldInfo, hand: int, twos: int, u: int) -> tuple[tuple[int, ...], ...]:
    """The additions to sequence ``meld`` from the naturals at positions ``hand`` and ``twos``
    of the suit's 2s that hold the wild card number ``u`` of WILD_CARDS (-1: none but the
    suit's 2s).  Additions with different wild cards are different multisets, so the
    additions for a set of wild cards are the union of these parts."""
    key = (meld.code, hand, twos, u)
    part = _ADD_PARTS.get(key)
    if part is None:
        if len(_ADD_PARTS) > _LIMIT:
            _ADD_PARTS.clear()
        s = meld.suit
        h = [0] * NCARDS
        cat = CARD_AT[s]
        for p in range(1, 15):
            if hand >> p & 1:
                h[cat[p]] = 1
        h[13 * s] = twos
        if u >= 0:
            wild = WILD_CARDS[u]
            h[wild] = 1
            part = tuple(a for a in meld_additions(meld, h) if wild in a)
        else:
            part = tuple(meld_additions(meld, h))
        _ADD_PARTS[key] = part
    return part


def joker_discard() -> Action:
    return intern(DISCARD, 0, (JOKER,))
