"""The bot interface: a bot sees only a seat's view and returns one of its legal actions.

Bots never receive the full state: ``choose(view)`` gets what ``state.view(seat)`` returns,
which holds the seat's own cards, public information and ``legal_actions``.

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> deal = trapoula.make("bourloto", "gr").new_deal(seed=5)
>>> bot = make_bot("random", deal.game, seed=1)
>>> str(bot.choose(deal.view(deal.current_player))) in ("take", "pass")
True
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from typing import Any

from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.errors import ConfigError

__all__ = ["BOTS", "Bot", "RandomBot", "available_bots", "make_bot"]


class Bot(ABC):
    """A player program.  Subclasses implement :meth:`choose`."""

    name: str = "bot"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Any) -> Action:
        """One of ``view.legal_actions``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, view: Any) -> Action:
        acts = view.legal_actions
        return acts[int(self.rng.random() * len(acts))]  # type: ignore[no-any-return]


# bot name -> {game name or "*": "module:Class"}
BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "trapoula.bots.base:RandomBot"},
    "heuristic": {
        "bourloto": "trapoula.bots.bourloto_heuristic:BourlotoHeuristicBot",
        "bourre": "trapoula.bots.bourre_heuristic:BourreHeuristicBot",
        "burraco": "trapoula.bots.burraco_heuristic:BurracoHeuristicBot",
    },
    # search bots and levels (issue 6)
    "pimc": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoPIMCBot",
             "bourre": "trapoula.bots.bourre_pimc:BourrePIMCBot"},
    "ismcts": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoISMCTSBot",
               "bourre": "trapoula.bots.bourre_pimc:BourreISMCTSBot"},
    "easy": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoEasyBot",
             "bourre": "trapoula.bots.levels:BourreEasyBot",
             "burraco": "trapoula.bots.levels:BurracoEasyBot"},
    "medium": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoMediumBot",
               "bourre": "trapoula.bots.levels:BourreMediumBot",
               "burraco": "trapoula.bots.levels:BurracoMediumBot"},
    "hard": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoHardBot",
             "burraco": "trapoula.bots.burraco_strong:BurracoStrongBot",
             "bourre": "trapoula.bots.bourre_pimc:BourreHardBot"},
    "expert": {"bourloto": "trapoula.bots.bourloto_pimc:BourlotoExpertBot",
               "burraco": "trapoula.bots.levels:BurracoExpertBot",
               "bourre": "trapoula.bots.bourre_pimc:BourreExpertBot"},
    # the Deep Monte-Carlo Q-network (issue 17; numpy inference: trapoula/learned)
    "learned": {"bourloto": "trapoula.learned.bourloto:LearnedBourlotoBot",
                "bourre": "trapoula.learned.bourre:LearnedBourreBot",
                "burraco": "trapoula.learned.burraco:LearnedBurracoBot"},
    # not (yet) measurably stronger than the heuristic: a name of its own, not a level
    "rollout": {"burraco": "trapoula.bots.burraco_search:BurracoSearchBot"},
}


def available_bots(game: str | None = None) -> list[str]:
    return sorted(b for b, per in BOTS.items() if game is None or "*" in per or game in per)


def make_bot(name: str, game: Game, seed: int | None = None, **kwargs: Any) -> Bot:
    """A bot by name for a game: ``make_bot("heuristic", trapoula.make("bourloto"))``.

    ``"learned@PATH"`` is ``make_bot("learned", game, weights="PATH")``: the learned bot with
    a weights file of ``trapoula train GAME --export PATH`` (a name the command line's
    ``--bots`` of ``play`` and ``arena`` take too)."""
    name, at, path = name.partition("@")
    if at:
        if name != "learned" or not path:
            raise ConfigError(f"only the learned bot takes weights (learned@PATH), not "
                              f"{name}@{path!r}")
        kwargs["weights"] = path
    per = BOTS.get(name)
    if per is None or (game.name not in per and "*" not in per):
        raise ConfigError(
            f"no bot {name!r} for {game.name}; bots are: {', '.join(available_bots(game.name))}"
        )
    module, _, cls = per.get(game.name, per.get("*", "")).partition(":")
    bot_cls = getattr(importlib.import_module(module), cls)
    bot: Bot = bot_cls(game, seed=seed, **kwargs)
    return bot
