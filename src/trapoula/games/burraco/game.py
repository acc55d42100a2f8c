"""The Burraco rules object: presets ``seed`` and ``fibur``, dealing, setups and matches.

>>> import trapoula
>>> game = trapoula.make("burraco", "fibur")
>>> deal = game.new_deal(seed=42)
>>> while not deal.is_over:
...     deal = deal.apply(deal.legal_actions()[-1])
>>> sorted(deal.result)
['scores']
>>> two = trapoula.make("burraco", players=2).new_deal(seed=1)
>>> two.sizes, len(two.pozzetti), two.stock_left, two.dealer, sorted(two.view("P1").melds)
([11, 11], 2, 63, 'P2', ['P1', 'P2'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from trapoula.cards import Card, deck_108, parse_cards
from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, card_list
from trapoula.core.game import Game, derive_seed, fresh_seed
from trapoula.core.match import TargetMatch
from trapoula.core.options import RuleOptions
from trapoula.core.outcome import DealOutcome, GameInfo
from trapoula.core.seats import seat_index, seat_name, seat_names
from trapoula.core.shuffle import shuffle
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, RecordError, TrapoulaError
from trapoula.games.burraco.context import _Ctx, seating
from trapoula.games.burraco.melds import MeldInfo, analyze_meld
from trapoula.games.burraco.rules import PRESETS, BurracoOptions
from trapoula.games.burraco.scoring import dealer_draw, draw_for_dealer
from trapoula.games.burraco.state import BurracoState, parse_burraco_action
from trapoula.games.burraco.tables import JOKER, NCARDS
from trapoula.games.burraco.view import BurracoView, MatchInfo

__all__ = ["Burraco"]

HAND_SIZE = 11
POZZETTO_SIZE = 11
_ORDER = tuple(c.index for c in deck_108())  # the unshuffled deck, as shuffled
_DECK = sorted(_ORDER)


class Burraco(Game):
    """Burraco: 108 cards (2 packs + 4 jokers); 4 players in two partnerships, or 2 or 3
    players each playing alone (option ``players``)."""

    name: ClassVar[str] = "burraco"
    title: ClassVar[str] = "Burraco"
    options_class: ClassVar[type[RuleOptions]] = BurracoOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "seed"

    options: BurracoOptions

    @property
    def players(self) -> int:
        return int(self.options.players)

    def _setup(self) -> None:
        self._cache("_seating", seating(self.options.players))

    def _ctx(
        self, seed: int, origin: dict[str, Any], dealer: int,
        dealer_draw: tuple[dict[str, int], ...] = (),
    ) -> _Ctx:
        return _Ctx(self, self.options, seed, origin, dealer, dealer_draw,
                    **self._seating)  # type: ignore[attr-defined]

    # --- starting deals -----------------------------------------------------------------------
    def new_deal(
        self, seed: int | None = None, dealer: str | None = None, *,
        rng: random.Random | None = None, dealing: int = DEALING,
    ) -> BurracoState:
        """A shuffled deal (§3.2).  ``seed`` or an injected ``rng`` decides the cards (the
        shuffled deck is recorded either way); the dealer defaults to the last seat (P4, or
        Pn).  Burraco deals the same in every dealing version (``dealing``)."""
        d = self.players - 1 if dealer is None else self._seat(dealer, "dealer")
        if rng is not None:
            deck = list(_ORDER)
            shuffle(rng, deck)  # (rng.shuffle(deck))
            origin = {"deck": [str(Card.from_index(i)) for i in deck], "dealer": f"P{d + 1}"}
            return self._from_deck(deck, d, origin, 0, ())
        seed = fresh_seed() if seed is None else seed
        return self._deal(seed, d, {"seed": seed, "dealer": f"P{d + 1}"})

    def from_record(self, record: Mapping[str, Any], dealing: int = DEALING) -> GameState:
        """Replay a record (a seed, a recorded deck, a setup or a match), action by action."""
        if "deck" not in record or record.get("kind", "deal") != "deal":
            return super().from_record(record, dealing)
        dealer = self._seat(record.get("dealer", seat_name(self.players - 1)), "dealer")
        origin = {k: record[k] for k in ("seed", "dealer") if k in record}
        origin["dealer"] = f"P{dealer + 1}"
        state: GameState = self._stored_deal(record, dealer, origin, int(record.get("seed", 0)))
        for text in record.get("actions", []):
            state = self.replay_action(state, text)
        return state

    def _stored_deal(
        self, chance: Mapping[str, Any], dealer: int, origin: dict[str, Any], seed: int,
        dealer_draw: tuple[dict[str, int], ...] = (),
    ) -> BurracoState:
        """A deal from a record's stored deck (checked: a tampered deck is refused)."""
        names = card_list(chance.get("deck"), "a Burraco deal's 'deck'")
        try:
            deck = [c.index for c in parse_cards(names)]
        except ConfigError as exc:
            raise RecordError(f"the record's deck has a card that is not a card: {exc}") from None
        if sorted(deck) != _DECK:
            raise RecordError(
                "the record's deck must hold two packs and four jokers (108 cards); it has "
                f"{len(deck)} cards" + ("" if len(deck) != 108 else " with the wrong copies")
            )
        origin["deck"] = list(names)
        return self.deal_from_deck(deck, dealer, origin, seed=seed, dealer_draw=dealer_draw)

    def _deal(
        self, seed: int, dealer: int, origin: dict[str, Any],
        dealer_draw: tuple[dict[str, int], ...] = (),
    ) -> BurracoState:
        deck = list(_ORDER)
        shuffle(random.Random(seed), deck)  # (random.Random(seed).shuffle(deck), compiled)
        origin["deck"] = tuple(deck)  # card indices (record() writes them as text); a tuple
        # of numbers, which the cyclic garbage collector stops visiting once it saw it
        return self._from_deck(deck, dealer, origin, seed, dealer_draw)

    def deal_from_deck(
        self, deck: list[int], dealer: int | None = None, origin: dict[str, Any] | None = None,
        seed: int = 0, dealer_draw: tuple[dict[str, int], ...] = (),
    ) -> BurracoState:
        """Deal a pre-ordered deck (108 card indices, top first) the canonical way (§3.2):
        11 cards to each player one at a time from the dealer's left, the pozzetti (11 cards
        each: two with 2 or 4 players, three with 3), the upcard, then the stock.  The
        dealer defaults to the last seat."""
        if sorted(deck) != _DECK:
            raise ConfigError("a Burraco deck holds two packs and four jokers (108 cards)")
        return self._from_deck(deck, dealer, origin, seed, dealer_draw)

    def _from_deck(
        self, deck: list[int], dealer: int | None, origin: dict[str, Any] | None, seed: int,
        dealer_draw: tuple[dict[str, int], ...],
    ) -> BurracoState:
        """:meth:`deal_from_deck` of a deck known to be one."""
        n = self.players
        dealer = n - 1 if dealer is None else dealer
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n * HAND_SIZE):
            hands[(dealer + 1 + k) % n].append(deck[k])
        at = n * HAND_SIZE
        pozzetti = []
        for _ in self._seating["team_names"]:  # type: ignore[attr-defined]
            pozzetti.append(deck[at:at + POZZETTO_SIZE])
            at += POZZETTO_SIZE
        ctx = self._ctx(seed, origin or {"seed": seed}, dealer, dealer_draw)
        return BurracoState._start(ctx, hands, [deck[at]], deck[at + 1:], pozzetti)

    def _seat(self, seat: str, what: str) -> int:
        i = seat_index(seat)
        if i >= self.players:
            raise ConfigError(f"{what} {seat} is not at a table of {self.players} players")
        return i

    def from_setup(self, setup: Mapping[str, Any], seed: int = 0) -> BurracoState:
        """A deal from a scenario setup (scenarios.md): ``hands``, ``discard`` (bottom first),
        ``stock`` (top first), ``pozzetti`` (packets not yet taken), ``taken``, ``melds``
        and ``to_act`` (default P1).  The dealer is P4; the turn starts before the draw.
        Cards the setup does not list are out of play.  Set-up melds belong to the team
        (under ``meld_ownership="player"`` either partner may add to them)."""
        try:
            return self._from_setup(setup, seed)
        except TrapoulaError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(f"setup: malformed ({type(exc).__name__}: {exc})") from None

    def _from_setup(self, setup: Mapping[str, Any], seed: int) -> BurracoState:
        used = [0] * NCARDS

        def cards(items: Any, what: str) -> list[int]:
            out = [c.index for c in parse_cards(items)]
            for c in out:
                used[c] += 1
                if used[c] > (4 if c == JOKER else 2):
                    raise ConfigError(f"setup: {what}: too many copies of {items}")
            return out

        n = self.players
        names: tuple[str, ...] = self._seating["team_names"]  # type: ignore[attr-defined]
        listing = "team 'A' and 'B'" if n == 4 else ", ".join(f"'{t}'" for t in names)
        hands: list[list[int]] = [[] for _ in range(n)]
        for seat, items in (setup.get("hands") or {}).items():
            hands[self._seat(seat, "setup: hand of")] = cards(items, f"hand of {seat}")
        discard = cards(setup.get("discard", []), "discard")
        stock = cards(setup.get("stock", []), "stock")
        pozzetti = [cards(p, "pozzetti") for p in setup.get("pozzetti", [])]
        taken_in = setup.get("taken") or {}
        melds_in = setup.get("melds") or {}
        for what, given in (("melds", melds_in), ("taken", taken_in)):
            unknown = set(given) - set(names)
            if unknown:
                raise ConfigError(f"setup: {what} are listed by {listing}, not {unknown}")
        taken = tuple(bool(taken_in.get(t, False)) for t in names)
        team_melds: list[tuple[MeldInfo, ...]] = []
        for team in names:
            lst = []
            for k, items in enumerate(melds_in.get(team, [])):
                m = analyze_meld(cards(items, f"meld {team}{k + 1}"))
                if m is None:
                    raise ConfigError(f"setup: meld {k + 1} of {team} is not a valid meld")
                lst.append(m)
            team_melds.append(tuple(lst))
        to_act = seat_index(setup.get("to_act", "P1"))
        if to_act >= n:
            raise ConfigError(f"setup: to_act must be one of P1..P{n}")
        ctx = self._ctx(seed, {"setup": dict(setup), "seed": seed}, n - 1)
        return BurracoState._start(
            ctx, hands, discard, stock, pozzetti, taken, tuple(team_melds), to_act,
        )

    def parse_action(self, text: str) -> Action:
        return parse_burraco_action(text)

    def card_pack(self) -> tuple[Card, ...]:
        return deck_108()

    def check(self, case: Mapping[str, Any]) -> Any:
        """Answer a game-specific conformance check (scenarios.md)."""
        from trapoula.games.burraco.checks import check

        return check(self.options, case)

    # --- matches ------------------------------------------------------------------------------
    def new_match(
        self, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> TargetMatch:
        """A match to ``target``; the first dealer is drawn for (§3.2.1), then the deal
        passes to the left.  Two partnerships score by team (``A``, ``B``); 2 or 3 players
        each playing alone by seat.  ``stored``: a record's
        dealer draw and deals, replayed instead of dealt from ``seed``."""
        seed = fresh_seed() if seed is None else seed
        first_seed = derive_seed(seed, 1)
        origin: dict[str, Any] = {"seed": first_seed}
        if stored is None:
            rng = random.Random(derive_seed(seed, "dealer-draw"))
            dealer, rounds = draw_for_dealer(rng, seat_names(self.players),
                                             self.options.dealer_tiebreak)
            origin["dealer"] = f"P{dealer + 1}"
            first = self._deal(first_seed, dealer, origin, rounds)
        else:
            dealer, rounds = self._stored_draw(stored.first)
            chance = stored.deal(1)
            origin["dealer"] = f"P{dealer + 1}"
            from trapoula.core.chance import check_dealer

            check_dealer(chance, 1, origin["dealer"])
            first = self._stored_deal(chance, dealer, origin, first_seed, rounds)
        info = {"draw": [{s: str(Card.from_index(c)) for s, c in r.items()} for r in rounds]}
        return TargetMatch(self, seed, dealing=dealing, stored=stored, first=(info, first))

    def _stored_draw(self, first: Any) -> tuple[int, tuple[dict[str, int], ...]]:
        """The first dealer from a record's rounds of the draw for dealer (checked)."""
        draw = first.get("draw") if isinstance(first, Mapping) else None
        if not isinstance(draw, list) or not draw:
            raise RecordError("the record's 'first_dealer' must hold the dealer draw ('draw')")
        seats = list(seat_names(self.players))
        drawing = list(seats)
        rounds: list[dict[str, int]] = []
        for k, rnd in enumerate(draw):
            if not isinstance(rnd, Mapping) or sorted(rnd) != sorted(drawing):
                raise RecordError(
                    f"round {k + 1} of the record's dealer draw must give a card to each of "
                    f"{', '.join(drawing)}"
                )
            cards = {seat: parse_cards([c])[0].index for seat, c in rnd.items()}
            rounds.append(cards)
            kind, who = dealer_draw(cards, self.options.dealer_tiebreak)
            if kind == "dealer":
                if k != len(draw) - 1:
                    raise RecordError("the record's dealer draw goes on after a dealer is drawn")
                assert isinstance(who, str)
                return seats.index(who), tuple(rounds)
            assert isinstance(who, list)
            drawing = who
        raise RecordError("the record's dealer draw ends on a tie: it draws no dealer")

    def _match_deal(
        self, seed: int, dealer: int, carry: Mapping[str, Any], *, dealing: int = DEALING,
        chance: Mapping[str, Any] | None = None,
    ) -> BurracoState:
        origin: dict[str, Any] = {"seed": seed, "dealer": f"P{dealer + 1}"}
        if chance is not None:
            return self._stored_deal(chance, dealer, origin, seed)
        return self._deal(seed, dealer, origin)

    def _match_deal_points(
        self, deal: BurracoState
    ) -> tuple[dict[str, int], dict[str, Any], bool]:
        res = deal.result or {}
        return dict(res["scores"]), {}, False

    def _match_next_dealer(self, deal: BurracoState) -> int:
        return (deal.dealer_index + 1) % self.players

    def _match_view(self, match: TargetMatch, seat: str | None) -> BurracoView:
        """A seat's view with the match information (``seat=None``: the public view)."""
        v = match.deal.view(seat) if seat is not None else match.deal.public_view()
        assert isinstance(v, BurracoView)
        info = MatchInfo(
            scores=dict(match.scores), target=self.options.target,
            deal_number=match.deal_number,
            deal_scores=tuple(d.points for d in match.deals),
        )
        return replace(v, match=info)


    # --- metadata and payoffs -----------------------------------------------------------------
    def _game_info(self) -> GameInfo:
        from trapoula.games.burraco.outcome import game_info

        return game_info(self)

    def deal_outcome(self, deal: Any) -> DealOutcome:
        from trapoula.games.burraco.outcome import deal_outcome

        return deal_outcome(self, deal.result or {})

    # --- fast path ----------------------------------------------------------------------------
    def random_playouts(self, n: int, seed: int = 0) -> list[dict[str, Any]]:
        """Results of ``n`` random deals: deal ``i`` is ``new_deal(seed=derive_seed(seed, i))``
        played by uniform choices ``legal[int(rng.random() * len(legal))]`` with
        ``rng = random.Random(derive_seed(seed, i, "policy"))`` (see ``fast.py``)."""
        from trapoula.games.burraco.fast import random_playouts

        return random_playouts(self, n, seed)
