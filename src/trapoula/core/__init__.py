"""The protocol every game implements: options, actions, states, matches, records, the
game's metadata (``game.info``) and outcomes (``state.returns()``)."""

from trapoula.core.action import Action
from trapoula.core.game import Game, derive_seed, fresh_seed
from trapoula.core.match import Match, TargetMatch, TeamMatch, match_step
from trapoula.core.options import RuleOptions, build_options, option
from trapoula.core.outcome import DealOutcome, GameInfo, MatchOutcome
from trapoula.core.registry import available_games, make, register
from trapoula.core.state import Event, GameState

__all__ = [
    "Action",
    "DealOutcome",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "Match",
    "MatchOutcome",
    "RuleOptions",
    "TargetMatch",
    "TeamMatch",
    "available_games",
    "build_options",
    "derive_seed",
    "fresh_seed",
    "make",
    "match_step",
    "option",
    "register",
]
