"""Bourré rule options (RULES.md §2.6) and the preset ``ru``.

Every [DEC] of RULES.md §2 is an option; the defaults are the seed's reading (preset ``ru``).

>>> from trapoula.core.options import build_options
>>> ru = build_options(BourreOptions, PRESETS["ru"], {})
>>> ru.players, ru.ante, ru.tie_rule, ru.forced_lead, ru.trump_card
(4, 1, 'split_tied', 'any_of_AKQ', 'stock_top')
>>> max_draw_for(ru, 5), max_draw_for(ru, 6), draw_fee(ru, ante=2, k=0), draw_fee(ru, ante=2, k=3)
(4, 3, 0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trapoula.core.options import RuleOptions, option
from trapoula.errors import ConfigError

__all__ = ["PRESETS", "BourreOptions", "draw_fee", "max_draw_for", "validate"]


@dataclass(frozen=True)
class BourreOptions(RuleOptions):
    """Every Bourré rule option (RULES.md §2); the defaults are the ``ru`` preset."""

    # --- table (§2.1, §2.2.1) ---
    players: int = option(4, "§2.1: number of players at the table", minimum=2, maximum=7)
    ante: int = option(1, "§2.2.1: chips each player pays into the pot before a deal", minimum=1)
    max_ante: int = option(
        0, "§2.2.1: the largest ante the players allow (0 = no limit)", minimum=0
    )
    ante_exemptions: str = option(
        "none",
        "BO-A6: 'none' = everyone antes every deal; 'pagat' = bourré players and players tied "
        "for most tricks skip the next ante (sessions)",
        choices=("none", "pagat"),
    )
    # --- decision round (§2.2.4-§2.2.5) ---
    trump_card: str = option(
        "stock_top",
        "BO-A5: trump is the card turned from the stock top (in no hand, never drawn) or the "
        "dealer's 5th card dealt face up (his own; an upturned ace forbids him to fold)",
        choices=("stock_top", "dealer_fifth"),
    )
    max_draw: Any = option(
        "auto",
        "BO-A3: most cards a player may exchange; 'auto' = 4 with up to 5 players, else 3",
        choices=("auto", 0, 1, 2, 3, 4, 5),
    )
    draw_fee: Any = option(
        None, "§2.2.5: the fee for drawing, in chips (None = the deal's ante)"
    )
    draw_fee_mode: str = option(
        "if_drawing",
        "BO-A2: 'if_drawing' = the fee is paid when k >= 1 and staying with 5 is free; "
        "'always' = staying costs the fee even without drawing; 'per_card' = the fee per card "
        "drawn; 'none' = drawing is free",
        choices=("if_drawing", "always", "per_card", "none"),
    )
    # --- play (§2.3) ---
    forced_lead: str = option(
        "any_of_AKQ",
        "BO-A1: a leader holding the A, K or Q of trumps must lead his highest trump: "
        "'any_of_AKQ' = any one of them triggers it; 'cinch_AKQ' = only all three; "
        "'none' = leads are free",
        choices=("any_of_AKQ", "cinch_AKQ", "none"),
    )
    # --- settlement (§2.4) ---
    tie_rule: str = option(
        "split_tied",
        "BO-A4: a tie for most tricks: 'split_tied' = pot // t to each tied player, the "
        "remainder carries; 'carry' = the whole pot carries; 'split_all_active' = pot // a to "
        "every active player, the remainder carries",
        choices=("split_tied", "carry", "split_all_active"),
    )
    bourre_cap: int = option(
        0, "BO-A9: most a bourré player pays (0 = the whole pot, no cap)", minimum=0
    )
    # --- sessions (a table playing deal after deal) ---
    starting_stack: int = option(100, "session: chips each player starts with", minimum=1)
    max_deals: int = option(0, "session: stop after this many deals (0 = no limit)", minimum=0)
    ante_levels: str = option(
        "",
        "session: antes that rise by level, comma-separated (e.g. '1,2,3,5'); deal d antes "
        "level (d - 1) // deals_per_level, the last level staying ('' = 'ante' every deal)",
    )
    deals_per_level: int = option(6, "session: deals played at each level of 'ante_levels'",
                                  minimum=1)


PRESETS: dict[str, dict[str, Any]] = {"ru": {}}


def validate(opts: BourreOptions) -> None:
    """Checks between options that single fields cannot express (raises ConfigError).

    >>> from trapoula.core.options import build_options
    >>> validate(build_options(BourreOptions, {}, {"ante": 5, "max_ante": 2}))
    Traceback (most recent call last):
    ...
    trapoula.errors.ConfigError: option 'ante' (5) is above 'max_ante' (2)
    """
    if opts.max_ante and opts.ante > opts.max_ante:
        raise ConfigError(f"option 'ante' ({opts.ante}) is above 'max_ante' ({opts.max_ante})")
    levels = ante_levels(opts)
    if opts.max_ante and levels and max(levels) > opts.max_ante:
        raise ConfigError(f"option 'ante_levels' goes above 'max_ante' ({opts.max_ante})")
    fee = opts.draw_fee
    if fee is not None and (isinstance(fee, bool) or not isinstance(fee, int) or fee < 0):
        raise ConfigError(f"option 'draw_fee' must be a whole number >= 0 or None; got {fee!r}")
    if fee and opts.draw_fee_mode == "none":
        raise ConfigError(
            f"options 'draw_fee' = {fee} and 'draw_fee_mode' = 'none' conflict: with mode "
            "'none' drawing is free; set draw_fee=None (or 0) or another draw_fee_mode")


def ante_levels(opts: BourreOptions) -> tuple[int, ...]:
    """The session's rising antes (empty: the ante stays ``ante``).

    >>> from trapoula.core.options import build_options
    >>> ante_levels(build_options(BourreOptions, {}, {"ante_levels": "1, 2,4"}))
    (1, 2, 4)
    """
    raw = opts.ante_levels
    if not isinstance(raw, str):
        raise ConfigError(f"option 'ante_levels' is text like '1,2,3,5'; got {raw!r}")
    if not raw.strip():
        return ()
    try:
        levels = tuple(int(x) for x in raw.split(","))
    except ValueError:
        raise ConfigError(f"option 'ante_levels' is whole numbers separated by commas, like "
                          f"'1,2,3,5'; got {raw!r}") from None
    if any(a < 1 for a in levels) or any(b < a for a, b in zip(levels, levels[1:], strict=False)):
        raise ConfigError(f"option 'ante_levels' rises (or stays) from at least 1; got {raw!r}")
    return levels


def session_ante(opts: BourreOptions, deal: int) -> int:
    """The ante of a session's deal number ``deal`` (1, 2, ...)."""
    levels = ante_levels(opts)
    if not levels:
        return opts.ante
    return levels[min((max(deal, 1) - 1) // opts.deals_per_level, len(levels) - 1)]


def max_draw_for(opts: BourreOptions, n: int) -> int:
    """The most cards a player may exchange in a deal of ``n`` players (BO-A3)."""
    md = opts.max_draw
    if md == "auto":
        return 4 if n <= 5 else 3
    return int(md)


def draw_fee(opts: BourreOptions, ante: int, k: int) -> int:
    """What staying in and exchanging ``k`` cards costs (BO-A2)."""
    mode = opts.draw_fee_mode
    fee = ante if opts.draw_fee is None else int(opts.draw_fee)
    if mode == "if_drawing":
        return fee if k else 0
    if mode == "always":
        return fee
    if mode == "per_card":
        return fee * k
    return 0
