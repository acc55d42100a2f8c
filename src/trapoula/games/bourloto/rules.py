"""Bourloto rule options (RULES.md §1.9) and the two presets ``ru`` and ``gr``.

>>> from trapoula.core.options import build_options
>>> gr = build_options(BourlotoOptions, PRESETS["gr"], {})
>>> gr.overtrump_required, gr.capot_mode, gr.target
(True, 'replace_250', 1000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trapoula.core.options import RuleOptions, option
from trapoula.errors import ConfigError

__all__ = ["PRESETS", "BourlotoOptions", "run6_of", "validate"]


@dataclass(frozen=True)
class BourlotoOptions(RuleOptions):
    """Every Bourloto rule option; the defaults are the ``ru`` preset where the presets differ."""

    # --- dealing and trump selection (§1.2) ---
    bidding: str = option(
        "agreement", "how trump is chosen: ru unanimous agreement rounds or gr take/name",
        choices=("agreement", "take_name"),
    )
    agreement_rounds: int = option(4, "ru: agreement rounds before a redeal", minimum=1, maximum=8)
    initial_deal: str = option(
        "one_at_a_time", "first five cards: one at a time (ru) or 3 then 2 (gr)",
        choices=("one_at_a_time", "3+2"),
    )
    upcard_recipient: str = option(
        "dealer", "BL-A1: who takes the upcard with the last 2 stock cards",
        choices=("dealer", "taker"),
    )
    ru_round_stops_on_disagree: bool = option(
        True, "BL-A2: an agreement round ends at the first disagree"
    )
    redeal_dealer: str = option(
        "same", "BL-A3: who deals after a thrown-in deal", choices=("same", "next")
    )
    round2_allow_upcard_suit: bool = option(
        True, "BL-A7: gr round 2 may name the upcard's suit"
    )
    seven_exchange: str = option(
        "none", "BL-A8: when the 7 of trumps may be swapped for the upcard (only a 7 from "
        "the holder's first five cards, §1.2.2.7; refused with upcard_recipient='taker')",
        choices=("none", "trump_is_upcard_suit", "any"),
    )
    aponta_redeal: bool = option(
        False, "§1.2.2.9: a player whose first 5 cards hold 0 points may demand a redeal"
    )
    aponta_after_take: bool = option(
        False, "PEX efoplismos.js: after the take, a player who has not bid and whose first 5 "
        "cards hold 0 points counting trump values may still demand a redeal (with his first "
        "action after the deal)",
    )
    # --- declarations (§1.3) ---
    four_values: str = option(
        "flat_100", "four of a kind values: any rank 100 (ru) or J200 9:150 A-Q100 8,7:0 (gr)",
        choices=("flat_100", "gr"),
    )
    run6_value: int = option(100, "BL-A6: a run of 6-8 cards", minimum=0)
    long_runs: str = option(
        "score", "a run of 6-8 cards scores run6_value and ranks above a quinte, or (none, PEX "
        "vida.js Aeras) is no declaration: it neither scores nor ranks",
        choices=("score", "none"),
    )
    split_runs: bool = option(False, "BL-A14: a long run may be split into shorter ones")
    declaration_timing: str = option(
        "before_play", "BL-A9: declarations shown before the first lead or with the trick-1 card; "
        "or (in_play, PEX partida.js, energia.js ΑΕΡΑΣ) shown with 'show' by the player to play "
        "during the first declaration_tricks tricks, the opponents answering approve or cut",
        choices=("before_play", "first_trick", "in_play"),
    )
    declaration_tricks: int = option(
        6, "in_play: the tricks during which a declaration may be shown (PEX cpanel.js: "
        "while fewer than 6 tricks are over)", minimum=1, maximum=8,
    )
    follow_declaration: bool = option(
        False, "in_play: the card played after a show is one of the shown cards (PEX "
        "partida.js partidaAerasLastCheck, efoplismos.js)",
    )
    bourlot_announce: str = option(
        "with_declarations",
        "Bourloto (K+Q of trumps) shown with the declarations (ru) or said with the card (gr)",
        choices=("with_declarations", "when_played"),
    )
    compare_declarations: bool = option(
        False, "BL-A9: only the team with the best declaration scores its declarations"
    )
    equal_seq_winner: str = option(
        "none", "BL-A10: equal best plain sequences: nobody scores, or the first declarer",
        choices=("none", "first_declarer"),
    )
    sevens_cancel_jacks: bool = option(False, "BL-A15: four 7s cancel the opponents' four jacks")
    # --- play (§1.4) ---
    overtrump_required: bool = option(False, "must beat the highest trump when able")
    partner_exception: bool = option(
        False, "BL-A13: no duty to trump or overtrump while the partner is winning"
    )
    # --- scoring (§1.5, §1.6) ---
    contract: bool = option(False, "gr: the buying team must score more than the defenders")
    capot_mode: str = option(
        "bonus_90", "BL-A11: capot is +90 (252) or 250 instead of the trick points",
        choices=("bonus_90", "replace_250"),
    )
    meza_compare: str = option(
        "deal_total", "BL-A4: ru meza equality on deal totals or trick points",
        choices=("deal_total", "trick_points"),
    )
    target: int = option(1000, "BL-A12: points to win the match", minimum=1)
    tie_extra_deals: int = option(
        2, "deals played after equal totals at or above the target", minimum=1
    )


PRESETS: dict[str, dict[str, Any]] = {
    "ru": {},
    "gr": {
        "bidding": "take_name",
        "initial_deal": "3+2",
        "redeal_dealer": "next",
        "seven_exchange": "trump_is_upcard_suit",
        "four_values": "gr",
        "declaration_timing": "first_trick",
        "bourlot_announce": "when_played",
        "compare_declarations": True,
        "overtrump_required": True,
        "contract": True,
        "capot_mode": "replace_250",
        "tie_extra_deals": 1,
    },
}
# pexevida (panos1962/pexevida, the Greek online server): gr with its house rules, each from
# its rules code (docs/rules/bourloto.md lists the sources)
PRESETS["pexevida"] = {
    **PRESETS["gr"],
    "round2_allow_upcard_suit": False,  # efoplismos.js: round 2 offers the three other suits
    "aponta_redeal": True,  # vida.js trparamDefault ΑΠΟΝΤΑ: ΝΑΙ
    "aponta_after_take": True,  # efoplismos.js efoplismosΑΓΟΡΑbelotConfirm
    "run6_value": 0,  # vida.js Aeras: a run of 6+ has pontoi 0 ...
    "long_runs": "none",  # ... and taxi 0: it neither scores nor ranks
    "capot_mode": "bonus_90",  # pliromi.js: +90 to the team that took every trick
    "target": 1551,  # vida.js lixi.belot[0], trapezi.js trapeziLixiGet
    "declaration_timing": "in_play",  # energia.js ΑΕΡΑΣ: shown in tricks 1-6, approved or cut
    "follow_declaration": True,  # partida.js partidaAerasLastCheck: the next card from it
}


def validate(opts: BourlotoOptions, *, stored: bool = False) -> None:
    """Refuse option combinations the rules give no meaning to, rather than guess one
    (raises ConfigError naming the options).  ``stored``: the rules of a game stored by an
    earlier version (a record, a web table), which may hold the seven exchange with
    ``upcard_recipient="taker"`` (refused for new games since: it loads and plays as then).

    >>> from trapoula.core.options import build_options
    >>> validate(build_options(BourlotoOptions, {}, {"contract": True}))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trapoula.errors.ConfigError: options 'contract' = true and 'bidding' = 'agreement' conflict...
    """
    if opts.bidding == "agreement":
        if opts.contract:
            raise ConfigError(
                "options 'contract' = true and 'bidding' = 'agreement' conflict: a contract "
                "needs a buying team, and in the unanimous agreement nobody buys (RULES "
                "§1.2.1.5); use bidding='take_name' or contract=false")
        if opts.upcard_recipient == "taker":
            raise ConfigError(
                "options 'upcard_recipient' = 'taker' and 'bidding' = 'agreement' conflict: "
                "in the unanimous agreement nobody takes (RULES §1.2.1.5); use "
                "upcard_recipient='dealer' or bidding='take_name'")
    elif opts.seven_exchange != "none" and opts.upcard_recipient == "taker" and not stored:
        raise ConfigError(
            f"options 'seven_exchange' = {opts.seven_exchange!r} and 'upcard_recipient' = "
            "'taker' conflict: the 7's holder may swap only with his first action after the "
            "deal, while the upcard's recipient has not yet acted (RULES §1.2.2.7), so a "
            "holder who plays after the taker could never swap; use upcard_recipient='dealer' "
            "(every other seat acts before the dealer) or seven_exchange='none'")
    if opts.long_runs == "none" and opts.split_runs:
        raise ConfigError(
            "options 'long_runs' = 'none' and 'split_runs' = true conflict: a run of 6-8 "
            "that is no declaration cannot be split into declarations; choose one")
    if opts.aponta_after_take and opts.bidding != "take_name":
        raise ConfigError(
            "options 'aponta_after_take' = true and 'bidding' = 'agreement' conflict: nobody "
            "takes in the unanimous agreement; use bidding='take_name'")
    if opts.declaration_timing == "in_play" and (
        opts.bourlot_announce == "with_declarations" or opts.split_runs
        or opts.sevens_cancel_jacks
    ):
        raise ConfigError(
            "option 'declaration_timing' = 'in_play' conflicts with "
            "bourlot_announce='with_declarations', split_runs=true and "
            "sevens_cancel_jacks=true: a shown declaration is one run of 3-5 or one four, "
            "approved or cut by the opponents (no comparison, no Bourlot with it); use "
            "bourlot_announce='when_played', split_runs=false, sevens_cancel_jacks=false")
    if opts.sevens_cancel_jacks and opts.four_values != "gr":
        raise ConfigError(
            "options 'sevens_cancel_jacks' = true and 'four_values' = "
            f"{opts.four_values!r} conflict: four 7s cancel four jacks only where they are "
            "worth nothing themselves (RULES §1.3.1, four_values='gr'); use four_values='gr' "
            "or sevens_cancel_jacks=false")


def run6_of(opts: BourlotoOptions) -> int:
    """The value given to a run of 6-8 cards: ``run6_value``, or -1 when such a run is no
    declaration at all (``long_runs="none"``: it neither scores nor ranks)."""
    return -1 if opts.long_runs == "none" else opts.run6_value
