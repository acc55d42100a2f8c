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
- Antes may rise by level (options ``ante_levels``, ``deals_per_level``: a sit-and-go); the
  deal's ante is also its draw fee unless ``draw_fee`` says otherwise.
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
from typing import TYPE_CHECKING, Any, ClassVar

from trapoula.core.chance import DEALING, StoredDeals
from trapoula.core.game import derive_seed
from trapoula.core.match import Match
from trapoula.core.outcome import MatchOutcome
from trapoula.core.seats import seat_index, seat_name
from trapoula.errors import ConfigError
from trapoula.games.bourre.rules import session_ante

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


class BourreSession(Match):
    """A table of ``players`` with integer chip stacks.  Immutable; ``apply`` returns a new one.

    The lifecycle is :class:`trapoula.core.match.Match`'s; a session adds the chips: antes
    before each deal, the settlement after it, who is still seated and who skips the ante.
    """

    __slots__ = ("_stacks", "_pot", "seated", "exempt")
    _FIELDS: ClassVar[tuple[str, ...]] = (*Match._FIELDS, *__slots__)
    _OVER = "the session is over"

    _game: Bourre
    deal: BourreState
    deals: tuple[DealSummary, ...]
    dealt: tuple[BourreState, ...]
    first: str
    _stacks: tuple[int, ...]
    _pot: int
    seated: tuple[int, ...]
    exempt: frozenset[int]  # seats that skipped (or skip) the ante of the current deal

    def __init__(
        self, game: Bourre, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> None:
        self._begin(game, seed, dealing, stored)
        n = game.options.players
        first_ante = session_ante(game.options, 1)
        if game.options.starting_stack < first_ante:
            raise ConfigError(
                f"a session needs starting_stack ({game.options.starting_stack}) "
                f"of at least the ante ({first_ante})"
            )
        self.deal_number = 0
        self._stacks = (game.options.starting_stack,) * n
        self._pot = 0
        self.seated = tuple(range(n))
        self.exempt = frozenset()
        first = self._first_dealer(n)
        self.first = seat_name(first)
        self._next_deal(first)

    # --- public protocol ----------------------------------------------------------------------
    @property
    def game(self) -> Bourre:
        return self._game

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
        return {"stacks": self.stacks, "pot": self._pot, "winner": self.winner,
                "deals": len(self.deals)}

    def _match_outcome(self) -> MatchOutcome:
        """Each seat's chips won or lost over the session (its stack less the starting one)."""
        start = self._game.options.starting_stack
        stacks = self.stacks
        return MatchOutcome({s: float(v - start) for s, v in stacks.items()}, stacks,
                            self.winner, len(self.deals), "chips")

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

    # --- transitions --------------------------------------------------------------------------
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
            self._end()
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
        ante = session_ante(opts, self.deal_number + 1)
        for s in self.seated:
            pay = 0 if s in self.exempt else min(ante, stacks[s])
            stacks[s] -= pay
            pot += pay
            if s in self.exempt or pay == ante:
                seated.append(s)
        self.seated = tuple(seated)
        if len(seated) < 2:
            if seated:
                stacks[seated[0]] += pot
                pot = 0
            self._stacks, self._pot = tuple(stacks), pot
            self._end()
            return
        dealer = next(s for s in ((start + j) % n for j in range(n)) if s in seated)
        self.deal_number += 1
        self._stacks, self._pot = tuple(stacks), pot
        self.deal = self._game._session_deal(
            derive_seed(self.seed, self.deal_number), dealer, seated, pot, stacks,
            self._stored_chance(dealer), ante,
        )
        self.dealt = self.dealt + (self.deal,)

    def _end(self) -> None:
        """The session is over: the winner is the one player holding every chip, if any."""
        self.over = True
        holders = [i for i, v in enumerate(self._stacks) if v]
        self.winner = seat_name(holders[0]) if len(holders) == 1 and self._pot == 0 else None
