"""Burraco melds (RULES.md §3.3): validity, kind, cleanliness, additions and enumeration.

Meld validity is a function of the card multiset.  A multiset (cards given as indices or
:class:`~trapoula.cards.Card`) is

- a **set** when it has >= 3 cards, <= 1 wild (any 2 or joker), >= 2 naturals, all naturals
  of one rank among 3..K, A;
- a **sequence** when some interpretation places it on consecutive positions 1..14 of one
  suit (ace 1 or 14, never both; a span of at most 13): at most one same-suit 2 stands
  naturally at position 2, every other 2 and joker is wild, and there is at most one wild.

The interpretation with the fewest wilds is used (a same-suit 2 that can stand in its place
is natural); an ambiguous wild is shown at the low end, or the high end when the low end is
impossible.  When the ace may stand low or high, it stands low unless only the high reading
makes the meld semi-clean (the reading most favourable to its owner).

>>> m = analyze_meld(parse_cards("5H 6H JK 8H"))
>>> m.kind, m.clean, m.points, format_cards(m.ordered())
('sequence', False, 50, '5H 6H JK 8H')
>>> format_cards(analyze_meld(parse_cards("KH AH JK")).ordered())  # the joker is the queen
'JK KH AH'
>>> analyze_meld(parse_cards("AH 2H 3H")).clean, analyze_meld(parse_cards("2S 2H 2D")) is None
(True, True)
>>> m2 = add_to_meld(m, parse_cards("7H"))
>>> m2.points, format_cards(m2.ordered())  # the joker shifts to the low end
(55, 'JK 5H 6H 7H 8H')

Enumeration (:func:`hand_melds`, :func:`meld_additions`) lists every **distinct multiset**:
two ways of placing a wild that lay the same cards are one action, because the meld is the
same multiset (its kind, suit and validity depend on nothing else).

>>> [cards_text(t) for t in hand_melds(counts_of_cards(parse_cards("5H 6H 7H 7S 7D")))]
['7S 7H 7D', '5H 6H 7H']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from trapoula.cards import Card, format_cards, parse_cards
from trapoula.games.burraco.tables import CARD_AT, JOKER, ONE, VALUE, WILD_CARDS

__all__ = [
    "SEQUENCE",
    "SET",
    "MeldInfo",
    "add_to_meld",
    "analyze_meld",
    "analyze_sorted",
    "counts_of_cards",
    "cards_text",
    "hand_melds",
    "meld_additions",
    "minus",
    "parse_cards",
    "rank_sets",
    "set_additions_of",
    "suit_masks",
]

SET: Final = "set"
SEQUENCE: Final = "sequence"
# MeldInfo's fields in order (what its pickles hold)
_FIELDS = ("cards", "kind", "suit", "rank", "wild", "order", "wild_pos", "points", "semi",
           "code", "aux")


@dataclass(frozen=True, slots=True)
class MeldInfo:
    """A valid meld: its cards (sorted indices) and what the rules need to know about it."""

    cards: tuple[int, ...]
    kind: str
    suit: int  # the sequence's suit, -1 for a set
    rank: int  # the set's rank index (1..12 = 3..A), -1 for a sequence
    wild: int  # index of the wild card, -1 when clean
    order: tuple[int, ...]  # display order: by position (sequence) or naturals then wild (set)
    wild_pos: int  # the wild's sequence position (1..14), 0 otherwise
    points: int
    semi: bool  # semi-clean shape: >= 8 cards, the wild at an end of >= 7 consecutive naturals
    code: int  # the cards' suit-major code (tables.py): a cheap key of the multiset
    # sequences: (positions the meld's naturals can stand at, lowest and highest position of
    # its naturals other than a 2 or an ace (0: none), it holds a wild that is not the suit's
    # 2, the suit-field bits of the cards that could join it without a wild); sets: zeros
    aux: tuple[int, int, int, bool, int] = field(repr=False, compare=False)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its constructor's arguments (what a mypyc-compiled class needs)."""
        return (MeldInfo, tuple(getattr(self, f) for f in _FIELDS))

    def __setstate__(self, state: Any) -> None:
        """Unpickling what earlier versions pickled (the fields' values in order)."""
        for f, value in zip(_FIELDS, state, strict=True):
            object.__setattr__(self, f, value)

    @property
    def clean(self) -> bool:
        """No wild card (a same-suit 2 in its natural place is not a wild)."""
        return self.wild < 0

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_burraco(self) -> bool:
        return len(self.cards) >= 7

    def burraco(self, semi_clean_bonus: int = 0) -> str | None:
        """``None``, ``"clean"``, ``"dirty"`` or (when the option is on) ``"semi_clean"``."""
        if len(self.cards) < 7:
            return None
        if self.wild < 0:
            return "clean"
        return "semi_clean" if (self.semi and semi_clean_bonus > 0) else "dirty"

    def bonus(self, semi_clean_bonus: int = 0) -> int:
        """The burraco bonus: 200 clean, 100 dirty, ``semi_clean_bonus`` semi-clean, else 0."""
        kind = self.burraco(semi_clean_bonus)
        if kind is None:
            return 0
        if kind == "clean":
            return 200
        return semi_clean_bonus if kind == "semi_clean" else 100

    def ordered(self) -> list[Card]:
        """The cards in display order."""
        return [Card.from_index(i) for i in self.order]

    def describe(self, semi_clean_bonus: int = 0) -> dict[str, object]:
        """The ``meld`` conformance answer (scenarios.md)."""
        return {
            "valid": True, "kind": self.kind, "clean": self.clean, "points": self.points,
            "burraco": self.burraco(semi_clean_bonus), "bonus": self.bonus(semi_clean_bonus),
        }

    def __str__(self) -> str:
        return format_cards(self.ordered())


