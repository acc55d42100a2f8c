"""Bourré: preset ``ru`` with the pagat variants as options (RULES.md §2)."""

from trapoula.games.bourre.game import Bourre
from trapoula.games.bourre.rules import PRESETS, BourreOptions
from trapoula.games.bourre.session import BourreSession
from trapoula.games.bourre.state import BourreState

__all__ = ["PRESETS", "Bourre", "BourreOptions", "BourreSession", "BourreState"]
