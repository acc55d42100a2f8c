"""A Bourré session: a table of players with chip stacks playing deal after deal.

The session is a game state like a deal (``current_player``, ``legal_actions``, ``apply``,
``view``, ``record``, ``is_over``/``result``); the deal passes to the left after every deal.
Chips are never created or lost: the stacks plus the pot are constant at every moment.

Table rules (RULES.md is silent; these are the engine's choices):

- Before a deal every seated player antes (``ante_exemptions="pagat"``: except those who went
  bourré or tied for most tricks in the previous deal).  A player who cannot cover the ante
  pays what he has into the pot and leaves the table.
- A draw fee a player cannot cover in full: he pays what he has.
- After the deal, the payouts are taken from the pot; each bourré player pays his penalty
  into the next pot; one who cannot cover it pays what he has and leaves the table.
- The session ends when one player is left (he takes whatever is in the pot, so he holds
  every chip), when nobody can cover the ante (the chips stay in the pot; no winner), or
  after ``max_deals`` deals (option; 0 = no limit).

>>> import trapoula
>>> s = trapoula.make("bourre", players=3, starting_stack=5).new_match(seed=1)
>>> s.stacks, s.pot, s.dealer
({'P1': 4, 'P2': 4, 'P3': 4}, 3, 'P1')
>>> while not s.is_over:
...     s = s.apply(s.legal_actions()[1 if len(s.legal_actions()) > 1 else 0])
>>> sum(s.result["stacks"].values()) + s.result["pot"]
15
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, check_dealer, record_head
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.state import GameState, LogCell, freeze
from trapoula.errors import ConfigError, IllegalActionError, RecordError

if TYPE_CHECKING:
    from trapoula.games.bourre.game import Bourre
    from trapoula.games.bourre.state import BourreState
    from trapoula.games.bourre.view import BourreView

__all__ = ["BourreSession", "DealSummary"]


@dataclass(frozen=True)
class DealSummary:
    """One finished deal: its dealer, tricks, rules result, what was paid, the stacks after."""

    number: int
    dealer: str
    tricks: dict[str, int]
    result: dict[str, Any]
    bourre_paid: dict[str, int]
    stacks: dict[str, int]
    pot: int
    left: tuple[str, ...]


class BourreSession(GameState, frozen=True):
    """A table of ``players`` with integer chip stacks.  Immutable; ``apply`` returns a new one."""

    __slots__ = (
        "_game", "seed", "deal_number", "deal", "_stacks", "_pot", "seated", "exempt",
        "deals", "over", "_cell", "dealing", "stored", "dealt", "first",
    )

    _game: Bourre
    seed: int
    deal_number: int
    deal: BourreState
    _stacks: tuple[int, ...]
    _pot: int
    seated: tuple[int, ...]
    exempt: frozenset[int]  # seats that skipped (or skip) the ante of the current deal
    deals: tuple[DealSummary, ...]
    over: bool
    _cell: LogCell
    dealing: int
    stored: StoredDeals | None
    dealt: tuple[BourreState, ...]  # the first state of every deal (their origins hold the cards)
    first: str

    def __init__(
        self, game: Bourre, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> None:
        self._game = game
        self.seed = fresh_seed() if seed is None else seed
        n = game.options.players
        if game.options.starting_stack < game.options.ante:
            raise ConfigError(
                f"a session needs starting_stack ({game.options.starting_stack}) "
                f"of at least the ante ({game.options.ante})"
            )
        self.deal_number = 0
        self._stacks = (game.options.starting_stack,) * n
        self._pot = 0
        self.seated = tuple(range(n))
        self.exempt = frozenset()
        self.deals = ()
        self.over = False
        self._cell = None
        self.dealing, self.stored, self.dealt = dealing, stored, ()
        if stored is not None:
            first = seat_index(str(stored.first))
            if first >= n:
                raise RecordError(f"the record's first dealer {stored.first} is not at the table")
        else:
            first = derive_seed(self.seed, "first-dealer") % n
        self.first = seat_name(first)
        self._next_deal(first)

    def _copy(self) -> BourreSession:
        new: BourreSession = object.__new__(BourreSession._building)  # (frozen when built: freeze)
        for name in BourreSession.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Bourre:
        return self._game

    @property
    def current_player(self) -> str | None:
        return None if self.over else self.deal.current_player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def dealer(self) -> str:
        """The dealer of the current (or last) deal."""
        return self.deal.dealer

    @property
    def stacks(self) -> dict[str, int]:
        """Chips behind each seat now (during a deal: after its antes and draw fees)."""
        st = self._stacks if self.over else self.deal.stacks
        assert st is not None
        return {seat_name(i): v for i, v in enumerate(st)}

    @property
    def pot(self) -> int:
        """Chips in the pot now (during a deal: the deal's pot)."""
        return self._pot if self.over else self.deal.pot

    @property
    def total_chips(self) -> int:
        return sum(self.stacks.values()) + self.pot

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        holders = [i for i, v in enumerate(self._stacks) if v]
        winner = (
            seat_name(holders[0]) if len(holders) == 1 and self._pot == 0 else None
        )
        return {"stacks": self.stacks, "pot": self._pot, "winner": winner,
                "deals": len(self.deals)}

    def legal_actions(self) -> list[Action]:
        return [] if self.over else self.deal.legal_actions()

    def apply(self, action: Action | str) -> BourreSession:
        a = self.parse(action)
        if self.over:
            raise IllegalActionError(f"{a} is not allowed: the session is over")
        return self._apply_legal(a) if a in self.deal.legal_actions() else self._refuse(a)

    def _refuse(self, a: Action) -> BourreSession:
        raise IllegalActionError(
            f"{self.current_player} cannot {a} now; allowed: {self._allowed_text()}"
        )

    def view(self, seat: str) -> BourreView:
        return self._view(seat_name(seat_index(seat)), public=False)

    def public_view(self) -> BourreView:
        """A spectator's view of the current deal, with the session information."""
        return self._view("P1", public=True)

    def _view(self, seat: str, public: bool) -> BourreView:
        from trapoula.games.bourre.view import SessionInfo, make_view

        n = self._game.options.players
        stacks = self.stacks
        info = SessionInfo(
            deal_number=self.deal_number,
            stacks=stacks,
            seated=tuple(seat_name(s) for s in range(n) if s in self.seated),
            left=tuple(seat_name(s) for s in range(n) if s not in self.seated),
            exempt=tuple(seat_name(s) for s in sorted(self.exempt)),
            last_result=dict(self.deals[-1].result) if self.deals else None,
        )
        return make_view(
            self.deal, seat, stacks=stacks, pot=self.pot, session=info, public=public
        )

    def _log(self) -> LogCell:
        return self._cell

    def record(self) -> dict[str, Any]:
        """The session's record: its seed, first dealer, every deal's cards (``deals``),
        the actions and, once over, the result."""
        rec = record_head(self._game, "match", self.dealing)
        rec["seed"] = self.seed
        rec["first_dealer"] = self.first
        rec["deals"] = [d.chance() for d in self.dealt]
        rec["actions"] = [str(e) for e in self.history]
        if self.over:
            rec["result"] = self.result
        return rec

    # --- transitions --------------------------------------------------------------------------
    def _apply_legal(self, action: Action) -> BourreSession:
        seat = self.deal.current_player
        new = self._copy()
        new._cell = (self._cell, seat, action)
        new.deal = self.deal._apply_legal(action)
        if new.deal.is_over:
            new._finish_deal()
        return freeze(new, BourreSession)

    def _finish_deal(self) -> None:
        deal = self.deal
        res = deal.result
        assert res is not None and deal.stacks is not None
        stacks = list(deal.stacks)
        for seat, v in res["payouts"].items():
            stacks[seat_index(seat)] += v
        paid: dict[str, int] = {}
        left: list[int] = []
        short = 0
        for seat, amount in res["bourre"].items():
            i = seat_index(seat)
            pay = min(amount, stacks[i])
            stacks[i] -= pay
            paid[seat] = pay
            if pay < amount:
                short += amount - pay
                left.append(i)
        self._stacks = tuple(stacks)
        self._pot = res["carry"] - short
        self.seated = tuple(s for s in self.seated if s not in left)
        if self._game.options.ante_exemptions == "pagat":
            self.exempt = frozenset(seat_index(s) for s in res["bourre"]) | self._tied(deal)
        self.deals = self.deals + (DealSummary(
            self.deal_number, deal.dealer, deal.tricks_won(), res, paid,
            {seat_name(i): v for i, v in enumerate(stacks)}, self._pot,
            tuple(seat_name(s) for s in left),
        ),)
        max_deals = self._game.options.max_deals
        if max_deals and self.deal_number >= max_deals:
            self.over = True
            return
        self._next_deal(deal.dealer_index + 1)

    @staticmethod
    def _tied(deal: BourreState) -> frozenset[int]:
        won = {seat_index(s): t for s, t in deal.tricks_won().items()}
        if len(won) < 2:
            return frozenset()
        most = max(won.values())
        tied = frozenset(s for s, t in won.items() if t == most)
        return tied if len(tied) > 1 else frozenset()

    def _next_deal(self, start: int) -> None:
        """Collect the antes and deal with the first seated player from ``start`` dealing."""
        opts = self._game.options
        n = opts.players
        stacks = list(self._stacks)
        pot = self._pot
        seated = []
        for s in self.seated:
            pay = 0 if s in self.exempt else min(opts.ante, stacks[s])
            stacks[s] -= pay
            pot += pay
            if s in self.exempt or pay == opts.ante:
                seated.append(s)
        self.seated = tuple(seated)
        if len(seated) < 2:
            if seated:
                stacks[seated[0]] += pot
                pot = 0
            self._stacks, self._pot, self.over = tuple(stacks), pot, True
            return
        dealer = next(s for s in ((start + j) % n for j in range(n)) if s in seated)
        self.deal_number += 1
        self._stacks, self._pot = tuple(stacks), pot
        chance = None
        if self.stored is not None:
            chance = self.stored.deal(self.deal_number)
            check_dealer(chance, self.deal_number, seat_name(dealer))
        self.deal = self._game._session_deal(
            derive_seed(self.seed, self.deal_number), dealer, seated, pot, stacks, chance
        )
        self.dealt = self.dealt + (self.deal,)