def cards_text(cards: Iterable[int]) -> str:
    """Canonical text of card indices in the order given: ``cards_text((14, 52)) == '3H JK'``."""
    return " ".join(str(Card.from_index(i)) for i in cards)


def counts_of_cards(cards: Iterable[Card | int]) -> list[int]:
    """A count vector (53 entries) of cards or indices."""
    out = [0] * 53
    for c in cards:
        out[c if isinstance(c, int) else c.index] += 1
    return out


def _indices(cards: Iterable[Card | int]) -> tuple[int, ...]:
    return tuple(sorted(c if isinstance(c, int) else c.index for c in cards))


def analyze_meld(cards: Iterable[Card | int]) -> MeldInfo | None:
    """The meld these cards make, or ``None`` when they make no valid meld.

    >>> analyze_meld(parse_cards("7S 7H 2D")).wild, analyze_meld(parse_cards("7S 2H 2D"))
    (26, None)
    """
    return analyze_sorted(_indices(cards))


def add_to_meld(meld: MeldInfo, cards: Iterable[Card | int]) -> MeldInfo | None:
    """The meld after adding ``cards``, or ``None`` when the addition is illegal.

    Legal iff the new multiset is still a valid meld of the same kind and suit (§3.3).

    >>> m = analyze_meld(parse_cards("7S 7H JK"))
    >>> add_to_meld(m, parse_cards("7C")).size, add_to_meld(m, parse_cards("2C"))
    (4, None)
    """
    extra = _indices(cards)
    if not extra:
        return None
    new = analyze_sorted(tuple(sorted(meld.cards + extra)))
    if new is None or new.kind != meld.kind or new.suit != meld.suit or new.rank != meld.rank:
        return None
    return new


_ANALYZED: Final[dict[tuple[int, ...], MeldInfo | None]] = {}


def analyze_sorted(t: tuple[int, ...]) -> MeldInfo | None:
    """:func:`analyze_meld` on a sorted tuple of card indices (the fast path, memoized)."""
    try:
        return _ANALYZED[t]
    except KeyError:
        pass
    if len(_ANALYZED) > 200_000:
        _ANALYZED.clear()
    m = _ANALYZED[t] = _analyze(t)
    return m


