"""Option combinations the rules give no meaning to are refused with a ConfigError that
names the options, never guessed (RULES §1.2.1.5: in ru nobody buys; §1.3.1)."""

from __future__ import annotations

import pytest

import trapoula
from trapoula.errors import ConfigError


@pytest.mark.parametrize("preset, options, names", [
    ("ru", {"contract": True}, ("'contract'", "'bidding'")),
    ("gr", {"bidding": "agreement"}, ("'contract'", "'bidding'")),  # gr has a contract
    ("ru", {"upcard_recipient": "taker"}, ("'upcard_recipient'", "'bidding'")),
    ("gr", {"sevens_cancel_jacks": True, "four_values": "flat_100"},
     ("'sevens_cancel_jacks'", "'four_values'")),
    ("ru", {"sevens_cancel_jacks": True}, ("'sevens_cancel_jacks'", "'four_values'")),
    # §1.2.2.7: a holder who plays after the taker could never swap
    ("gr", {"upcard_recipient": "taker"}, ("'seven_exchange'", "'upcard_recipient'")),
    ("gr", {"upcard_recipient": "taker", "seven_exchange": "any"},
     ("'seven_exchange'", "'upcard_recipient'")),
])
def test_1_2_1_5_conflicting_options_are_refused(preset: str, options: dict,
                                                 names: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as err:
        trapoula.make("bourloto", preset, **options)
    for name in names:
        assert name in str(err.value)


@pytest.mark.parametrize("preset, options", [
    ("ru", {"bidding": "take_name", "contract": True}),
    ("gr", {"bidding": "agreement", "contract": False}),
    ("gr", {"upcard_recipient": "taker", "seven_exchange": "none"}),
    ("gr", {"seven_exchange": "any"}),
    ("gr", {"sevens_cancel_jacks": True}),
])
def test_1_2_1_5_coherent_combinations_are_accepted(preset: str, options: dict) -> None:
    game = trapoula.make("bourloto", preset, **options)
    assert game.new_deal(seed=1).legal_actions()


def test_2_2_5_draw_fee_with_free_drawing_is_refused() -> None:
    with pytest.raises(ConfigError, match="'draw_fee'.*'draw_fee_mode'"):
        trapoula.make("bourre", draw_fee=2, draw_fee_mode="none")
    assert trapoula.make("bourre", draw_fee=0, draw_fee_mode="none")
