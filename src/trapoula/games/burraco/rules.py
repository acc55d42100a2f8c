"""Burraco rule options (RULES.md §3.10) and the presets ``seed`` and ``fibur``.

>>> from trapoula.core.options import build_options
>>> fib = build_options(BurracoOptions, PRESETS["fibur"], {})
>>> fib.target, fib.semi_clean_bonus, fib.closing_requires
(2005, 150, 'any_burraco')
>>> build_options(BurracoOptions, PRESETS["seed"], {"players": 3}).players
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trapoula.core.options import RuleOptions, option

__all__ = ["PRESETS", "BurracoOptions"]


@dataclass(frozen=True)
class BurracoOptions(RuleOptions):
    """Every Burraco rule option; the defaults are the ``seed`` preset."""

    target: int = option(2000, "BU-A1: points to win the match (FIBUR: 2005)", minimum=1)
    semi_clean_bonus: int = option(
        0, "BU-A2: bonus of a semi-clean burraco (0 = not recognised, it counts as dirty)",
        minimum=0,
    )
    closing_requires: str = option(
        "any_burraco", "BU-A3: the closing team needs any burraco or a clean one",
        choices=("any_burraco", "clean_burraco"),
    )
    closing_discard_wild_forbidden: bool = option(
        True, "BU-A4: the closing discard may not be a wild card"
    )
    stock_end: str = option(
        "two_cards_left",
        "BU-A5: the hand ends when 2 stock cards are left, or untaken pozzetti refill the stock",
        choices=("two_cards_left", "untaken_pozzetto_refills"),
    )
    meld_ownership: str = option(
        "team", "BU-A6: a player adds to his team's melds or only to his own",
        choices=("team", "player"),
    )
    deduct_hands: str = option(
        "all_players",
        "BU-A7: cards left in hand count against every team, or not against the closing team",
        choices=("all_players", "except_closing_team"),
    )
    stalemate_turns: int = option(
        4, "BU-A8: consecutive turns taking a 1-card pile without melding that end the hand",
        minimum=1, maximum=1000,
    )
    dealer_tiebreak: str = option(
        "redraw", "BU-A9: players tied for the lowest card redraw, or suits decide (S>H>D>C)",
        choices=("redraw", "suit"),
    )
    tie_extra_deals: int = option(
        1, "hands played after equal totals at or above the target", minimum=1
    )
    players: int = option(
        4, "number of players: 4 in two partnerships; 2 or 3 each playing alone "
        "(one 11-card pozzetto each; docs/burraco-players.md)", choices=(2, 3, 4),
    )


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {},
    "fibur": {"target": 2005, "semi_clean_bonus": 150},
}
