"""Suit symmetry of ``gr`` card play: six samples of each double-dummy decision.

Once the trump is named, the three plain suits of Bourloto ``gr`` are interchangeable: the
card order, the card points and the double-dummy values do not depend on which plain suit
is which (the rules compare equal sequences without a suit order: ``equal_seq_winner``
``"none"``).  Renaming the plain suits of a deal (and of every action played) gives a deal
whose views are the renamed views, so a sample of :mod:`trapoula.train.dd_targets` (the
view's network input, the 32 card values, the heuristic's card) gives five more samples at
no solver cost: :func:`permute_samples`.  ``tests/train/test_symmetry.py`` checks on real
positions that the renamed input is the input built from the renamed deal's view, and that
the renamed values are the solver's values of the renamed deal.

A permutation ``perm`` maps suit ``s`` (S H D C = 0 1 2 3) to ``perm[s]``; card ``k`` of the
32-card pack (``k = 8 * suit + rank - 7``) goes to ``8 * perm[suit] + rank - 7``.

>>> suit_permutations(1)
[(0, 1, 2, 3), (0, 1, 3, 2), (2, 1, 0, 3), (2, 1, 3, 0), (3, 1, 0, 2), (3, 1, 2, 0)]
>>> card_map((1, 0, 2, 3))[:10].tolist()
[8, 9, 10, 11, 12, 13, 14, 15, 0, 1]
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

__all__ = ["SymTables", "card_map", "input_gather", "permute_samples", "suit_permutations"]

Perm = tuple[int, int, int, int]

# the shared observation's pieces that are 32-card vectors (or rows of them), by name
_CARD_PIECES = ("hand", "upcard", "trick", "played", "declared", "my_declarations")
# in a bidding slot of 16: 4 bidder cells, then the 12 words; "name S".."name C" are words 4-7
_NAME_CELLS = 4 + 4


def suit_permutations(trump: int) -> list[Perm]:
    """The six permutations of the suits that keep ``trump`` (identity first)."""
    plain = [s for s in range(4) if s != trump]
    out: list[Perm] = []
    for img in permutations(plain):
        p = list(range(4))
        for s, t in zip(plain, img, strict=True):
            p[s] = t
        out.append((p[0], p[1], p[2], p[3]))
    return out


def card_map(perm: Perm) -> np.ndarray:
    """``m[k]``: where card ``k`` goes under ``perm`` (an int array of 32)."""
    k = np.arange(32)
    return 8 * np.asarray(perm)[k // 8] + k % 8


def input_gather(perm: Perm, layout: object, width: int, extra_at: int | None
                 ) -> np.ndarray:
    """The column index ``g`` (length ``width``) with ``x_new = x[:, g]``: the network input
    (the shared observation of ``layout``, the preset flags, from ``extra_at`` on the card
    features of :mod:`trapoula.learned.features` if not None) of the renamed view."""
    slices = layout.slices  # type: ignore[attr-defined]
    shapes = layout.shapes  # type: ignore[attr-defined]
    m = card_map(perm)
    inv32 = np.empty(32, np.int64)
    inv32[m] = np.arange(32)  # the new card k' came from card inv32[k']
    inv4 = np.empty(4, np.int64)
    inv4[np.asarray(perm)] = np.arange(4)
    g = np.arange(width)

    def cards(start: int, rows: int) -> None:
        for r in range(rows):
            at = start + 32 * r
            g[at:at + 32] = at + inv32

    for name in _CARD_PIECES:
        shape = shapes[name]
        cards(slices[name].start, 1 if len(shape) == 1 else shape[0])
    t = slices["trump"].start
    g[t:t + 4] = t + inv4
    b = slices["bids"].start
    for slot in range(shapes["bids"][0]):
        at = b + 16 * slot + _NAME_CELLS
        g[at:at + 4] = at + inv4
    if extra_at is not None:
        cards(extra_at, 4)  # 3 seats' holding probabilities and the masters; the winner: as is
    return g


def permute_samples(x: np.ndarray, dd: np.ndarray, heur: np.ndarray, layout: object,
                    extra_at: int | None, copies: int = 6, trump_at: int | None = None,
                    rng: np.random.Generator | None = None
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each sample ``(x, dd, heur)`` under ``copies`` of the six plain-suit permutations of
    its trump (all six, the identity first, when ``copies`` is 6; else the identity and
    ``copies - 1`` others drawn with ``rng``): arrays ``copies`` times as long, the copies of a
    sample in consecutive rows.  ``heur`` -1 (no card) stays -1."""
    n, width = x.shape
    sym = SymTables(layout, width, extra_at)
    if trump_at is not None:
        sym.trump_at = trump_at
    trump = sym.trumps(x)
    pick = np.tile(np.arange(copies), (n, 1))  # which permutation each copy is
    if copies != 6:
        r = rng if rng is not None else np.random.default_rng(0)
        for tr in range(4):
            rows = np.nonzero(trump == tr)[0]
            if len(rows):
                pick[rows, 1:] = np.argsort(r.random((len(rows), 5)), 1)[:, :copies - 1] + 1
    at = np.arange(n)[:, None, None]
    t = trump[:, None]
    xs = x[at, sym.gather[t, pick]]  # [n, copies, width]
    ds = dd[at, sym.inverse[t, pick]]  # card k's new value is that of the card it came from
    h = heur.astype(np.int64)
    moved = sym.cards[t, pick][np.arange(n)[:, None], np.arange(copies)[None, :],
                               np.maximum(h, 0)[:, None]]
    hs = np.where(h[:, None] >= 0, moved, -1).astype(heur.dtype)
    return xs.reshape(n * copies, width), ds.reshape(n * copies, 32), hs.reshape(n * copies)


class SymTables:
    """Every trump's six permutations as arrays, for permuting batches of samples:
    ``gather[t, j]`` (the input columns, :func:`input_gather`), ``cards[t, j]`` (where each
    card goes, :func:`card_map`) and ``inverse[t, j]`` (where each card came from) of
    ``suit_permutations(t)[j]``; ``trump_at``: where the trump one-hot starts in the input."""

    def __init__(self, layout: object, width: int, extra_at: int | None) -> None:
        self.trump_at: int = layout.slices["trump"].start  # type: ignore[attr-defined]
        self.gather = np.zeros((4, 6, width), np.int64)
        self.cards = np.zeros((4, 6, 32), np.int64)
        self.inverse = np.zeros((4, 6, 32), np.int64)
        for t in range(4):
            for j, perm in enumerate(suit_permutations(t)):
                self.gather[t, j] = input_gather(perm, layout, width, extra_at)
                m = card_map(perm)
                self.cards[t, j] = m
                self.inverse[t, j][m] = np.arange(32)

    def trumps(self, x: np.ndarray) -> np.ndarray:
        """The trump suit of each input row."""
        return np.asarray(x[:, self.trump_at:self.trump_at + 4], np.float32).argmax(1)

    def permute(self, x: np.ndarray, j: int) -> np.ndarray:
        """Rows ``x`` each under permutation ``j`` of its trump."""
        t = self.trumps(x)
        return np.take_along_axis(x, self.gather[t, j], axis=1)
