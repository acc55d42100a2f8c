"""The differential harness (the project's perft): a game's kernel against its reference.

For one deal (``game.new_deal(seed=seed)``, moves chosen by :func:`choose` with
``random.Random(seed)``), at every state:

- the kernel's phase, seat to act, terminal flag, hands (``hand_codes``) and result equal
  the engine state's;
- its legal ids equal the reference's legal list mapped to ids (``encode``), in order, and
  each id decodes to that action;
- its public facts equal the facts read from the seats' views (``state.view(seat)``, the
  spectator's ``public_view()``): the kernel shows what the views show, no more, no less;
- a kernel made afresh at the state (``kernel_of``) agrees with the one stepped there;

then both take the same move: the engine's ``apply``, the kernel's ``step`` of its id, so
every transition is compared through the next state.  :func:`differences` returns the
first difference of each deal, as text (empty: they agree).

The references of the legal lists: Burraco's readable §3.4
(:mod:`trapoula.games.burraco.reference_3_4`); Bourloto's phase rules
(``state._phase_actions``: the bidding, declaring and play modules, without the state's
plain-card shortcut); Bourré's state (:class:`~trapoula.games.bourre.state.BourreState`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import trapoula
from trapoula.core.action import Action
from trapoula.core.kernel import Kernel, kernel_of, new_kernel
from trapoula.core.seats import seat_index, seat_name

__all__ = ["CASES", "choose", "deals", "difference_along", "differences", "facts_from_view",
           "reference_legal"]

# (game, preset, options): every preset, the option sets that change legality or play
CASES: list[tuple[str, str | None, dict[str, Any]]] = [
    ("bourloto", "ru", {}),
    ("bourloto", "gr", {}),
    ("bourloto", "pexevida", {}),
    ("bourloto", "gr", {"overtrump_required": False, "partner_exception": True}),
    ("bourloto", "gr", {"seven_exchange": "any", "aponta_redeal": True,
                        "upcard_recipient": "dealer"}),
    ("bourloto", "ru", {"overtrump_required": True, "split_runs": True, "four_values": "gr",
                        "sevens_cancel_jacks": True, "aponta_redeal": True}),
    ("bourloto", "pexevida", {"follow_declaration": False, "declaration_tricks": 8}),
    *[("bourre", None, {"players": n}) for n in range(2, 8)],
    ("bourre", None, {"players": 4, "forced_lead": "cinch_AKQ", "trump_card": "dealer_fifth"}),
    ("bourre", None, {"players": 5, "forced_lead": "none", "max_draw": 5,
                      "draw_fee_mode": "per_card"}),
    ("bourre", None, {"players": 7, "tie_rule": "carry", "bourre_cap": 3, "max_draw": 2}),
    ("burraco", None, {"players": 2}),
    ("burraco", None, {"players": 3}),
    ("burraco", None, {"players": 4}),
    ("burraco", "fibur", {"meld_ownership": "player", "closing_requires": "clean_burraco"}),
    ("burraco", None, {"players": 2, "stock_end": "untaken_pozzetto_refills",
                       "closing_discard_wild_forbidden": False, "stalemate_turns": 2}),
]


def deals(default: int) -> int:
    """Deals per case: ``default``, or ``TRAPOULA_KERNEL_DEALS`` when set (a longer run)."""
    return int(os.environ.get("TRAPOULA_KERNEL_DEALS", default))


def reference_legal(state: Any) -> list[Action]:
    """The reference's legal list at ``state`` (see the module docstring)."""
    name = state.game.name
    if name == "burraco":
        from trapoula.games.burraco.reference_3_4 import legal_actions

        return legal_actions(state)
    if name == "bourloto":
        return [] if state.is_over else list(state._phase_actions(state._turn))
    return list(state.legal_actions())


def _seat(name: str | None) -> int | None:
    return None if name is None else seat_index(name)


def facts_from_view(v: Any) -> dict[str, object]:
    """The public facts of a seat's view, in the form of the kernel's ``public_facts``."""
    if v.game == "bourloto":
        return {
            "phase": v.phase,
            "to_act": _seat(v.current_player),
            "upcard": v.upcard.index if v.upcard is not None else -1,
            "trump": int(v.trump) if v.trump is not None else -1,
            "buyer": "AB".index(v.buyer) if v.buyer is not None else -1,
            "bids": tuple((seat_index(s), a) for s, a in v.bids),
            "trick": tuple((seat_index(s), c.index) for s, c in v.trick),
            "points": (v.points_taken["A"], v.points_taken["B"]),
            "tricks": (v.tricks_won["A"], v.tricks_won["B"]),
            "bourlot": (v.bourlot["A"], v.bourlot["B"]),
            "declarations": tuple(
                (seat_index(d.seat), d.name, tuple(sorted(c.index for c in d.cards)))
                for d in v.declarations
            ),
            "hand_counts": tuple(v.hand_counts[seat_name(i)] for i in range(4)),
            "stock": v.stock_count,
        }
    if v.game == "bourre":
        return {
            "phase": v.phase,
            "to_act": _seat(v.current_player),
            "trump_card": v.trump_card.index,
            "pot": v.pot,
            "stock": v.stock_count,
            "folded": tuple(seat_index(s) for s in v.folded),
            "staying": tuple(seat_index(s) for s in v.staying),
            "draws": tuple((seat_index(s), n) for s, n in v.draws.items()),
            "fees_paid": tuple(v.fees_paid[s] for s in v.players),
            "hand_counts": tuple(v.hand_counts[s] for s in v.players),
            "trick": tuple((seat_index(s), c.index) for s, c in v.trick),
            "tricks_won": tuple((seat_index(s), n) for s, n in v.tricks_won.items()),
        }
    return {
        "phase": v.phase,
        "to_act": _seat(v.current_player),
        "hand_counts": tuple(v.hand_counts.values()),
        "melds": tuple(
            tuple((tuple(sorted(c.index for c in m.cards)),
                   seat_index(m.owner) if m.owner is not None else -1) for m in team)
            for team in v.melds.values()
        ),
        "discard": tuple(c.index for c in v.discard),
        "stock": v.stock_count,
        "pozzetti": v.pozzetti_left,
        "taken": tuple(v.pozzetto_taken.values()),
        "picked": v.picked.index if v.picked is not None else -1,
        "ending": v.stock_ending,
        "stall": v.stalemate_count,
        "end_reason": v.end_reason,
    }