def _analyze(t: tuple[int, ...]) -> MeldInfo | None:
    n = len(t)
    if n < 3 or n > 13:
        return None
    jokers = 0
    twos = [0, 0, 0, 0]
    nats: list[int] = []
    for c in t:
        if c == JOKER:
            jokers += 1
        elif c % 13 == 0:
            twos[c // 13] += 1
        else:
            nats.append(c)
    if not nats:
        return None
    ntwo = twos[0] + twos[1] + twos[2] + twos[3]
    points = 0
    for c in t:
        points += VALUE[c]
    k0 = nats[0] % 13
    if len(nats) >= 2 and all(c % 13 == k0 for c in nats):
        if jokers + ntwo > 1:
            return None
        wild = JOKER if jokers else (_first_two(twos, -1) if ntwo else -1)
        order = tuple(nats) + ((wild,) if wild >= 0 else ())
        return MeldInfo(t, SET, -1, k0, wild, order, 0, points, wild >= 0 and n >= 8,
                        _code(t), _NO_AUX)
    s = nats[0] // 13
    prev = -1
    for c in nats:  # sorted: one suit, distinct ranks
        if c // 13 != s or c == prev:
            return None
        prev = c
    ace = nats[-1] % 13 == 12
    pos = [c % 13 + 2 for c in nats if c % 13 != 12]
    for nat2 in ((1, 0) if twos[s] else (0,)):
        wild_n = jokers + ntwo - nat2
        if wild_n > 1:
            continue
        base = ([2] if nat2 else []) + pos
        found: MeldInfo | None = None
        for ace_pos in ((1, 14) if ace else (0,)):
            if ace_pos == 1:
                ps = [1, *base]
            elif ace_pos == 14:
                ps = [*base, 14]
            else:
                ps = base
            lo, hi = ps[0], ps[-1]
            span = hi - lo + 1
            gaps = span - len(ps)
            if gaps > wild_n or span + wild_n - gaps > 13:
                continue
            info = _sequence(t, s, ps, lo, hi, gaps, wild_n, nat2, jokers, twos, points)
            if found is None or (info.semi and not found.semi):
                found = info  # the ace low unless only the ace high makes it semi-clean
        if found is not None:
            return found
    return None


def _first_two(twos: list[int], skip: int) -> int:
    for u in range(4):
        if twos[u] > (1 if u == skip else 0):
            return 13 * u
    return -1  # pragma: no cover - callers check there is one


def _sequence(
    t: tuple[int, ...], s: int, ps: list[int], lo: int, hi: int, gaps: int, wild_n: int,
    nat2: int, jokers: int, twos: list[int], points: int,
) -> MeldInfo:
    wild = -1
    wpos = 0
    semi = False
    if wild_n:
        wild = JOKER if jokers else _first_two(twos, s if nat2 else -1)
        if gaps:
            present = set(ps)
            wpos = next(p for p in range(lo, hi + 1) if p not in present)
            semi = len(t) >= 8 and max(wpos - lo, hi - wpos) >= 7
        else:
            wpos = lo - 1 if lo > 1 else hi + 1
            semi = len(t) >= 8
    cat = CARD_AT[s]
    a, b = (min(lo, wpos), max(hi, wpos)) if wpos else (lo, hi)
    order = tuple(wild if p == wpos else cat[p] for p in range(a, b + 1))
    return MeldInfo(t, SEQUENCE, s, -1, wild, order, wpos, points, semi, _code(t),
                    _seq_aux(t, s, wild))


_NO_AUX: Final = (0, 0, 0, False, 0)


def _seq_aux(t: tuple[int, ...], s: int, wild: int) -> tuple[int, int, int, bool, int]:
    """The ``aux`` of a sequence (see MeldInfo).  Without a wild from the hand, an added
    natural must stand within two positions of a natural of the meld (the naturals of a
    valid sequence are at most two apart); ``own`` holds every position a natural of the
    meld may stand at (its 2 at 2, its ace at 1 and 14)."""
    own = forced = fmin = fmax = 0
    for c in t:
        if c == JOKER or c // 13 != s:
            continue
        k = c % 13
        own |= (1 << 1 | 1 << 14) if k == 12 else 1 << (k + 2)
        if 1 <= k <= 11:
            forced |= 1 << (k + 2)
            fmin = k + 2 if fmin == 0 else min(fmin, k + 2)
            fmax = max(fmax, k + 2)
    near = (own << 1 | own << 2 | own >> 1 | own >> 2) & ~own
    attach = 0
    for p in range(1, 15):
        if near >> p & 1:
            attach |= 3 << 2 * (12 if p in (1, 14) else p - 2)
    return (own, fmin, fmax, wild >= 0 and wild != 13 * s, attach)


def _code(t: tuple[int, ...]) -> int:
    code = 0
    for c in t:
        code += ONE[c]
    return code


def minus(r: tuple[int, ...], m: tuple[int, ...]) -> tuple[int, ...] | None:
    """``r - m`` for sorted multisets, or ``None`` when ``m`` is not contained in ``r``.

    >>> minus((1, 2, 2, 5), (2, 5)), minus((1, 2), (3,))
    ((1, 2), None)
    """
    out: list[int] = []
    j = 0
    lm = len(m)
    for c in r:
        if j < lm:
            mj = m[j]
            if mj == c:
                j += 1
                continue
            if mj < c:
                return None
        out.append(c)
    return tuple(out) if j == lm else None


# --- enumeration --------------------------------------------------------------------------------
# _RUNS[s][lo][hi]: the natural cards of suit s at positions lo..hi (in position order)
_RUNS: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(CARD_AT[s][p] for p in range(lo, hi + 1)) for hi in range(15))
        for lo in range(15)
    )
    for s in range(4)
)
_WINDOWS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}


