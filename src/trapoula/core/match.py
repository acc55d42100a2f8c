"""Matches between two partnerships: deal after deal to a target, with tie rules.

:func:`match_step` is the pure end-of-deal rule (the ``match`` conformance check);
:class:`TeamMatch` is the state that runs whole matches for any team game that provides
three hooks (``_match_deal``, ``_match_deal_points`` and ``_match_next``).

>>> match_step({"A": 980, "B": 900}, {"A": 112, "B": 120}, target=1000, tie_extra_deals=2)
MatchStep(scores={'A': 1092, 'B': 1020}, winner='A', extra_deals=0)
>>> match_step({"A": 990, "B": 990}, {"A": 20, "B": 20}, target=1000, tie_extra_deals=2)
MatchStep(scores={'A': 1010, 'B': 1010}, winner=None, extra_deals=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, check_dealer, record_head
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.state import GameState, LogCell, freeze
from trapoula.errors import RecordError

if TYPE_CHECKING:
    from trapoula.core.game import Game

__all__ = ["DealSummary", "MatchStep", "TeamMatch", "match_step"]


@dataclass(frozen=True)
class MatchStep:
    scores: dict[str, int]
    winner: str | None
    extra_deals: int


def match_step(
    scores_before: Mapping[str, int],
    deal: Mapping[str, int],
    *,
    target: int,
    tie_extra_deals: int,
    extra_pending: int = 0,
) -> MatchStep:
    """Add a deal's points and decide the match.

    ``extra_pending`` is the number of tie-break deals still to play before this one was
    scored; while some remain after it, nobody wins yet.  When they are done (or normally,
    when a team reaches ``target``), the higher total wins and equal totals call for
    ``tie_extra_deals`` more deals.
    """
    scores = {t: scores_before[t] + deal[t] for t in ("A", "B")}
    a, b = scores["A"], scores["B"]
    if extra_pending > 1:
        return MatchStep(scores, None, extra_pending - 1)
    if extra_pending == 0 and a < target and b < target:
        return MatchStep(scores, None, 0)
    if a == b:
        return MatchStep(scores, None, tie_extra_deals)
    return MatchStep(scores, "A" if a > b else "B", 0)


@dataclass(frozen=True)
class DealSummary:
    """One finished deal of a match: its dealer, its result and the totals after it."""

    number: int
    dealer: str
    result: dict[str, Any]
    points: dict[str, int]
    totals: dict[str, int]


def match_record(match: GameState, game: Any, dealing: int, seed: int, first: Any,
                 dealt: tuple[Any, ...], *, over: bool) -> dict[str, Any]:
    """A match's record (every match type's ``record()``): its seed, how the first dealer was
    chosen (``first_dealer``), every deal's cards (``deals``), the actions and, once the match
    is ``over``, the result."""
    rec = record_head(game, "match", dealing)
    rec["seed"] = seed
    rec["first_dealer"] = first
    rec["deals"] = [d.chance() for d in dealt]
    rec["actions"] = [str(e) for e in match.history]
    if over:
        rec["result"] = match.result
    return rec


class TeamMatch(GameState, frozen=True):
    """A two-partnership match.  Immutable like every state; ``apply`` returns a new match."""

    __slots__ = (
        "_game", "seed", "deal_number", "deal", "scores", "extra_pending", "carry",
        "deals", "winner", "_cell", "dealing", "stored", "dealt", "first",
    )

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        *,
        dealing: int = DEALING,
        stored: StoredDeals | None = None,
        first: Any = None,
    ) -> None:
        """``dealing``: how the seed becomes packs; ``stored``: the deals of a record (replayed
        instead of dealt from the seed); ``first``: ``(how the first dealer was chosen, the first
        deal)`` when the game deals the first deal itself (Burraco draws for the dealer)."""
        self._game = game
        self.seed = fresh_seed() if seed is None else seed
        self.deal_number = 1
        self.scores = {"A": 0, "B": 0}
        self.extra_pending = 0
        self.carry: dict[str, Any] = {}
        self.deals: tuple[DealSummary, ...] = ()
        self.winner: str | None = None
        self._cell: LogCell = None
        self.dealing = dealing
        self.stored = stored
        if first is not None:
            self.first, self.deal = first
        else:
            if stored is not None:
                from trapoula.core.seats import seat_index

                first_dealer = seat_index(str(stored.first))
                if first_dealer >= 4:
                    raise RecordError(f"the record's first dealer {stored.first} is not at the "
                                      "table (P1-P4)")
            else:
                first_dealer = derive_seed(self.seed, "first-dealer") % 4
            self.first = f"P{first_dealer + 1}"
            self.deal = self._start_deal(first_dealer)
        self.dealt: tuple[Any, ...] = (self.deal,)

    def _start_deal(self, dealer: int) -> Any:
        """Deal number ``deal_number``: from the record's stored cards, or from the seed."""
        stored = self.stored
        chance = None
        if stored is not None:
            chance = stored.deal(self.deal_number)
            check_dealer(chance, self.deal_number, f"P{dealer + 1}")
        return self._game._match_deal(  # type: ignore[attr-defined]
            derive_seed(self.seed, self.deal_number), dealer, self.carry,
            dealing=self.dealing, chance=chance,
        )

    def _copy(self) -> TeamMatch:
        new: TeamMatch = object.__new__(TeamMatch._building)  # (frozen when built: freeze)
        for name in TeamMatch.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    @property
    def game(self) -> Game:
        return self._game

    @property
    def current_player(self) -> str | None:
        return None if self.winner else self.deal.current_player

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def result(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        return {"scores": dict(self.scores), "winner": self.winner, "deals": len(self.deals)}

    @property
    def target(self) -> int:
        return int(self._game.options.target)  # type: ignore[attr-defined]

    def legal_actions(self) -> list[Action]:
        return [] if self.winner else self.deal.legal_actions()

    def view(self, seat: str) -> Any:
        return self._game._match_view(self, seat)  # type: ignore[attr-defined]

    def public_view(self) -> Any:
        """The spectator's view of the current deal, with the match information."""
        return self._game._match_view(self, None)  # type: ignore[attr-defined]

    def _log(self) -> LogCell:
        return self._cell

    def _apply_legal(self, action: Action) -> TeamMatch:
        seat = self.deal.current_player
        assert seat is not None
        new = self._copy()
        new._cell = (self._cell, seat, action)
        new.deal = self.deal._apply_legal(action)
        if new.deal.is_over:
            new._finish_deal()
        return freeze(new, TeamMatch)

    def _finish_deal(self) -> None:
        game: Any = self._game
        deal = self.deal
        points, carry, thrown_in = game._match_deal_points(deal)
        pending = self.extra_pending
        if thrown_in:
            step = MatchStep(
                {t: self.scores[t] + points[t] for t in ("A", "B")}, None, pending
            )
        else:
            step = match_step(
                self.scores, points, target=self.target,
                tie_extra_deals=game.options.tie_extra_deals, extra_pending=pending,
            )
        dealer_index = int(deal.dealer_index)
        summary = DealSummary(
            self.deal_number, f"P{dealer_index + 1}", dict(deal.result), dict(points),
            dict(step.scores),
        )
        self.deals = self.deals + (summary,)
        self.scores = step.scores
        self.extra_pending = step.extra_deals
        self.carry = carry
        if step.winner is not None:
            self.winner = step.winner
            return
        next_dealer = game._match_next_dealer(deal)
        self.deal_number += 1
        self.deal = self._start_deal(next_dealer)
        self.dealt = self.dealt + (self.deal,)

    def apply(self, action: Action | str) -> TeamMatch:
        new = super().apply(action)
        assert isinstance(new, TeamMatch)
        return new

    def record(self) -> dict[str, Any]:
        """The match's record: its seed, how the first dealer was chosen, every deal's cards
        (``deals``), the actions and, once over, the result."""
        return match_record(self, self._game, self.dealing, self.seed, self.first, self.dealt,
                            over=self.winner is not None)
