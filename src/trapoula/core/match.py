"""Matches: deal after deal until the match is decided, for any number of sides.

:class:`Match` is the one lifecycle every match type shares (a state like a deal: play the
current deal; when it is over, score it, decide the match or deal the next one with the next
dealer; the record of every deal's cards and every action).  A match type supplies only its
rules: :class:`TargetMatch` (points by side to a target, with the tie rule; Bourloto and
Burraco for two, three or four) and Bourré's chip session
(:class:`trapoula.games.bourre.session.BourreSession`).

:func:`match_step` is the pure end-of-deal rule of a target match (the ``match``
conformance check).  A game played as a :class:`TargetMatch` provides four hooks:
``_match_deal`` (deal a deal of the match), ``_match_deal_points`` (its points by side, what
carries to the next deal, whether it was thrown in), ``_match_next_dealer`` and
``_match_view``.

>>> match_step({"A": 980, "B": 900}, {"A": 112, "B": 120}, target=1000, tie_extra_deals=2)
MatchStep(scores={'A': 1092, 'B': 1020}, winner='A', extra_deals=0)
>>> match_step({"A": 990, "B": 990}, {"A": 20, "B": 20}, target=1000, tie_extra_deals=2)
MatchStep(scores={'A': 1010, 'B': 1010}, winner=None, extra_deals=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, check_dealer, record_head
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.outcome import MatchOutcome, side_returns
from trapoula.core.seats import seat_index, seat_name
from trapoula.core.state import GameState, LogCell, freeze
from trapoula.errors import RecordError

if TYPE_CHECKING:
    from trapoula.core.game import Game

__all__ = ["DealSummary", "Match", "MatchStep", "TargetMatch", "TeamMatch", "match_step"]


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
    """Add a deal's points to every side's total and decide the match (any number of
    sides: the two partnerships ``A`` and ``B``, or players alone).

    ``extra_pending`` is the number of tie-break deals still to play before this one was
    scored; while some remain after it, nobody wins yet.  When they are done (or normally,
    when a side reaches ``target``), the unique highest total wins and equal highest totals
    call for ``tie_extra_deals`` more deals.
    """
    scores = {t: scores_before[t] + deal[t] for t in scores_before}
    if extra_pending > 1:
        return MatchStep(scores, None, extra_pending - 1)
    top = max(scores.values())
    if extra_pending == 0 and top < target:
        return MatchStep(scores, None, 0)
    leaders = [t for t, v in scores.items() if v == top]
    if len(leaders) > 1:
        return MatchStep(scores, None, tie_extra_deals)
    return MatchStep(scores, leaders[0], 0)


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


class Match(GameState, frozen=True):
    """What every match type shares: deal after deal, each deal's actions applied to the
    current deal, and when a deal is over :meth:`_finish_deal` (the match type's rules:
    score it, decide, deal the next).  Immutable like every state: ``apply`` returns a new
    match.

    ``dealt`` holds the first state of every deal (their origins hold the cards the record
    stores); ``first`` is how the first dealer was chosen (the record's ``first_dealer``).
    """

    __slots__ = ("_game", "seed", "deal_number", "deal", "deals", "winner", "over", "_cell",
                 "dealing", "stored", "dealt", "first")
    # every field a copy carries: a match type adds its own (written out, not read from
    # ``__slots__``, which compiled classes do not offer)
    _FIELDS: ClassVar[tuple[str, ...]] = __slots__

    _game: Any
    seed: int
    deal_number: int
    deal: Any
    deals: tuple[Any, ...]
    winner: str | None
    over: bool
    _cell: LogCell
    dealing: int
    stored: StoredDeals | None
    dealt: tuple[Any, ...]
    first: Any

    def _begin(self, game: Game, seed: int | None, dealing: int,
               stored: StoredDeals | None) -> None:
        """Set what every match starts with (before its first deal is dealt)."""
        self._game = game
        self.seed = fresh_seed() if seed is None else seed
        self.deal_number = 1
        self.deals = ()
        self.winner = None
        self.over = False
        self._cell = None
        self.dealing, self.stored, self.dealt = dealing, stored, ()

    def _first_dealer(self, seats: int) -> int:
        """The first dealer: the record's, or drawn from the seed."""
        if self.stored is not None:
            first = seat_index(str(self.stored.first))
            if first >= seats:
                raise RecordError(f"the record's first dealer {self.stored.first} is not at "
                                  f"the table (P1-P{seats})")
            return first
        return derive_seed(self.seed, "first-dealer") % seats

    def _stored_chance(self, dealer: int) -> Any:
        """The record's cards of deal ``deal_number`` (checked: its dealer), else None."""
        if self.stored is None:
            return None
        chance = self.stored.deal(self.deal_number)
        check_dealer(chance, self.deal_number, seat_name(dealer))
        return chance

    def _copy(self) -> Any:
        new = object.__new__(type(self)._building)  # (frozen when built: freeze)
        for name in self._FIELDS:
            object.__setattr__(new, name, getattr(self, name))
        return new

    # --- the state protocol -------------------------------------------------------------------
    @property
    def game(self) -> Any:
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
        return str(self.deal.dealer)

    def legal_actions(self) -> list[Action]:
        return [] if self.over else self.deal.legal_actions()

    def _log(self) -> LogCell:
        return self._cell

    # the moves: core's template (GameState.apply) asks the current deal
    def _allows(self, action: Action) -> bool:
        return not self.over and self.deal._allows(action)

    def canonical(self, action: Action) -> Action:
        return self.deal.canonical(action)  # type: ignore[no-any-return]

    def _why_not(self, action: Action) -> str:
        return self.deal._why_not(action)  # type: ignore[no-any-return]

    def _apply_legal(self, action: Action) -> Any:
        seat = self.deal.current_player
        assert seat is not None
        new = self._copy()
        new._cell = (self._cell, seat, action)
        new.deal = self.deal._apply_legal(action)
        if new.deal.is_over:
            new._finish_deal()
        return freeze(new, type(self))

    def _finish_deal(self) -> None:
        """The current deal is over: score it, decide the match or deal the next deal
        (called on a fresh copy, before anyone sees it)."""
        raise NotImplementedError

    def outcome(self) -> MatchOutcome | None:
        """The typed outcome once the match is over (:class:`MatchOutcome`), else None."""
        return self._match_outcome() if self.over else None

    def _match_outcome(self) -> MatchOutcome:
        raise NotImplementedError

    def record(self) -> dict[str, Any]:
        """The match's record: its seed, how the first dealer was chosen, every deal's cards
        (``deals``), the actions and, once over, the result."""
        return match_record(self, self._game, self.dealing, self.seed, self.first, self.dealt,
                            over=self.over)


class TargetMatch(Match):
    """Deal after deal to a target by side (two partnerships ``A`` and ``B``, or players
    alone, by seat: ``game.info.side_names``), with the tie rule of :func:`match_step`.

    >>> import trapoula
    >>> m = trapoula.make("bourloto", "gr", target=300).new_match(seed=3)
    >>> while not m.is_over:
    ...     m = m.apply(m.legal_actions()[0])
    >>> o = m.outcome()
    >>> o.winner == m.result["winner"], o.returns["P1"] == o.scores["A"] == m.scores["A"]
    (True, True)
    """

    __slots__ = ("scores", "extra_pending", "carry")
    _FIELDS: ClassVar[tuple[str, ...]] = (*Match._FIELDS, *__slots__)

    scores: dict[str, int]
    extra_pending: int
    carry: dict[str, Any]

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
        self._begin(game, seed, dealing, stored)
        self.scores = dict.fromkeys(game.info.side_names, 0)
        self.extra_pending = 0
        self.carry = {}
        if first is not None:
            self.first, self.deal = first
        else:
            first_dealer = self._first_dealer(game.info.players)
            self.first = seat_name(first_dealer)
            self.deal = self._start_deal(first_dealer)
        self.dealt = (self.deal,)

    def _start_deal(self, dealer: int) -> Any:
        """Deal number ``deal_number``: from the record's stored cards, or from the seed."""
        return self._game._match_deal(
            derive_seed(self.seed, self.deal_number), dealer, self.carry,
            dealing=self.dealing, chance=self._stored_chance(dealer),
        )

    @property
    def result(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        return {"scores": dict(self.scores), "winner": self.winner, "deals": len(self.deals)}

    def _match_outcome(self) -> MatchOutcome:
        info = self._game.info
        return MatchOutcome(side_returns(info, self.scores), dict(self.scores), self.winner,
                            len(self.deals), info.unit)

    @property
    def target(self) -> int:
        return int(self._game.options.target)

    def view(self, seat: str) -> Any:
        return self._game._match_view(self, seat)

    def public_view(self) -> Any:
        """The spectator's view of the current deal, with the match information."""
        return self._game._match_view(self, None)

    def _finish_deal(self) -> None:
        game: Any = self._game
        deal = self.deal
        points, carry, thrown_in = game._match_deal_points(deal)
        pending = self.extra_pending
        if thrown_in:
            step = MatchStep({t: self.scores[t] + points[t] for t in self.scores}, None, pending)
        else:
            step = match_step(
                self.scores, points, target=self.target,
                tie_extra_deals=game.options.tie_extra_deals, extra_pending=pending,
            )
        summary = DealSummary(
            self.deal_number, seat_name(int(deal.dealer_index)), dict(deal.result),
            dict(points), dict(step.scores),
        )
        self.deals = self.deals + (summary,)
        self.scores = step.scores
        self.extra_pending = step.extra_deals
        self.carry = carry
        if step.winner is not None:
            self.winner = step.winner
            self.over = True
            return
        next_dealer = game._match_next_dealer(deal)
        self.deal_number += 1
        self.deal = self._start_deal(next_dealer)
        self.dealt = self.dealt + (self.deal,)


TeamMatch = TargetMatch  # the name of two-partnership matches before any number of sides
