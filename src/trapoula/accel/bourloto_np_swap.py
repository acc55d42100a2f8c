"""The private seven exchange in the numpy playouts (see :mod:`bourloto_numpy`): the player
whose first five cards held the 7 of trumps may swap it for the upcard with his first action
after the deal, an extra last action; a deal where he swaps draws once more (its later draws
come one further on)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from trapoula.accel.bourloto_np_decl import declarations

if TYPE_CHECKING:
    from trapoula.games.bourloto.rules import BourlotoOptions

__all__ = ["Swap", "swap_choice", "swap_holders", "swap_rows"]

Arr = np.ndarray[Any, Any]


class Swap(NamedTuple):
    """Per deal: the seat that may swap the 7 of trumps for the upcard with its first action
    (-1: none), the two cards' bits, and the recipient who gives the upcard back."""

    holder: Arr
    bits: Arr
    recipient: Arr


def swap_holders(o: BourlotoOptions, five: Arr, up: Arr, trump: Arr, recipient: Arr
                 ) -> Swap | None:
    """Who may swap (None: nobody ever, by the options): the seat whose first five cards
    ``five`` (4, m) held the 7 of trumps (RULES §1.2.2.7), where the upcard ``up`` may be
    swapped for it and that seat acts before the recipient (P1 leads)."""
    if o.seven_exchange == "none":
        return None
    seven = trump * 8
    ok = up != seven
    if o.seven_exchange == "trump_is_upcard_suit":
        ok &= up >> 3 == trump
    held = (five >> seven) & 1 == 1
    holder = np.argmax(held, 0)
    ok &= held[holder, np.arange(len(up))] & (holder < recipient)
    return Swap(np.where(ok, holder, -1), (1 << seven) | (1 << up), recipient)


def swap_choice(u: Arr, hr: Arr, n: Arr, u_next: Arr) -> tuple[Arr, Arr]:
    """The holders' (rows ``hr``) draws ``u`` among their ``n`` actions and 'exchange' (the
    last): the draws that pick the same action among the ``n`` alone, and the rows that
    swap (their next draw, ``u_next``, then picks among the new actions)."""
    idx = (u[hr] * (n + 1)).astype(np.int64)
    sw = idx == n
    u = u.copy()
    stay = ~sw
    u[hr[stay]] = (idx[stay] + 0.5) / n[stay]
    done = hr[sw]
    u[done] = u_next[done]
    return u, done


def swap_rows(o: BourlotoOptions, tables: Any, trump: Arr, seats: Any, hands: Arr,
               swap: Swap, rows: Arr, seat: int) -> None:
    """``seat`` swaps the seven for the upcard in deals ``rows``: ``hands`` (4, m) and the
    two seats' declarations, K+Q and 'shows' change."""
    rec = swap.recipient[rows]
    bits = swap.bits[rows]
    hands[seat, rows] ^= bits
    hands[rec, rows] ^= bits
    kqm = 3 << (trump[rows] * 8 + 5)
    for s in (np.full(len(rows), seat), rec):
        h = hands[s, rows]
        d = declarations(h, trump[rows], tables)
        for field, value in zip(seats.dec, d, strict=True):
            field[s, rows] = value
        seats.kq_at[s, rows] = (h & kqm) == kqm
        seats.shows[s, rows] = d.any | (seats.kq_at[s, rows] & (
            o.bourlot_announce == "with_declarations"))
