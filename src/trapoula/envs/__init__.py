"""Standard AI interfaces for every trapoula game: PettingZoo, Gymnasium and OpenSpiel.

Install the ``rl`` extra (``pip install trapoula[rl]``).  The three adapters share one
:class:`~trapoula.envs.base.Adapter` per rules object, which fixes the integer action layout,
the observation tensor (named slices, built from ``state.view(seat)`` only) and its string
form, and the rewards:

- :mod:`trapoula.envs.pettingzoo` — ``env(game, preset, **options)``: a turn-based AEC
  environment for every game and preset; ``parallel_env`` and ``module`` for the
  parallel-compatible form.
- :mod:`trapoula.envs.gymnasium` — one seat against bots, ids ``trapoula/Bourloto-ru-v0`` ...
- :mod:`trapoula.envs.openspiel` — the games registered with ``pyspiel.register_game``
  (``trapoula_bourloto``, ``trapoula_bourre``, ``trapoula_burraco``).

>>> import trapoula
>>> ad = make_adapter(trapoula.make("bourre"))
>>> ad.num_actions, ad.obs_layout.size > 0
(85, True)
"""

from __future__ import annotations

from trapoula.core.game import Game
from trapoula.core.registry import make
from trapoula.envs.base import Adapter, Play

__all__ = ["ADAPTERS", "LAYOUTS", "Adapter", "Play", "adapter_for", "make_adapter"]

ADAPTERS = {
    "bourloto": "trapoula.envs.bourloto:BourlotoAdapter",
    "bourre": "trapoula.envs.bourre:BourreAdapter",
    "burraco": "trapoula.envs.burraco:BurracoAdapter",
}


LAYOUTS = ("own", "shared")


def make_adapter(game: Game, reward: str = "margin", layout: str = "own") -> Adapter:
    """The adapter of a rules object (``trapoula.make(...)``).

    ``layout="own"`` (default) sizes the observation for these rules; ``layout="shared"``
    uses one layout for every preset of the game (Bourloto: the bidding log padded to the
    largest preset's, so ``ru`` and ``gr`` both give 870 values with the same slices; see
    docs/envs/layouts.md), so one agent can train on several presets.
    """
    import importlib

    if layout not in LAYOUTS:
        raise ValueError(f"layout must be 'own' or 'shared', not {layout!r}")
    module, _, cls = ADAPTERS[game.name].partition(":")
    kind = getattr(importlib.import_module(module), cls)
    adapter: Adapter = kind(game, reward, layout=layout)
    return adapter


def adapter_for(name: str, preset: str | None = None, reward: str = "margin",
                layout: str = "own", **options: object) -> Adapter:
    """``make_adapter(trapoula.make(name, preset, **options), reward, layout)``."""
    return make_adapter(make(name, preset, **options), reward, layout)
