"""Burraco: presets ``seed`` and ``fibur`` (RULES.md §3); 2, 3 or 4 players (option
``players``; docs/burraco-players.md)."""

from trapoula.games.burraco.game import Burraco
from trapoula.games.burraco.match import SoloMatch
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_meld
from trapoula.games.burraco.rules import PRESETS, BurracoOptions
from trapoula.games.burraco.state import BurracoState

__all__ = [
    "PRESETS",
    "Burraco",
    "BurracoOptions",
    "BurracoState",
    "MeldInfo",
    "SoloMatch",
    "add_to_meld",
    "analyze_meld",
]
