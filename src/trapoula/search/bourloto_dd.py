"""Double-dummy solver for Bourloto card play: the card points a team takes from a position
with every hand known (RULES.md §1.1, §1.4; the last trick's +10 included).

Declarations and Bourlot are fixed before or at trick 1 and do not depend on the cards'
order of play, so the solver maximises trick points only.

How it is fast in pure Python:

* **Compact cards.**  Cards are renumbered ``8 * suit + order`` with the trump suit last and
  each suit ordered by trick strength, so "beats" is an integer comparison and every trump is
  numerically above every plain card.  Tables no longer depend on the trump suit.
* **Alpha-beta with MTD(f)** (zero-window searches from a first guess: the card points each
  team holds, 5 more a trump held over the other team's) and a **transposition table** of
  lower/upper bounds at trick starts, keyed by the four hands and the leader; the value stored
  is team A's points from that trick on, so entries serve any root and either team.
* **Move ordering**: the table's best lead first, then leads that cut off before (history
  heuristic), masters, low cards; followers try cheap winning cards, smear
  points on a partner's trick and throw cheap cards on an opponent's.
* **Equal-card merging**: two cards of one hand that are adjacent in trick order (no card
  still in play between them) and worth the same points are interchangeable; only one is
  searched.  Cards adjacent in order but worth different points are *not* merged: which of
  them falls in which trick changes the points.

>>> from trapoula.cards import parse_cards, mask_of, Suit
>>> hands = [mask_of(parse_cards(t)) for t in ("JH 7S", "AS 8S", "9H 10S", "KS QS")]
>>> pos = DDPosition(tuple(hands), int(Suit.H), leader=0, trick=(), tricks_done=6)
>>> solver = BourlotoSolver()
>>> solver.solve(pos, team="A"), solver.solve(pos, team="B")
(47, 25)
>>> sorted((str(c), v) for c, v in solver.move_values(pos).items())
[('7S', 47), ('JH', 37)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from trapoula.cards import Card
from trapoula.cards.cardset import bit_indices
from trapoula.games.bourloto.tables import STRENGTH, TRUMP_STRENGTH

__all__ = [
    "PTS",
    "BourlotoSolver",
    "SearchAborted",
    "DDPosition",
    "play_card",
    "position_from_state",
    "to_compact",
    "to_global",
    "trick_points",
]

_PLAIN_PTS = (0, 0, 0, 2, 3, 4, 10, 11)
_TRUMP_PTS = (0, 0, 3, 4, 10, 11, 14, 20)
PTS: tuple[int, ...] = _PLAIN_PTS * 3 + _TRUMP_PTS  # points of each compact card
_SUIT = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
_TRUMPS = 0xFF000000
_ALL = 0xFFFFFFFF
# _ABOVE[k]: the cards of k's suit that beat k
_ABOVE = tuple(_SUIT[k >> 3] & ~((2 << k) - 1) & _ALL for k in range(32))
_BITS8 = tuple(tuple(i for i in range(8) if m >> i & 1) for m in range(256))
_BITS = tuple(tuple(8 * s + i for i in _BITS8[m]) for s in range(4) for m in range(256))


def _drop_table(equal_low: int) -> tuple[int, ...]:
    """For a suit's ``equal_low`` lowest orders (all worth the same points): index
    ``legal | others << equal_low`` -> the legal cards to drop (each equal to a kept lower one
    with no other player's card between them)."""
    out = []
    for key in range(1 << (2 * equal_low)):
        legal, others = key & ((1 << equal_low) - 1), key >> equal_low
        drop, prev = 0, -1
        for i in range(equal_low):
            if others >> i & 1:
                prev = -1
            elif legal >> i & 1:
                if prev >= 0:
                    drop |= 1 << i
                else:
                    prev = i
        out.append(drop)
    return tuple(out)


_DROP_PLAIN = _drop_table(3)  # plain 7, 8, 9: 0 points
_DROP_TRUMP = _drop_table(2)  # trump 7, 8: 0 points

# global card index <-> compact index, per trump suit
_G2C: list[list[int]] = []
_C2G: list[list[int]] = []
for _t in range(4):
    _order = [s for s in range(4) if s != _t] + [_t]
    g2c, c2g = [-1] * 52, [0] * 32
    for _cs, _s in enumerate(_order):
        for _o in range(5, 13):
            _g = 13 * _s + _o
            _k = 8 * _cs + (TRUMP_STRENGTH[_g] - 8 if _s == _t else STRENGTH[_g])
            g2c[_g], c2g[_k] = _k, _g
    _G2C.append(g2c)
    _C2G.append(c2g)


def to_compact(mask: int, trump: int) -> int:
    """A 52-card mask (32-card pack) in compact numbering for ``trump``."""
    g2c = _G2C[trump]
    out = 0
    for g in bit_indices(mask):
        out |= 1 << g2c[g]
    return out


def to_global(card: int, trump: int) -> int:
    """The global card index of compact card ``card``."""
    return _C2G[trump][card]


class DDPosition(NamedTuple):
    """A play-phase position with every hand known (global card indices and masks).

    ``trick`` holds the cards already played to the current trick, ``leader`` first;
    ``tricks_done`` counts finished tricks (the 8th trick carries the +10)."""

    hands: tuple[int, int, int, int]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks_done: int

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) & 3


