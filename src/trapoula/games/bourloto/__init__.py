"""Bourloto: presets ``ru`` and ``gr`` (RULES.md §1)."""

from trapoula.games.bourloto.game import Bourloto
from trapoula.games.bourloto.rules import PRESETS, BourlotoOptions
from trapoula.games.bourloto.state import BourlotoState

__all__ = ["PRESETS", "Bourloto", "BourlotoOptions", "BourlotoState"]