def _windows(mask: int) -> tuple[tuple[int, int, int], ...]:
    """``(lo, hi, missing)`` of every window of 3..13 positions in which at most one position
    (``missing``, else 0) is not in the availability bitmask (bit p = position p)."""
    found = _WINDOWS.get(mask)
    if found is None:
        out = []
        for lo in range(1, 13):
            nmiss = miss = 0
            for hi in range(lo, (13 if lo == 1 else 14) + 1):
                if not mask >> hi & 1:
                    nmiss += 1
                    if nmiss == 2:
                        break
                    miss = hi
                if hi - lo >= 2:
                    out.append((lo, hi, miss if nmiss else 0))
        found = _WINDOWS[mask] = tuple(out)
    return found


def _suit_mask(s: int, count: Sequence[int]) -> int:
    """Availability bitmask of suit ``s``'s natural positions (the ace sets bits 1 and 14)."""
    b = 13 * s
    m = (1 << 1 | 1 << 14) if count[b + 12] else 0
    for k in range(12):
        if count[b + k]:
            m |= 1 << (k + 2)
    return m


def _sequences(
    s: int,
    mask: int,
    twos_s: int,
    wilds: list[int],
    forced: int,
    fmin: int,
    fmax: int,
    fixed_wild: int,
    out: set[tuple[int, ...]],
) -> None:
    """Add every valid sequence of suit ``s`` the available cards allow to ``out``.

    ``mask``: bit p set when a natural for position p is available; ``twos_s``: how many
    same-suit 2s; ``wilds``: other wild cards available (jokers, 2s of other suits);
    ``forced``: a bitmask of positions that must hold their natural, spanning ``fmin..fmax``
    (0 = none); ``fixed_wild``: the one wild the sequence must hold (-1 = free, clean allowed).
    """
    runs = _RUNS[s]
    two = 13 * s
    fixed = [fixed_wild] if fixed_wild >= 0 else None
    any_wild = bool(fixed or wilds or twos_s)
    add = out.add
    for lo, hi, miss in _windows(mask):
        if fmin and (lo > fmin or hi < fmax):
            continue
        nats = runs[lo][hi]
        has2 = lo <= 2 <= hi
        if miss:
            i = miss - lo
            sub = nats[:i] + nats[i + 1:]
            ws = fixed or (wilds + [two] if twos_s > (has2 and miss != 2) else wilds)
            for w in ws:
                add(tuple(sorted((*sub, w))))
            continue
        if fixed is None:
            add(tuple(sorted(nats)))
        if not any_wild:
            continue
        for p in range(lo, hi + 1):
            if forced >> p & 1:
                continue
            ws = fixed or (wilds + [two] if twos_s > (has2 and p != 2) else wilds)
            if not ws:
                continue
            i = p - lo
            sub = nats[:i] + nats[i + 1:]
            for w in ws:
                add(tuple(sorted((*sub, w))))


