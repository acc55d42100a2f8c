"""trapoula.core.shuffle: the standard library's shuffle, the same permutations (principle 4:
the same seed gives the same deal, whichever shuffle ran)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from trapoula.core import shuffle as sh


def test_this_python_shuffles_as_the_algorithm_does() -> None:
    assert sh.SAME  # (else every deal would go through rng.shuffle: right, but slow)


@given(st.integers(0, 2**64), st.integers(0, 400))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    sh.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.random() == theirs.random()  # (the generators left in the same state)


def test_other_generators_use_their_own_shuffle() -> None:
    class Loaded(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    x = [1, 2, 3]
    sh.shuffle(Loaded(0), x)
    assert x == [3, 2, 1]
