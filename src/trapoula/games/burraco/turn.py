"""The Burraco turn (RULES.md §3.4-§3.7): legal moves, their effects and the hand's end.

:class:`Table` holds one deal's cards and turn state and implements the rules; its moves are
the interned public actions of ``legal.py``.  The public state (``state.py``) and the fast
playouts (``fast.py``) share this class, so both follow exactly the same rules.

Seats ``0..n-1``; with 4 players the teams are {P1, P3} and {P2, P4}; with 2 or 3 players
each player is his own team (his own melds, his own pozzetto, his own score).

A turn is ``draw`` or ``pickup``, then any melds and additions, then ``discard`` (§3.4).
No move is legal that would leave the player unable to finish his turn (§3.4.5): every
move keeps a legal discard, a legal closing or a pozzetto al volo within reach.

Canonical order of the legal moves: ``draw``, ``pickup``; then new melds, additions (by meld
number) and discards, each sorted by their cards' indices.

Hands are integer codes (``tables.py``): a suit-major code per seat (``hands``) and a
rank-major one (``rhands``); legal-move generation looks the hand's projections up in the
caches of ``legal.py``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from trapoula.core.action import Action
from trapoula.games.burraco.context import _Ctx  # (pickles of earlier versions name turn._Ctx)
from trapoula.games.burraco.ends import can_close, finishable, keeps_discard, ok_after
from trapoula.games.burraco.legal import (
    ACTS,
    ADD,
    DISCARD,
    DISCARDS,
    DRAW,
    HEAD_ADD,
    HEAD_DRAW,
    HEAD_MELD,
    HEAD_PICKUP,
    MELD,
    PICKUP,
    SUITS,
    Entry,
    act,
    decode,
    head,
    intern,
    joker_discard,
    rank_entry,
    seq_add_shortest,
    seq_additions,
    seq_shortest,
    set_add_shortest,
    set_additions,
    suit_discards,
    suit_sequences,
)
from trapoula.games.burraco.melds import MeldInfo, add_to_meld, analyze_sorted
from trapoula.games.burraco.scoring import team_score
from trapoula.games.burraco.tables import (
    JOINED,
    JOINED_COUNT,
    JOKER,
    JOKER_SHIFT,
    M26,
    ONE,
    ONE_OF,
    PRES_HI,
    PRES_LO,
    SHIFT,
    codes_of,
    count,
)
from trapoula.games.burraco.tables import (
    decode as decode_code,
)

if TYPE_CHECKING:
    # (for mypyc only: a compiled Table must admit the interpreted BurracoState as a
    # subclass; at run time the decorator is the no-op below, so the rules core imports
    # nothing outside the standard library: tools/check_layers.py allows exactly this)
    from mypy_extensions import mypyc_attr


def _same(cls: Any) -> Any:
    return cls


def _no_mypyc_attr(*_args: object, **_kwargs: object) -> Any:
    return _same


# at run time (mypyc compiles the decorator away): a no-op (an "else:" branch would be code
# mypy deems unreachable, which mypyc compiles to an error)
globals().setdefault("mypyc_attr", _no_mypyc_attr)

__all__ = [
    "ADD", "DISCARD", "DRAW", "HEAD_ADD", "HEAD_DRAW", "HEAD_MELD", "HEAD_PICKUP", "MELD",
    "OVER", "PHASES", "PICKUP", "PLAY", "START", "Table", "head",
]

# phases: before the draw, after it, hand over
START: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASES: Final = ("draw", "play", "over")
DRAW_ACTION: Final = intern(DRAW, 0, ())
PICKUP_ACTION: Final = intern(PICKUP, 0, ())
JOKER_DISCARD: Final = joker_discard()
# A hand's codes are longer than a machine word, and an operation on such an integer makes
# an object: legal-move generation splits them once into halves that fit one (suits 0-1 and
# 2-3 plus the joker; ranks 2-8 and 9-A); then per-byte masks of a rank half (its counts)
_LO52: Final = (1 << 52) - 1
_LO56: Final = (1 << 56) - 1
_LO48: Final = (1 << 48) - 1
_M33: Final = int("33" * 7, 16)
_M0F: Final = int("0F" * 7, 16)
_M80: Final = int("80" * 7, 16)
_AT_LEAST_2: Final = int("7E" * 7, 16)  # (a byte's count plus this has bit 7 set: 2 or more)
_AT_LEAST_3: Final = int("7D" * 7, 16)
_CARDS_OF: Final = itemgetter(0)  # an entry's cards: the canonical order of new melds


@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """One deal's position and its rules (mutated in place by :meth:`step`)."""

    __slots__ = (
        "_ctx", "_phase", "_turn", "hands", "rhands", "sizes", "melds", "owners", "discard",
        "stock", "spos", "pozzetti", "taken", "picked", "pile1", "melded", "stall", "ending",
        "closer", "end_reason", "turns", "_smoves",
    )

    _ctx: _Ctx
    _phase: int
    _turn: int
    hands: list[int]  # suit-major hand codes per seat
    rhands: list[int]  # rank-major hand codes per seat
    sizes: list[int]  # (lists copied with the table and changed in place; read-only once
    # a public state is made: see BurracoState._frozen)
    melds: tuple[tuple[MeldInfo, ...], ...]  # per team, in the order laid
    owners: tuple[tuple[int, ...], ...]  # seat that laid each meld (-1: setup)
    discard: tuple[int, ...]  # bottom first
    stock: tuple[int, ...]  # top first, from index ``spos``
    spos: int
    pozzetti: tuple[tuple[int, ...], ...]  # packets still on the table
    taken: tuple[bool, ...]  # per team
    picked: int  # the card taken as a 1-card discard pile this turn, else -1
    pile1: bool  # this turn began by taking a 1-card pile
    melded: bool  # this turn laid a meld or an addition
    stall: int  # consecutive stalemate turns (§3.6.3)
    ending: bool  # the stock ran out: the hand ends after this turn (§3.6.2)
    closer: int  # the team that closed, else -1
    end_reason: str  # "", "closing", "stock", "stalemate" or "blocked"
    turns: int
    _smoves: list[Action]  # the legal moves before the draw (computed when the turn starts)

    def _copy_table(self, n: Table) -> None:
        n._ctx = self._ctx
        n._phase = self._phase
        n._turn = self._turn
        n.hands = list(self.hands)
        n.rhands = list(self.rhands)
        n.sizes = list(self.sizes)
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
        n._smoves = self._smoves

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.spos

    def hand_indices(self, seat: int) -> list[int]:
        """The cards of a seat as sorted indices (full information)."""
        return decode_code(self.hands[seat])

    def count(self, seat: int, c: int) -> int:
        """How many copies of card ``c`` a seat holds."""
        return count(self.hands[seat], c)

    # --- legality -----------------------------------------------------------------------------
    def _start_moves(self) -> list[Action]:
        out: list[Action] = []
        if self.spos < len(self.stock):
            out.append(DRAW_ACTION)
        pile = self.discard
        if pile:
            seat = self._turn
            n = self.sizes[seat] + len(pile)
            if len(pile) == 1:
                x = pile[0]
                ok = n >= 2 and count(self.hands[seat], x) + 1 < n
            else:
                ok = n >= 2
            if not ok:
                team = self._ctx.team_of[seat]
                saved = self.picked
                self.picked = pile[0] if len(pile) == 1 else -1
                ok = finishable(
                    self, self.hands[seat] + codes_of(pile)[0], n, self.taken[team],
                    list(self.melds[team]), list(self.owners[team]),
                )
                self.picked = saved
            if ok:
                out.append(PICKUP_ACTION)
        return out

    def moves(self) -> list[Action]:
        """Every legal move of the player to act, in canonical order."""
        phase = self._phase
        if phase == START:
            return self._smoves
        if phase == OVER:
            return []
        ids, held = self._play(False)
        out = [ACTS[a] or act(a) for a in ids]
        for s in (0, 1, 2, 3):
            proj = held >> 26 * s & M26
            if proj:
                pres = PRES_LO[proj & 0x3FFF] | PRES_HI[proj >> 14]
                out.extend(DISCARDS[s][pres] or suit_discards(s, pres))
        if held >> JOKER_SHIFT:
            out.append(JOKER_DISCARD)
        return out

    def heads(self) -> list[int]:
        """The heads of the legal moves (what the moves' first integers in a learning
        environment stand for): one code per distinct kind of move and meld number or card
        (:func:`head`: the card of a discard, :data:`HEAD_DRAW`, :data:`HEAD_PICKUP`,
        :data:`HEAD_MELD`, :data:`HEAD_ADD` plus the meld number of an addition) -- the set
        of :func:`head` over :meth:`moves`, without making the moves (in no set order).

        >>> from trapoula.games.burraco.game import Burraco
        >>> t = Burraco().new_deal(seed=3)
        >>> sorted(t.heads()) == sorted({head(a) for a in t.moves()})
        True
        """
        out, held = self.heads_held()
        for s in (0, 1, 2, 3):  # (the discards: every card held, as suit_discards lists them)
            proj = held >> 26 * s & M26
            if proj:
                pres = PRES_LO[proj & 0x3FFF] | PRES_HI[proj >> 14]
                while pres:
                    low = pres & -pres
                    pres ^= low
                    out.append(13 * s + low.bit_length() - 1)
        if held >> JOKER_SHIFT:
            out.append(JOKER)
        return out

    def heads_held(self) -> tuple[list[int], int]:
        """The heads of :meth:`heads` but the discards', and the code (``tables.py``) of the
        cards whose discard is legal: a learning environment's masks read the discards
        from the code for a whole batch at once.

        >>> from trapoula.games.burraco.game import Burraco
        >>> t = Burraco().new_deal(seed=3)
        >>> t = t.apply(t.legal_actions()[0])  # (the draw)
        >>> heads, held = t.heads_held()
        >>> held == t.hands[t._turn], sorted(heads) == sorted(h for h in t.heads() if h > 52)
        (True, True)
        """
        phase = self._phase
        if phase == START:
            return [HEAD_DRAW if a is DRAW_ACTION else HEAD_PICKUP if a is PICKUP_ACTION
                    else head(a) for a in self._smoves], 0
        if phase == OVER:
            return [], 0
        return self._play(True)

    def _new_meld_legal(self, entries: tuple[Entry, ...], h: int, n: int) -> bool:
        """Is one of these new melds legal?"""
        for cards, _, _ in entries:
            if ok_after(self, h, n, cards, -1, None):
                return True
        return False

    def target_moves(self, target: int) -> list[Action]:
        """The legal new melds (``target`` 0) or additions to the team's meld number
        ``target`` (1-based), in canonical order: the moves of :meth:`moves` of that
        target (what a meld's sub-decisions in a learning environment choose among).

        >>> from trapoula.games.burraco.game import Burraco
        >>> t = Burraco().new_deal(seed=3)
        >>> t = t.apply(t.legal_actions()[0])
        >>> t.target_moves(0) == [m for m in t.moves() if m.kind == "meld"]
        True
        """
        if self._phase != PLAY:
            return []
        ids, _ = self._play(False, target)
        return [ACTS[a] or act(a) for a in ids]

    def target_cards(self, target: int, ordered: bool = True) -> list[tuple[int, ...]]:
        """The cards (sorted indices) of :meth:`target_moves`, without making the moves;
        not ``ordered``: in no set order (the new melds are not sorted: a learning
        environment's sub-decisions do not depend on their order; ``test_heads.py``)."""
        if self._phase != PLAY:
            return []
        out: list[tuple[int, ...]] = []
        self._play(False, target, ordered, out)
        return out

    def _play(self, first: bool, target: int = -1, ordered: bool = True,
              cards_out: list[tuple[int, ...]] | None = None) -> tuple[list[int], int]:
        """The play phase's legal melds and additions, and the cards that may be discarded.

        Returns ``(found, held)``: ``found`` the action ids (:data:`legal.ACTS`) of the
        legal new melds and additions in canonical order, or with ``first`` their heads
        (:meth:`heads`: one per new meld and per meld added to, the first legal entry of
        each, unsorted); ``held`` the code (``tables.py``) of the cards whose discard is
        legal: the hand, the hand without the picked card, or none.  With ``target`` 0
        only the new melds, with ``target`` k > 0 only the additions to meld number k,
        and no discard.  Not ``ordered``: the new melds in no set order.  ``cards_out``:
        the cards of the legal melds and additions go there instead of their ids."""
        seat = self._turn
        ctx = self._ctx
        team = ctx.team_of[seat]
        h = self.hands[seat]
        n = self.sizes[seat]
        x = self.picked
        # the codes' halves (_LO52): suit s's field of h is the 26 bits of lo or hi from bit
        # 26 * (s % 2), the joker's at bit 52 of hi; rank k's byte: byte k of rlo or k - 7 of rhi
        lo = h & _LO52
        hi = h >> 52
        rlo = rhi = -1  # (split when a rank is first asked for)
        # the wild cards held (WILD_OF[h & WILD_BITS]): bit s a 2 of suit s, bit 4 a joker
        w = ((1 if lo & 3 else 0) | (2 if lo >> 26 & 3 else 0) | (4 if hi & 3 else 0)
             | (8 if hi >> 26 & 3 else 0) | (16 if hi >> 52 else 0))
        # new melds: the sequences of each suit, the sets of each rank with 2+ (3+) cards
        # (legal.suit_entry, inlined)
        found: list[Entry] = []
        out: list[int] = []
        for s in (0, 1, 2, 3):
            proj = (lo >> 26 * s if s < 2 else hi >> 26 * (s - 2)) & M26
            if not proj or target > 0:
                continue
            pres = PRES_LO[proj & 0x3FFF] | PRES_HI[proj >> 14]
            joined = JOINED[pres]
            d = JOINED_COUNT[pres]
            if d > 2 or (d == 2 and w):
                key = joined | (proj & 3) << 13 | (w & ~(1 << s)) << 15 | s << 20
                if first:  # (the heads: is there one, and a short one?)
                    m = seq_shortest(key)
                    if not m:
                        continue
                    # (ok_after's first test, for the meld with the fewest copies of x)
                    if keeps_discard(x, h, n - m):
                        out.append(HEAD_MELD)
                        break
                seqs = SUITS.get(key)
                if seqs is None:
                    seqs = suit_sequences(key)
                if not seqs:
                    continue
                if not first:
                    found += seqs
                elif self._new_meld_legal(seqs, h, n):  # (the first one found will do)
                    out.append(HEAD_MELD)
                    break
        if not out and target <= 0:
            rh = self.rhands[seat]
            rlo, rhi = rh & _LO56, rh >> 56 & _LO48
            at_least = _AT_LEAST_2 if w else _AT_LEAST_3
            for half in (0, 1):  # (ranks 3-8, then 9-A: the 2s are no set's)
                r = rlo & ~255 if half == 0 else rhi
                t = (r & _M33) + (r >> 2 & _M33)
                t = (t & _M0F) + (t >> 4 & _M0F)
                hits = (t + at_least) & _M80
                if hits and first and keeps_discard(x, h, n - 3):
                    # (the heads: a rank with a set has one of three cards, three naturals
                    # or two and a wild, melds.rank_sets; ok_after's first test for it)
                    out.append(HEAD_MELD)
                    break
                while hits:
                    low = hits & -hits
                    hits ^= low
                    k = (low.bit_length() >> 3) - 1  # (the byte in this half)
                    sets = rank_entry(k + 7 * half, r >> 8 * k & 255, w)
                    if not first:
                        found += sets
                    elif self._new_meld_legal(sets, h, n):
                        out.append(HEAD_MELD)
                        break
                if out:
                    break
        if found:
            if ordered:  # (two entries with the same cards are the same entry)
                found.sort(key=_CARDS_OF)
            for cards, a, _ in found:
                if ok_after(self, h, n, cards, -1, None):
                    if cards_out is None:
                        out.append(a)
                    else:
                        cards_out.append(cards)
        # additions to the team's melds
        melds = self.melds[team]
        if melds and target != 0:
            player_only = ctx.opts.meld_ownership == "player"
            owners = self.owners[team]
            for i, meld in enumerate(melds):
                if (player_only and owners[i] not in (seat, -1)) or (0 < target != i + 1):
                    continue
                # legal.addition_entry, inlined
                ms = meld.suit
                if ms >= 0:
                    proj = (lo >> 26 * ms if ms < 2 else hi >> 26 * (ms - 2)) & M26
                    aux = meld.aux
                    wk = 0 if aux[3] else w & ~(1 << ms)
                    if not proj & aux[4] and not proj & 3 and not wk:
                        continue
                    m = seq_add_shortest(meld, proj, wk) if first else -1
                else:
                    k = meld.rank
                    if rlo < 0:
                        rh = self.rhands[seat]
                        rlo, rhi = rh & _LO56, rh >> 56 & _LO48
                    byte = (rlo >> 8 * k if k < 7 else rhi >> 8 * (k - 7)) & 255
                    clean = meld.wild < 0
                    wk = w if clean else 0
                    if not byte and not wk:
                        continue
                    m = set_add_shortest(k, clean, byte, wk) if first else -1
                if m >= 0 and (not m or keeps_discard(x, h, n - m)):
                    if m:  # (the heads: there is one, and ok_after's first test passes)
                        out.append(HEAD_ADD + i + 1)
                    continue
                entries = (seq_additions(meld, i + 1, proj, wk) if ms >= 0
                           else set_additions((k, clean, i + 1, byte, wk)))
                for cards, a, _ in entries:
                    if not ok_after(self, h, n, cards, i, meld):
                        continue
                    if first:
                        out.append(HEAD_ADD + i + 1)
                        break
                    if cards_out is None:
                        out.append(a)
                    else:
                        cards_out.append(cards)
        # discards
        if target >= 0:
            return out, 0
        if n >= 2 or (not self.taken[team] and self.pozzetti):
            if x < 0:
                return out, h
            # (every card held but the picked one)
            return out, h & ~(7 << JOKER_SHIFT if x == JOKER else 3 << SHIFT[x])
        if n == 1:
            c = ONE_OF[h]
            if c != x and self.taken[team] and can_close(self, c, melds):
                return out, h
        return out, 0

    # --- effects ------------------------------------------------------------------------------
    def step(self, move: Action) -> None:
        """Apply a legal move in place (the caller has checked legality)."""
        code, number, cards, ds, dr = decode(move)
        seat = self._turn
        ctx = self._ctx
        if code == DRAW:
            c = self.stock[self.spos]
            self.spos += 1
            self._give(seat, ONE[c], RONE_OF[c], 1)
            left = len(self.stock) - self.spos
            if ctx.opts.stock_end == "two_cards_left":
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
            ps, pr = codes_of(pile)
            self._give(seat, ps, pr, len(pile))
            self.discard = ()
            self.picked = pile[0] if len(pile) == 1 else -1
            self.pile1 = len(pile) == 1
            self.melded = False
            self._phase = PLAY
        elif code == MELD or code == ADD:
            team = ctx.team_of[seat]
            tm = list(self.melds[team])
            if code == MELD:
                new = analyze_sorted(cards)
                assert new is not None
                tm.append(new)
                own = list(self.owners[team])
                own.append(seat)
                self.owners = _set(self.owners, team, tuple(own))
            else:
                grown = add_to_meld(tm[number - 1], cards)
                assert grown is not None
                tm[number - 1] = grown
            self.melds = _set(self.melds, team, tuple(tm))
            self._give(seat, -ds, -dr, -len(cards))
            self.melded = True
            if self.sizes[seat] == 0:  # al volo (§3.5)
                self._take_pozzetto(seat)
        else:
            c = cards[0]
            self._give(seat, -ds, -dr, -1)
            self.discard = self.discard + (c,)
            if self.sizes[seat] == 0:
                team = ctx.team_of[seat]
                if not self.taken[team] and self.pozzetti:  # pozzetto with the discard (§3.5)
                    self._take_pozzetto(seat)
                else:  # closing (§3.6.1)
                    self.closer = team
                    self._end("closing")
                    return
            self._end_turn()

    def _give(self, seat: int, ds: int, dr: int, k: int) -> None:
        self.hands[seat] += ds
        self.rhands[seat] += dr
        self.sizes[seat] += k

    def _take_pozzetto(self, seat: int) -> None:
        packet = self.pozzetti[0]
        self.pozzetti = self.pozzetti[1:]
        ps, pr = codes_of(packet)
        self._give(seat, ps, pr, len(packet))
        self.taken = _set(self.taken, self._ctx.team_of[seat], True)

    def _end_turn(self) -> None:
        self.turns += 1
        self.stall = self.stall + 1 if (self.pile1 and not self.melded) else 0
        if self.ending:
            self._end("stock")
            return
        if self.stall >= self._ctx.opts.stalemate_turns:
            self._end("stalemate")
            return
        self._turn = (self._turn + 1) % self._ctx.players
        self._phase = START
        self.picked = -1
        self.pile1 = False
        self.melded = False
        self._smoves = self._start_moves()
        if not self._smoves:  # only in degenerate set-up positions
            self._end("blocked")

    def _end(self, reason: str) -> None:
        self._phase = OVER
        self.end_reason = reason
        self.picked = -1
        self._smoves = []

    def team_scores(self) -> dict[str, int]:
        """Every team's hand score (§3.7), by team name (``A``/``B``, or the seat when each
        player plays alone); meaningful once the hand is over."""
        ctx = self._ctx
        opts = ctx.opts
        out = {}
        for team, name in enumerate(ctx.team_names):
            held = [c for seat in ctx.members[team] for c in self.hand_indices(seat)]
            out[name] = team_score(
                self.melds[team], held, took_pozzetto=self.taken[team],
                closed=self.closer == team, semi_clean_bonus=opts.semi_clean_bonus,
                deduct_hands=opts.deduct_hands,
            )
        return out


RONE_OF: Final = tuple(codes_of((c,))[1] for c in range(53))


def _set(pair: tuple[Any, ...], team: int, value: Any) -> Any:
    lst = list(pair)
    lst[team] = value
    return tuple(lst)
