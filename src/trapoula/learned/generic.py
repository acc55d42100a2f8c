"""Learned bots over the vector observations (Bourré, Burraco): a Q-network in numpy.

A weights file of ``trapoula train bourre|burraco --export PATH`` holds a ReLU MLP
(``w0, b0, w1, b1, ...``, ``w`` of shape ``[in, out]``) from the learning environments'
observation of a seat's view (``trapoula.envs.make_adapter(game, layout=...)``, the layout in
``layout``) to one value per integer of the game's action layout: the deal's expected reward
for the seat (the adapter's ``margin``, divided by ``scale``) after that integer.  The bot plays
the legal integer of highest value; where an action takes several integers (Burraco's melds)
it picks them one after the other, each from the observation with the integers chosen so far
(``pending``), exactly as the batched environments step.  Numpy only; no torch.

No weights are shipped for these games yet (none has been measured to beat the heuristic):
``make_bot("learned", game)`` without ``weights=`` is a ConfigError naming the command that
trains them (docs/learned.md).

>>> import numpy as np, trapoula
>>> g = trapoula.make("bourre")
>>> from trapoula.envs import make_adapter
>>> ad = make_adapter(g)
>>> rng = np.random.default_rng(0)
>>> arrays = {"w0": rng.normal(size=(ad.obs_layout.size, ad.num_actions)),
...           "b0": np.zeros(ad.num_actions), "game": np.array(["bourre"])}
>>> bot = LearnedGameBot(g, weights=GameNet(arrays))
>>> s = g.new_deal(seed=1)
>>> while not s.is_over:
...     s = s.apply(bot.choose(s.view(s.current_player)))
>>> s.is_over
True
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.errors import ConfigError

__all__ = ["GameNet", "LearnedGameBot", "load_net", "shipped_path"]

GAME_NAMES = {"bourre": "Bourré", "burraco": "Burraco"}


def shipped_path(game: str) -> Path:
    """Where the package would ship the game's weights (``learned/data/<game>_learned.npz``)."""
    return Path(str(resources.files("trapoula.learned") / "data" / f"{game}_learned.npz"))


class GameNet:
    """The numpy network of a weights file: ``values(obs [M, inputs]) -> [M, actions]``."""

    def __init__(self, arrays: Any) -> None:
        import numpy as np

        self.layers: list[tuple[Any, Any]] = []
        while f"w{len(self.layers)}" in arrays:
            k = len(self.layers)
            self.layers.append((np.asarray(arrays[f"w{k}"], np.float32),
                                np.asarray(arrays[f"b{k}"], np.float32)))
        if not self.layers:
            raise ConfigError("a learned bot's weights need at least one layer (w0, b0)")
        self.game = str(arrays["game"][0]) if "game" in arrays else ""
        self.layout = str(arrays["layout"][0]) if "layout" in arrays else "own"
        self.scale = float(arrays["scale"][0]) if "scale" in arrays else 1.0
        self.inputs = int(self.layers[0][0].shape[0])
        self.outputs = int(self.layers[-1][0].shape[1])

    def values(self, x: Any) -> Any:
        """The network's values of inputs ``[M, inputs]`` (float32).  One row (a bot's
        decision) goes through the first layer by its nonzero inputs only (the observations
        are mostly zeros): a few hundred rows of ``w0`` instead of a product with all of it,
        which a multi-threaded BLAS makes slow on a busy machine."""
        import numpy as np

        h = np.asarray(x, np.float32)
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            if k == 0 and h.shape[0] == 1:
                nz = np.flatnonzero(h[0])
                h = (h[0, nz] @ w[nz] + b)[None, :]
            else:
                h = h @ w + b
            if k < last:
                np.maximum(h, 0.0, out=h)
        return h


@lru_cache(maxsize=8)
def _load(path: str) -> GameNet:
    import numpy as np

    with np.load(path, allow_pickle=False) as z:
        return GameNet({k: z[k] for k in z.files})


def load_net(game: str, path: str | Path | None = None) -> GameNet:
    """The network of a weights file for ``game`` (default: the shipped one, if any)."""
    name = GAME_NAMES.get(game, game)
    if path is None:
        p = shipped_path(game)
        if not p.exists():
            raise ConfigError(
                f"no weights are shipped for the learned {name} bot: train and export your "
                f"own (`trapoula train {game} --run-dir runs/{game} --minutes 30`, then "
                f"`trapoula train {game} --run-dir runs/{game} --export {game}.npz`) and load "
                f"them with make_bot('learned', game, weights='{game}.npz') (docs/learned.md)")
    else:
        p = Path(path)
        if not p.exists():
            raise ConfigError(f"no learned weights at {p} (export them: trapoula train {game} "
                              f"--export {p})")
    net = _load(str(p.resolve()))
    if net.game and net.game != game:
        raise ConfigError(f"{p} holds weights for {net.game}, not {game}")
    return net


class LearnedGameBot(Bot):
    """The legal integer of highest network value, from the seat's view only (numpy).

    ``weights``: a weights file or a :class:`GameNet` (default: the shipped file, which
    Bourré and Burraco do not have yet: a ConfigError says how to train one).  Deterministic;
    ties go to the lowest integer.
    """

    name = "learned"

    def __init__(self, game: Game, seed: int | None = None, *,
                 weights: str | Path | GameNet | None = None) -> None:
        super().__init__(game, seed)
        from trapoula.envs import make_adapter

        self.net = weights if isinstance(weights, GameNet) else load_net(game.name, weights)
        if self.net.game and self.net.game != game.name:
            raise ConfigError(f"these weights are for {self.net.game}, not {game.name}")
        self.adapter = make_adapter(game, layout=self.net.layout)
        size, n = self.adapter.obs_layout.size, self.adapter.num_actions
        if (self.net.inputs, self.net.outputs) != (size, n):
            raise ConfigError(
                f"the learned weights map {self.net.inputs} inputs to {self.net.outputs} "
                f"values; this game's observation has {size} values and {n} actions (other "
                f"options, e.g. the number of players?)")

    def values(self, view: Any, pending: tuple[int, ...] = ()) -> dict[int, float]:
        """The network's value (in reward units) of each legal integer of ``view``."""
        q = self.net.values(self.adapter.observe(view, pending).reshape(1, -1))[0]
        table = self.adapter.table(list(view.legal_actions), pending)
        return {i: float(q[i]) * self.net.scale for i in table}

    def choose(self, view: Any) -> Action:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        pending: tuple[int, ...] = ()
        while True:
            q = self.net.values(self.adapter.observe(view, pending).reshape(1, -1))[0]
            table = self.adapter.table(legal, pending)
            best = max(sorted(table), key=lambda i: q[i])
            action = table[best]
            if action is not None:
                return action
            pending = (*pending, best)
