"""Which games have an incremental observation encoder (the fenced fast path of
:mod:`trapoula.vector`; each is pinned to its adapter by :mod:`trapoula.vector.check`).

>>> import trapoula.envs
>>> type(incremental_encoder(trapoula.envs.adapter_for("bourloto"), 4)).__name__
'BourlotoEncoder'
"""

from __future__ import annotations

from trapoula.envs.base import Adapter
from trapoula.vector.encode import Encoder

__all__ = ["incremental_encoder"]


def incremental_encoder(adapter: Adapter, num_envs: int) -> Encoder | None:
    """The fast encoder of this adapter's game, or None (the reference encoder is used)."""
    name = adapter.game.name
    if name == "bourloto":
        from trapoula.vector.bourloto import BourlotoEncoder, knows

        return BourlotoEncoder(adapter, num_envs) if knows(adapter) else None
    return None