def suit_masks(h: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits' availability bitmasks of a hand (see :func:`hand_melds`)."""
    return (_suit_mask(0, h), _suit_mask(1, h), _suit_mask(2, h), _suit_mask(3, h))


def rank_sets(
    k: int, c0: int, c1: int, c2: int, c3: int, wild_all: Sequence[int],
    add: Callable[[tuple[int, ...]], None],
) -> None:
    """Pass every valid set of rank ``k`` to ``add``, from ``c0..c3`` copies of it in the four
    suits and the wild cards ``wild_all`` (one of each is enough: a set holds one wild)."""
    for a in range(c0 + 1):
        for b in range(c1 + 1):
            for c in range(c2 + 1):
                for d in range(c3 + 1):
                    nn = a + b + c + d
                    if nn < 2:
                        continue
                    base = (k,) * a + (13 + k,) * b + (26 + k,) * c + (39 + k,) * d
                    if nn >= 3:
                        add(base)
                    for w in wild_all:
                        add(tuple(sorted((*base, w))))


def hand_melds(
    h: Sequence[int], masks: tuple[int, int, int, int] | None = None
) -> list[tuple[int, ...]]:
    """Every distinct valid meld (sorted index tuple) a hand's count vector allows, sorted.

    ``masks`` (optional) are the hand's :func:`suit_masks`, when the caller has them.

    >>> h = counts_of_cards(parse_cards("3H 4H 5H JK"))
    >>> [cards_text(t) for t in hand_melds(h)]
    ['3H 4H 5H', '3H 4H 5H JK', '3H 4H JK', '3H 5H JK', '4H 5H JK']
    """
    out: set[tuple[int, ...]] = set()
    add = out.add
    wild_all = [w for w in WILD_CARDS if h[w]]
    for k in range(1, 13):
        c0, c1, c2, c3 = h[k], h[13 + k], h[26 + k], h[39 + k]
        if c0 + c1 + c2 + c3 >= 2:
            rank_sets(k, c0, c1, c2, c3, wild_all, add)
    # sequences
    if masks is None:
        masks = suit_masks(h)
    for s in range(4):
        mask = masks[s]
        distinct = (mask >> 2).bit_count()
        if distinct < 2 or (distinct < 3 and not wild_all):
            continue
        wilds = [w for w in wild_all if w != 13 * s]
        _sequences(s, mask, h[13 * s], wilds, 0, 0, 0, -1, out)
    return sorted(out)


# per sequence meld: (its own availability mask, forced positions, their min and max,
# the wild it must keep or -1, its same-suit 2s, the wild cards it holds)
_SEQ_INFO: Final[dict[tuple[int, ...], tuple[int, int, int, int, int, int, tuple[int, ...]]]] = {}


def _seq_info(meld: MeldInfo) -> tuple[int, int, int, int, int, int, tuple[int, ...]]:
    info = _SEQ_INFO.get(meld.cards)
    if info is None:
        s = meld.suit
        two = 13 * s
        mc = [0] * 53
        for c in meld.cards:
            mc[c] += 1
        forced = 0
        fmin = fmax = 0
        for c in meld.cards:
            k = c % 13
            if c != JOKER and c // 13 == s and 1 <= k <= 11:
                p = k + 2
                forced |= 1 << p
                fmin = p if fmin == 0 else min(fmin, p)
                fmax = max(fmax, p)
        fixed_wild = meld.wild if (meld.wild >= 0 and meld.wild != two) else -1
        held = tuple(w for w in WILD_CARDS if w != two and mc[w])
        info = (_suit_mask(s, mc), forced, fmin, fmax, fixed_wild, mc[two], held)
        if len(_SEQ_INFO) > 100_000:
            _SEQ_INFO.clear()
        _SEQ_INFO[meld.cards] = info
    return info


def meld_additions(
    meld: MeldInfo, h: Sequence[int], masks: tuple[int, int, int, int] | None = None
) -> list[tuple[int, ...]]:
    """Every distinct non-empty multiset of the hand that may be added to ``meld``, sorted.

    >>> m = analyze_meld(parse_cards("5H 6H 7H"))
    >>> [cards_text(t) for t in meld_additions(m, counts_of_cards(parse_cards("4H 8H 9S")))]
    ['4H', '4H 8H', '8H']
    """
    if meld.kind == SET:
        return _set_additions(meld, h)
    s = meld.suit
    two = 13 * s
    own, forced, fmin, fmax, fixed_wild, twos, held = _seq_info(meld)
    mask = own | (masks[s] if masks is not None else _suit_mask(s, h))
    if fixed_wild >= 0:
        wilds: list[int] = []
    else:
        wilds = [w for w in WILD_CARDS if w != two and (h[w] or w in held)]
    cands: set[tuple[int, ...]] = set()
    _sequences(s, mask, h[two] + twos, wilds, forced, fmin, fmax, fixed_wild, cands)
    out = []
    mine = meld.cards
    for r in cands:
        a = minus(r, mine)
        if a:
            out.append(a)
    out.sort()
    return out


def _set_additions(meld: MeldInfo, h: Sequence[int]) -> list[tuple[int, ...]]:
    return set_additions_of(meld.rank, meld.wild < 0, h)


def set_additions_of(k: int, clean: bool, h: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct non-empty multiset of hand ``h`` that may be added to a set of rank
    ``k`` (clean: it may take a wild), sorted."""
    c0, c1, c2, c3 = h[k], h[13 + k], h[26 + k], h[39 + k]
    ws = [w for w in WILD_CARDS if h[w]] if clean else []
    out: list[tuple[int, ...]] = []
    for a in range(c0 + 1):
        for b in range(c1 + 1):
            for c in range(c2 + 1):
                for d in range(c3 + 1):
                    base = (k,) * a + (13 + k,) * b + (26 + k,) * c + (39 + k,) * d
                    if base:
                        out.append(base)
                    for w in ws:
                        out.append(tuple(sorted((*base, w))))
    out.sort()
    return out
