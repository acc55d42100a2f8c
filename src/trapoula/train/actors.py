"""Self-play actors for Deep Monte-Carlo: batches of Bourloto deals played with numpy weights.

An actor holds one :mod:`trapoula.vector` batch of a preset (``layout="shared"``) and plays it
with a :class:`~trapoula.learned.bourloto.QNet` built from the weights it is given:
each seat to act takes the legal integer of highest value, or with probability ``epsilon`` a
uniformly random legal one.  For the warm start a side may be played by the heuristic bot
instead (each side of each deal with probability ``heuristic``; its moves are recorded too,
with the same exploration).  With ``heuristic_bidding`` every decision before the play phase
is the heuristic's (no exploration): the network learns the card play of the hybrid bot
(``LearnedBourlotoBot(bidding="heuristic")``) on the contracts the heuristic takes.  When a
deal ends, every decision of it becomes one sample:
the features the network saw, the integer played and the deal's return for the acting seat
(its points margin, divided by ``RETURN_SCALE``) — the Monte-Carlo target.

Actors need numpy only, so they run in this process (:class:`LocalActors`) or on a Ray
cluster (:class:`RayActors`, ``ray.init(address=...)``); both have ``collect(arrays, ...)``.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> arrays = {"w0": rng.normal(size=(872, 140)).astype(np.float32), "b0": np.zeros(140),
...           "presets": np.array(["gr", "ru"])}
>>> actor = SelfPlayActor("gr", ("gr", "ru"), num_envs=4, seed=1)
>>> out = actor.run(arrays, steps=80, epsilon=0.1, heuristic=0.5)
>>> out["x"].shape[1], out["x"].shape[0] == out["action"].shape[0] == out["ret"].shape[0] > 0
(872, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
from trapoula.learned.bourloto import RETURN_SCALE, QNet
from trapoula.learned.features import card_features

__all__ = ["LocalActors", "RayActors", "SelfPlayActor"]


class SelfPlayActor:
    """``num_envs`` deals of ``preset`` played on and on (the batch keeps going between runs)."""

    def __init__(self, preset: str, presets: Sequence[str], num_envs: int = 256,
                 seed: int = 0, heuristic_bidding: bool = False) -> None:
        import trapoula.vector

        self.preset = preset
        self.presets = tuple(presets)
        self.env = trapoula.vector.make("bourloto", preset=preset, num_envs=num_envs,
                                        seed=seed, layout="shared")
        self.adapter = self.env.adapter
        self.n = num_envs
        self.rng = np.random.default_rng(seed)
        self.helper = BourlotoHeuristicBot(self.env.game, seed=seed)
        self.heuristic_bidding = heuristic_bidding
        play = self.adapter.obs_layout.slices["phase"].start + 5  # the "play" phase cell
        self._play_cell = int(play)
        self.obs, self.mask, self.to_act = self.env.reset()
        # per env: the decisions of the deal in progress (features row, integer, seat)
        self.traj: list[list[tuple[np.ndarray, int, int]]] = [[] for _ in range(num_envs)]
        self.by_helper = np.zeros((num_envs, 4), bool)  # seats the heuristic plays this deal
        self.heuristic = 0.0
        self.deals = 0
        self.decisions = 0

    def _view(self, i: int) -> Any:
        state = self.env.state(i)
        return state.view(str(state.current_player))

    def _new_sides(self, i: int) -> None:
        for side in (0, 1):
            self.by_helper[i, [side, side + 2]] = self.rng.random() < self.heuristic

    def run(self, arrays: Any, steps: int, epsilon: float, heuristic: float = 0.0,
            epsilon_play: float | None = None) -> dict[str, Any]:
        """Play ``steps`` decisions in every deal of the batch; the samples of the deals that
        ended (``x`` float16 ``[M, inputs]``, ``action`` int16, ``ret`` float32) and counts.
        ``epsilon_play``: the exploration rate in the play phase (default ``epsilon``)."""
        net = QNet(arrays)
        if heuristic != self.heuristic:
            first = self.heuristic == 0.0 and self.deals == 0
            self.heuristic = heuristic
            if first:
                for i in range(self.n):
                    self._new_sides(i)
        env, n, rng = self.env, self.n, self.rng
        xs: list[np.ndarray] = []
        acts: list[int] = []
        rets: list[float] = []
        deals = 0
        margins: list[float] = []
        opts = env.game.options
        for _ in range(steps):
            playing = self.obs[:, self._play_cell] == 1.0
            views: dict[int, Any] = {}
            extra = None
            if net.extra:
                extra = np.zeros((n, net.extra), np.float32)
                for i in np.flatnonzero(playing).tolist():
                    views[i] = view = self._view(i)
                    extra[i] = card_features(view, opts)
            x = net.features(self.obs, self.preset, extra).astype(np.float16)
            q = net.values(x)
            legal = self.mask > 0
            q[~legal] = -np.inf
            act = q.argmax(1)
            rand = (rng.random(self.mask.shape) * legal).argmax(1)
            eps = epsilon if epsilon_play is None else np.where(playing, epsilon_play, epsilon)
            explore = rng.random(n) < eps
            helper = self.by_helper[np.arange(n), self.to_act] & ~explore
            act = np.where(explore, rand, act)
            if self.heuristic_bidding:
                helper |= ~playing
            for i in np.flatnonzero(helper).tolist():
                view = views[i] if i in views else self._view(i)
                act[i] = self.adapter.encode(self.helper.choose(view), view)[0]
            seats = self.to_act.tolist()
            for i, a in enumerate(act.tolist()):
                self.traj[i].append((x[i], a, seats[i]))
            self.obs, self.mask, self.to_act, rewards, done = env.step(act)
            self.decisions += n
            for i in np.flatnonzero(done).tolist():
                r = rewards[i]
                for row, a, seat in self.traj[i]:
                    xs.append(row)
                    acts.append(a)
                    rets.append(float(r[seat]) / RETURN_SCALE)
                margins.append(float(r[0]))
                self.traj[i] = []
                self._new_sides(i)
                deals += 1
        self.deals += deals
        return {
            "x": np.stack(xs) if xs else np.zeros((0, net.inputs), np.float16),
            "action": np.asarray(acts, np.int16),
            "ret": np.asarray(rets, np.float32),
            "deals": deals,
            "decisions": steps * n,
            "preset": self.preset,
        }


class LocalActors:
    """One actor per preset in this process, run one after the other."""

    def __init__(self, presets: Sequence[str], num_envs: int = 256, seed: int = 0,
                 heuristic_bidding: Sequence[str] = ()) -> None:
        self.actors = [SelfPlayActor(p, presets, num_envs, seed + 1000 * k,
                                     p in heuristic_bidding)
                       for k, p in enumerate(presets)]

    def collect(self, arrays: Any, steps: int, epsilon: float, heuristic: float,
                epsilon_play: float | None = None) -> list[dict[str, Any]]:
        return [a.run(arrays, steps, epsilon, heuristic, epsilon_play) for a in self.actors]


class RayActors:
    """``per_preset`` actors per preset on a Ray cluster (``address``: ``"auto"`` joins a
    running one, ``"ray://host:10001"`` a remote one, ``"local"`` starts one here), run in
    parallel; the learner stays in this process and sends the weights each round."""

    def __init__(self, address: str, presets: Sequence[str], num_envs: int = 256,
                 seed: int = 0, per_preset: int = 1, heuristic_bidding: Sequence[str] = ()
                 ) -> None:
        import ray  # the "dist" extra

        if not ray.is_initialized():
            ray.init(address=None if address == "local" else address)
        remote = ray.remote(num_cpus=1)(SelfPlayActor)
        self.ray = ray
        self.actors: list[Any] = [
            remote.remote(p, presets, num_envs, seed + 1000 * k + j, p in heuristic_bidding)
            for k, p in enumerate(presets) for j in range(per_preset)]

    def collect(self, arrays: Any, steps: int, epsilon: float, heuristic: float,
                epsilon_play: float | None = None) -> list[dict[str, Any]]:
        ref = self.ray.put(dict(arrays))
        return list(self.ray.get([a.run.remote(ref, steps, epsilon, heuristic, epsilon_play)
                                  for a in self.actors]))
