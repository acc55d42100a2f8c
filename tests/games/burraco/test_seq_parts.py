"""legal.py's suit sequences are those of spades moved to the suit (and to the wild card
used): pinned here to the reference enumeration of melds.py for every suit, wild card and
number of the suit's 2s, on many sets of naturals."""

from __future__ import annotations

from trapoula.games.burraco import legal
from trapoula.games.burraco.melds import _sequences, _suit_mask
from trapoula.games.burraco.tables import NCARDS, WILD_CARDS


def test_moved_sequences_equal_the_reference_enumeration() -> None:
    checked = 0
    for pres in [*range(0, 1 << 13, 29), (1 << 13) - 1]:
        for s in range(4):
            for twos, u in [(0, -1), (1, -1), (2, -1), *((0, u) for u in range(5))]:
                if u == s:  # (the suit's own 2 is never "another" wild card)
                    continue
                count = [0] * NCARDS
                for k in range(13):
                    count[13 * s + k] = pres >> k & 1
                out: set[tuple[int, ...]] = set()
                wild = WILD_CARDS[u] if u >= 0 else -1
                _sequences(s, _suit_mask(s, count), twos, [wild] if u >= 0 else [],
                           0, 0, 0, -1, out)
                if u >= 0:
                    out = {m for m in out if wild in m}
                entries = legal._seq_part(s, pres, twos, u)
                assert [e[0] for e in entries] == sorted(out)
                assert all(legal.decode(legal.act(a))[2] == m for m, a, _ in entries)
                checked += 1
    assert checked > 7000
