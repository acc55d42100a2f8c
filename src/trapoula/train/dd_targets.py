"""Double-dummy card targets: PIMC's values, sampled on the real deals, for the card network.

The Monte-Carlo return of a card decision carries the luck of the whole rest of the deal, and
the returns of one decision's legal cards come from different play-outs.  The double-dummy
value of each legal card on the *actual* deal (every hand known to the solver, the rest of the
deal played perfectly: :class:`~trapoula.search.bourloto_dd.BourlotoSolver`) is instead an
unbiased sample of what PIMC averages: the mean double-dummy value over the hidden hands
drawn from their true posterior given the seat's view (the deal itself was drawn by the
process that made the view).  All legal cards of a decision are valued on the same deal, so
their differences carry little luck.

:class:`DDTargets` plays fresh deals with the heuristic bot (ε exploration: a random legal
action with probability ``epsilon`` before the play phase, ``epsilon_play`` in it) and, at
each card decision with more than one legal card records (the first trick's with probability
``first_trick``, the second's with ``second_trick``: their solves cost ~0.8 s and ~80 ms a
decision here, the later tricks' a few ms):

- ``x``: the network input of the seat's view (the shared observation, the preset flag, the
  card-play features: :meth:`trapoula.learned.bourloto.QNet.features`), float16;
- ``dd``: ``[32]`` the seat's team's card points from this position on (the current trick's
  cards and the last trick's +10 included) after each legal card, NaN for the others (card
  ``k`` of :data:`trapoula.learned.features.CARDS`);
- ``heur``: the heuristic bot's card (``k``), ``trick``: the tricks done.

Declarations and the Bourlot are fixed by the words played with the cards, not by the order
of play, so they are not part of a card's value; the card network values the cards, and the
bot adds the words as the heuristic and ``hard`` do (docs/learned.md).  The samples depend
on the seat's view only through ``x``; ``dd`` uses the whole deal — that is the point.

    python -m trapoula.train.dd_targets --preset gr --minutes 60 --out runs/dd/gr-0 --seed 0

writes ``chunk-NNNN.npz`` every ``--chunk`` deals (a run can be stopped at any time).

>>> t = DDTargets("gr", seed=3, first_trick=0.0)
>>> out = t.run(deals=1)
>>> out["x"].shape[1], out["dd"].shape[1], len(out["heur"]) == len(out["x"]) > 0
(1003, 32, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import trapoula
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
from trapoula.envs import make_adapter
from trapoula.learned.bourloto import QNet, load_qnet
from trapoula.learned.features import CARDS, card_features
from trapoula.search.bourloto_dd import BourlotoSolver, position_from_state

__all__ = ["CARD_SLOT", "DDTargets", "card_slots", "legal_cards", "main"]

# card k (index in CARDS) -> its column; its plain play integer in the action layout is
# 12 + 4 * k (docs/envs/layouts.md)
CARD_SLOT: dict[int, int] = {c: k for k, c in enumerate(CARDS)}


def card_slots() -> np.ndarray:
    """The action-layout integers of the 32 plain card plays (``12 + 4k``)."""
    return 12 + 4 * np.arange(32)


def legal_cards(view: Any) -> list[int]:
    """The global indices of the distinct cards among ``view``'s legal play actions."""
    return sorted({a.cards[0].index for a in view.legal_actions
                   if a.kind == "play" and a.cards})


