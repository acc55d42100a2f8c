"""The Bourloto rules object: presets ``ru`` and ``gr``, dealing, setups and matches.

>>> import trapoula
>>> game = trapoula.make("bourloto", "ru")
>>> deal = game.new_deal(seed=42)
>>> while not deal.is_over:
...     deal = deal.apply(deal.legal_actions()[0])
>>> sorted(deal.result)
['scores']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any, ClassVar

from trapoula.cards import Card, deck_32, parse_cards, parse_suit
from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, card_list
from trapoula.core.game import Game, fresh_seed
from trapoula.core.match import TeamMatch
from trapoula.core.options import RuleOptions
from trapoula.core.outcome import DealOutcome, GameInfo
from trapoula.core.seats import seat_index
from trapoula.errors import ConfigError, RecordError, TrapoulaError
from trapoula.games.bourloto.actions import ACTIONS, CUT, parse_bourloto_action
from trapoula.games.bourloto.bidding import permute, shuffle_pack
from trapoula.games.bourloto.context import AGREE, BID1, Bidding, new_context
from trapoula.games.bourloto.rules import PRESETS, BourlotoOptions, validate
from trapoula.games.bourloto.state import BourlotoState, first_state, play_setup_state
from trapoula.games.bourloto.view import BourlotoView, MatchInfo, make_view

__all__ = ["Bourloto"]

_BIT = tuple(1 << i for i in range(52))
_DEALERS = ("P1", "P2", "P3", "P4")
_PACK = tuple(c.index for c in deck_32())
_SORTED_PACK = sorted(_PACK)


def _shuffle_v1(rng: random.Random) -> list[int]:
    """Dealing version 1 (before f3061a1): a Lehmer code of 192 random bits."""
    return permute(_PACK, rng.getrandbits(192))


class Bourloto(Game):
    """Bourloto (μπουρλότο / бурлото): 4 players in partnerships, 32 cards."""

    name: ClassVar[str] = "bourloto"
    title: ClassVar[str] = "Bourloto"
    options_class: ClassVar[type[RuleOptions]] = BourlotoOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "ru"
    retired_options: ClassVar[Mapping[str, str]] = {
        "direction": "cosmetic (clockwise or counterclockwise); it never changed play",
    }
    players: ClassVar[int] = 4

    options: BourlotoOptions

    def _setup(self) -> None:
        validate(self.options, stored=bool(self.__dict__.get("_stored")))

    @classmethod
    def from_stored(cls, preset: str | None, options: Mapping[str, Any]) -> Bourloto:
        """A stored game's rules: like ``cls(preset, **options)``, except that a combination
        refused only since the game was stored (the seven exchange with
        ``upcard_recipient="taker"``, see :func:`~.rules.validate`) is accepted, and plays
        as it did then."""
        game = cls.__new__(cls)
        object.__setattr__(game, "_stored", True)
        Bourloto.__init__(game, preset, **options)
        return game

    # --- starting deals -----------------------------------------------------------------------
    def new_deal(
        self,
        seed: int | None = None,
        dealer: str | None = None,
        *,
        rng: random.Random | None = None,
        hanging: int = 0,
        dealing: int = DEALING,
    ) -> BourlotoState:
        """Shuffle and deal.  ``seed`` or an injected ``rng`` decides the cards (the dealt
        pack is recorded either way); the dealer defaults to P4.  ``dealing`` is the dealing
        version (:mod:`trapoula.core.chance`): 1 re-deals a seed as before f3061a1."""
        d = 3 if dealer is None else seat_index(dealer)
        origin: dict[str, Any] = {}
        if rng is None:
            seed = fresh_seed() if seed is None else seed
            origin["seed"] = seed
            rng = random.Random(seed)
        deck = shuffle_pack(rng.random) if dealing != 1 else _shuffle_v1(rng)
        agreement = self.options.bidding == "agreement"
        keys = self._reshuffle_keys(rng) if agreement else ()
        if "seed" not in origin:
            seed = 0  # an injected RNG: only the pack is recorded
        origin["dealer"] = _DEALERS[d]
        origin["deck"] = tuple(deck)  # card indices; record() writes them as text
        origin["keys"] = keys
        if hanging:
            origin["hanging"] = hanging
        if dealing != DEALING:
            origin["dealing"] = dealing
        return self._deal(deck, keys, d, hanging, origin, seed or 0)

    def _stored_deal(
        self, chance: Mapping[str, Any], dealer: int, hanging: int, seed: int | None
    ) -> BourlotoState:
        """A deal from a record's stored pack and keys (checked: a tampered pack is refused)."""
        names = card_list(chance.get("deck"), "a Bourloto deal's 'deck'")
        try:
            deck = [Card.parse(c).index for c in names]
        except ConfigError as exc:
            raise RecordError(f"the record's pack has a card that is not a card: {exc}") from None
        if sorted(deck) != _SORTED_PACK:
            raise RecordError(
                "the record's pack must hold the 32 cards 7-A of each suit once each; it has "
                f"{len(deck)} cards" + ("" if len(deck) != 32 else " with repeats")
            )
        keys = chance.get("keys", ())
        want = self.options.agreement_rounds - 1 if self.options.bidding == "agreement" else 0
        if (isinstance(keys, str) or not all(isinstance(k, int) and k >= 0 for k in keys)
                or len(keys) != want):
            raise RecordError(
                f"the record's 'keys' must be {want} whole numbers (one per re-turned upcard)"
            )
        origin: dict[str, Any] = {"seed": seed} if seed is not None else {}
        origin.update(dealer=_DEALERS[dealer], deck=tuple(deck), keys=tuple(keys))
        if hanging:
            origin["hanging"] = hanging
        return self._deal(deck, tuple(keys), dealer, hanging, origin, seed or 0)

    def _deal_order(self, dealer: int) -> tuple[int, ...]:
        """Who receives each of the first 20 cards (one at a time, or 3 then 2)."""
        cache: dict[int, tuple[int, ...]] = self.__dict__.setdefault("_orders", {})
        order = cache.get(dealer)
        if order is None:
            order = cache[dealer] = self._compute_deal_order(dealer)
        return order

    def _seat_cards(self, dealer: int) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
        """Per seat, a getter of the pack's cards that seat receives (of the first 20)."""
        cache: dict[int, Any] | None = self.__dict__.get("_seat_getters")
        if cache is None:
            cache = self.__dict__["_seat_getters"] = {}
        getters = cache.get(dealer)
        if getters is None:
            order = self._deal_order(dealer)
            getters = cache[dealer] = tuple(
                itemgetter(*[k for k, s in enumerate(order) if s == seat]) for seat in range(4)
            )
        return getters

    def _compute_deal_order(self, dealer: int) -> tuple[int, ...]:
        first = (dealer + 1) % 4
        seats = [(first + k) % 4 for k in range(4)]
        if self.options.initial_deal == "3+2":
            return tuple(s for s in seats for _ in range(3)) + tuple(
                s for s in seats for _ in range(2)
            )
        return tuple(seats * 5)

    def _reshuffle_keys(self, rng: random.Random) -> tuple[int, ...]:
        """Random keys for the ru re-turned upcards, drawn once at the deal."""
        if self.options.bidding != "agreement":
            return ()
        return tuple(rng.getrandbits(64) for _ in range(self.options.agreement_rounds - 1))

    def _deal(
        self,
        deck: list[int],
        keys: tuple[int, ...],
        dealer: int,
        hanging: int,
        origin: dict[str, Any],
        seed: int,
    ) -> BourlotoState:
        bit = _BIT.__getitem__
        h0, h1, h2, h3 = [sum(map(bit, cards(deck))) for cards in self._seat_cards(dealer)]
        bid = Bidding(tuple(deck[21:]), deck[20])
        ctx = new_context(self, self.options, seed, origin, dealer, hanging, keys=keys,
                          hands=(h0, h1, h2, h3))
        return first_state(ctx, bid, self._first_phase())

    def _first_phase(self) -> int:
        return AGREE if self.options.bidding == "agreement" else BID1

    def from_setup(self, setup: Mapping[str, Any], seed: int = 0) -> BourlotoState:
        """A deal from a scenario setup (phase ``bidding`` or ``play``; dealer P4)."""
        phase = setup.get("phase", "play")
        hands_in = setup.get("hands", {})
        hands = [0, 0, 0, 0]
        seen: set[Card] = set()
        for seat, cards in hands_in.items():
            for c in parse_cards(cards):
                if c in seen or c not in deck_32():
                    raise ConfigError(f"setup: card {c} is repeated or not in the 32-card pack")
                seen.add(c)
                hands[seat_index(seat)] |= 1 << c.index
        hanging = int(setup.get("hanging", 0))
        keys = self._reshuffle_keys(random.Random(seed))
        origin: dict[str, Any] = {"setup": dict(setup), "seed": seed, "keys": keys}
        if phase == "bidding":
            up = Card.parse(setup["upcard"])
            stock = parse_cards(setup.get("stock", []))
            for c in [up, *stock]:
                if c in seen:
                    raise ConfigError(f"setup: card {c} is repeated")
                seen.add(c)
            rest = [c for c in deck_32() if c not in seen]  # unlisted cards go under the stock
            bid = Bidding(stock=tuple(c.index for c in stock + rest), upcard=up.index)
            if any(h.bit_count() != 5 for h in hands) or len(bid.stock) != 11:
                raise ConfigError("setup: a bidding setup needs 5 cards per hand")
            ctx = new_context(self, self.options, seed, origin, 3, hanging, keys=keys,
                              hands=tuple(hands))
            return first_state(ctx, bid, self._first_phase())
        if phase != "play":
            raise ConfigError(f"setup: phase must be 'bidding' or 'play', not {phase!r}")
        if any(h.bit_count() != 8 for h in hands):
            raise ConfigError("setup: a play setup needs 8 cards per hand")
        trump = int(parse_suit(setup["trump"]))
        buyer_txt = setup.get("buyer")
        buyer = -1
        if buyer_txt is not None:
            if buyer_txt not in ("A", "B"):
                raise ConfigError(f"setup: buyer must be 'A', 'B' or null, not {buyer_txt!r}")
            buyer = "AB".index(buyer_txt) if self.options.contract else -1
        ctx = new_context(self, self.options, seed, origin, 3, hanging, keys=keys, trump=trump,
                          buyer=buyer, hands=tuple(hands))
        return play_setup_state(ctx)

    def parse_action(self, text: str) -> Action:
        return parse_bourloto_action(text)

    def card_pack(self) -> tuple[Card, ...]:
        return deck_32()

    def check(self, case: Mapping[str, Any]) -> Any:
        """Answer a game-specific conformance check (scenarios.md)."""
        from trapoula.games.bourloto.checks import check

        return check(self.options, case)

    # --- matches ------------------------------------------------------------------------------
    def new_match(
        self, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> TeamMatch:
        """A match; ``stored`` replays a record's deals instead of dealing from ``seed``."""
        return TeamMatch(self, seed, dealing=dealing, stored=stored)

    def _match_deal(
        self, seed: int, dealer: int, carry: Mapping[str, Any], *, dealing: int = DEALING,
        chance: Mapping[str, Any] | None = None,
    ) -> BourlotoState:
        hanging = int(carry.get("hanging", 0))
        if chance is not None:
            return self._stored_deal(chance, dealer, hanging, seed)
        return self.new_deal(seed, f"P{dealer + 1}", hanging=hanging, dealing=dealing)

    def from_record(self, record: Mapping[str, Any], dealing: int = DEALING) -> Any:
        """Replay a record (a deal that stores its pack is dealt from it)."""
        if record.get("kind", "deal") == "deal" and "deck" in record:
            d = seat_index(record.get("dealer", "P4"))
            hanging = int(record.get("hanging", 0))
            seed = record.get("seed")
            state: Any = self._stored_deal(record, d, hanging, None if seed is None else int(seed))
            for text in record.get("actions", []):
                state = self.replay_action(state, text)
            return state
        return super().from_record(record, dealing)

    def replay_action(self, state: Any, text: str) -> Any:
        """Records made before the seven exchange became private (trapoula-record/1 up to
        commit b0301f4) asked the 7's holder right after the take: his ``keep`` is silent now
        (logged where the record has it, with no effect), and his ``exchange`` is made where
        the record has it, out of turn (the same swap, before the recipient's first card): the
        history and bids stay the record's.  Records made before RULES §1.2.2.7 said "among
        his first five cards" (up to commit c60734b) may hold the exchange of a 7 that came
        with the last three cards: it is made as that version made it (the earlier rule, for
        that exchange only; the engine never offers it now).

        >>> import trapoula
        >>> g = trapoula.make("bourloto", "gr")
        >>> s = g.new_deal(seed=86, dealer="P1")
        >>> for text in ["P2 take", "P2 keep", "P2 play 9S"]:  # as the old engine saved it
        ...     s = g.replay_action(s, text)
        >>> [str(e) for e in s.history]
        ['P2 take', 'P2 keep', 'P2 play 9S']
        """
        try:
            legal = state.parse(text) in state.legal_actions()
        except TrapoulaError:
            legal = False
        if not legal:
            from trapoula.core.seats import seat_index, split_seat

            seat, body = split_seat(text)
            deal = getattr(state, "deal", state)
            if seat is not None and body.strip().lower() in ("keep", "exchange") and (
                isinstance(deal, BourlotoState) and deal.swap_open()
            ):
                i = seat_index(seat)
                if body.strip().lower() == "keep":  # an old "no swap" answer: logged, no effect
                    return _with_deal(state, deal.legacy_keep(i), seat, "keep")
                if deal.may_swap_out_of_turn(i):
                    return _with_deal(state, deal.legacy_swap(i), seat, "exchange")
            if seat is not None and body.strip().lower() == "cut" and isinstance(
                deal, BourlotoState
            ) and deal.current_player == seat:  # a cut of a show after an approval
                cut = deal.legacy_cut()
                if cut is not None:
                    return _with_deal(state, cut, seat, "cut")
        return state.apply(text)

    def _match_deal_points(
        self, deal: BourlotoState
    ) -> tuple[dict[str, int], dict[str, Any], bool]:
        res = deal.result or {}
        if res.get("thrown_in"):
            return {"A": 0, "B": 0}, {"hanging": deal.hanging}, True
        return dict(res["scores"]), {"hanging": res.get("hanging", 0)}, False

    def _match_next_dealer(self, deal: BourlotoState) -> int:
        if deal.thrown_in and self.options.redeal_dealer == "same":
            return deal.dealer_index
        return (deal.dealer_index + 1) % 4

    def _match_view(self, match: TeamMatch, seat: str | None) -> BourlotoView:
        """A seat's view with the match information (``seat=None``: the public view)."""
        info = MatchInfo(
            scores=dict(match.scores), target=self.options.target,
            deal_number=match.deal_number,
            deal_scores=tuple(d.points for d in match.deals),
            hanging=int(match.carry.get("hanging", 0)),
        )
        # the deal's own view built with the match (not a copy of it: the web builds one a move)
        if seat is None:
            return make_view(match.deal, "P1", public=True, match=info)
        return make_view(match.deal, seat, match=info)

    # --- metadata and payoffs -----------------------------------------------------------------
    def _game_info(self) -> GameInfo:
        from trapoula.games.bourloto.outcome import game_info

        return game_info(self)

    def deal_outcome(self, deal: Any) -> DealOutcome:
        from trapoula.games.bourloto.outcome import deal_outcome

        return deal_outcome(self, deal.result or {})

    # --- fast path ----------------------------------------------------------------------------
    def random_playouts(self, n: int, seed: int = 0) -> list[dict[str, Any]]:
        """Results of ``n`` random deals: deal ``i`` is ``new_deal(seed=playout_seed(seed, i))``
        played by :func:`~trapoula.games.bourloto.fast.random_policy` choices."""
        from trapoula.games.bourloto.fast import random_playouts

        return random_playouts(self, n, seed)


def _with_deal(state: Any, deal: BourlotoState, seat: str, kind: str) -> Any:
    """``state`` (a deal, or a match around it) with its deal replaced by ``deal``, the
    action ``seat kind`` logged (replays of earlier records only)."""
    if state is not getattr(state, "deal", state):
        new = state._copy()
        new._cell = (state._cell, seat, ACTIONS[kind] if kind in ACTIONS else CUT)
        new.deal = deal
        return new
    return deal
