"""Burraco: presets ``seed`` and ``fibur`` (RULES.md §3)."""

from trapoula.games.burraco.game import Burraco
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_meld
from trapoula.games.burraco.rules import PRESETS, BurracoOptions
from trapoula.games.burraco.state import BurracoState

__all__ = [
    "PRESETS",
    "Burraco",
    "BurracoOptions",
    "BurracoState",
    "MeldInfo",
    "add_to_meld",
    "analyze_meld",
]
