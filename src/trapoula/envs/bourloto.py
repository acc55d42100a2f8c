"""Bourloto for learning environments: 140 integer actions, observation tensors and strings.

Action layout (both presets; a preset never offers the actions it has no use for):

======  =====================================================================
ints    meaning
======  =====================================================================
0-11    ``agree disagree pass take name S name H name D name C exchange keep
        declare redeal``
12-139  ``play C``: ``12 + 4*k + f`` for the card ``k`` of the 32-card pack
        (``k = 8*suit + rank - 7``, suits S H D C) and the words ``f``:
        0 none, 1 ``bourlot``, 2 ``declare``, 3 ``bourlot declare``
======  =====================================================================

Seats in the observation are relative to the observer (0 = himself, 1 = the next seat in
the direction of play, 2 = the partner, 3 = the previous seat); teams are (us, them).

>>> import trapoula
>>> ad = BourlotoAdapter(trapoula.make("bourloto", "ru"))
>>> ad.num_actions, ad.label(12 + 4 * 31 + 3), ad.index("play 7S")
(140, 'play AC bourlot declare', 12)
>>> s = ad.game.new_deal(seed=1)
>>> ad.encode("agree", s.view("P1")), ad.decode([0], s.view("P1"))
([0], Action('agree'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trapoula.cards import Card, format_cards
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.envs.base import Adapter, Table
from trapoula.envs.bourloto_layout import _CARDS, _SCALE, INDEX, LABELS, PHASES
from trapoula.envs.layout import Layout, clip01

__all__ = ["BourlotoAdapter"]



def _in_play_labels() -> tuple[str, ...]:
    """The actions of declaration_timing="in_play" (after the 140 of every preset): approve,
    cut, then each show: the runs of 3, 4 and 5 of each suit from the lowest, the fours 9-A."""
    from trapoula.games.bourloto.state import _show_action

    shows = [
        sum(1 << (13 * suit + low + i - 2) for i in range(n))
        for suit in range(4) for n in (3, 4, 5) for low in range(7, 16 - n)
    ] + [sum(1 << (13 * s + rank - 2) for s in range(4)) for rank in range(9, 15)]
    return ("approve", "cut") + tuple(str(_show_action(m)) for m in shows)
_K32 = {c.index: k for k, c in enumerate(_CARDS)}  # 52-card index -> 0..31
SHARED_BID_SLOTS = 4 * 4 + 1 + 4 + 1  # layout="shared": the log of ru (its 4 agreement rounds)
SLICES = {
    "hand": "my cards (32-card pack index k = 8*suit + rank - 7)",
    "phase": "agree, bid1, bid2, exchange, declare, play, over",
    "to_act": "the seat to act (relative: 0 me, 1 next, 2 partner, 3 previous)",
    "dealer": "the dealer (relative)",
    "upcard": "the upcard (the latest one turned)",
    "trump": "the trump suit S H D C",
    "buyer": "the buying team (us, them)",
    "bids": "the bidding log in order: per slot the bidder (relative) and the word "
            "(integers 0-11 of the layout)",
    "trick": "the current trick: the card each relative seat played",
    "leader": "who led the current trick (relative)",
    "played": "cards each relative seat played in finished tricks",
    "points": "card points taken (us, them) / 162",
    "tricks": "tricks won (us, them) / 8",
    "declared": "cards each relative seat has shown in declarations",
    "declared_points": "declared points (us, them) / 500, clipped",
    "bourlot": "Bourloto points (us, them) / 20",
    "my_declarations": "the cards of my best declarations",
    "my_declaration_points": "their points / 500, clipped",
    "hanging": "hanging points carried into the deal / 500, clipped",
    "scores": "the deal's final scores (us, them) / 500, clipped",
    "thrown_in": "1 if the deal was thrown in",
    "trick_history": "information state: for each trick 1-8 and relative seat, the card "
                     "played, the words bourlot/declare, and whether he led",
}


def _k(card: Card) -> int:
    return _K32[card.index]


class BourlotoAdapter(Adapter):
    """Integer actions and observations for a Bourloto rules object (either preset)."""

    num_actions = len(LABELS)

    def __init__(self, game: Game, reward: str = "margin", layout: str = "own") -> None:
        super().__init__(game, reward, layout)
        opts: Any = game.options
        rounds = 4 * opts.agreement_rounds if opts.bidding == "agreement" else 8
        self.bid_slots = rounds + 1 + 4 + 1  # bidding, exchange, declarations, a redeal
        if layout == "shared":  # the largest default preset (ru) fits
            self.bid_slots = max(self.bid_slots, SHARED_BID_SLOTS)
        labels = LABELS
        if opts.declaration_timing == "in_play":  # shows and their answers after the rest
            labels = LABELS + _in_play_labels()
        self.labels = labels
        self.num_actions = len(labels)
        self._actions = [game.parse_action(t) for t in labels]
        # every integer is one whole engine action, the same in every position: batched
        # drivers (trapoula.vector) map legal actions to integers with ``action_index``
        self.static_actions: list[Action] | None = self._actions
        self.action_index: dict[str, int] = (
            INDEX if labels is LABELS else {t: i for i, t in enumerate(labels)})
        self.obs_layout = Layout([
            ("hand", (32,)), ("phase", (7,)), ("to_act", (4,)), ("dealer", (4,)),
            ("upcard", (32,)), ("trump", (4,)), ("buyer", (2,)),
            ("bids", (self.bid_slots, 4 + 12)),
            ("trick", (4, 32)), ("leader", (4,)), ("played", (4, 32)),
            ("points", (2,)), ("tricks", (2,)),
            ("declared", (4, 32)), ("declared_points", (2,)), ("bourlot", (2,)),
            ("my_declarations", (32,)), ("my_declaration_points", (1,)),
            ("hanging", (1,)), ("scores", (2,)), ("thrown_in", (1,)),
        ])
        self.info_layout = self.obs_layout.extend([("trick_history", (8, 4, 32 + 3))])
        o = self.obs_layout.offset
        self._o = {name: o(name) for name, _ in self.obs_layout.pieces}
        self._hist0 = self.info_layout.offset("trick_history")
        self._fast: Any = None  # the state reader of observe_state, made on first use

    # --- actions ------------------------------------------------------------------------------
    def table(self, legal: Sequence[Action], pending: tuple[int, ...] = ()) -> Table:
        idx = self.action_index
        return {idx[a]: a for a in legal}

    def label(self, i: int) -> str:
        return self.labels[i]

    def layout_rows(self) -> list[tuple[str, str, str]]:
        opts: Any = self.game.options
        agree = opts.bidding == "agreement"
        before = opts.declaration_timing == "before_play"
        passes = [w for w, on in (("bidding", not agree), ("declarations before play", before))
                  if on]
        rows = [
            ("0-1", "agree, disagree", "agreement rounds" if agree else "never"),
            ("2", "pass", "; ".join(passes) or "never"),
            ("3", "take", "never" if agree else "bidding round 1"),
            ("4-7", "name S, name H, name D, name C", "never" if agree else "bidding round 2"),
            ("8-9", "exchange, keep", "exchange: the player whose first five cards held the "
             "7 of trumps, with his first action after the deal; keep: never (records of "
             "earlier versions)"
             if opts.seven_exchange != "none" else "never"),
            ("10", "declare", "declarations before play"
             if opts.declaration_timing == "before_play" else "never"),
            ("11", "redeal", ("a hand worth 0 (aponta)" if opts.aponta_redeal else "never") + (
                "; after the take, with the first action after the deal"
                if opts.aponta_after_take else "")),
            ("12-139", "play C [bourlot] [declare]: 12 + 4k + f, k = 8*suit + rank - 7 "
             "(7S=0 ... AC=31), f = 0 plain, 1 bourlot, 2 declare, 3 both",
             "every trick; f=1/3 " + ("with K/Q of trumps" if opts.bourlot_announce
                                        == "when_played" else "never") + ", f=2/3 "
             + ("on trick 1" if opts.declaration_timing == "first_trick" else "never")),
        ]
        if opts.declaration_timing == "in_play":
            rows.append((
                f"140-{self.num_actions - 1}", "approve, cut, then show C C C...: the runs of "
                "3, 4 and 5 cards of S, H, D, C from the lowest, then the fours 9S 9H 9D 9C ... "
                "AS AH AD AC", f"approve/cut: an opponent answering a show; show: the player "
                f"to play, in tricks 1-{opts.declaration_tricks}"))
        return rows

    # --- observations -------------------------------------------------------------------------
    def ones(self, view: Any, pending: tuple[int, ...] = ()
             ) -> tuple[list[int], list[tuple[int, float]]]:
        o = self._o
        me = int(view.seat[1:])
        us = "AB"[(me - 1) % 2]
        them = "B" if us == "A" else "A"
        on: list[int] = []
        vals: list[tuple[int, float]] = []
        base = o["hand"]
        on.extend(base + _k(c) for c in view.hand)
        on.append(o["phase"] + PHASES.index(view.phase))
        if view.current_player is not None:
            on.append(o["to_act"] + (int(view.current_player[1:]) - me) % 4)
        on.append(o["dealer"] + (int(view.dealer[1:]) - me) % 4)
        if view.upcard is not None:
            on.append(o["upcard"] + _k(view.upcard))
        if view.trump is not None:
            on.append(o["trump"] + int(view.trump))
        if view.buyer is not None:
            on.append(o["buyer"] + (0 if view.buyer == us else 1))
        b = o["bids"]
        for slot, (seat, text) in enumerate(view.bids[: self.bid_slots]):
            at = b + 16 * slot
            on.append(at + (int(seat[1:]) - me) % 4)
            on.append(at + 4 + INDEX[text])
        if view.trick:
            t = o["trick"]
            for seat, card in view.trick:
                on.append(t + 32 * ((int(seat[1:]) - me) % 4) + _k(card))
            on.append(o["leader"] + (int(view.trick[0][0][1:]) - me) % 4)
        p = o["played"]
        for tv in view.tricks:
            for seat, card in tv.plays:
                on.append(p + 32 * ((int(seat[1:]) - me) % 4) + _k(card))
        pts, tr = view.points_taken, view.tricks_won
        vals.append((o["points"], pts[us] / 162.0))
        vals.append((o["points"] + 1, pts[them] / 162.0))
        vals.append((o["tricks"], tr[us] / 8.0))
        vals.append((o["tricks"] + 1, tr[them] / 8.0))
        d = o["declared"]
        dp = [0, 0]
        for dv in view.declarations:
            r = (int(dv.seat[1:]) - me) % 4
            on.extend(d + 32 * r + _k(c) for c in dv.cards)
            dp[r & 1] += dv.points
        vals.append((o["declared_points"], clip01(dp[0] / _SCALE)))
        vals.append((o["declared_points"] + 1, clip01(dp[1] / _SCALE)))
        vals.append((o["bourlot"], clip01(view.bourlot[us] / 20.0)))
        vals.append((o["bourlot"] + 1, clip01(view.bourlot[them] / 20.0)))
        m = o["my_declarations"]
        mine = 0
        for dv in view.my_declarations:
            on.extend(m + _k(c) for c in dv.cards)
            mine += dv.points
        vals.append((o["my_declaration_points"], clip01(mine / _SCALE)))
        vals.append((o["hanging"], clip01(view.hanging / _SCALE)))
        res = view.result
        if res is not None:
            if res.get("thrown_in"):
                on.append(o["thrown_in"])
            else:
                sc = res["scores"]
                vals.append((o["scores"], clip01(sc[us] / _SCALE)))
                vals.append((o["scores"] + 1, clip01(sc[them] / _SCALE)))
        return on, vals

    def observe_state(self, state: Any, seat: str, pending: tuple[int, ...] = (),
                      out: Any = None) -> Any:
        """The observation of ``seat`` read from the state's fields
        (:mod:`trapoula.envs.bourloto_fast`, pinned to :meth:`observe` of the view)."""
        fast = self._fast
        if fast is None:
            from trapoula.envs.bourloto_fast import StateCells, knows

            fast = self._fast = StateCells(self) if knows(self) else False
        deal = getattr(state, "deal", state)  # a match: its deal in progress (or the last)
        if fast is False or type(deal).__name__ != "BourlotoState":
            return super().observe_state(state, seat, pending, out)
        return fast.observe(deal, int(seat[1:]) - 1, out)

    def seat_rows(self) -> Any:
        """Every seat's observation kept up to date move by move
        (:class:`~trapoula.envs.bourloto_fast.SeatRows`), when the layout is the known one."""
        from trapoula.envs.bourloto_fast import SeatRows, StateCells, knows

        return SeatRows(StateCells(self)) if knows(self) else None

    def info_ones(self, view: Any) -> tuple[list[int], list[tuple[int, float]]]:
        me = int(view.seat[1:])
        h = self._hist0
        on: list[int] = []
        n = 0
        leader = 0
        for e in view.events:
            if e.kind != "play" or e.action is None:
                continue
            t, pos = divmod(n, 4)
            r = (int(e.seat[1:]) - me) % 4
            if pos == 0:
                leader = r
            at = h + 35 * (4 * t + r)
            on.append(at + _k(e.cards[0]))
            words = e.action.words
            if "bourlot" in words:
                on.append(at + 32)
            if "declare" in words:
                on.append(at + 33)
            if r == leader:
                on.append(at + 34)
            n += 1
        return on, []

    def obs_string(self, view: Any, pending: tuple[int, ...] = ()) -> str:
        me = view.seat
        us = "AB"[(int(me[1:]) - 1) % 2]
        played: dict[str, list[Card]] = {}
        for tv in view.tricks:
            for seat, card in tv.plays:
                played.setdefault(seat, []).append(card)
        decl = "; ".join(f"{d.seat} {d.name} {format_cards(d.cards)} ({d.points})"
                         for d in view.declarations)
        mine = "; ".join(f"{d.name} {format_cards(d.cards)} ({d.points})"
                         for d in view.my_declarations)
        res = view.result
        lines = [
            f"bourloto {view.preset} seat {me} team {us} phase {view.phase} "
            f"to_act {view.current_player or '-'} dealer {view.dealer}",
            f"hand: {format_cards(view.hand)}",
            f"upcard: {view.upcard or '-'} trump: {view.trump or '-'} buyer: {view.buyer or '-'}",
            "bids: " + ", ".join(f"{s} {a}" for s, a in view.bids),
            "trick: " + " ".join(f"{s} {c}" for s, c in view.trick),
            "played: " + " ".join(
                f"{s}[{format_cards(sorted(cs))}]" for s, cs in sorted(played.items())),
            f"points: A {view.points_taken['A']} B {view.points_taken['B']} "
            f"tricks: A {view.tricks_won['A']} B {view.tricks_won['B']}",
            f"declared: {decl or '-'} bourlot: A {view.bourlot['A']} B {view.bourlot['B']}",
            f"mine: {mine or '-'}",
            f"hanging: {view.hanging} result: {_result_text(res)}",
        ]
        return "\n".join(lines)

    # --- rewards ------------------------------------------------------------------------------
    def scores(self, view: Any) -> dict[str, float]:
        """The deal's ``returns()`` from a final view: each seat its team's points."""
        from trapoula.games.bourloto.outcome import deal_outcome

        res = view.result
        if not res:
            return dict.fromkeys(self.seats, 0.0)
        return deal_outcome(self.game, res).returns  # type: ignore[arg-type]

    # --- dealing ------------------------------------------------------------------------------
    def pack(self) -> tuple[int, ...]:
        return tuple(c.index for c in _CARDS)

    def digit_radices(self) -> tuple[int, ...]:
        """One random key per possible re-turn of the upcard (ru): 11 digits in the radices
        12, 11, ..., 2 make a key below 12!, a uniform shuffle of the stock and upcard."""
        opts: Any = self.game.options
        if opts.bidding != "agreement":
            return ()
        return tuple(range(12, 1, -1)) * (int(opts.agreement_rounds) - 1)

    def deal_record(self, cards: Sequence[int], digits: Sequence[int]) -> dict[str, Any]:
        keys = []
        for k in range(0, len(digits), 11):
            key = 0
            for d, radix in reversed(list(zip(digits[k:k + 11], range(12, 1, -1), strict=True))):
                key = key * radix + d
            keys.append(key)
        return {"kind": "deal", "deck": [str(Card.from_index(c)) for c in cards],
                "keys": keys, "dealer": "P4"}

    def max_decisions(self) -> int:
        return self.bid_slots + 32


def _result_text(res: dict[str, Any] | None) -> str:
    if res is None:
        return "-"
    if res.get("thrown_in"):
        return "thrown in"
    return f"A {res['scores']['A']} B {res['scores']['B']}"
