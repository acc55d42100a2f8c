"""Paired returns: every legal action of a heuristic deal's decision played out.

Bidding decisions are few (two or three a deal) and their Monte-Carlo return is noisy: the
same hand takes or goes inside by the luck of the other hands.  :class:`BiddingRollouts`
plays fresh deals with the heuristic bot and, at each decision before the play phase with a
choice, plays the deal out once from *each* legal action, the heuristic continuing for every
seat (the heuristic is deterministic, so the deal's hidden cards are the only chance): one
sample per legal action, all from the same deal, so the differences between the actions'
targets carry no deal luck.  A target is still an unbiased return of Q(observation, action)
for the heuristic's continuation (the Q that the ``"improve"`` hybrid needs); the learner
mixes these samples with the actors' (docs/learned.md).  The main line then goes on with
the heuristic's choice (with probability ``epsilon`` a random legal one) until play begins.

With ``cards`` > 0 the deal goes on into the play phase and about ``cards`` of its play-phase
decisions with a choice (each with probability ``cards / 24``) are played out every legal way
too: paired card-play returns, the same principle (a play-out from mid-deal is cheaper than one
from the bidding).  With ``centered`` each group's targets keep only their differences: the
target of action ``a`` is the network's mean value of the group's legal actions (the weights
of the round) plus ``G(a)`` minus the group's mean return — the deal luck common to the group
leaves the targets, and the level of the values is left to the actors' samples.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> arrays = {"w0": rng.normal(size=(872, 140)).astype(np.float32), "b0": np.zeros(140),
...           "presets": np.array(["gr", "ru"])}
>>> out = BiddingRollouts("gr", seed=1).run(arrays, seconds=0.0, min_deals=1)
>>> out["x"].shape[1], len(out["action"]) == len(out["ret"]) > 0
(872, True)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

import trapoula
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
from trapoula.envs import make_adapter
from trapoula.learned.bourloto import RETURN_SCALE, QNet
from trapoula.learned.features import card_features

__all__ = ["BiddingRollouts"]


class BiddingRollouts:
    """Deals of ``preset`` whose pre-play decisions are each played out every legal way."""

    def __init__(self, preset: str, seed: int = 0, epsilon: float = 0.1, *,
                 cards: float = 0.0, bidding: bool = True, centered: bool = False,
                 epsilon_play: float = 0.05) -> None:
        self.preset = preset
        self.cards = cards
        self.bidding = bidding
        self.centered = centered
        self.epsilon_play = epsilon_play
        self.game = trapoula.make("bourloto", preset)
        self.adapter = make_adapter(self.game, layout="shared")
        self.helper = BourlotoHeuristicBot(self.game, seed=seed)
        self.rng = np.random.default_rng(seed)
        self.epsilon = epsilon

    def _playout(self, s: Any) -> dict[str, float]:
        choose = self.helper.choose
        while not s.is_over:
            s = s.apply(choose(s.view(s.current_player)))
        return self.adapter.state_rewards(s)

    def _group(self, net: QNet, s: Any, view: Any, seat: str, xs: list[np.ndarray],
               acts: list[int], rets: list[float]) -> None:
        """One sample per legal action of ``view``: the deal played out from it."""
        extra = card_features(view, self.game.options) if net.extra else None
        x32 = net.features(self.adapter.observe(view), self.preset, extra)
        x = x32[0].astype(np.float16)
        table = {i: a for i, a in self.adapter.table(list(view.legal_actions)).items()
                 if a is not None}
        group = [self._playout(s.apply(a))[seat] / RETURN_SCALE for a in table.values()]
        if self.centered:
            q = net.values(x32)[0]
            level = float(np.mean([q[i] for i in table])) - float(np.mean(group))
            group = [g + level for g in group]
        for i, g in zip(table, group, strict=True):
            xs.append(x)
            acts.append(i)
            rets.append(g)

    def run(self, arrays: Any, seconds: float, min_deals: int = 0) -> dict[str, Any]:
        """Deals for ``seconds`` (at least ``min_deals``): the samples (``x`` float16,
        ``action`` int16, ``ret`` float32) and counts, like an actor's."""
        net = QNet(arrays)
        xs: list[np.ndarray] = []
        acts: list[int] = []
        rets: list[float] = []
        deals = decisions = 0
        p_card = self.cards / 24.0
        end = time.monotonic() + seconds
        while deals < min_deals or time.monotonic() < end:
            s: Any = self.game.new_deal(seed=int(self.rng.integers(2**31)))
            deals += 1
            while not s.is_over and (self.cards > 0 or s.phase != "play"):
                seat = str(s.current_player)
                view = s.view(seat)
                legal = view.legal_actions
                playing = s.phase == "play"
                if len(legal) > 1 and (self.rng.random() < p_card if playing
                                       else self.bidding):
                    self._group(net, s, view, seat, xs, acts, rets)
                    decisions += 1
                eps = self.epsilon_play if playing else self.epsilon
                if self.rng.random() < eps:
                    act = legal[int(self.rng.integers(len(legal)))]
                else:
                    act = self.helper.choose(view)
                s = s.apply(act)
        return {
            "x": np.stack(xs) if xs else np.zeros((0, net.inputs), np.float16),
            "action": np.asarray(acts, np.int16),
            "ret": np.asarray(rets, np.float32),
            "deals": deals,
            "decisions": decisions,
            "preset": self.preset,
        }
