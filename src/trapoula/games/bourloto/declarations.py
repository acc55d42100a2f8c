"""Declarations (RULES.md §1.3): runs and fours in one hand, the best disjoint selection,
and the comparison between teams.

>>> from trapoula.cards import parse_cards, mask_of, Suit
>>> hand = mask_of(parse_cards("7S 8S 9S QD KD AD JC 7H"))
>>> [str(d) for d in best_declarations(hand, Suit.H, four_values="gr")]
['tierce 7S 8S 9S (20)', 'tierce QD KD AD (20)']
>>> hand = mask_of(parse_cards("9S 10S JS QS KS 9H 9D 9C"))
>>> sum(d.points for d in best_declarations(hand, Suit.H, four_values="gr"))
200
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from trapoula.cards import Card, Rank, cards_of
from trapoula.games.bourloto.tables import TRUMP_STRENGTH

__all__ = [
    "Declaration",
    "best_declarations",
    "bourlot_mask",
    "compare_declarations",
    "declaration_points",
    "hand_declarations",
]

_RUN_NAMES = {3: "tierce", 4: "quarte", 5: "quinte"}
_GR_FOURS = {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100, Rank.KING: 100,
             Rank.QUEEN: 100, Rank.EIGHT: 0, Rank.SEVEN: 0}


@dataclass(frozen=True, order=True)
class Declaration:
    """One run or four of a kind.  ``key`` orders declarations for the comparison (§1.3.3)."""

    key: tuple[int, ...]
    kind: str  # "run" or "four"
    mask: int
    points: int

    @property
    def cards(self) -> list[Card]:
        return cards_of(self.mask)

    @property
    def name(self) -> str:
        if self.kind == "four":
            return "four"
        n = self.mask.bit_count()
        return _RUN_NAMES.get(n, f"run of {n}")

    def __str__(self) -> str:
        return f"{self.name} {' '.join(str(c) for c in self.cards)} ({self.points})"


def _run_value(length: int, run6_value: int) -> int:
    return {3: 20, 4: 50, 5: 100}.get(length, run6_value if length >= 6 else 0)


def _four_value(rank: int, four_values: str) -> int:
    return 100 if four_values == "flat_100" else _GR_FOURS[Rank(rank)]


def runs_in_chunk(chunk: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs (start bit, length >= 3) in a 13-bit suit chunk (precomputed)."""
    return _CHUNK_RUNS[chunk]


def _find_runs(chunk: int) -> tuple[tuple[int, int], ...]:
    runs = []
    i = 0
    while i < 13:
        if chunk >> i & 1:
            j = i
            while j < 13 and chunk >> j & 1:
                j += 1
            if j - i >= 3:
                runs.append((i, j - i))
            i = j
        else:
            i += 1
    return tuple(runs)


_CHUNK_RUNS = tuple(_find_runs(c) for c in range(1 << 13))
_FOURS = tuple(
    (rank, sum(1 << (13 * s + rank - 2) for s in range(4))) for rank in range(7, 15)
)


def _split(length: int, run6_value: int) -> list[int]:
    """Best partition of a run of ``length`` into pieces of >= 3 (lengths, best total)."""
    best: dict[int, tuple[int, list[int]]] = {0: (0, [])}
    for n in range(3, length + 1):
        cands = []
        for k in range(3, n + 1):
            rest = n - k
            if rest in best:
                cands.append((best[rest][0] + _run_value(k, run6_value), [k, *best[rest][1]]))
        if cands:
            best[n] = max(cands, key=lambda t: (t[0], -len(t[1])))
    return best[length][1]


def _runs(mask: int, trump: int, run6_value: int, split_runs: bool) -> list[Declaration]:
    out: list[Declaration] = []
    for suit in range(4):
        chunk = (mask >> (13 * suit)) & 0x1FFF
        if _CHUNK_RUNS[chunk]:
            key = (chunk, suit, suit == trump, run6_value, split_runs)
            runs = _SUIT_RUNS.get(key)
            if runs is None:
                runs = _SUIT_RUNS[key] = _suit_runs(chunk, suit, suit == trump, run6_value,
                                                    split_runs)
            out.extend(runs)
    return out


# the runs of one suit's chunk, by (chunk, suit, is trumps, run6_value, split_runs): a few
# thousand entries at most; Declarations are immutable, so sharing them is safe
_SUIT_RUNS: dict[tuple[int, int, bool, int, bool], tuple[Declaration, ...]] = {}


