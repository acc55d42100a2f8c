"""Burraco's legal-move caches (``legal.py``) are shared by every thread of a process (the
web server runs bots, table loads and replays on worker threads): several threads playing
Burraco deals at once, with the cache limit lowered so that the caches overflow all the
time, see exactly the legal moves, heads and results that one thread alone sees, and no
exception."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

import trapoula
import trapoula.games.burraco.legal as legal
from trapoula.core.game import derive_seed

# (option set, seed): 2, 3 and 4 players, and options that change legality
DEALS: list[tuple[dict[str, Any], int]] = [
    ({"players": 2}, 1),
    ({"players": 3}, 2),
    ({}, 3),
    ({"meld_ownership": "player"}, 4),
    ({"players": 2, "closing_requires": "clean_burraco"}, 5),
    ({"players": 3, "stock_end": "two_cards_left"}, 6),
    ({}, 7),
    ({"players": 2}, 8),
]

Trace = tuple[list[tuple[list[str], list[int], int]], object]


def _play(options: dict[str, Any], seed: int, check: Trace | None = None) -> Trace:
    """One deal played with random moves: per position its legal moves, its heads and
    the index of the move played; and the result.  With ``check``: the moves are those
    of ``check`` and every position is compared with it (AssertionError at the first
    difference)."""
    game = trapoula.make("burraco", **options)
    s = game.new_deal(seed=derive_seed(41, seed))
    rng = random.Random(seed)
    out: list[tuple[list[str], list[int], int]] = []
    while not s.is_over:
        moves = s.legal_actions()
        heads = sorted(s.heads())
        k = len(out)
        pick = check[0][k][2] if check is not None else int(rng.random() * len(moves))
        seen = ([str(a) for a in moves], heads, pick)
        if check is not None:
            assert seen == check[0][k], (options, seed, k)
        out.append(seen)
        s = s.apply(moves[pick])
    if check is not None:
        assert len(out) == len(check[0]) and s.result == check[1], (options, seed)
    return out, s.result


def _run_threads(worker: Callable[[int], None], switch_interval: float) -> None:
    """Four threads running ``worker(0..3)``, switching every ``switch_interval`` seconds."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(switch_interval)
    try:
        threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(interval)


def test_threads_with_the_caches_overflowing_see_what_one_thread_sees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = [_play(options, seed) for options, seed in DEALS]  # (one thread)
    monkeypatch.setattr(legal, "_LIMIT", 50)
    legal.clear_caches()  # (the threads fill the caches past the limit again and again)
    errors: list[BaseException] = []
    done = [0]
    start = threading.Barrier(4)

    def worker(t: int) -> None:
        start.wait()
        try:
            for r in range(2):  # (each thread plays every deal, in its own order)
                for j in range(len(DEALS)):
                    d = (j + 3 * t + r) % len(DEALS)
                    options, seed = DEALS[d]
                    _play(options, seed, expected[d])
                    done[0] += 1
        except BaseException as e:  # (any exception, a wrong legal list included)
            errors.append(e)

    _run_threads(worker, 1e-5)  # (switch threads often: a race shows at once)
    assert not errors, [f"{type(e).__name__}: {str(e)[:160]}" for e in errors]
    assert done[0] == 4 * 2 * len(DEALS)


def test_threads_interning_new_moves_at_once_agree_on_their_ids() -> None:
    """Four threads asking at once for the ids and actions of the same new moves (in
    different orders) get one id per move, one move per id, and its one action."""
    rng = random.Random(5)
    keys = sorted({(legal.ADD, 90 + rng.randrange(10), tuple(sorted(rng.sample(range(53), 3))))
                   for _ in range(3000)})
    new = [k for k in keys if k not in legal._IDS]
    assert len(new) > 1000
    found: list[dict[tuple[int, int, tuple[int, ...]], tuple[int, object, object]]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def worker(t: int) -> None:
        order = list(new)
        random.Random(t).shuffle(order)
        start.wait()
        seen = {}
        try:
            for k in order:
                i = legal.aid(*k)
                a = legal.act(i)
                seen[k] = (i, a, legal.decode(a)[:3])
        except BaseException as e:  # (any exception)
            errors.append(e)
        found.append(seen)

    _run_threads(worker, 1e-6)
    assert not errors, [f"{type(e).__name__}: {str(e)[:160]}" for e in errors]
    assert len(found) == 4 and all(f == found[0] for f in found)
    assert len({i for i, _, _ in found[0].values()}) == len(new)
    for key, (i, a, decoded) in found[0].items():
        assert decoded == key and legal.ACTS[i] is a and legal.intern(*key) is a
