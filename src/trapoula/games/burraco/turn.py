"""The Burraco turn (RULES.md §3.4-§3.7): legal moves, their effects and the hand's end.

:class:`Table` holds one deal's cards and turn state and implements the rules on internal
moves ``(code, number, cards)``: ``code`` is one of :data:`DRAW`, :data:`PICKUP`, :data:`MELD`,
:data:`ADD`, :data:`DISCARD`; ``number`` is the 1-based meld number of an addition (else 0);
``cards`` a sorted tuple of card indices.  The public state (``state.py``) and the fast
playouts (``fast.py``) share this class, so both follow exactly the same rules.

A turn is ``draw`` or ``pickup``, then any melds and additions, then ``discard`` (§3.4).
No move is legal that would leave the player unable to finish his turn (§3.4.5): every
move keeps a legal discard, a legal closing or a pozzetto al volo within reach.

Canonical order of the legal moves: ``draw``, ``pickup``; then new melds, additions (by meld
number) and discards, each sorted by their cards' indices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trapoula.games.burraco.melds import (
    MeldInfo,
    add_to_meld,
    analyze_sorted,
    hand_melds,
    meld_additions,
    suit_masks,
)
from trapoula.games.burraco.scoring import team_score
from trapoula.games.burraco.tables import IS_WILD, NCARDS

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco
    from trapoula.games.burraco.rules import BurracoOptions

__all__ = [
    "ADD",
    "DISCARD",
    "DRAW",
    "MELD",
    "OVER",
    "PHASES",
    "PICKUP",
    "PLAY",
    "START",
    "Move",
    "Table",
]

Move = tuple[int, int, tuple[int, ...]]

DRAW, PICKUP, MELD, ADD, DISCARD = range(5)
START, PLAY, OVER = range(3)  # phases: before the draw, after it, hand over
PHASES = ("draw", "play", "over")
DRAW_MOVE: Move = (DRAW, 0, ())
PICKUP_MOVE: Move = (PICKUP, 0, ())


@dataclass(frozen=True)
class _Ctx:
    """What a deal fixes once: the rules, its seed and origin, the dealer."""

    game: Burraco
    opts: BurracoOptions
    seed: int
    origin: dict[str, Any]
    dealer: int
    dealer_draw: tuple[dict[str, int], ...] = ()


def _add(h: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    lst = list(h)
    for c in cards:
        lst[c] += 1
    return tuple(lst)


def _remove(h: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    lst = list(h)
    for c in cards:
        lst[c] -= 1
    return tuple(lst)


class Table:
    """One deal's position and its rules (mutated in place by :meth:`step`)."""

    __slots__ = (
        "_ctx", "_phase", "_turn", "hands", "sizes", "melds", "owners", "discard", "stock",
        "spos", "pozzetti", "taken", "picked", "pile1", "melded", "stall", "ending", "closer",
        "end_reason", "turns",
    )

    _ctx: _Ctx
    _phase: int
    _turn: int
    hands: tuple[tuple[int, ...], ...]  # count vectors (53) per seat
    sizes: tuple[int, ...]
    melds: tuple[tuple[MeldInfo, ...], tuple[MeldInfo, ...]]  # per team, in the order laid
    owners: tuple[tuple[int, ...], tuple[int, ...]]  # seat that laid each meld (-1: setup)
    discard: tuple[int, ...]  # bottom first
    stock: tuple[int, ...]  # top first, from index ``spos``
    spos: int
    pozzetti: tuple[tuple[int, ...], ...]  # packets still on the table
    taken: tuple[bool, bool]
    picked: int  # the card taken as a 1-card discard pile this turn, else -1
    pile1: bool  # this turn began by taking a 1-card pile
    melded: bool  # this turn laid a meld or an addition
    stall: int  # consecutive stalemate turns (§3.6.3)
    ending: bool  # the stock ran out: the hand ends after this turn (§3.6.2)
    closer: int  # the team that closed, else -1
    end_reason: str  # "", "closing", "stock", "stalemate" or "blocked"
    turns: int

    def _copy_table(self, n: Table) -> None:
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n.hands = self.hands
        n.sizes = self.sizes
        n.melds = self.melds
        n.owners = self.owners
        n.discard = self.discard
        n.stock = self.stock
        n.spos = self.spos
        n.pozzetti = self.pozzetti
        n.taken = self.taken
        n.picked = self.picked
        n.pile1 = self.pile1
        n.melded = self.melded
        n.stall = self.stall
        n.ending = self.ending
        n.closer = self.closer
        n.end_reason = self.end_reason
        n.turns = self.turns

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.spos

    def hand_indices(self, seat: int) -> list[int]:
        """The cards of a seat as sorted indices (full information)."""
        out: list[int] = []
        for i, k in enumerate(self.hands[seat]):
            out.extend([i] * k)
        return out

    # --- legality -----------------------------------------------------------------------------
    def _pozzetto_available(self, team: int) -> bool:
        return not self.taken[team] and bool(self.pozzetti)

    def _can_close(self, c: int, melds: tuple[MeldInfo, ...] | list[MeldInfo]) -> bool:
        """May the last card ``c`` be the closing discard, given the team's melds (§3.6.1)?

        The caller checks that the team has taken its pozzetto and ``c`` is not the picked card.
        """
        opts = self._ctx.opts
        if opts.closing_discard_wild_forbidden and IS_WILD[c]:
            return False
        if opts.closing_requires == "clean_burraco":
            return any(len(m.cards) >= 7 and m.wild < 0 for m in melds)
        return any(len(m.cards) >= 7 for m in melds)

    def _addable(self, team: int, seat: int, melds: tuple[MeldInfo, ...] | list[MeldInfo],
                 owners: tuple[int, ...] | list[int]) -> list[MeldInfo]:
        if self._ctx.opts.meld_ownership == "player":
            return [m for m, o in zip(melds, owners, strict=True) if o in (seat, -1)]
        return list(melds)

    def _finishable(
        self, h: list[int] | tuple[int, ...], n: int, taken: bool,
        melds: list[MeldInfo], owners: list[int],
    ) -> bool:
        """Can the player still end his turn legally from this hand (§3.4.4, §3.4.5)?"""
        seat = self._turn
        team = seat & 1
        x = self.picked
        pa = not taken and bool(self.pozzetti)
        if n == 0:  # al volo: the pozzetto comes in and the turn goes on
            if not pa:
                return False
            packet = self.pozzetti[0]
            return self._finishable(_add((0,) * NCARDS, packet), len(packet), True, melds, owners)
        if n >= 2 and (x < 0 or h[x] < n):
            return True
        if n == 1:
            c = next(i for i in range(NCARDS) if h[i])
            if c != x and (pa or (taken and self._can_close(c, melds))):
                return True
            if not pa:
                return False
            return any(add_to_meld(m, (c,)) for m in self._addable(team, seat, melds, owners))
        # two or more cards, all identical to the picked one: meld them all, then al volo
        if not pa:
            return False
        return _absorb(x, n, self._addable(team, seat, melds, owners))

    def _ok_after(self, h: tuple[int, ...], n: int, cards: tuple[int, ...],
                  index: int, meld: MeldInfo | None) -> bool:
        """Is a meld (``index`` -1) or an addition to meld ``index`` free of dead ends?"""
        n2 = n - len(cards)
        x = self.picked
        if n2 >= 2 and (x < 0 or h[x] - cards.count(x) < n2):
            return True
        seat = self._turn
        team = seat & 1
        melds = list(self.melds[team])
        owners = list(self.owners[team])
        new = analyze_sorted(cards) if index < 0 else meld
        assert new is not None
        if index < 0:
            melds.append(new)
            owners.append(seat)
        else:
            melds[index] = new
        return self._finishable(_remove(h, cards), n2, self.taken[team], melds, owners)

    def _start_moves(self) -> list[Move]:
        out: list[Move] = []
        if self.spos < len(self.stock):
            out.append(DRAW_MOVE)
        pile = self.discard
        if pile:
            seat = self._turn
            team = seat & 1
            h = _add(self.hands[seat], pile)
            saved = self.picked
            self.picked = pile[0] if len(pile) == 1 else -1
            ok = self._finishable(
                h, self.sizes[seat] + len(pile), self.taken[team],
                list(self.melds[team]), list(self.owners[team]),
            )
            self.picked = saved
            if ok:
                out.append(PICKUP_MOVE)
        return out

    def moves(self) -> list[Move]:
        """Every legal move of the player to act, in canonical order."""
        phase = self._phase
        if phase == START:
            return self._start_moves()
        if phase == OVER:
            return []
        seat = self._turn
        team = seat & 1
        h = self.hands[seat]
        n = self.sizes[seat]
        x = self.picked
        out: list[Move] = []
        masks = suit_masks(h)
        for m in hand_melds(h, masks):
            if self._ok_after(h, n, m, -1, None):
                out.append((MELD, 0, m))
        melds = self.melds[team]
        player_only = self._ctx.opts.meld_ownership == "player"
        owners = self.owners[team]
        for i, meld in enumerate(melds):
            if player_only and owners[i] not in (seat, -1):
                continue
            for a in meld_additions(meld, h, masks):
                if n - len(a) >= 2 and (x < 0 or h[x] - a.count(x) < n - len(a)):
                    out.append((ADD, i + 1, a))
                    continue
                new = add_to_meld(meld, a)
                if new is not None and self._ok_after(h, n, a, i, new):
                    out.append((ADD, i + 1, a))
        last_ok = n >= 2 or self._pozzetto_available(team)
        for c in range(NCARDS):
            if h[c] and c != x and (last_ok or (self.taken[team] and self._can_close(c, melds))):
                out.append((DISCARD, 0, (c,)))
        return out

    # --- effects ------------------------------------------------------------------------------
    def step(self, move: Move) -> None:
        """Apply a legal move in place (the caller has checked legality)."""
        code, number, cards = move
        seat = self._turn
        team = seat & 1
        if code == DRAW:
            c = self.stock[self.spos]
            self.spos += 1
            self._give(seat, (c,))
            left = len(self.stock) - self.spos
            if self._ctx.opts.stock_end == "two_cards_left":
                if left <= 2:
                    self.ending = True
            elif left == 0:
                if self.pozzetti:
                    self.stock, self.spos = self.pozzetti[0], 0
                    self.pozzetti = self.pozzetti[1:]
                else:
                    self.ending = True
            self.picked = -1
            self.pile1 = False
            self.melded = False
            self._phase = PLAY
        elif code == PICKUP:
            pile = self.discard
            self._give(seat, pile)
            self.discard = ()
            self.picked = pile[0] if len(pile) == 1 else -1
            self.pile1 = len(pile) == 1
            self.melded = False
            self._phase = PLAY
        elif code == MELD or code == ADD:
            tm = list(self.melds[team])
            if code == MELD:
                new = analyze_sorted(cards)
                assert new is not None
                tm.append(new)
                own = list(self.owners[team])
                own.append(seat)
                self.owners = _set_team(self.owners, team, tuple(own))
            else:
                grown = add_to_meld(tm[number - 1], cards)
                assert grown is not None
                tm[number - 1] = grown
            self.melds = _set_team(self.melds, team, tuple(tm))
            self._take(seat, cards)
            self.melded = True
            if self.sizes[seat] == 0:  # al volo (§3.5)
                self._take_pozzetto(seat)
        else:
            c = cards[0]
            self._take(seat, cards)
            self.discard = self.discard + (c,)
            if self.sizes[seat] == 0:
                if self._pozzetto_available(team):  # pozzetto with the discard (§3.5)
                    self._take_pozzetto(seat)
                else:  # closing (§3.6.1)
                    self.closer = team
                    self._end("closing")
                    return
            self._end_turn()

    def _give(self, seat: int, cards: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = _add(hands[seat], cards)
        self.hands = tuple(hands)
        sizes = list(self.sizes)
        sizes[seat] += len(cards)
        self.sizes = tuple(sizes)

    def _take(self, seat: int, cards: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = _remove(hands[seat], cards)
        self.hands = tuple(hands)
        sizes = list(self.sizes)
        sizes[seat] -= len(cards)
        self.sizes = tuple(sizes)

    def _take_pozzetto(self, seat: int) -> None:
        packet = self.pozzetti[0]
        self.pozzetti = self.pozzetti[1:]
        self._give(seat, packet)
        t = list(self.taken)
        t[seat & 1] = True
        self.taken = (t[0], t[1])

    def _end_turn(self) -> None:
        self.turns += 1
        self.stall = self.stall + 1 if (self.pile1 and not self.melded) else 0
        if self.ending:
            self._end("stock")
            return
        if self.stall >= self._ctx.opts.stalemate_turns:
            self._end("stalemate")
            return
        self._turn = (self._turn + 1) & 3
        self._phase = START
        self.picked = -1
        self.pile1 = False
        self.melded = False
        if not self._start_moves():  # only in degenerate set-up positions
            self._end("blocked")

    def _end(self, reason: str) -> None:
        self._phase = OVER
        self.end_reason = reason
        self.picked = -1

    def team_scores(self) -> dict[str, int]:
        """Both teams' hand scores (§3.7); meaningful once the hand is over."""
        opts = self._ctx.opts
        out = {}
        for team in (0, 1):
            held = self.hand_indices(team) + self.hand_indices(team + 2)
            out["AB"[team]] = team_score(
                self.melds[team], held, took_pozzetto=self.taken[team],
                closed=self.closer == team, semi_clean_bonus=opts.semi_clean_bonus,
                deduct_hands=opts.deduct_hands,
            )
        return out


def _set_team(pair: tuple[Any, Any], team: int, value: Any) -> Any:
    return (value, pair[1]) if team == 0 else (pair[0], value)


def _absorb(x: int, k: int, melds: list[MeldInfo]) -> bool:
    """Can ``k`` copies of card ``x`` all be added to these melds (one or more at a time)?"""
    for i, m in enumerate(melds):
        for j in range(1, k + 1):
            grown = add_to_meld(m, (x,) * j)
            if grown is None:
                continue
            if j == k:
                return True
            rest = melds[:i] + [grown] + melds[i + 1:]
            if _absorb(x, k - j, rest):
                return True
    return False
