"""Every game's kernel agrees with its reference at every state of random deals, for every
preset and the option sets of ``harness.CASES``; also on threads at once.

``TRAPOULA_KERNEL_DEALS=500 pytest tests/kernel`` plays more deals per case."""

from __future__ import annotations

import random
import sys
import threading
from typing import Any

import pytest

import trapoula
import trapoula.games.burraco.legal as legal
from tests.kernel.harness import CASES, deals, difference_along, differences, make_game
from trapoula.core.kernel import Kernel, kernel_of, new_kernel

# deals per case in `make test`: a Burraco deal is checked at ~300 states
DEFAULT_DEALS = {"bourloto": 24, "bourre": 24, "burraco": 3}


def _label(case: tuple[str, str | None, dict[str, Any]]) -> str:
    name, preset, opts = case
    return "-".join([name, preset or "default", *(f"{k}={v}" for k, v in opts.items())])


@pytest.mark.parametrize("case", CASES, ids=[_label(c) for c in CASES])
def test_kernel_agrees_with_the_reference(case: tuple[str, str | None, dict[str, Any]]) -> None:
    game = make_game(*case)
    n = deals(DEFAULT_DEALS[case[0]])
    assert differences(game, range(1000, 1000 + n)) == []


@pytest.mark.parametrize("name", ["bourloto", "bourre", "burraco"])
def test_every_game_has_a_kernel_of_the_protocol(name: str) -> None:
    game = trapoula.make(name)
    k = new_kernel(game, seed=5)
    assert isinstance(k, Kernel)
    state = game.new_deal(seed=5)
    assert isinstance(kernel_of(state), Kernel)
    ids = k.legal_ids()
    assert ids and [k.decode(i) for i in ids] == state.legal_actions()
    k.step(ids[-1])  # (stepping a kernel made from a state leaves the state alone)
    assert kernel_of(state).legal_ids() == ids


def test_kernels_on_threads_at_once_agree_with_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four threads check kernels of every game at once, switching often, with Burraco's
    derived caches (``legal.py``, shared by the threads) lowered so that they are emptied
    again and again: no difference, no exception."""
    monkeypatch.setattr(legal, "_LIMIT", 50)
    legal.clear_caches()
    found: list[str] = []
    start = threading.Barrier(4)

    def worker(t: int) -> None:
        start.wait()
        try:
            burraco = [c for c in CASES if c[0] == "burraco"]
            mine = [c for j, c in enumerate(CASES) if j % 4 == t] + [burraco[t % len(burraco)]]
            for case in mine:
                found.extend(differences(make_game(*case), [2000 + t]))
        except BaseException as e:  # (any exception)
            found.append(f"{type(e).__name__}: {e}")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(interval)
    assert found == []


def test_bourre_kernel_of_a_session_deal_pays_fees_out_of_the_stacks() -> None:
    """A session's deal (stacks of a few chips: fees are capped by what a player has)."""
    game = trapoula.make("bourre", players=5, starting_stack=3, ante=2,
                         draw_fee_mode="per_card")
    for seed in range(12):
        session = game.new_match(seed=seed)
        rng = random.Random(seed)
        for _ in range(3):  # (the first deals of the session)
            if session.is_over:
                break
            deal = session.deal
            assert difference_along(deal, kernel_of(deal), seed) == ""
            number = session.deal_number
            while session.deal_number == number and not session.is_over:
                legal = session.legal_actions()
                session = session.apply(legal[int(rng.random() * len(legal))])
