"""Fast uniformly random Burraco playouts (no public objects, no event log).

Contract (shared with the other games): deal ``i`` is ``game.new_deal(seed=derive_seed(seed,
i))``; at every decision the policy ``rng = random.Random(derive_seed(seed, i, "policy"))``
picks ``legal[int(rng.random() * len(legal))]`` from the canonical legal list.  The playout
runs the engine's own :class:`~trapoula.games.burraco.turn.Table` in place, so it follows
exactly the rules of the public path and gives the same results.

>>> import trapoula
>>> res = random_playouts(trapoula.make("burraco"), 2, seed=1)
>>> len(res), sorted(res[0]), sorted(res[0]["scores"])
(2, ['scores'], ['A', 'B'])
>>> sorted(random_playouts(trapoula.make("burraco", players=3), 1, seed=1)[0]["scores"])
['P1', 'P2', 'P3']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from trapoula.core.game import derive_seed
from trapoula.games.burraco.turn import OVER, Table

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco

__all__ = ["playout", "random_playouts"]


def playout(table: Table, rng: random.Random) -> tuple[int, int]:
    """Play a table to the end in place with uniform choices; return (decisions, turns)."""
    decisions = 0
    rand = rng.random
    moves = table.moves
    step = table.step
    while table._phase != OVER:
        legal = moves()
        step(legal[int(rand() * len(legal))])
        decisions += 1
    return decisions, table.turns


def random_playouts(game: Burraco, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """Results of ``n`` random deals: ``{"scores": {"A": N, "B": N}}`` with partners,
    ``{"scores": {"P1": N, ...}}`` when each player plays alone."""
    out: list[dict[str, Any]] = []
    for i in range(n):
        deal = game.new_deal(seed=derive_seed(seed, i))
        table = Table.__new__(Table)
        deal._copy_table(table)
        playout(table, random.Random(derive_seed(seed, i, "policy")))
        out.append({"scores": table.team_scores()})
    return out
