"""Matches of 2 or 3 Burraco players each playing alone (RULES.md §3.8 read per player).

:func:`solo_step` is the end-of-hand rule: after each hand a player at or above the target
with the highest total wins; equal highest totals call for ``tie_extra_deals`` more hands
(the same rule as :func:`trapoula.core.match.match_step`, which it equals for two sides).
:class:`SoloMatch` runs hand after hand; the deal passes to the left.

>>> solo_step({"P1": 1950, "P2": 1900, "P3": 10}, {"P1": 40, "P2": 120, "P3": 5},
...           target=2000, tie_extra_deals=1)
MatchStep(scores={'P1': 1990, 'P2': 2020, 'P3': 15}, winner='P2', extra_deals=0)
>>> solo_step({"P1": 1990, "P2": 1990}, {"P1": 30, "P2": 30}, target=2000, tie_extra_deals=1)
MatchStep(scores={'P1': 2020, 'P2': 2020}, winner=None, extra_deals=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, check_dealer
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.match import DealSummary, MatchStep, match_record
from trapoula.core.state import GameState, LogCell, freeze

if TYPE_CHECKING:
    from trapoula.games.burraco.game import Burraco
    from trapoula.games.burraco.state import BurracoState
    from trapoula.games.burraco.view import BurracoView

__all__ = ["SoloMatch", "solo_step"]


def solo_step(
    scores_before: Mapping[str, int],
    deal: Mapping[str, int],
    *,
    target: int,
    tie_extra_deals: int,
    extra_pending: int = 0,
) -> MatchStep:
    """Add a hand's points to every player's total and decide the match.

    While tie-break hands remain (``extra_pending`` > 1 before this one) nobody wins; after
    them, or when somebody reaches ``target``, the unique highest total wins, and equal
    highest totals call for ``tie_extra_deals`` more hands.
    """
    scores = {p: scores_before[p] + deal[p] for p in scores_before}
    if extra_pending > 1:
        return MatchStep(scores, None, extra_pending - 1)
    top = max(scores.values())
    if extra_pending == 0 and top < target:
        return MatchStep(scores, None, 0)
    leaders = [p for p, v in scores.items() if v == top]
    if len(leaders) > 1:
        return MatchStep(scores, None, tie_extra_deals)
    return MatchStep(scores, leaders[0], 0)


class SoloMatch(GameState, frozen=True):
    """A match of players each playing alone.  Immutable: ``apply`` returns a new match."""

    __slots__ = ("_game", "seed", "deal_number", "deal", "scores", "extra_pending", "deals",
                 "winner", "_cell", "dealing", "stored", "dealt", "first")

    _game: Burraco
    seed: int
    deal_number: int
    deal: BurracoState
    scores: dict[str, int]
    extra_pending: int
    deals: tuple[DealSummary, ...]
    winner: str | None
    _cell: LogCell
    dealing: int
    stored: StoredDeals | None
    dealt: tuple[BurracoState, ...]
    first: Any

    def __init__(
        self, game: Burraco, seed: int | None, first: BurracoState, *,
        dealing: int = DEALING, stored: StoredDeals | None = None, first_info: Any = None,
    ) -> None:
        self._game = game
        self.seed = fresh_seed() if seed is None else seed
        self.deal_number = 1
        self.deal = first
        self.scores = {f"P{i + 1}": 0 for i in range(game.players)}
        self.extra_pending = 0
        self.deals = ()
        self.winner = None
        self._cell = None
        self.dealing, self.stored, self.dealt = dealing, stored, (first,)
        self.first = first_info  # how the first dealer was drawn (the record's first_dealer)

    def _copy(self) -> SoloMatch:
        new: SoloMatch = object.__new__(SoloMatch._building)  # (frozen when built: freeze)
        for name in SoloMatch.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    @property
    def game(self) -> Burraco:
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
        return int(self._game.options.target)

    def legal_actions(self) -> list[Action]:
        return [] if self.winner else self.deal.legal_actions()

    def view(self, seat: str) -> BurracoView:
        return self._game._match_view(self, seat)

    def public_view(self) -> BurracoView:
        return self._game._match_view(self, None)

    def _log(self) -> LogCell:
        return self._cell

    def _apply_legal(self, action: Action) -> SoloMatch:
        seat = self.deal.current_player
        assert seat is not None
        new = self._copy()
        new._cell = (self._cell, seat, action)
        new.deal = self.deal._apply_legal(action)
        if new.deal.is_over:
            new._finish_deal()
        return freeze(new, SoloMatch)

    def _finish_deal(self) -> None:
        game = self._game
        deal = self.deal
        points = dict((deal.result or {})["scores"])
        step = solo_step(self.scores, points, target=self.target,
                         tie_extra_deals=game.options.tie_extra_deals,
                         extra_pending=self.extra_pending)
        summary = DealSummary(self.deal_number, deal.dealer, dict(deal.result or {}),
                              points, dict(step.scores))
        self.deals = self.deals + (summary,)
        self.scores = step.scores
        self.extra_pending = step.extra_deals
        if step.winner is not None:
            self.winner = step.winner
            return
        self.deal_number += 1
        dealer = game._match_next_dealer(deal)
        chance = None
        if self.stored is not None:
            chance = self.stored.deal(self.deal_number)
            check_dealer(chance, self.deal_number, f"P{dealer + 1}")
        self.deal = game._match_deal(derive_seed(self.seed, self.deal_number), dealer, {},
                                     dealing=self.dealing, chance=chance)
        self.dealt = self.dealt + (self.deal,)

    def apply(self, action: Action | str) -> SoloMatch:
        new = super().apply(action)
        assert isinstance(new, SoloMatch)
        return new

    def record(self) -> dict[str, Any]:
        """The match's record: its seed, the draw for the first dealer, every deal's cards
        (``deals``), the actions and, once over, the result."""
        return match_record(self, self._game, self.dealing, self.seed, self.first, self.dealt,
                            over=self.winner is not None)
