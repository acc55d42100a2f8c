"""The learned Bourloto bot: a Q-network trained by Deep Monte-Carlo self-play, numpy only.

:class:`LearnedBourlotoBot` turns the seat's view into the learning environments' observation
(``trapoula.envs`` adapter, ``layout="shared"``: the same 870 values for ``ru`` and ``gr``),
appends which of the trained presets is played, and runs a small multi-layer perceptron
that gives one value per integer of the 140-action layout: the deal's expected points for
the seat's side (divided by :data:`RETURN_SCALE`) after that action.  It plays the legal
integer of highest value.  The weights ship with the package
(``trapoula/learned/data/bourloto_learned.npz``, float16); playing needs numpy, not torch.
Training (torch, the ``train`` extra) is :mod:`trapoula.train` (docs/learned.md).

Two documented hybrids split the deal at the play phase: ``bidding="heuristic"`` — the
heuristic bot decides before it (bidding, agreement, ``ru``'s declarations), the network plays
the cards (with the words and the seven exchange offered with them); ``play="heuristic"`` —
the network bids, the heuristic plays the cards.  A third way, ``"improve"``, asks the
heuristic for its move and plays the network's best legal integer instead only when the network
values it more than the heuristic's move by at least the ``margin`` (deal points; one margin
for the decisions before the play phase, one for those in it): a one-step improvement of the
heuristic, for a network trained on the heuristic's own games (docs/learned.md).  The weights
file says which preset plays which way by default (``mode_<preset>`` and ``margin_<preset>``,
or the older ``heuristic_bidding`` and ``heuristic_play`` lists: the presets where that hybrid
measured strongest in benchmarks/learned_strength.py); else every decision is the network's.
A file may also hold a card network (``card_w0, ...``, trained on double-dummy card values:
:mod:`trapoula.train.distill`) for the presets in ``card_presets``: there ``"learned"`` and
``"improve"`` in the play phase value the cards with it (from trick ``card_from`` + 1 on).

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourloto", "gr")
>>> bots = [make_bot("learned", g, seed=i) for i in range(4)]
>>> s = g.new_deal(seed=7)
>>> while not s.is_over:
...     s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))
>>> sorted(s.result)
['hanging', 'scores']
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

__all__ = [
    "DEFAULT_BIDDING", "DEFAULT_MARGIN", "DEFAULT_PLAY", "RETURN_SCALE", "LearnedBourlotoBot",
    "QNet", "load_qnet", "weights_path",
]

# the deal's points are divided by this to make a network's return (and multiplied back)
RETURN_SCALE = 100.0
# "learned": every decision by the network; "heuristic": the heuristic bot bids, declares and
# exchanges, the network plays the cards
DEFAULT_BIDDING = "learned"
DEFAULT_PLAY = "learned"  # the same choice for the play phase
# the "improve" hybrid's margin (points) when the weights file names none
DEFAULT_MARGIN = 10.0


def weights_path() -> Path:
    """The shipped weights file (inside the package)."""
    return Path(str(resources.files("trapoula.learned") / "data" / "bourloto_learned.npz"))


class QNet:
    """A ReLU multi-layer perceptron in numpy: ``values(x)`` for a batch ``[M, inputs]``.

    ``arrays`` holds ``w0, b0, w1, b1, ...`` (``w`` of shape ``[in, out]``) and the list of
    ``presets`` whose one-hot flag follows the observation.

    >>> import numpy as np
    >>> net = QNet({"w0": np.eye(2, 3), "b0": np.zeros(3), "w1": np.ones((3, 1)),
    ...             "b1": np.zeros(1), "presets": np.array(["gr"])})
    >>> net.values(np.array([[1.0, -2.0]])).tolist()
    [[1.0]]
    """

    def __init__(self, arrays: Any) -> None:

        self.layers = self._layers(arrays, "")
        if not self.layers:
            raise ConfigError("a learned bot's weights need at least one layer (w0, b0)")
        self.presets: tuple[str, ...] = tuple(str(p) for p in arrays["presets"])
        # presets whose network was trained on the heuristic's bidding (the hybrid's default)
        self.heuristic_bidding: tuple[str, ...] = self._names(arrays, "heuristic_bidding")
        # presets where the network's bidding with the heuristic's card play measured best
        self.heuristic_play: tuple[str, ...] = self._names(arrays, "heuristic_play")
        # per preset: who decides (bidding, play) and the "improve" margins (points)
        self.modes: dict[str, tuple[str, str]] = {}
        self.margins: dict[str, tuple[float, float]] = {}
        for p in self.presets:
            if f"mode_{p}" in arrays:
                bid, play = (str(m) for m in arrays[f"mode_{p}"])
                self.modes[p] = (bid, play)
            if f"margin_{p}" in arrays:
                mb, mp = (float(m) for m in arrays[f"margin_{p}"])
                self.margins[p] = (mb, mp)
        # the card-play features appended after the preset flag (trapoula.learned.features)
        self.feature_set = str(arrays["features"][0]) if "features" in arrays and len(
            arrays["features"]) else ""
        if self.feature_set:
            from trapoula.learned.features import NAME, SIZE

            if self.feature_set != NAME:
                raise ConfigError(f"unknown learned feature set {self.feature_set!r} "
                                  f"(this version computes {NAME!r})")
        self.extra = SIZE if self.feature_set else 0
        self.inputs = int(self.layers[0][0].shape[0])
        self.outputs = int(self.layers[-1][0].shape[1])
        # the card network (``card_w0, card_b0, ...``: the same input and outputs, trained on
        # double-dummy card values, trapoula.train.distill), the presets whose card play it
        # decides and the tricks done from which on it does (older files have none)
        self.card_layers = self._layers(arrays, "card_")
        self.card_presets: tuple[str, ...] = (
            self._names(arrays, "card_presets") if self.card_layers else ())
        self.card_from = int(arrays["card_from"][0]) if "card_from" in arrays else 0
        # a card network whose input also holds the heuristic's card (32 one-hot values)
        self.card_heuristic = bool(self.card_layers) and int(
            self.card_layers[0][0].shape[0]) == self.inputs + 32
        # the card values averaged over the six plain-suit permutations of the view
        # (trapoula.learned.symmetry; older files: False, the view as it is)
        self.card_symmetry = bool(self.card_layers) and "card_symmetry" in arrays and bool(
            int(arrays["card_symmetry"][0]))

    @staticmethod
    def _layers(arrays: Any, prefix: str) -> list[tuple[Any, Any]]:
        """The layers ``{prefix}w0, {prefix}b0, {prefix}w1, ...`` of a weights file (float32)."""
        import numpy as np

        layers: list[tuple[Any, Any]] = []
        while f"{prefix}w{len(layers)}" in arrays:
            k = len(layers)
            layers.append((np.asarray(arrays[f"{prefix}w{k}"], np.float32),
                           np.asarray(arrays[f"{prefix}b{k}"], np.float32)))
        return layers

    @staticmethod
    def _names(arrays: Any, key: str) -> tuple[str, ...]:
        return tuple(str(p) for p in arrays[key]) if key in arrays else ()

    def values(self, x: Any, layers: list[tuple[Any, Any]] | None = None) -> Any:
        """The network's values ``[M, outputs]`` of inputs ``[M, inputs]`` (float32);
        ``layers``: another network of the file (:attr:`card_layers`)."""
        import numpy as np

        h = np.asarray(x, np.float32)
        layers = self.layers if layers is None else layers
        last = len(layers) - 1
        for k, (w, b) in enumerate(layers):
            h = h @ w + b
            if k < last:
                np.maximum(h, 0.0, out=h)
        return h

    def features(self, obs: Any, preset: str, extra: Any = None) -> Any:
        """Observation rows ``[M, obs]`` followed by the preset's one-hot flag and, for a
        network with card-play features, ``extra`` ``[M, self.extra]`` (zeros if None)."""
        import numpy as np

        if preset not in self.presets:
            raise ConfigError(
                f"the learned bot was trained for presets {', '.join(self.presets)}, "
                f"not {preset!r}")
        obs = np.asarray(obs, np.float32).reshape(
            -1, self.inputs - len(self.presets) - self.extra)
        flag = np.zeros((obs.shape[0], len(self.presets)), np.float32)
        flag[:, self.presets.index(preset)] = 1.0
        parts = [obs, flag]
        if self.extra:
            parts.append(np.zeros((obs.shape[0], self.extra), np.float32) if extra is None
                         else np.asarray(extra, np.float32).reshape(obs.shape[0], self.extra))
        return np.concatenate(parts, axis=1)


@lru_cache(maxsize=4)
def load_qnet(path: str | None = None) -> QNet:
    """The network of a weights file (default: the shipped one), loaded once per path."""
    import numpy as np

    p = weights_path() if path is None else Path(path)
    if not p.exists():
        raise ConfigError(f"no learned weights at {p} (export them: docs/learned.md)")
    with np.load(p, allow_pickle=False) as z:
        return QNet({k: z[k] for k in z.files})


class LearnedBourlotoBot(Bot):
    """Plays the legal integer of highest network value, from the seat's view only.

    ``weights``: a weights file or a :class:`QNet` (default: the shipped file);
    ``bidding`` / ``play``: ``"learned"``, ``"heuristic"`` or ``"improve"``, who decides
    before / in the play phase (the hybrids: see the module docs); ``margin``: the
    ``"improve"`` margins (points) before / in the play phase.  The bot is deterministic
    (``seed`` only seeds the heuristic in the hybrids); ties go to the lowest integer.
    """

    name = "learned"

    def __init__(self, game: Game, seed: int | None = None, *,
                 weights: str | QNet | None = None, bidding: str | None = None,
                 play: str | None = None, margin: tuple[float, float] | None = None
                 ) -> None:
        super().__init__(game, seed)
        from trapoula.envs import make_adapter

        self.net = weights if isinstance(weights, QNet) else load_qnet(weights)
        self.adapter = make_adapter(game, layout="shared")
        if (self.adapter.obs_layout.size + len(self.net.presets) + self.net.extra
                != self.net.inputs):
            raise ConfigError(
                f"the learned weights take {self.net.inputs} inputs, this game's observation "
                f"has {self.adapter.obs_layout.size} values (+{len(self.net.presets)} flags, "
                f"+{self.net.extra} card-play features)")
        if game.preset not in self.net.presets:
            raise ConfigError(
                f"the learned bot was trained for presets {', '.join(self.net.presets)}, "
                f"not {game.preset!r}")
        modes = self.net.modes.get(game.preset)
        if bidding is None:
            bidding = modes[0] if modes else (
                "heuristic" if game.preset in self.net.heuristic_bidding else DEFAULT_BIDDING)
        self.bidding = bidding
        if play is None:
            play = modes[1] if modes else (
                "heuristic" if game.preset in self.net.heuristic_play else DEFAULT_PLAY)
        self.play = play
        for what, who in (("bidding", self.bidding), ("play", self.play)):
            if who not in ("learned", "heuristic", "improve"):
                raise ConfigError(
                    f"{what} must be 'learned', 'heuristic' or 'improve', not {who!r}")
        self.margin = margin if margin is not None else self.net.margins.get(
            game.preset, (DEFAULT_MARGIN, DEFAULT_MARGIN))
        self._helper: Bot | None = None
        self._sym: Any = None  # the permutation tables, built at the first use
        # the file's card network plays this preset's cards (in modes learned and improve)
        self.cards = bool(self.net.card_layers) and game.preset in self.net.card_presets
        if {"heuristic", "improve"} & {self.bidding, self.play} or (
                self.cards and self.play != "heuristic"):
            from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot

            self._helper = BourlotoHeuristicBot(game, seed=seed)

    def _features(self, obs: Any, view: Any) -> Any:
        extra = None
        if self.net.extra:
            from trapoula.learned.features import card_features

            extra = card_features(view, self.game.options)
        return self.net.features(obs, self.game.preset, extra)

    def values(self, view: Any) -> dict[int, float]:
        """The network's value (in deal points) of each legal integer of ``view``."""
        obs = self.adapter.observe(view)
        q = self.net.values(self._features(obs, view))[0]
        table = self.adapter.table(list(view.legal_actions))
        return {i: float(q[i]) * RETURN_SCALE for i in table}

    def choose(self, view: Any) -> Action:
        acts = view.legal_actions
        if len(acts) == 1:
            return acts[0]  # type: ignore[no-any-return]
        playing = view.phase == "play"  # the observation's "play" phase cell
        mode = self.play if playing else self.bidding
        if mode == "heuristic":
            assert self._helper is not None
            return self._helper.choose(view)
        if playing and self.cards:
            return self._card(view, mode)
        obs = self.adapter.observe(view)
        q = self.net.values(self._features(obs, view))[0]
        table = self.adapter.table(list(acts))
        best = max(sorted(table), key=lambda i: q[i])
        if mode == "improve":
            assert self._helper is not None
            theirs = self._helper.choose(view)
            mine = self.adapter.encode(theirs, view)[0]
            if (q[best] - q[mine]) * RETURN_SCALE < self.margin[1 if playing else 0]:
                return theirs
        action = table[best]
        if action is None:  # pragma: no cover - Bourloto's integers are whole actions
            return self.adapter.decode([best], view)
        return action

    def _card(self, view: Any, mode: str) -> Action:
        """The card network's move: the heuristic's seven exchange (and any other extra
        answer offered with the first card), then the legal card of highest value, played
        with every word it allows (declare, bourlot: their points do not depend on the order
        of play, so the card network does not value them); before trick ``card_from`` + 1,
        or in ``"improve"`` unless the network's card beats the heuristic's by the margin
        (card points), the heuristic's move."""
        from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
        from trapoula.learned.features import CARDS

        helper = self._helper
        assert isinstance(helper, BourlotoHeuristicBot)
        swap, acts = helper.swap_or_rest(view)
        if swap is not None:
            return swap
        by_card: dict[int, Action] = {}
        for a in acts:
            if a.kind != "play" or not a.cards:
                continue
            c = a.cards[0].index
            old = by_card.get(c)
            if old is None or len(a.words) > len(old.words):
                by_card[c] = a
        if len(by_card) < 2 or len(view.tricks) < self.net.card_from:
            return helper.choose(view) if len(by_card) != 1 else next(iter(by_card.values()))
        obs = self.adapter.observe(view)
        x = self._features(obs, view)
        theirs = helper.choose(view) if mode == "improve" or self.net.card_heuristic else None
        if self.net.card_heuristic:
            import numpy as np

            one = np.zeros((1, 32), np.float32)
            if theirs is not None and theirs.kind == "play" and theirs.cards:
                one[0, CARDS.index(theirs.cards[0].index)] = 1.0
            x = np.concatenate([x, one], axis=1)
        if self.net.card_symmetry:
            cq = self._sym_card_values(x)
            value = {c: float(cq[CARDS.index(c)]) * RETURN_SCALE for c in by_card}
        else:
            q = self.net.values(x, self.net.card_layers)[0]
            value = {c: float(q[12 + 4 * CARDS.index(c)]) * RETURN_SCALE for c in by_card}
        best = max(sorted(value), key=value.__getitem__)
        if mode == "improve":
            assert theirs is not None
            if not (theirs.kind == "play" and theirs.cards) or (
                    theirs.cards[0].index not in value) or (
                    value[best] - value[theirs.cards[0].index] < self.margin[1]):
                return theirs
        return by_card[best]

    def _sym_card_values(self, x: Any) -> Any:
        """The card network's 32 card values (network units) of input ``x`` ``[1, inputs
        (+32)]``, averaged over the six plain-suit permutations of its view: six rows
        (:mod:`trapoula.learned.symmetry`; the heuristic's card one-hot, if any, permuted with
        the cards)."""
        import numpy as np

        sym = self._sym
        if sym is None:
            from trapoula.learned.symmetry import SymTables

            layout = self.adapter.obs_layout
            sym = self._sym = SymTables(
                layout, self.net.inputs,
                layout.size + len(self.net.presets) if self.net.extra else None)
        width = self.net.inputs
        row = x[0]
        t = int(sym.trumps(row[None, :width])[0])
        xs = row[:width][sym.gather[t]]  # [6, inputs]
        if self.net.card_heuristic:
            one = np.zeros((6, 32), np.float32)
            h = np.flatnonzero(row[width:])
            if len(h):
                one[np.arange(6), sym.cards[t][:, h[0]]] = 1.0
            xs = np.concatenate([xs, one], axis=1)
        # one row at a time: a 6-row product goes to a multi-threaded BLAS routine, which
        # costs ~1-3 ms a decision on a busy machine (OMP_NUM_THREADS unset); 1-row ones stay
        # on one thread (~25 us each)
        q = np.concatenate([self.net.values(xs[j:j + 1], self.net.card_layers)
                            for j in range(6)])  # [6, outputs]
        # card k's value under permutation j is that of the card it became
        return q[np.arange(6)[:, None], 12 + 4 * sym.cards[t]].mean(0)