class DDTargets:
    """Heuristic deals of ``preset`` whose card decisions are valued double dummy."""

    def __init__(self, preset: str, seed: int = 0, *, epsilon: float = 0.05,
                 epsilon_play: float = 0.1, first_trick: float = 0.0,
                 second_trick: float = 1.0, net: QNet | None = None) -> None:
        self.preset = preset
        self.game = trapoula.make("bourloto", preset)
        self.adapter = make_adapter(self.game, layout="shared")
        self.helper = BourlotoHeuristicBot(self.game, seed=seed)
        self.solver = BourlotoSolver.for_game(self.game, max_entries=400_000)
        self.net = net if net is not None else load_qnet()
        self.rng = np.random.default_rng(seed)
        self.epsilon = epsilon
        self.epsilon_play = epsilon_play
        self.rates = (first_trick, second_trick)

    def sample(self, s: Any) -> tuple[np.ndarray, np.ndarray, int] | None:
        """(x, dd, heuristic's card k) of the decision at state ``s`` (None: no choice)."""
        seat = str(s.current_player)
        view = s.view(seat)
        cards = legal_cards(view)
        if len(cards) < 2:
            return None
        pos = position_from_state(s)
        vals = self.solver.move_values(pos)
        dd = np.full(32, np.nan, np.float32)
        for card, v in vals.items():
            if card.index in cards:  # the solver knows the card rules only
                dd[CARD_SLOT[card.index]] = v
        h = self.helper.choose(view)
        heur = CARD_SLOT[h.cards[0].index] if h.kind == "play" and h.cards else -1
        extra = card_features(view, self.game.options) if self.net.extra else None
        x = self.net.features(self.adapter.observe(view), self.preset, extra)[0]
        return x.astype(np.float16), dd, heur

    def run(self, deals: int | None = None, seconds: float | None = None) -> dict[str, Any]:
        """Play ``deals`` deals (or for ``seconds``): the samples and counts."""
        xs: list[np.ndarray] = []
        dds: list[np.ndarray] = []
        heurs: list[int] = []
        tricks: list[int] = []
        n = 0
        end = None if seconds is None else time.monotonic() + seconds
        while (deals is None or n < deals) and (end is None or time.monotonic() < end):
            s: Any = self.game.new_deal(seed=int(self.rng.integers(2**31)))
            n += 1
            while not s.is_over:
                view = s.view(s.current_player)
                legal = view.legal_actions
                playing = s.phase == "play"
                if playing and len(legal) > 1 and (
                        s.tricks_done > 1 or self.rng.random() < self.rates[s.tricks_done]):
                    got = self.sample(s)
                    if got is not None:
                        xs.append(got[0])
                        dds.append(got[1])
                        heurs.append(got[2])
                        tricks.append(int(s.tricks_done))
                eps = self.epsilon_play if playing else self.epsilon
                if len(legal) > 1 and self.rng.random() < eps:
                    act = legal[int(self.rng.integers(len(legal)))]
                else:
                    act = self.helper.choose(view)
                s = s.apply(act)
            self.solver.clear()
        inputs = self.net.inputs
        return {
            "x": np.stack(xs) if xs else np.zeros((0, inputs), np.float16),
            "dd": np.stack(dds) if dds else np.zeros((0, 32), np.float32),
            "heur": np.asarray(heurs, np.int16),
            "trick": np.asarray(tricks, np.int8),
            "deals": n,
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gr")
    ap.add_argument("--out", required=True, help="folder for chunk-NNNN.npz")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--chunk", type=int, default=100, help="deals a chunk file")
    ap.add_argument("--epsilon", type=float, default=0.05)
    ap.add_argument("--epsilon-play", type=float, default=0.1)
    ap.add_argument("--first-trick", type=float, default=0.0,
                    help="the share of first-trick decisions valued (default 0)")
    ap.add_argument("--second-trick", type=float, default=1.0,
                    help="the share of second-trick decisions valued (default all)")
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    gen = DDTargets(a.preset, a.seed, epsilon=a.epsilon, epsilon_play=a.epsilon_play,
                    first_trick=a.first_trick, second_trick=a.second_trick)
    start = time.monotonic()
    end = start + 60.0 * a.minutes
    k = len(list(out.glob("chunk-*.npz")))
    total = 0
    while time.monotonic() < end:
        t0 = time.monotonic()
        got = gen.run(deals=a.chunk, seconds=end - t0)
        np.savez(out / f"chunk-{k:04d}.npz", x=got["x"], dd=got["dd"], heur=got["heur"],
                 trick=got["trick"])
        total += len(got["heur"])
        print(f"chunk {k}: {got['deals']} deals, {len(got['heur'])} decisions in "
              f"{time.monotonic() - t0:.0f} s; {total} in {time.monotonic() - start:.0f} s",
              flush=True)
        k += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