def _suit_runs(
    chunk: int, suit: int, is_trump: bool, run6_value: int, split_runs: bool
) -> tuple[Declaration, ...]:
    out = []
    for start, length in runs_in_chunk(chunk):
        if length >= 6 and run6_value < 0:
            continue  # (long_runs="none") a run of 6-8 is no declaration
        pieces = _split(length, run6_value) if split_runs else [length]
        pos = start
        for n in pieces:
            m = ((1 << n) - 1) << (13 * suit + pos)
            top = pos + n - 1 + 2  # natural rank of the top card
            key = (1, n, top, 1 if is_trump else 0)
            out.append(Declaration(key, "run", m, _run_value(n, run6_value)))
            pos += n
    return tuple(out)


def best_declarations(
    hand: int,
    trump: int,
    *,
    four_values: str = "flat_100",
    run6_value: int = 100,
    split_runs: bool = False,
    sevens_cancel_jacks: bool = False,
) -> list[Declaration]:
    """The disjoint selection of runs and fours with the highest total (§1.3.1).

    Ties prefer fewer declarations, then fours over sequences.  Bourloto is not included
    (see :func:`bourlot_mask`).  Zero-value fours are declarations only when they have an
    effect (``sevens_cancel_jacks`` for four 7s).  ``run6_value=-1``: a run of 6-8 is no
    declaration (it neither scores nor ranks; ``rules.run6_of``).
    """
    c0, c1, c2, c3 = (hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF,
                      hand >> 39 & 0x1FFF)
    if not (c0 & c1 & c2 & c3):  # no four of a kind: runs only (the common case)
        if not (_CHUNK_RUNS[c0] or _CHUNK_RUNS[c1] or _CHUNK_RUNS[c2] or _CHUNK_RUNS[c3]):
            return []
        return _runs(hand, trump, run6_value, split_runs)
    fours = []
    for rank, m in _FOURS:
        if hand & m == m:
            value = _four_value(rank, four_values)
            if value > 0 or (sevens_cancel_jacks and rank == 7):
                strength = TRUMP_STRENGTH[rank - 2] if value > 0 else -1
                key = (2, strength) if value > 0 else (0, rank)
                fours.append(Declaration(key, "four", m, value))
    if not fours:
        return _runs(hand, trump, run6_value, split_runs)
    best: tuple[tuple[int, int, int], list[Declaration]] | None = None
    for k in range(len(fours) + 1):
        for chosen in combinations(fours, k):
            used = 0
            for d in chosen:
                used |= d.mask
            decls = list(chosen) + _runs(hand & ~used, trump, run6_value, split_runs)
            decls = [d for d in decls if d.points > 0 or d.key[0] == 0]
            total = sum(d.points for d in decls)
            # fewer scoring declarations first; then more fours (a zero-value four of 7s
            # that cancels jacks is declared whenever it costs no points)
            score = (total, -sum(1 for d in decls if d.points), len(chosen))
            if best is None or score > best[0]:
                best = (score, decls)
    assert best is not None
    return sorted(best[1], key=lambda d: (d.kind != "four", d.mask))


# per (run6_value, split_runs): suit runs by ``chunk | suit << 13 | is_trump << 15``
_RUN_TABLES: dict[tuple[int, bool], dict[int, tuple[Declaration, ...]]] = {}


def hand_declarations(
    hand: int, trump: int, four_values: str, run6_value: int, split_runs: bool,
    sevens_cancel_jacks: bool,
) -> tuple[Declaration, ...]:
    """:func:`best_declarations` as a tuple, with a table lookup per suit when the hand
    holds no four of a kind (the common case).

    >>> from trapoula.cards import parse_cards, mask_of
    >>> hand = mask_of(parse_cards("7S 8S 9S QD KD AD JC 7H"))
    >>> hand_declarations(hand, 1, "gr", 100, False, False) == tuple(
    ...     best_declarations(hand, 1, four_values="gr"))
    True
    """
    c0, c1, c2, c3 = (hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF,
                      hand >> 39 & 0x1FFF)
    if c0 & c1 & c2 & c3:
        return tuple(best_declarations(
            hand, trump, four_values=four_values, run6_value=run6_value,
            split_runs=split_runs, sevens_cancel_jacks=sevens_cancel_jacks,
        ))
    table = _RUN_TABLES.get((run6_value, split_runs))
    if table is None:
        table = _RUN_TABLES[(run6_value, split_runs)] = {}
    out: tuple[Declaration, ...] = ()
    for suit, chunk in ((0, c0), (1, c1), (2, c2), (3, c3)):
        if _CHUNK_RUNS[chunk]:
            k = chunk | suit << 13 | (1 << 15 if suit == trump else 0)
            runs = table.get(k)
            if runs is None:
                runs = table[k] = _suit_runs(chunk, suit, suit == trump, run6_value, split_runs)
            out += runs
    return out


