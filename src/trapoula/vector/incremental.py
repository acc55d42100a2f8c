"""Which games have an incremental observation encoder (the fenced fast path of
:mod:`trapoula.vector`; each is pinned to its adapter by :mod:`trapoula.vector.check`).

>>> import trapoula.envs
>>> type(incremental_encoder(trapoula.envs.adapter_for("bourloto"), 4)).__name__
'BourlotoEncoder'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trapoula.envs.base import Adapter
from trapoula.vector.encode import Encoder

if TYPE_CHECKING:
    from trapoula.vector.env import VectorEnv

__all__ = ["batched_env", "incremental_encoder"]


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