def position_from_state(state: Any) -> DDPosition:
    """The :class:`DDPosition` of a Bourloto state in its play phase (full information)."""
    if state.phase != "play":
        raise ValueError(f"double-dummy positions need the play phase, not {state.phase!r}")
    h = state.hands
    return DDPosition((h[0], h[1], h[2], h[3]), int(state.trump), int(state.leader),
                      tuple(state.trick), int(state.tricks_done))


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


EXACT_LEFT = 0
TrickFn = Callable[[int, int, int, int, int], int]
PlayFn = Callable[[int, int, int, int, int, int, int, int, int, int, int], int]


def _build(overtrump: bool, pexc: bool, tt: dict[int, tuple[int, int, int]],
           h: list[int], counter: list[int]) -> tuple[TrickFn, PlayFn]:
    """The search closures over hands ``h`` (mutated and restored) and table ``tt``."""
    pts = PTS
    above = _ABOVE
    suit_m = _SUIT
    bits = _BITS
    drop_p, drop_t = _DROP_PLAIN, _DROP_TRUMP
    exact_left = EXACT_LEFT
    hist = [0] * 32

    def last_trick(leader: int, rem: int) -> int:
        best = h[leader].bit_length() - 1
        wseat = leader
        for k in (1, 2, 3):
            s = (leader + k) & 3
            c = h[s].bit_length() - 1
            if c > best and (c >> 3 == best >> 3 or c >= 24):
                best, wseat = c, s
        return 0 if wseat & 1 else rem

    def lead(leader: int, alpha: int, beta: int, left: int, rem: int,
             mv: int) -> tuple[int, int]:
        """The leader's choice: (team A's points from this trick on, the best card)."""
        hand = h[leader]
        present = h[0] | h[1] | h[2] | h[3]
        others = present & ~hand
        lm = hand
        low = lm & 0x03070707
        if low & (low - 1):
            lm &= ~(
                drop_p[(lm & 7) | (others & 7) << 3]
                | drop_p[(lm >> 8 & 7) | (others >> 8 & 7) << 3] << 8
                | drop_p[(lm >> 16 & 7) | (others >> 16 & 7) << 3] << 16
                | drop_t[(lm >> 24 & 3) | (others >> 24 & 3) << 2] << 24
            )
        # lead order: the table's move, then the top card of each suit, then the rest
        tops = []
        rest = []
        lows = []
        for s in (3, 0, 1, 2):
            sm = lm & suit_m[s]
            if sm:
                top = sm.bit_length() - 1
                if not (others & above[top]):
                    tops.append(top)  # a master
                else:
                    rest.append(top)
                sm ^= 1 << top
                while sm:
                    low = sm & -sm
                    lows.append(low.bit_length() - 1)
                    sm ^= low
        lows.sort(key=pts.__getitem__)
        order = tops + lows + rest
        order.sort(key=hist.__getitem__, reverse=True)
        if mv >= 0 and lm >> mv & 1:
            order.remove(mv)
            order.insert(0, mv)
        maxi = not leader & 1
        best = -1 if maxi else 1 << 30
        best_mv = order[0]
        a, b = alpha, beta
        nxt = (leader + 1) & 3
        for c in order:
            bit = 1 << c
            h[leader] = hand ^ bit
            v = play(nxt, 1, c >> 3, c, leader, pts[c], a, b, left, rem, bit)
            if maxi:
                if v > best:
                    best, best_mv = v, c
                    if v > a:
                        a = v
                        if a >= b:
                            hist[c] += left * left
                            break
            elif v < best:
                best, best_mv = v, c
                if v < b:
                    b = v
                    if a >= b:
                        hist[c] += left * left
                        break
        h[leader] = hand
        return best, best_mv

    def trick(leader: int, alpha: int, beta: int, left: int, rem: int) -> int:
        """Team A's points from the start of a trick (``left`` tricks, ``rem`` points)."""
        if left <= 1:  # (left 0: the winner of the last trick gets its +10, all rem holds)
            return last_trick(leader, rem) if left else (0 if leader & 1 else rem)
        key = ((((h[0] << 32 | h[1]) << 32 | h[2]) << 32 | h[3]) << 2) | leader
        ent = tt.get(key)
        if ent is None:
            lo, hi, mv = 0, rem, -1
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
        else:
            lo, hi, mv = ent
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        counter[0] += 1
        if counter[0] > counter[1]:
            raise SearchAborted(counter[0])
        if left <= exact_left:  # small endgames: solve exactly once, reuse in every pass
            alpha, beta = lo - 1, hi + 1
        best, best_mv = lead(leader, alpha, beta, left, rem, mv)
        if best <= alpha:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        tt[key] = (lo, hi, best_mv)
        return best

    def play(seat: int, n: int, led: int, win: int, wseat: int, tpts: int, alpha: int,
             beta: int, left: int, rem: int, tmask: int) -> int:
        """Team A's points from the current trick on; ``n`` cards already played to it."""
        hand = h[seat]
        # legal cards (RULES.md §1.4)
        follow = hand & suit_m[led]
        partner_wins = pexc and n >= 2 and wseat == seat ^ 2
        if led == 3:
            if follow:
                lm = follow
                if overtrump and not partner_wins:
                    hi_m = follow & above[win]
                    if hi_m:
                        lm = hi_m
            else:
                lm = hand
        elif follow:
            lm = follow
        else:
            tr = hand & _TRUMPS
            if not tr or partner_wins:
                lm = hand
            elif overtrump and win >= 24:
                lm = tr & above[win] or tr
            else:
                lm = tr
        mine = not seat & 1
        ours = (wseat & 1) == (seat & 1)
        if lm & (lm - 1):
            low = lm & 0x03070707
            if low & (low - 1):
                others = (h[0] | h[1] | h[2] | h[3] | tmask) & ~hand
                lm &= ~(
                    drop_p[(lm & 7) | (others & 7) << 3]
                    | drop_p[(lm >> 8 & 7) | (others >> 8 & 7) << 3] << 8
                    | drop_p[(lm >> 16 & 7) | (others >> 16 & 7) << 3] << 16
                    | drop_t[(lm >> 24 & 3) | (others >> 24 & 3) << 2] << 24
                )
            # beaters of the current winner
            beat = lm & above[win]
            if win < 24:
                beat |= lm & _TRUMPS
            rest = lm & ~beat
            if n == 3:
                if ours:
                    order = sorted(bits[lm & 0xFF] + bits[256 + (lm >> 8 & 0xFF)]
                                   + bits[512 + (lm >> 16 & 0xFF)] + bits[768 + (lm >> 24)],
                                   key=pts.__getitem__, reverse=True)
                else:
                    order = sorted(bits[beat & 0xFF] + bits[256 + (beat >> 8 & 0xFF)]
                                   + bits[512 + (beat >> 16 & 0xFF)] + bits[768 + (beat >> 24)],
                                   key=pts.__getitem__) + sorted(
                        bits[rest & 0xFF] + bits[256 + (rest >> 8 & 0xFF)]
                        + bits[512 + (rest >> 16 & 0xFF)] + bits[768 + (rest >> 24)],
                        key=pts.__getitem__)
            else:
                bl = list(bits[beat & 0xFF] + bits[256 + (beat >> 8 & 0xFF)]
                          + bits[512 + (beat >> 16 & 0xFF)] + bits[768 + (beat >> 24)])
                bl.reverse()  # highest beater first
                rl = sorted(bits[rest & 0xFF] + bits[256 + (rest >> 8 & 0xFF)]
                            + bits[512 + (rest >> 16 & 0xFF)] + bits[768 + (rest >> 24)],
                            key=pts.__getitem__, reverse=ours)
                order = rl + bl if ours else bl + rl
        else:
            order = [lm.bit_length() - 1]
        best = -1 if mine else 1 << 30
        a, b = alpha, beta
        nxt = (seat + 1) & 3
        for c in order:
            bit = 1 << c
            if c > win and (c >> 3 == win >> 3 or c >= 24):
                w, ws = c, seat
            else:
                w, ws = win, wseat
            tp = tpts + pts[c]
            if n == 3:
                h[seat] = hand ^ bit
                if ws & 1:
                    v = trick(ws, a, b, left - 1, rem - tp)
                else:
                    v = tp + trick(ws, a - tp, b - tp, left - 1, rem - tp)
            else:
                h[seat] = hand ^ bit
                v = play(nxt, n + 1, led, w, ws, tp, a, b, left, rem, tmask | bit)
            if mine:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        h[seat] = hand
        return best

    return trick, play


