"""Format-1 records (trapoula up to commit b0301f4): the presets as they were then.

A ``trapoula-record/1`` stores only the options that differ from its preset, so replaying it
needs the preset values of the version that wrote it, not today's: :data:`PRESETS_B0301F4`
holds every option value of every preset at b0301f4 (the same as at every earlier commit that
had the game).  This is frozen data: never edit it when a preset changes.

>>> full_options("bourloto", "gr", {"target": 501})["target"], len(full_options("bourre", "ru", {}))
(501, 13)
>>> full_options("bourloto", "pexevida", {"target": 9})  # a preset unknown then: as given
{'target': 9}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PRESETS_B0301F4", "full_options"]

PRESETS_B0301F4: dict[str, dict[str, dict[str, Any]]] = {
    "bourloto": {
        "ru": {
            "bidding": "agreement", "agreement_rounds": 4, "initial_deal": "one_at_a_time",
            "upcard_recipient": "dealer", "ru_round_stops_on_disagree": True,
            "redeal_dealer": "same", "round2_allow_upcard_suit": True, "seven_exchange": "none",
            "aponta_redeal": False, "direction": "clockwise", "four_values": "flat_100",
            "run6_value": 100, "split_runs": False, "declaration_timing": "before_play",
            "bourlot_announce": "with_declarations", "compare_declarations": False,
            "equal_seq_winner": "none", "sevens_cancel_jacks": False, "overtrump_required": False,
            "partner_exception": False, "contract": False, "capot_mode": "bonus_90",
            "meza_compare": "deal_total", "target": 1000, "tie_extra_deals": 2,
        },
        "gr": {
            "bidding": "take_name", "agreement_rounds": 4, "initial_deal": "3+2",
            "upcard_recipient": "dealer", "ru_round_stops_on_disagree": True,
            "redeal_dealer": "next", "round2_allow_upcard_suit": True,
            "seven_exchange": "trump_is_upcard_suit", "aponta_redeal": False,
            "direction": "counterclockwise", "four_values": "gr", "run6_value": 100,
            "split_runs": False, "declaration_timing": "first_trick",
            "bourlot_announce": "when_played", "compare_declarations": True,
            "equal_seq_winner": "none", "sevens_cancel_jacks": False, "overtrump_required": True,
            "partner_exception": False, "contract": True, "capot_mode": "replace_250",
            "meza_compare": "deal_total", "target": 1000, "tie_extra_deals": 1,
        },
    },
    "bourre": {
        "ru": {
            "players": 4, "ante": 1, "max_ante": 0, "ante_exemptions": "none",
            "trump_card": "stock_top", "max_draw": "auto", "draw_fee": None,
            "draw_fee_mode": "if_drawing", "forced_lead": "any_of_AKQ", "tie_rule": "split_tied",
            "bourre_cap": 0, "starting_stack": 100, "max_deals": 0,
        },
    },
    "burraco": {
        "seed": {
            "target": 2000, "semi_clean_bonus": 0, "closing_requires": "any_burraco",
            "closing_discard_wild_forbidden": True, "stock_end": "two_cards_left",
            "meld_ownership": "team", "deduct_hands": "all_players", "stalemate_turns": 4,
            "dealer_tiebreak": "redraw", "tie_extra_deals": 1, "players": 4,
        },
        "fibur": {
            "target": 2005, "semi_clean_bonus": 150, "closing_requires": "any_burraco",
            "closing_discard_wild_forbidden": True, "stock_end": "two_cards_left",
            "meld_ownership": "team", "deduct_hands": "all_players", "stalemate_turns": 4,
            "dealer_tiebreak": "redraw", "tie_extra_deals": 1, "players": 4,
        },
    },
}


def full_options(game: Any, preset: Any, changed: Mapping[str, Any]) -> dict[str, Any]:
    """Every option value of a format-1 record: its preset as of b0301f4, then its changes.

    A game or preset that did not exist then (so no format-1 record can have it) gives
    ``changed`` as it is."""
    presets = PRESETS_B0301F4.get(str(game), {})
    base = presets.get(str(preset if preset is not None else _DEFAULT.get(str(game))), {})
    return {**base, **changed}


_DEFAULT = {"bourloto": "ru", "bourre": "ru", "burraco": "seed"}  # the default presets then