def _compare(k: Kernel, state: Any, all_views: bool) -> str:
    """The first difference between a kernel and an engine state, or ""."""
    players = len(state.view("P1").hand_counts)
    to_act = None if state.is_over else state.current_index
    if (k.phase, k.to_act, k.is_terminal) != (state.phase, to_act, state.is_over):
        return (f"phase/to_act/terminal: kernel {(k.phase, k.to_act, k.is_terminal)}, "
                f"reference {(state.phase, to_act, state.is_over)}")
    for seat in range(players):
        want = tuple(sorted(c.index for c in state.hand(seat)))
        if k.hand_codes(seat) != want:
            return f"hand of P{seat + 1}: kernel {k.hand_codes(seat)}, reference {want}"
    legal = reference_legal(state)
    ids = k.legal_ids()
    want_ids = [k.encode(a) for a in legal]
    if ids != want_ids:
        extra = [str(k.decode(i)) for i in ids if i not in want_ids]
        missing = [str(a) for a in legal if k.encode(a) not in ids]
        return (f"legal ids: kernel has {len(ids)}, reference {len(legal)}; only the kernel's: "
                f"{extra[:5]}, only the reference's: {missing[:5]}"
                + ("" if extra or missing else " (the order differs)"))
    if [k.decode(i) for i in ids] != legal:
        return "legal ids: decode(encode(action)) is not the action"
    if state.game.name == "burraco" and ids != sorted(ids):
        return "legal ids: Burraco's ids are not in increasing order (the canonical order)"
    facts = k.public_facts()
    views = [state.public_view()]
    if all_views:
        views += [state.view(seat_name(s)) for s in range(players)]
    elif to_act is not None:
        views.append(state.view(seat_name(to_act)))
    for v in views:
        seen = facts_from_view(v)
        if facts != seen:
            keys = [key for key in seen if facts.get(key) != seen[key]]
            key = keys[0] if keys else "(keys)"
            return (f"public facts, {key!r}: kernel {facts.get(key)!r}, "
                    f"view of {v.seat or 'a spectator'} {seen.get(key)!r}")
    fresh = kernel_of(state)
    if fresh.legal_ids() != ids or fresh.public_facts() != facts:
        return "kernel_of(state) differs from the kernel stepped to the state"
    if k.result() != state.result:
        return f"result: kernel {k.result()}, reference {state.result}"
    return ""


_ENDING = frozenset(("pass", "disagree", "redeal", "fold"))


def choose(legal: list[Action], rng: random.Random, eager: bool = False) -> Action:
    """A random legal action; ``eager``: three times in four not one that ends a deal
    early (a pass, a fold...) when there is another, so that the deal reaches play more
    often (:func:`differences` plays the even seeds eager, the odd ones uniform)."""
    if eager and rng.random() < 0.75:
        going = [a for a in legal if a.kind not in _ENDING]
        if going:
            legal = going
    return legal[int(rng.random() * len(legal))]


def differences(
    game: Any, seeds: range | list[int], *, all_views_every: int = 16,
    make: Callable[[Any, int], Kernel] = new_kernel,
) -> list[str]:
    """The first difference of each deal (seed) between ``game``'s kernel and its reference,
    as text; every seat's view is read every ``all_views_every`` states (the spectator's and
    the player to act's at every state)."""
    out = []
    for seed in seeds:
        found = difference_along(game.new_deal(seed=seed), make(game, seed), seed,
                                 all_views_every)
        if found:
            out.append(f"{game!r} seed {seed}, {found}")
    return out


def difference_along(state: Any, k: Kernel, seed: int, all_views_every: int = 16) -> str:
    """The first difference between ``k`` and ``state`` along a deal played on from them
    (moves by :func:`choose` with ``random.Random(seed)``), or ""."""
    rng = random.Random(seed)
    n = 0
    while True:
        found = _compare(k, state, n % all_views_every == 0 or state.is_over)
        if found:
            return f"state {n}: {found}"
        if state.is_over:
            return ""
        a = choose(state.legal_actions(), rng, seed % 2 == 0)
        k.step(k.encode(a))
        state = state.apply(a)
        n += 1


def make_game(name: str, preset: str | None, options: dict[str, Any]) -> Any:
    return trapoula.make(name, preset, **options)