class SearchAborted(Exception):
    """The solver's node budget (``solver.node_limit``) ran out."""


class BourlotoSolver:
    """Exact double-dummy values of Bourloto play positions (card points, last trick +10).

    One solver keeps its transposition table between calls (positions of any deal and trump
    share it); ``overtrump``/``partner_exception`` are the rule options of §1.4.
    """

    def __init__(self, overtrump: bool = True, partner_exception: bool = False,
                 max_entries: int = 1_500_000) -> None:
        self.overtrump = overtrump
        self.partner_exception = partner_exception
        self.max_entries = max_entries
        self.tt: dict[int, tuple[int, int, int]] = {}
        self._h = [0, 0, 0, 0]
        self.nodes = [0, 1 << 62]  # trick nodes searched, and the limit that aborts a search
        self._trick, self._play = _build(overtrump, partner_exception, self.tt, self._h,
                                         self.nodes)

    @classmethod
    def for_game(cls, game: Any, **kw: Any) -> BourlotoSolver:
        o = game.options
        return cls(bool(o.overtrump_required), bool(o.partner_exception), **kw)

    def clear(self) -> None:
        self.tt.clear()

    def set_budget(self, nodes: int | None) -> None:
        """Abort searches (:class:`SearchAborted`) once ``nodes`` more trick nodes have been
        searched (None: no limit).  Node counts, unlike clocks, replay exactly."""
        self.nodes[1] = (1 << 62) if nodes is None else self.nodes[0] + nodes

    # --- internals ------------------------------------------------------------------------------
    def _setup(self, pos: DDPosition) -> tuple[Callable[[int, int], int], int]:
        """Load ``pos``; returns (search(alpha, beta) -> team A's points, their maximum)."""
        if len(self.tt) > self.max_entries:
            self.tt.clear()
        t = pos.trump
        g2c = _G2C[t]
        h = self._h
        for s in range(4):
            h[s] = to_compact(pos.hands[s], t)
        trick = [g2c[g] for g in pos.trick]
        left = 8 - pos.tricks_done
        rem = 10
        for m in h:
            for c in _BITS[m & 0xFF] + _BITS[256 + (m >> 8 & 0xFF)] + \
                    _BITS[512 + (m >> 16 & 0xFF)] + _BITS[768 + (m >> 24)]:
                rem += PTS[c]
        if not trick:
            if left <= 0:
                return (lambda a, b: 0), 0
            leader = pos.leader
            return (lambda a, b: self._trick(leader, a, b, left, rem)), rem
        win, wpos, tp, tmask = trick[0], 0, 0, 0
        for i, c in enumerate(trick):
            tp += PTS[c]
            tmask |= 1 << c
            if c > win and (c >> 3 == win >> 3 or c >= 24):
                win, wpos = c, i
        led = trick[0] >> 3
        seat = (pos.leader + len(trick)) & 3
        wseat = (pos.leader + wpos) & 3
        n = len(trick)
        play = self._play

        total = rem + tp

        def search(a: int, b: int) -> int:
            return play(seat, n, led, win, wseat, tp, a, b, left, total, tmask)

        return search, total

    @staticmethod
    def _mtd(search: Callable[[int, int], int], hi: int, guess: int | None = None) -> int:
        """The exact value by zero-window searches: a first probe at ``guess``, then steps
        that double away from it while the value lies further out, then bisection."""
        lo = 0
        g = hi // 2 if guess is None else guess
        step = 2
        gallop = True
        down: bool | None = None
        while lo < hi:
            beta = min(max(g, lo + 1), hi)
            v = search(beta - 1, beta)
            failed_low = v < beta
            if failed_low:
                hi = v
            else:
                lo = v
            if lo >= hi:
                break
            if gallop:
                if down is None:
                    down = failed_low
                if failed_low == down:
                    g = beta - step if failed_low else v + step
                    step *= 2
                    continue
                gallop = False
            g = (lo + hi + 1) // 2
        return lo

    # --- public ---------------------------------------------------------------------------------
    def _guess(self, total: int) -> int:
        """A first guess at team A's points after :meth:`_setup`: the card points each team
        holds, the rest (current trick, last-trick +10) split evenly, and 5 points for each
        trump one team holds more than the other."""
        h0, h1, h2, h3 = self._h
        a, b = h0 | h2, h1 | h3
        pa = pb = 0
        for c in _BITS[a & 0xFF] + _BITS[256 + (a >> 8 & 0xFF)] + \
                _BITS[512 + (a >> 16 & 0xFF)] + _BITS[768 + (a >> 24)]:
            pa += PTS[c]
        for c in _BITS[b & 0xFF] + _BITS[256 + (b >> 8 & 0xFF)] + \
                _BITS[512 + (b >> 16 & 0xFF)] + _BITS[768 + (b >> 24)]:
            pb += PTS[c]
        g = pa + (total - pa - pb) // 2 + 5 * ((a >> 24).bit_count() - (b >> 24).bit_count())
        return max(1, min(total - 1, g))

    def solve(self, pos: DDPosition, team: str = "A") -> int:
        """The points ``team`` takes from ``pos`` on (the current trick's cards included)."""
        search, total = self._setup(pos)
        a = self._mtd(search, total, self._guess(total))
        return a if team == "A" else total - a

    def bounded(self, pos: DDPosition, alpha: int, beta: int) -> int:
        """A fail-soft alpha-beta value of team A's points within ``(alpha, beta)``."""
        search, _ = self._setup(pos)
        return search(alpha, beta)

    def move_values(self, pos: DDPosition, team: str | None = None) -> dict[Card, int]:
        """The value of each legal card for ``team`` (default: the mover's team): the points
        that team takes from ``pos`` on after that card, with best play afterwards."""
        seat = pos.to_play
        team = team or "AB"[seat & 1]
        out: dict[Card, int] = {}
        for g in self.legal_cards(pos):
            nxt = play_card(pos, g)
            v = self.solve(nxt, team)
            if not nxt.trick and len(pos.trick) == 3:  # the card ended a trick
                if "AB"[nxt.leader & 1] == team:
                    v += trick_points(pos.trick + (g,), pos.trump, nxt.tricks_done == 8)
            out[Card.from_index(g)] = v
        return out

    def legal_cards(self, pos: DDPosition) -> list[int]:
        """Global indices of the cards the player to move may play (RULES.md §1.4)."""
        from trapoula.games.bourloto.play import legal_mask

        seat = pos.to_play
        m = legal_mask(pos.hands[seat], pos.trick, pos.trump, overtrump=self.overtrump,
                       partner_exception=self.partner_exception)
        return list(bit_indices(m))


