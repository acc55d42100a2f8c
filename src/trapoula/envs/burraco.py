"""Burraco for learning environments: 146 integer actions with melds as sub-decisions.

A Burraco turn may lay any number of melds and additions of any length, so the engine's
meld actions cannot be listed once for all (there are millions).  Each one is chosen as a
short **sequence of sub-decisions** instead, inside a fixed action space:

======  ==============================================================================
ints    meaning
======  ==============================================================================
0       ``draw`` (the top stock card)
1       ``pickup`` (the whole discard pile)
2-54    ``discard C``: ``2 + card type`` (``13*suit + rank - 2``; 52 = joker)
55      start a new meld                                         (then select, commit)
56-91   start an addition to the team's meld number ``i - 55`` (1..36)   (then select)
92-144  select a card: ``92 + card type`` (cards go in ascending type order)
145     commit the meld or addition selected so far
======  ==============================================================================

The sequence for ``meld 3S 4S 2C`` is ``55, 93, 94, 131, 145``; for ``add 2 7H`` it is
``57, 110, 145``.  The mask offers only prefixes of the engine's legal actions: a card may be
selected only if some legal meld (or addition) of that target starts with the cards chosen
so far plus it, and ``commit`` only when the cards chosen are one legal action.  So every
sequence ends in a legal action, there is no dead end and no way back (no loops), and each
engine action has exactly one sequence.  The target and the cards chosen so far are part of
the acting seat's observation (``pending``); other seats see nothing until the commit.
A team has at most 36 melds (108 cards, 3 per meld), so 36 addition targets always suffice.

>>> import trapoula
>>> ad = BurracoAdapter(trapoula.make("burraco"))
>>> ad.num_actions, ad.label(55), ad.label(57), ad.label(93), ad.label(145)
(146, 'meld', 'add 2', 'select 3S', 'commit')
>>> from trapoula.core.action import Action
>>> from trapoula.cards import parse_cards
>>> ad.path(Action("meld", tuple(parse_cards("3S 4S 2C"))))
[55, 93, 94, 131, 145]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card, deck_108, format_cards
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.envs.base import Adapter, Table
from trapoula.envs.burraco_actions import (  # (the integers' ranges and the prefix rule)
    ADD0,
    COMMIT,
    DISCARD0,
    DRAW,
    MAX_MELDS,
    MELD,
    PICKUP,
    SELECT0,
    TYPES,
    select_table,
)
from trapoula.envs.burraco_cells import _COPIES, _MELD, MELD_MINE, PHASES, count_values, meld_cells
from trapoula.envs.layout import Layout, clip01

__all__ = ["BurracoAdapter"]

_CARDS = tuple(Card.from_index(i) for i in range(TYPES))
LABELS: tuple[str, ...] = (
    ("draw", "pickup")
    + tuple(f"discard {c}" for c in _CARDS)
    + ("meld",)
    + tuple(f"add {n}" for n in range(1, MAX_MELDS + 1))
    + tuple(f"select {c}" for c in _CARDS)
    + ("commit",)
)
ENDS = ("closing", "stock", "stalemate", "blocked")
SLICES = {
    "hand": "my cards: copies of each type / copies in the pack (type = 13*suit + rank - 2, "
            "joker 52)",
    "phase": "draw, play, over",
    "to_act": "the seat to act (relative: 0 me, 1 next ...)",
    "dealer": "the dealer (relative)",
    "hand_counts": "cards in each relative seat's hand / 40, clipped",
    "discard": "the discard pile: copies of each type / copies",
    "discard_top": "the top card of the pile",
    "discard_size": "cards in the pile / 40, clipped",
    "stock": "cards left in the stock / 108",
    "pozzetti_left": "pozzetti still on the table / 3",
    "pozzetto_taken": "per side (relative: mine first) whether it took its pozzetto",
    "melds": "per side and meld number 1-36: its cards (copies / copies), set or sequence, "
             "suit, the sequence positions it covers (ace low .. ace high), clean, burraco, "
             "points / 200, bonus / 200, laid by me",
    "picked": "the card taken as a one-card pile this turn (it may not be discarded)",
    "stock_ending": "1 when the hand ends after this turn",
    "stalemate": "consecutive stalemate turns / stalemate_turns",
    "pending_target": "the meld being built: new meld, or the meld number 1-36 added to "
                      "(only the seat building it sees it)",
    "pending_cards": "the cards selected for it so far (copies / copies)",
    "scores": "at the end, per side (relative): score / 2000 and -score / 1000, clipped",
    "end": "how the hand ended: closing, stock, stalemate, blocked",
    "discarded_by": "information state: cards each relative seat discarded",
    "melded_by": "information state: cards each relative seat laid in melds and additions",
    "picked_up": "information state: discards each relative seat picked up with a pile",
    "turns_by": "information state: stock draws and pile pickups per relative seat / 60",
}


# the integer of each move head (``Table.heads``: a discard's card, then draw, pickup,
# meld at 64-66 and the additions at 128 + meld number), -1 where no head is
HEAD_INT: tuple[int, ...] = tuple(
    DISCARD0 + h if h < TYPES else DRAW if h == 64 else PICKUP if h == 65
    else MELD if h == 66 else ADD0 - 1 + h - 128 if 129 <= h < 129 + MAX_MELDS else -1
    for h in range(256))


# memos keyed by an action's canonical text (``str(a)``, held by ``a._text``: a dict keyed by
# a str hashes in C, an Action's hash is a Python method)
_KEYS: dict[str, tuple[int, tuple[int, ...]]] = {}  # meld/add action -> (target, card types)


def _key(a: Action) -> tuple[int, tuple[int, ...]]:
    """The target integer and the sorted card types of a meld or addition (memoized)."""
    k = _KEYS.get(a._text)
    if k is None:
        if len(_KEYS) > 200_000:
            _KEYS.clear()
        target = MELD if a.kind == "meld" else ADD0 + (a.number or 1) - 1
        k = _KEYS[a._text] = (target, tuple(sorted(c.index for c in a.cards)))
    return k


_FIRST: dict[str, tuple[int, Action | None]] = {}  # action -> (first integer, action or None)


def _first(a: Action) -> tuple[int, Action | None]:
    """An action's first integer and what that integer completes (the action itself, or
    None for a meld or an addition: a sub-decision follows), memoized.

    >>> _first(Action("draw")), _first(Action("discard", (Card.from_index(3),)))[0]
    ((0, Action('draw')), 5)
    """
    k = a.kind
    if k == "discard":
        f: tuple[int, Action | None] = (DISCARD0 + a.cards[0].index, a)
    elif k == "meld":
        f = (MELD, None)
    elif k == "add":
        f = (ADD0 - 1 + (a.number or 1), None)
    elif k == "draw":
        f = (DRAW, a)
    else:
        f = (PICKUP, a)
    if len(_FIRST) > 200_000:
        _FIRST.clear()
    _FIRST[a._text] = f
    return f


def _target(a: Action) -> int:
    return _key(a)[0]


def _types(a: Action) -> tuple[int, ...]:
    return _key(a)[1]


class BurracoAdapter(Adapter):
    """Integer actions (melds as sub-decisions) and observations for Burraco (2-4 players)."""

    num_actions = len(LABELS)

    def __init__(self, game: Game, reward: str = "margin", layout: str = "own") -> None:
        super().__init__(game, reward, layout)  # one layout per table size for every preset
        n = self.players
        self.teams = 2 if n == 4 else n
        opts: Any = game.options
        self.stall = max(1, int(opts.stalemate_turns))
        T = self.teams
        self.obs_layout = Layout([
            ("hand", (TYPES,)), ("phase", (3,)), ("to_act", (n,)), ("dealer", (n,)),
            ("hand_counts", (n,)), ("discard", (TYPES,)), ("discard_top", (TYPES,)),
            ("discard_size", (1,)), ("stock", (1,)), ("pozzetti_left", (1,)),
            ("pozzetto_taken", (T,)), ("melds", (T, MAX_MELDS, _MELD)),
            ("picked", (TYPES,)), ("stock_ending", (1,)), ("stalemate", (1,)),
            ("pending_target", (1 + MAX_MELDS,)), ("pending_cards", (TYPES,)),
            ("scores", (T, 2)), ("end", (len(ENDS),)),
        ])
        self.info_layout = self.obs_layout.extend([
            ("discarded_by", (n, TYPES)), ("melded_by", (n, TYPES)), ("picked_up", (n, TYPES)),
            ("turns_by", (n, 2)),
        ])
        self._o = {name: self.obs_layout.offset(name) for name, _ in self.obs_layout.pieces}
        self._rows: Any = None  # observe_state's rows (burraco_fast), made on first use
        self._i = {name: self.info_layout.offset(name)
                   for name in ("discarded_by", "melded_by", "picked_up", "turns_by")}

    # --- actions ------------------------------------------------------------------------------
    def table(self, legal: Sequence[Action], pending: tuple[int, ...] = ()) -> Table:
        out: Table = {}
        if not pending:
            first = _FIRST
            for a in legal:
                f = first.get(a._text)
                if f is None:
                    f = _first(a)
                out[f[0]] = f[1]
            return out
        target = pending[0]
        keys = _KEYS
        cands: list[tuple[int, ...]] = []
        whats: list[Action] = []
        for a in legal:
            k = a.kind
            if k != "meld" and k != "add":
                continue
            t, types = keys.get(a._text) or _key(a)
            if t == target:
                cands.append(types)
                whats.append(a)
        return select_table(cands, pending, whats=whats)

    def path(self, action: Action) -> list[int]:
        """The integers of an engine action, whatever the position (for melds: target,
        cards in ascending type order, commit)."""
        k = action.kind
        if k == "draw":
            return [DRAW]
        if k == "pickup":
            return [PICKUP]
        if k == "discard":
            return [DISCARD0 + action.cards[0].index]
        return [_target(action), *(SELECT0 + t for t in _types(action)), COMMIT]

    def _toward(self, target: Action, table: Table, pending: tuple[int, ...]) -> int | None:
        return self.path(target)[len(pending)]

    def encode(self, action: Action | str, view: Any) -> list[int]:
        """The integers of ``action`` (one of ``view.legal_actions``): :meth:`path`."""
        target = action if isinstance(action, Action) else self.game.parse_action(str(action))
        if target not in view.legal_actions:
            from trapoula.errors import IllegalActionError

            raise IllegalActionError(f"{target} is not one of this view's legal actions")
        return self.path(target)

    def label(self, i: int) -> str:
        return LABELS[i]

    def pending_text(self, pending: tuple[int, ...]) -> str:
        if not pending:
            return ""
        head = "meld" if pending[0] == MELD else f"add {pending[0] - ADD0 + 1}"
        return " ".join([head, *(str(_CARDS[p - SELECT0]) for p in pending[1:])])

    def layout_rows(self) -> list[tuple[str, str, str]]:
        return [
            ("0", "draw (top stock card)", "start of a turn"),
            ("1", "pickup (the whole discard pile)", "start of a turn"),
            ("2-54", "discard C: 2 + type (13*suit + rank - 2, joker = 52)", "end of a turn"),
            ("55", "start a new meld", "after the draw"),
            ("56-91", "start an addition to meld i-55 (1..36) of the team", "after the draw"),
            ("92-144", "select a card: 92 + type (ascending type order)",
             "after 55/56-91 and earlier selections"),
            ("145", "commit the selected cards as the meld or addition",
             "when the selection is a legal action"),
        ]

    # --- observations -------------------------------------------------------------------------
    def ones(self, view: Any, pending: tuple[int, ...] = ()
             ) -> tuple[list[int], list[tuple[int, float]]]:
        o = self._o
        names = list(view.pozzetto_taken)  # the teams, in order
        me = int(view.seat[1:]) - 1
        vals = count_values(o["hand"], [c.index for c in view.hand])
        res = view.result
        on, small = self.public_cells(
            me, PHASES.index(view.phase),
            -1 if view.current_player is None else int(view.current_player[1:]) - 1,
            int(view.dealer[1:]) - 1, [view.hand_counts[s] for s in self.seats],
            view.discard[-1].index if view.discard else -1, len(view.discard),
            view.stock_count, view.pozzetti_left, [view.pozzetto_taken[t] for t in names],
            -1 if view.picked is None else view.picked.index, view.stock_ending,
            view.stalemate_count,
            None if res is None else [res["scores"][t] for t in names], view.end_reason)
        vals += small
        vals += count_values(o["discard"], [c.index for c in view.discard])
        for t, name in enumerate(names):
            tb = o["melds"] + (t - me) % self.teams * MAX_MELDS * _MELD
            for m in view.melds[name][:MAX_MELDS]:
                at = tb + (m.number - 1) * _MELD
                mon, mvals = meld_cells(
                    [c.index for c in m.cards], m.kind == "set",
                    -1 if m.suit is None else int(m.suit), m.clean, m.burraco is not None,
                    m.points, m.bonus)
                on += [at + k for k in mon]
                vals += [(at + k, x) for k, x in mvals]
                if m.owner == view.seat:
                    on.append(at + MELD_MINE)
        if pending:
            pon, pvals = self.pending_cells(pending)
            on += pon
            vals += pvals
        return on, vals

    def seat_rows(self) -> Any:
        """Every seat's observation kept by :class:`~trapoula.envs.base.Play`, brought up to
        date from the state when asked (:mod:`trapoula.envs.burraco_fast`, pinned to
        :meth:`ones` of the view), when the layout is the known one."""
        from trapoula.envs.burraco_fast import SeatRows, knows

        return SeatRows(self) if knows(self) else None

    def observe_state(self, state: Any, seat: str, pending: tuple[int, ...] = (),
                      out: Any = None) -> Any:
        """``observe(state.view(seat), pending)`` read from the state (the adapter's own
        :mod:`~trapoula.envs.burraco_fast` rows; a match state: from the view)."""
        rows = self._rows
        if rows is None:
            rows = self._rows = self.seat_rows() or False
        if rows is False:
            return super().observe_state(state, seat, pending, out)
        return rows.observe(state, int(seat[1:]) - 1, out, pending)

    def public_cells(self, me: int, phase: int, current: int, dealer: int,
                     hand_counts: Sequence[int], top: int, discards: int, stock: int,
                     pozzetti: int, taken: Sequence[bool], picked: int, ending: bool,
                     stalemate: int, scores: Sequence[int] | None, end: str
                     ) -> tuple[list[int], list[tuple[int, float]]]:
        """The cells of the small public pieces, from plain facts (seat and team indices
        absolute, ``me`` the observer; -1 for none): shared by :meth:`ones` and the fast
        reader of the state (:mod:`trapoula.envs.burraco_fast`)."""
        o = self._o
        n = self.players
        nt = self.teams
        on = [o["phase"] + phase, o["dealer"] + (dealer - me) % n]
        if current >= 0:
            on.append(o["to_act"] + (current - me) % n)
        base = o["hand_counts"]
        vals = [(base + (s - me) % n, clip01(k / 40.0)) for s, k in enumerate(hand_counts)]
        if top >= 0:
            on.append(o["discard_top"] + top)
        vals.append((o["discard_size"], clip01(discards / 40.0)))
        vals.append((o["stock"], stock / 108.0))
        vals.append((o["pozzetti_left"], pozzetti / 3.0))
        on += [o["pozzetto_taken"] + (t - me) % nt for t, x in enumerate(taken) if x]
        if picked >= 0:
            on.append(o["picked"] + picked)
        if ending:
            on.append(o["stock_ending"])
        vals.append((o["stalemate"], clip01(stalemate / self.stall)))
        if scores is not None:
            base = o["scores"]
            for t, sc in enumerate(scores):
                at = base + 2 * ((t - me) % nt)
                vals.append((at, clip01(sc / 2000.0)))
                vals.append((at + 1, clip01(-sc / 1000.0)))
            if end in ENDS:
                on.append(o["end"] + ENDS.index(end))
        return on, vals

    def pending_cells(self, pending: tuple[int, ...]
                      ) -> tuple[list[int], list[tuple[int, float]]]:
        """The cells of a pending meld or addition (only the seat building it sees them)."""
        o = self._o
        on = [o["pending_target"] + pending[0] - MELD]
        return on, count_values(o["pending_cards"], [p - SELECT0 for p in pending[1:]])

    def info_ones(self, view: Any) -> tuple[list[int], list[tuple[int, float]]]:
        n = self.players
        me = int(view.seat[1:])
        ii = self._i
        disc: dict[int, int] = {}
        meld: dict[int, int] = {}
        picked: dict[int, int] = {}
        turns: dict[int, int] = {}
        pile: list[int] = []  # the discards since the last pickup (the first upcard unknown)
        for e in view.events:
            r = (int(e.seat[1:]) - me) % n
            kind = e.kind
            if kind == "discard":
                t = e.cards[0].index
                key = r * TYPES + t
                disc[key] = disc.get(key, 0) + 1
                pile.append(t)
            elif kind in ("meld", "add"):
                for card in e.cards:
                    key = r * TYPES + card.index
                    meld[key] = meld.get(key, 0) + 1
            elif kind == "pickup":
                for t in pile:
                    key = r * TYPES + t
                    picked[key] = picked.get(key, 0) + 1
                pile = []
                turns[2 * r + 1] = turns.get(2 * r + 1, 0) + 1
            elif kind == "draw":
                turns[2 * r] = turns.get(2 * r, 0) + 1
        vals: list[tuple[int, float]] = []
        for name, table in (("discarded_by", disc), ("melded_by", meld), ("picked_up", picked)):
            base = ii[name]
            vals.extend((base + key, clip01(k / _COPIES[key % TYPES]))
                        for key, k in table.items())
        base = ii["turns_by"]
        vals.extend((base + key, clip01(k / 60.0)) for key, k in turns.items())
        return [], vals

    def obs_string(self, view: Any, pending: tuple[int, ...] = ()) -> str:
        melds = []
        for name, ms in view.melds.items():
            for m in ms:
                tag = ("*" if m.owner == view.seat else "") + (m.burraco or "")
                melds.append(f"{name}{m.number}[{format_cards(m.cards)}]{tag}")
        res = view.result
        lines = [
            f"burraco {view.preset} seat {view.seat} team {view.team} phase {view.phase} "
            f"to_act {view.current_player or '-'} dealer {view.dealer}",
            f"hand: {format_cards(view.hand)}",
            "cards: " + " ".join(f"{s} {k}" for s, k in view.hand_counts.items()),
            f"discard: {format_cards(view.discard) or '-'} stock: {view.stock_count} "
            f"pozzetti: {view.pozzetti_left} taken: "
            + " ".join(f"{t} {int(x)}" for t, x in view.pozzetto_taken.items()),
            "melds: " + (" ".join(melds) or "-"),
            f"picked: {view.picked or '-'} ending: {int(view.stock_ending)} "
            f"stalemate: {view.stalemate_count}",
            f"pending: {self.pending_text(pending) or '-'}",
            "result: " + ("-" if res is None else
                          " ".join(f"{t} {s}" for t, s in res["scores"].items())
                          + f" ({view.end_reason})"),
        ]
        return "\n".join(lines)

    # --- rewards ------------------------------------------------------------------------------
    def scores(self, view: Any) -> dict[str, float]:
        res = view.result or {}
        sc = res.get("scores", {})
        out = {}
        for i, seat in enumerate(self.seats):
            name = "AB"[i % 2] if self.players == 4 else seat
            out[seat] = float(sc.get(name, 0))
        return out

    def margins(self, scores: Mapping[str, float]) -> dict[str, float]:
        if self.players == 4:
            a, b = scores["P1"], scores["P2"]
            return {s: (a - b if i % 2 == 0 else b - a) for i, s in enumerate(self.seats)}
        total = sum(scores.values())
        k = self.players - 1
        return {s: x - (total - x) / k for s, x in scores.items()}

    def reward_bounds(self) -> tuple[float, float]:
        # all 108 cards are worth 1,080; at most 15 burracos (200 each) and a closing (100);
        # the worst is every card held (-1,080) and no pozzetto (-100)
        top, bottom = 1080.0 + 15 * 200 + 100, -1180.0
        if self.reward_mode == "score":
            return bottom, top
        return bottom - top, top - bottom

    # --- dealing ------------------------------------------------------------------------------
    def pack(self) -> tuple[int, ...]:
        return tuple(sorted(c.index for c in deck_108()))

    def deal_record(self, cards: Sequence[int], digits: Sequence[int]) -> dict[str, Any]:
        return {"kind": "deal", "deck": [str(Card.from_index(c)) for c in cards],
                "dealer": self.seats[-1]}

    def max_decisions(self) -> int:
        """A bound from the rules.  Turns that are not idle: stock draws (at most the stock,
        plus the pozzetti when they refill it), pickups of two or more cards (each needs a
        draw since the previous pickup, so one more than the draws), pickups followed by a
        meld (each lays a card for good: at most 108).  Idle turns (a one-card pile picked
        up, nothing laid) come in runs of at most ``stalemate_turns`` between them.  Two
        integers per turn, and at most three per card laid (target, card, commit)."""
        n = self.players
        draws = 108 - 11 * n - 11 * self.teams - 1 + 11 * self.teams
        busy = 2 * draws + 1 + 108
        turns = busy + self.stall * (busy + 1)
        return 2 * turns + 3 * 108
