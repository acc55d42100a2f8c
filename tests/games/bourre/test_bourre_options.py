"""Rule options (RULES.md §2.6), the preset, the registry and setup validation."""

from __future__ import annotations

from typing import Any

import pytest

import trapoula
from trapoula.cards import Card
from trapoula.errors import ConfigError
from trapoula.games.bourre import PRESETS

from .helpers import EXAMPLE_SETUP, game

SECTION_2_6_KEYS = ["forced_lead", "draw_fee_mode", "max_draw", "tie_rule", "trump_card",
                    "ante_exemptions", "bourre_cap"]


def test_2_6_every_config_key_is_an_option_with_the_default_of_rules_md() -> None:
    g = trapoula.make("bourre")
    names = {i.name for i in g.describe_options()}
    assert set(SECTION_2_6_KEYS) <= names
    assert {"players", "ante", "max_ante", "draw_fee", "starting_stack", "max_deals"} <= names
    o = g.options
    assert (o.forced_lead, o.draw_fee_mode, o.max_draw, o.tie_rule, o.trump_card,
            o.ante_exemptions, o.bourre_cap) == (
        "any_of_AKQ", "if_drawing", "auto", "split_tied", "stock_top", "none", 0)
    assert (o.players, o.ante) == (4, 1)
    assert PRESETS == {"ru": {}}
    assert g.preset == "ru" and "bourre" in trapoula.available_games()


@pytest.mark.parametrize(
    "bad",
    [{"players": 1}, {"players": 8}, {"tie_rule": "coin"}, {"forced_lead": "any"},
     {"max_draw": 6}, {"ante": 0}, {"draw_fee": -1}, {"draw_fee": "two"}, {"colour": 1}],
)
def test_2_6_bad_options_are_config_errors(bad: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        trapoula.make("bourre", **bad)


@pytest.mark.parametrize(
    "setup",
    [
        {**EXAMPLE_SETUP, "hands": {**EXAMPLE_SETUP["hands"], "P4": ["2D", "3D"]}},
        {**EXAMPLE_SETUP, "hands": {**EXAMPLE_SETUP["hands"], "P4": ["AS", "3D", "4D", "5D",
                                                                     "6D"]}},
        {**EXAMPLE_SETUP, "hands": {k: v for k, v in EXAMPLE_SETUP["hands"].items()
                                    if k != "P2"}},
        {**EXAMPLE_SETUP, "hands": {**EXAMPLE_SETUP["hands"], "P5": ["7H"]}},
        {**EXAMPLE_SETUP, "stock": ["QS", "AS"]},
        {**EXAMPLE_SETUP, "trump_card": "KS"},
        {k: v for k, v in EXAMPLE_SETUP.items() if k != "trump_card"},
        {**EXAMPLE_SETUP, "pot": -1},
        {**EXAMPLE_SETUP, "stock": "QS"},
        {**EXAMPLE_SETUP, "stock": ["JK"]},
    ],
)
def test_setup_errors(setup: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        game().from_setup(setup)


def test_setup_defaults_pot_and_ante_and_unlisted_cards_fill_the_stock() -> None:
    setup = {k: v for k, v in EXAMPLE_SETUP.items() if k not in ("pot", "ante", "stock")}
    s = game(ante=2).from_setup(setup)
    assert s.pot == 8 and s.ante == 2 and len(s.stock) == 52 - 21
    assert list(s.stock) == sorted(s.stock)  # canonical order
    assert s.stock[0] == Card.parse("8S").index  # 2S-6S are P3's, 7S is the trump card


def test_setup_with_a_dealer() -> None:
    s = game().from_setup({**EXAMPLE_SETUP, "dealer": "P2"})
    assert s.current_player == "P3" and s.dealer == "P2"


def test_new_deal_dealer_must_sit_at_the_table() -> None:
    with pytest.raises(ConfigError):
        game(3).new_deal(seed=1, dealer="P5")
