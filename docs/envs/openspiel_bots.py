"""OpenSpiel's own search bots playing whole Bourloto deals on trapoula's OpenSpiel game.

IS-MCTS (``open_spiel.python.algorithms.ismcts``) holds P1 and P3, MCTS
(``open_spiel.python.algorithms.mcts``) P2 and P4.  IS-MCTS searches information sets: before
each simulation it redraws the cards its seat has not seen with the state's
``resample_from_infostate``.  MCTS searches the true state, so it sees every hand (a cheating
reference, not a fair opponent).  Both evaluate leaves with random rollouts.

    .venv/bin/python docs/envs/openspiel_bots.py [--preset gr] [--deals 4] [--simulations 40]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from trapoula.envs.openspiel import load


def play_deal(game, bots, rng):  # type: ignore[no-untyped-def]
    """One deal: chance nodes from their probabilities, decisions by the seat's bot."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


def main(argv: list[str] | None = None) -> list[list[float]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="gr", choices=["ru", "gr"])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--simulations", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    game = load("bourloto", args.preset)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed + 1))
    is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations,
                              random_state=np.random.RandomState(args.seed + 2))
    mc_bot = mcts.MCTSBot(game, 2.0, args.simulations, evaluator,
                          random_state=np.random.RandomState(args.seed + 3))
    bots = [is_bot, mc_bot, is_bot, mc_bot]
    totals = np.zeros(2)
    out = []
    for k in range(args.deals):
        t = time.process_time()
        state = play_deal(game, bots, rng)
        returns = state.returns()
        out.append(returns)
        totals += returns[:2]
        moves = len(state.engine.history)
        result = state.engine.result
        print(f"deal {k + 1}: {moves} moves, result {result}, IS-MCTS {returns[0]:+.0f} "
              f"MCTS {returns[1]:+.0f} ({time.process_time() - t:.1f}s)")
    print(f"total: IS-MCTS (P1+P3) {totals[0]:+.0f}, MCTS (P2+P4) {totals[1]:+.0f}")
    return out


if __name__ == "__main__":
    main()
