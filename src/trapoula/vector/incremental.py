"""How a batch is built (:func:`make`, ``trapoula.vector.make``): which games play part of
a deal in numpy or in place (:func:`batched_env`) and which keep their observations up to
date incrementally (:func:`incremental_encoder`) -- the fenced fast paths of
:mod:`trapoula.vector`, each pinned to its adapter by :mod:`trapoula.vector.check`; every
other batch is a plain :class:`~trapoula.vector.env.VectorEnv`.

>>> import trapoula.envs
>>> type(incremental_encoder(trapoula.envs.adapter_for("bourloto"), 4)).__name__
'BourlotoEncoder'
"""

from __future__ import annotations

from typing import Any

import trapoula.envs
from trapoula.envs.base import Adapter
from trapoula.vector.encode import Encoder
from trapoula.vector.env import VectorEnv

__all__ = ["batched_env", "incremental_encoder", "make"]


def incremental_encoder(adapter: Adapter, num_envs: int) -> Encoder | None:
    """The fast encoder of this adapter's game, or None (the reference encoder is used)."""
    name = adapter.game.name
    if name == "bourloto":
        from trapoula.vector.bourloto import BourlotoEncoder, knows

        return BourlotoEncoder(adapter, num_envs) if knows(adapter) else None
    if name == "burraco":
        from trapoula.vector.burraco import BurracoEncoder
        from trapoula.vector.burraco import knows as burraco_knows

        return BurracoEncoder(adapter, num_envs) if burraco_knows(adapter) else None
    return None


def batched_env(adapter: Adapter, num_envs: int, seed: int) -> VectorEnv | None:
    """A VectorEnv that plays part of each deal in numpy (:mod:`trapoula.vector.bourloto_play`,
    :mod:`~trapoula.vector.bourre_play`) or plays the engine's tables in place
    (:mod:`~trapoula.vector.burraco`), when the game has one, else None."""
    if adapter.game.name == "bourloto":
        from trapoula.vector.bourloto import knows
        from trapoula.vector.bourloto_play import BourlotoVectorEnv, supported

        if knows(adapter) and supported(adapter.game.options):
            return BourlotoVectorEnv(adapter, num_envs, seed)
    if adapter.game.name == "burraco":
        from trapoula.vector.burraco import BurracoVectorEnv
        from trapoula.vector.burraco import knows as burraco_knows

        if burraco_knows(adapter):
            return BurracoVectorEnv(adapter, num_envs, seed)
    if adapter.game.name == "bourre":
        from trapoula.vector.bourre_play import BourreVectorEnv
        from trapoula.vector.bourre_play import supported as bourre_supported

        if bourre_supported(adapter):
            return BourreVectorEnv(adapter, num_envs, seed)
    return None


def make(game: str, preset: str | None = None, *, num_envs: int = 1, seed: int = 0,
         reward: str = "margin", layout: str = "own", fast: bool = True,
         **options: Any) -> VectorEnv:
    """``num_envs`` deals of ``trapoula.make(game, preset, **options)`` (see
    :mod:`trapoula.vector`).

    ``reward`` and ``layout`` are the adapter's (``trapoula.envs.make_adapter``); ``fast``
    (default) plays the game's batch (:func:`batched_env`) or keeps the observations up to
    date incrementally (:func:`incremental_encoder`) where the game has one, else they are
    built from the views."""
    adapter = trapoula.envs.adapter_for(game, preset, reward, layout, **options)
    encoder: Encoder | None = None
    if fast:
        env = batched_env(adapter, num_envs, seed)
        if env is not None:
            return env
        encoder = incremental_encoder(adapter, num_envs)
    return VectorEnv(adapter, num_envs, seed, encoder)
