"""Bourré for learning environments: 85 integer actions, observation tensors and strings.

Action layout:

======  ================================================================================
ints    meaning
======  ================================================================================
0       ``fold``
1       ``stay`` (keep all five cards)
2-32    ``draw``: exchange the cards of the hand at the positions of bitmask ``i - 1``
        (bit ``p`` = the ``p``-th card of the hand in canonical order, 2S ... AC); only
        subsets of at most ``max_draw`` cards are ever legal
33-84   ``play C``: ``33 + card index`` (``13*suit + rank - 2``, suits S H D C)
======  ================================================================================

A draw names the cards it throws away by their places in the five-card hand, so the same
integer means "exchange my two lowest cards" in every deal; the engine action it stands for
depends on the hand (``encode``/``decode`` take the seat's view).

Seats in the observation are relative to the observer (0 = himself, 1 = the next seat...).

>>> import trapoula
>>> ad = BourreAdapter(trapoula.make("bourre", players=3))
>>> s = ad.game.new_deal(seed=3)
>>> v = s.view("P1")
>>> a = ad.decode([1 + 0b01010], v)          # the 2nd and 4th cards of the hand
>>> str(a) == f"draw {v.hand[1]} {v.hand[3]}", ad.encode(a, v)
(True, [11])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from trapoula.cards import Card, format_cards
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.envs.base import Adapter, Table
from trapoula.envs.layout import Layout, clip01

__all__ = ["BourreAdapter"]

_DRAW0 = 2  # draw with bitmask b is 1 + b (b = 1..31)
_PLAY0 = 33
LABELS: tuple[str, ...] = (
    ("fold", "stay")
    + tuple("draw positions " + ",".join(str(p) for p in range(5) if b >> p & 1)
            for b in range(1, 32))
    + tuple(f"play {Card.from_index(i)}" for i in range(52))
)
PHASES = ("decide", "play", "over")
# hand size -> the bitmasks of draws of 2+ positions, by size then lexicographic order
_LARGER = {h: tuple(sum(1 << p for p in combo) for k in range(2, h + 1)
                    for combo in combinations(range(h), k)) for h in range(6)}
SLICES = {
    "hand": "my cards (index 13*suit + rank - 2)",
    "my_discards": "the cards I exchanged (face down to the others)",
    "phase": "decide, play, over",
    "to_act": "the seat to act (relative: 0 me, 1 next ...)",
    "dealer": "the dealer (relative)",
    "trump_card": "the card turned for trump",
    "trump": "the trump suit S H D C",
    "status": "per relative seat: folded, staying, has decided",
    "draws": "per relative seat: cards exchanged 0-5 (one-hot; staying players)",
    "fees": "draw fees paid per relative seat / (5 x fee)",
    "pot": "the pot / (players x (ante + 5 x fee)), clipped",
    "stock": "cards left in the stock / 52",
    "hand_counts": "cards in each relative seat's hand / 5",
    "trick": "the current trick: the card each relative seat played",
    "leader": "who led the current trick (relative)",
    "played": "cards each relative seat played in finished tricks",
    "tricks_won": "tricks won per relative seat, one-hot 0-5",
    "payouts": "at the end: chips paid out per relative seat / pot scale",
    "bourre": "at the end: bourré payments per relative seat / pot scale",
    "carry": "at the end: chips left in the pot for the next deal / pot scale",
    "trick_history": "information state: for each trick 1-5 and relative seat, the card "
                     "played and whether he led",
}


class BourreAdapter(Adapter):
    """Integer actions and observations for a Bourré rules object (2-7 players)."""

    num_actions = len(LABELS)
    phases = PHASES  # the order of the observation's phase cells

    def __init__(self, game: Game, reward: str = "margin", layout: str = "own") -> None:
        super().__init__(game, reward, layout)  # one layout per table size for every preset
        self._fast: Any = None  # the state reader of state_ones, made on first use
        opts: Any = game.options
        n = self.players
        unit = opts.ante if opts.draw_fee is None else int(opts.draw_fee)
        self.fee_scale = float(max(1, 5 * unit))
        self.pot_scale = float(n * (opts.ante + 5 * unit))
        self._by_text = {f"play {Card.from_index(i)}": _PLAY0 + i for i in range(52)}
        self._by_text.update({"fold": 0, "stay": 1})
        self.obs_layout = Layout([
            ("hand", (52,)), ("my_discards", (52,)), ("phase", (3,)), ("to_act", (n,)),
            ("dealer", (n,)), ("trump_card", (52,)), ("trump", (4,)),
            ("status", (n, 3)), ("draws", (n, 6)), ("fees", (n,)), ("pot", (1,)),
            ("stock", (1,)), ("hand_counts", (n,)),
            ("trick", (n, 52)), ("leader", (n,)), ("played", (n, 52)), ("tricks_won", (n, 6)),
            ("payouts", (n,)), ("bourre", (n,)), ("carry", (1,)),
        ])
        self.info_layout = self.obs_layout.extend([("trick_history", (5, n, 53))])
        self._o = {name: self.obs_layout.offset(name) for name, _ in self.obs_layout.pieces}
        self._hist0 = self.info_layout.offset("trick_history")

    # --- actions ------------------------------------------------------------------------------
    def table(self, legal: Sequence[Action], pending: tuple[int, ...] = ()) -> Table:
        get = self._by_text.get
        out: Table = {}
        singles = 0
        order: tuple[int, ...] | None = None
        j = 0
        for a in legal:
            i = get(a)
            if i is not None:
                out[i] = a
                continue
            # A draw.  The engine lists draws in canonical order: by size, then in card
            # order.  So the one-card draws come first, one per card of the hand (their
            # count is the hand's size), and the larger ones follow the combinations of
            # hand positions in lexicographic order.
            if order is None and len(a.cards) == 1:
                out[1 + (1 << singles)] = a
                singles += 1
                continue
            if order is None:
                order = _LARGER[singles]
            out[1 + order[j]] = a
            j += 1
        return out

    def label(self, i: int) -> str:
        return LABELS[i]

    def layout_rows(self) -> list[tuple[str, str, str]]:
        from trapoula.games.bourre.rules import max_draw_for

        md = max_draw_for(self.game.options, self.players)  # type: ignore[arg-type]
        return [
            ("0", "fold", "the decision round" + (
                "" if self.game.options.trump_card == "stock_top"  # type: ignore[attr-defined]
                else " (not the dealer under an upturned ace)")),
            ("1", "stay (keep the five cards)", "the decision round"),
            ("2-32", "draw: exchange the hand's cards at the positions of bitmask i-1 "
             "(bit p = p-th card in canonical order)", f"the decision round, at most {md} cards"),
            ("33-84", "play C: 33 + 13*suit + rank - 2 (2S=33 ... AC=84)", "every trick"),
        ]

    # --- observations -------------------------------------------------------------------------
    def ones(self, view: Any, pending: tuple[int, ...] = ()
             ) -> tuple[list[int], list[tuple[int, float]]]:
        o = self._o
        n = self.players
        me = int(view.seat[1:])
        on: list[int] = []
        vals: list[tuple[int, float]] = []
        base = o["hand"]
        on.extend(base + c.index for c in view.hand)
        base = o["my_discards"]
        on.extend(base + c.index for c in view.my_discards)
        on.append(o["phase"] + PHASES.index(view.phase))
        if view.current_player is not None:
            on.append(o["to_act"] + (int(view.current_player[1:]) - me) % n)
        on.append(o["dealer"] + (int(view.dealer[1:]) - me) % n)
        on.append(o["trump_card"] + view.trump_card.index)
        on.append(o["trump"] + int(view.trump))
        st, dr, fe, hc = o["status"], o["draws"], o["fees"], o["hand_counts"]
        staying = set(view.staying)
        for seat in view.folded:
            on.append(st + 3 * ((int(seat[1:]) - me) % n))
        for seat in staying:
            on.append(st + 3 * ((int(seat[1:]) - me) % n) + 1)
        for seat in (*view.folded, *staying):
            on.append(st + 3 * ((int(seat[1:]) - me) % n) + 2)
        for seat, k in view.draws.items():
            on.append(dr + 6 * ((int(seat[1:]) - me) % n) + min(k, 5))
        for seat, fee in view.fees_paid.items():
            if fee:
                vals.append((fe + (int(seat[1:]) - me) % n, clip01(fee / self.fee_scale)))
        for seat, k in view.hand_counts.items():
            vals.append((hc + (int(seat[1:]) - me) % n, k / 5.0))
        vals.append((o["pot"], clip01(view.pot / self.pot_scale)))
        vals.append((o["stock"], view.stock_count / 52.0))
        if view.trick:
            t = o["trick"]
            for seat, card in view.trick:
                on.append(t + 52 * ((int(seat[1:]) - me) % n) + card.index)
            on.append(o["leader"] + (int(view.trick[0][0][1:]) - me) % n)
        p = o["played"]
        for tv in view.tricks:
            for seat, card in tv.plays:
                on.append(p + 52 * ((int(seat[1:]) - me) % n) + card.index)
        tw = o["tricks_won"]
        for seat, k in view.tricks_won.items():
            on.append(tw + 6 * ((int(seat[1:]) - me) % n) + k)
        res = view.result
        if res is not None:
            for key in ("payouts", "bourre"):
                for seat, chips in res[key].items():
                    vals.append((o[key] + (int(seat[1:]) - me) % n,
                                 clip01(chips / self.pot_scale)))
            vals.append((o["carry"], clip01(res["carry"] / self.pot_scale)))
        return on, vals

    def state_ones(self, state: Any, seat: str, pending: tuple[int, ...] = ()
                   ) -> tuple[list[int], list[tuple[int, float]]]:
        """The observation of ``seat`` read from a deal's fields
        (:mod:`trapoula.envs.bourre_fast`, pinned to :meth:`ones` of the view); a session's
        (whose view carries the session's pot) from the view."""
        fast = self._fast
        if fast is None:
            from trapoula.envs.bourre_fast import StateCells, knows

            fast = self._fast = StateCells(self) if knows(self) else False
        if fast is False or type(state).__name__ != "BourreState":
            return super().state_ones(state, seat, pending)
        return fast.cells(state, int(seat[1:]) - 1)  # type: ignore[no-any-return]

    def info_ones(self, view: Any) -> tuple[list[int], list[tuple[int, float]]]:
        n = self.players
        me = int(view.seat[1:])
        h = self._hist0
        on: list[int] = []
        tricks = list(view.tricks)
        if view.trick:
            tricks.append(view.trick)
        for t, tv in enumerate(tricks):
            plays = tv if isinstance(tv, tuple) else tv.plays
            for k, (seat, card) in enumerate(plays):
                at = h + 53 * (n * t + (int(seat[1:]) - me) % n)
                on.append(at + card.index)
                if k == 0:
                    on.append(at + 52)
        return on, []

    def obs_string(self, view: Any, pending: tuple[int, ...] = ()) -> str:
        played: dict[str, list[Card]] = {}
        for tv in view.tricks:
            for seat, card in tv.plays:
                played.setdefault(seat, []).append(card)
        res = view.result
        lines = [
            f"bourre {view.preset} seat {view.seat} phase {view.phase} "
            f"to_act {view.current_player or '-'} dealer {view.dealer}",
            f"hand: {format_cards(view.hand)} discarded: {format_cards(view.my_discards) or '-'}",
            f"trump card: {view.trump_card} pot: {view.pot} stock: {view.stock_count}",
            "folded: " + (" ".join(view.folded) or "-") + " staying: "
            + (" ".join(f"{s}(draw {view.draws.get(s, 0)})" for s in view.staying) or "-"),
            "fees: " + " ".join(f"{s} {f}" for s, f in view.fees_paid.items()),
            "cards: " + " ".join(f"{s} {k}" for s, k in view.hand_counts.items()),
            "trick: " + " ".join(f"{s} {c}" for s, c in view.trick),
            "played: " + " ".join(
                f"{s}[{format_cards(sorted(cs))}]" for s, cs in sorted(played.items())),
            "tricks: " + " ".join(f"{s} {k}" for s, k in view.tricks_won.items()),
            "result: " + ("-" if res is None else
                          f"payouts {res['payouts']} bourre {res['bourre']} carry {res['carry']}"),
        ]
        return "\n".join(lines)

    # --- rewards ------------------------------------------------------------------------------
    def scores(self, view: Any) -> dict[str, float]:
        """Chips won or lost in the deal: payout - ante - draw fees - bourré payment."""
        res = view.result or {"payouts": {}, "bourre": {}}
        return {seat: float(res["payouts"].get(seat, 0) - view.ante
                            - view.fees_paid.get(seat, 0) - res["bourre"].get(seat, 0))
                for seat in self.seats}

    def margins(self, scores: Mapping[str, float]) -> dict[str, float]:
        return dict(scores)  # chips are already what each player wins or loses

    def reward_bounds(self) -> tuple[float, float]:
        return (-(2 * self.pot_scale), self.pot_scale)

    # --- dealing ------------------------------------------------------------------------------
    def pack(self) -> tuple[int, ...]:
        return tuple(range(52))

    def digit_radices(self) -> tuple[int, ...]:
        """The deal's refill key (used only if the stock runs out): 11 digits of radix 52."""
        return (52,) * 11

    def deal_record(self, cards: Sequence[int], digits: Sequence[int]) -> dict[str, Any]:
        key = 0
        for d in reversed(list(digits)):
            key = key * 52 + d
        return {"kind": "deal", "deck": [str(Card.from_index(c)) for c in cards],
                "refill_key": key, "dealer": self.seats[-1]}

    def max_decisions(self) -> int:
        return 6 * self.players