def play_card(pos: DDPosition, card: int) -> DDPosition:
    """The position after the player to move plays global card ``card`` (no legality check)."""
    from trapoula.games.bourloto.play import trick_winner

    seat = pos.to_play
    hands = list(pos.hands)
    hands[seat] ^= 1 << card
    trick = pos.trick + (card,)
    if len(trick) < 4:
        return DDPosition((hands[0], hands[1], hands[2], hands[3]), pos.trump, pos.leader,
                          trick, pos.tricks_done)
    winner = (pos.leader + trick_winner(trick, pos.trump)) & 3
    return DDPosition((hands[0], hands[1], hands[2], hands[3]), pos.trump, winner, (),
                      pos.tricks_done + 1)


def trick_points(trick: Sequence[int], trump: int, last: bool) -> int:
    """Card points of a finished trick (global indices), +10 for the last one."""
    from trapoula.games.bourloto.tables import POINTS, TRUMP_POINTS

    return sum(TRUMP_POINTS[c] if c // 13 == trump else POINTS[c] for c in trick) + (
        10 if last else 0)


def deal_hands(seed: int) -> tuple[tuple[int, int, int, int], int]:
    """Four random 8-card hands and a trump from ``seed`` (benchmarks and tests).

    >>> hands, trump = deal_hands(1)
    >>> [h.bit_count() for h in hands], 0 <= trump < 4
    ([8, 8, 8, 8], True)
    """
    import random

    from trapoula.cards import deck_32

    rng = random.Random(seed)
    pack = [c.index for c in deck_32()]
    rng.shuffle(pack)
    hands = [0, 0, 0, 0]
    for i, g in enumerate(pack):
        hands[i // 8] |= 1 << g
    return (hands[0], hands[1], hands[2], hands[3]), rng.randrange(4)


_ = Mapping  # re-exported typing helper