def bourlot_mask(hand: int, trump: int) -> int:
    """The K+Q of trumps if ``hand`` holds both, else 0."""
    m = (1 << (13 * trump + Rank.KING - 2)) | (1 << (13 * trump + Rank.QUEEN - 2))
    return m if hand & m == m else 0


def declaration_points(decls: Sequence[Declaration]) -> int:
    return sum(d.points for d in decls)


def _four_sevens(decls: Sequence[Declaration]) -> bool:
    return any(d.kind == "four" and d.key[0] == 0 and d.mask & 1 << (Rank.SEVEN - 2)
               for d in decls)


def compare_declarations(
    declared: Mapping[str, Sequence[Sequence[Declaration]]],
    *,
    compare: bool,
    equal_seq_winner: str = "none",
    sevens_cancel_jacks: bool = False,
    first: int = 0,
) -> dict[str, int]:
    """Points each team scores for its declared runs and fours (Bourloto not included).

    ``declared`` maps a team to its players' declarations by seat: A's are P1's then P3's,
    B's are P2's then P4's.  ``first`` is the seat index (0 = P1) that declares first, the
    leader of trick 1 (the seat after the dealer): with ``equal_seq_winner="first_declarer"``
    the tied best sequence declared first in that order of play wins (§1.3.3).

    >>> from trapoula.cards import parse_cards, mask_of
    >>> def runs(cards):  # the declarations of one player
    ...     return best_declarations(mask_of(parse_cards(cards)), 1)
    >>> teams = {"A": [runs("7S 8S 9S"), []], "B": [[], runs("7D 8D 9D")]}  # P1, P4 tierces
    >>> compare_declarations(teams, compare=True, equal_seq_winner="first_declarer")
    {'A': 20, 'B': 0}
    >>> compare_declarations(teams, compare=True, equal_seq_winner="first_declarer", first=1)
    {'B': 20, 'A': 0}
    """
    fa = [d for player in declared.get("A", ()) for d in player]
    fb = [d for player in declared.get("B", ()) for d in player]
    if sevens_cancel_jacks:  # a four of 7s cancels the other team's four jacks
        jack_key = (2, TRUMP_STRENGTH[Rank.JACK - 2])
        a_sevens, b_sevens = _four_sevens(fa), _four_sevens(fb)
        if a_sevens:
            fb = [d for d in fb if d.key != jack_key]
        if b_sevens:
            fa = [d for d in fa if d.key != jack_key]
    pa = pb = 0
    a: tuple[int, ...] | None = None  # each team's best run or counted four
    b: tuple[int, ...] | None = None
    for d in fa:
        pa += d.points
        if d.key[0] > 0 and (a is None or d.key > a):
            a = d.key
    for d in fb:
        pb += d.points
        if d.key[0] > 0 and (b is None or d.key > b):
            b = d.key
    points = {"A": pa, "B": pb}
    if not compare:
        return points
    if a is None and b is None:
        return {"A": 0, "B": 0}
    if b is None or (a is not None and a > b):
        return {"A": points["A"], "B": 0}
    if a is None or b > a:
        return {"A": 0, "B": points["B"]}
    # equal best keys: only equal plain sequences can tie
    if equal_seq_winner == "first_declarer":
        # each team's earliest player holding the tied key, as a place in the order of play
        place = {
            t: min((2 * i + team - first) % 4 for i, player in enumerate(declared[t])
                   for d in player if d.key == a)
            for team, t in enumerate(("A", "B"))
        }
        winner = "A" if place["A"] < place["B"] else "B"
        return {winner: points[winner], ("B" if winner == "A" else "A"): 0}
    return {"A": 0, "B": 0}

