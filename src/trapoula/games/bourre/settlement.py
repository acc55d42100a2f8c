"""Settlement of a Bourré pot (RULES.md §2.4): payouts, bourré payments and the carry.

``settle`` is pure: it takes the pot (after every ante and draw fee, before anything is paid
out), each seat's tricks (``None`` for a seat that folded) and the options.

>>> from trapoula.core.options import build_options
>>> from trapoula.games.bourre.rules import BourreOptions
>>> ru = build_options(BourreOptions, {}, {})
>>> s = settle(6, {"P1": 3, "P2": 2, "P3": None, "P4": 0}, ru)   # RULES.md §2.5
>>> s.payouts, s.bourre, s.carry
({'P1': 6}, {'P4': 6}, 6)
>>> settle(7, {"P1": 2, "P2": 2, "P3": 1}, ru).as_result()
{'payouts': {'P1': 3, 'P2': 3}, 'bourre': {}, 'carry': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trapoula.errors import ConfigError
from trapoula.games.bourre.rules import BourreOptions

__all__ = ["Settlement", "normalize_players", "settle", "settle_core"]


@dataclass(frozen=True)
class Settlement:
    """What a deal's pot does: who takes what, who pays what as bourré, what carries over.

    ``payouts`` and ``bourre`` omit zero entries; ``carry`` is what starts the next pot before
    its antes (the undivided remainder plus the bourré payments).  ``tied`` lists the seats
    tied for most tricks (empty without a tie), for the ``pagat`` ante exemptions.
    """

    payouts: dict[str, int]
    bourre: dict[str, int]
    carry: int
    tied: tuple[str, ...] = ()

    def as_result(self) -> dict[str, Any]:
        """The deal result of scenarios.md: ``{"payouts": …, "bourre": …, "carry": N}``."""
        return {"payouts": dict(self.payouts), "bourre": dict(self.bourre), "carry": self.carry}


def normalize_players(players: Mapping[str, Any]) -> dict[str, int | None]:
    """Accept the scenario form (``{"tricks": N}`` or ``"folded"``) or ints / None.

    >>> normalize_players({"P1": {"tricks": 3}, "P2": "folded", "P3": 2, "P4": None})
    {'P1': 3, 'P2': None, 'P3': 2, 'P4': None}
    """
    out: dict[str, int | None] = {}
    for seat, v in players.items():
        if v is None or v == "folded":
            out[seat] = None
        elif isinstance(v, Mapping) and isinstance(v.get("tricks"), int):
            out[seat] = int(v["tricks"])
        elif isinstance(v, int) and not isinstance(v, bool):
            out[seat] = v
        else:
            raise ConfigError(
                f"player {seat}: expected {{'tricks': N}} or 'folded', got {v!r}"
            )
        t = out[seat]
        if t is not None and not 0 <= t <= 5:
            raise ConfigError(f"player {seat}: tricks must be 0..5, got {t}")
    return out


def settle(pot: int, players: Mapping[str, Any], options: BourreOptions) -> Settlement:
    """Settle ``pot`` among ``players`` (seat -> tricks taken, or None/"folded").

    - nobody active: the pot carries (BO-A8);
    - one active player: he takes the pot without play; nobody is bourré (§2.2.7);
    - one player with most tricks takes the pot; a tie follows ``tie_rule`` (§2.4.2);
    - each active player with no trick pays the pot (at most ``bourre_cap`` when it is set)
      into the next pot (§2.4.3).
    """
    tricks = normalize_players(players)
    active = [(s, t) for s, t in tricks.items() if t is not None]
    payouts, bourre, carry, tied = settle_core(pot, active, options.tie_rule, options.bourre_cap)
    return Settlement(payouts, bourre, carry, tied)


def settle_core(
    pot: int, active: list[tuple[str, int]], tie_rule: str, cap: int
) -> tuple[dict[str, int], dict[str, int], int, tuple[str, ...]]:
    """:func:`settle` on checked input: the active players in seat order with their tricks.

    Returns ``(payouts, bourre, carry, tied)`` as in :class:`Settlement`.

    >>> settle_core(6, [("P1", 3), ("P2", 2), ("P4", 0)], "split_tied", 0)
    ({'P1': 6}, {'P4': 6}, 6, ())
    """
    if not active:
        return {}, {}, pot, ()
    if len(active) == 1:
        return ({active[0][0]: pot} if pot else {}), {}, 0, ()
    most = max(t for _, t in active)
    tied = [s for s, t in active if t == most]
    payouts: dict[str, int] = {}
    carry = 0
    if len(tied) == 1:
        if pot:
            payouts[tied[0]] = pot
    else:
        takers = tied if tie_rule == "split_tied" else [s for s, _ in active]
        if tie_rule == "carry":
            carry = pot
        else:
            share = pot // len(takers)
            carry = pot - share * len(takers)
            if share:
                payouts = {s: share for s in takers}
    fine = min(pot, cap) if cap else pot
    bourre = {s: fine for s, t in active if t == 0} if fine else {}
    carry += fine * len(bourre)
    return payouts, bourre, carry, tuple(tied) if len(tied) > 1 else ()
