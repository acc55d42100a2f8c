"""Incremental observation encoders (fenced fast path): filled in per game below."""

from __future__ import annotations

from trapoula.envs.base import Adapter
from trapoula.vector.encode import Encoder

__all__ = ["incremental_encoder"]


def incremental_encoder(adapter: Adapter, num_envs: int) -> Encoder | None:
    """The fast encoder of this adapter's game, or None (the reference encoder is used)."""
    return None
