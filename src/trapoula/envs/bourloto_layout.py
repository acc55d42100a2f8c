"""The fixed numbering of Bourloto's learning environment, shared by the adapter
(:mod:`trapoula.envs.bourloto`) and its fast rows (:mod:`trapoula.envs.bourloto_fast`,
which the adapter loads only when numpy is there): the 140 action labels and their
integers, the phases of the ``phase`` slice and the scale of the points cells.

>>> len(LABELS), _PLAY0, INDEX["play 7S bourlot"], PHASES[5]
(140, 12, 13, 'play')
"""

from __future__ import annotations

from trapoula.cards import deck_32

__all__ = ["INDEX", "LABELS", "PHASES"]

_WORD_ACTIONS = (
    "agree", "disagree", "pass", "take", "name S", "name H", "name D", "name C",
    "exchange", "keep", "declare", "redeal",
)
_FLAGS = ("", " bourlot", " declare", " bourlot declare")
_PLAY0 = len(_WORD_ACTIONS)
_CARDS = deck_32()
LABELS: tuple[str, ...] = _WORD_ACTIONS + tuple(
    f"play {c}{f}" for c in _CARDS for f in _FLAGS
)
INDEX: dict[str, int] = {t: i for i, t in enumerate(LABELS)}

PHASES = ("agree", "bid1", "bid2", "exchange", "declare", "play", "over")
_SCALE = 500.0  # declaration points, hanging points and deal scores are divided by this
