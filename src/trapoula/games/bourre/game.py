"""The Bourré rules object: preset ``ru``, dealing, scenario setups, sessions, checks.

>>> import trapoula
>>> game = trapoula.make("bourre", players=5)
>>> deal = game.new_deal(seed=42)
>>> while not deal.is_over:
...     deal = deal.apply(deal.legal_actions()[0])   # everyone folds: the pot carries
>>> deal.result
{'payouts': {}, 'bourre': {}, 'carry': 5}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar

from trapoula.cards import Card, cards_of, deck_52, mask_of, parse_cards, parse_suit
from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals, card_list
from trapoula.core.game import Game, fresh_seed
from trapoula.core.options import RuleOptions
from trapoula.core.outcome import DealOutcome, GameInfo
from trapoula.core.seats import seat_index, seat_name
from trapoula.errors import ConfigError, RecordError
from trapoula.games.bourre.actions import parse_bourre_action
from trapoula.games.bourre.context import DealContext
from trapoula.games.bourre.deck import permute
from trapoula.games.bourre.play import legal_mask, trick_winner
from trapoula.games.bourre.rules import PRESETS, BourreOptions, draw_fee, max_draw_for, validate
from trapoula.games.bourre.session import BourreSession
from trapoula.games.bourre.settlement import settle
from trapoula.games.bourre.state import BourreState

__all__ = ["DECK_KEY_BITS", "Bourre"]

_DECK = tuple(range(52))
_BIT = tuple(1 << c for c in range(52))
DECK_KEY_BITS = 300  # log2(52!) is about 226: the extra bits keep the shuffle uniform


class Bourre(Game):
    """Bourré (Бурэ): 2-7 players, each for himself, 52 cards, a pot of chips."""

    name: ClassVar[str] = "bourre"
    title: ClassVar[str] = "Bourré"
    options_class: ClassVar[type[RuleOptions]] = BourreOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset: ClassVar[str] = "ru"

    options: BourreOptions
    _fee_tables: dict[tuple[tuple[int, ...], int], tuple[int, tuple[int, ...]]]
    _orders: tuple[tuple[int, ...], ...]

    def _setup(self) -> None:
        validate(self.options)
        # (seats, ante) -> (max_draw, fees); dealer -> the full table's dealing order
        self._cache("_fee_tables", {})
        n = self.options.players
        self._cache("_orders", tuple(
            tuple((d + 1 + j) % n for j in range(n)) for d in range(n)
        ))

    @property
    def players(self) -> int:
        return int(self.options.players)

    # --- starting deals -----------------------------------------------------------------------
    def _ctx(
        self, seed: int, refill_key: int, origin: dict[str, Any], dealer: int,
        seats: Sequence[int], ante: int, trump_card: int,
    ) -> DealContext:
        opts = self.options
        seats = tuple(seats)
        tables = self._fee_tables
        got = tables.get((seats, ante))
        if got is None:
            md = max_draw_for(opts, len(seats))
            got = tables[seats, ante] = (md, tuple(draw_fee(opts, ante, k) for k in range(md + 1)))
        no_fold = -1
        if trump_card % 13 == 12 and opts.trump_card == "dealer_fifth":
            no_fold = dealer
        return DealContext(
            self, seed, refill_key, origin, seats, dealer, ante, trump_card, got[0], got[1],
            no_fold,
        )

    def dealing_order(self, dealer: int, seated: Sequence[int] | None = None) -> list[int]:
        """Seats dealt in, from the dealer's left round to the dealer.

        >>> import trapoula
        >>> trapoula.make("bourre", players=5).dealing_order(1, seated=[0, 1, 3, 4])
        [3, 4, 0, 1]
        """
        if seated is None:
            return list(self._orders[dealer])
        n = self.options.players
        ok = set(seated)
        return [s for s in ((dealer + 1 + j) % n for j in range(n)) if s in ok]

    @staticmethod
    def shuffle(rng: random.Random) -> tuple[list[int], int]:
        """A shuffled pack (card indices, top first) and the deal's refill key, from ``rng``."""
        return permute(_DECK, rng.getrandbits(DECK_KEY_BITS)), rng.getrandbits(64)

    def deal_cards(
        self, deck: Sequence[int], seats: Sequence[int]
    ) -> tuple[list[int], int, list[int]]:
        """Deal ``deck`` (§2.2.3-4): the hands by seat, the trump card, the stock top first.

        Cards go one at a time from the dealer's left; ``seats`` ends with the dealer.
        """
        m = len(seats)
        hands = [0] * self.options.players
        top = 5 * m
        bits = itemgetter(*deck[:top])(_BIT)
        for k, s in enumerate(seats):
            hands[s] = sum(bits[k::m])  # distinct bits: the sum is the union
        if self.options.trump_card == "dealer_fifth":
            return hands, deck[5 * m - 1], list(deck[5 * m:])
        return hands, deck[5 * m], list(deck[5 * m + 1:])

    def new_deal(
        self, seed: int | None = None, dealer: str | None = None, *,
        rng: random.Random | None = None, dealing: int = DEALING,
    ) -> BourreState:
        """Shuffle and deal; every player antes ``ante`` into an empty pot.

        ``seed`` (recorded) or an injected ``rng`` (the dealt pack and the refill key are
        recorded instead) decides the cards; the dealer defaults to Pn.  Bourré deals the
        same in every dealing version (``dealing``).
        """
        n = self.options.players
        if dealer is None:
            d = n - 1
        else:
            d = seat_index(dealer)
            if d >= n:
                raise ConfigError(f"dealer {dealer} is not at a table of {n} players")
        if rng is None:
            seed = fresh_seed() if seed is None else seed
            deck, refill_key = self.shuffle(random.Random(seed))
            origin = {"seed": seed, "dealer": seat_name(d), "deck": deck, "refill_key": refill_key}
            return self._deal(deck, refill_key, d, origin, seed)
        deck, refill_key = self.shuffle(rng)
        # the pack as card indices (the record spells them out)
        origin = {"deck": deck, "refill_key": refill_key, "dealer": seat_name(d)}
        return self._deal(deck, refill_key, d, origin, 0)

    def _deal(
        self, deck: Sequence[int], refill_key: int, dealer: int, origin: dict[str, Any],
        seed: int,
    ) -> BourreState:
        return BourreState._start(*self._deal_parts(deck, refill_key, dealer, origin, seed))

    def _deal_parts(
        self, deck: Sequence[int], refill_key: int, dealer: int, origin: dict[str, Any],
        seed: int,
    ) -> tuple[DealContext, list[int], list[int], int]:
        """What ``BourreState._start`` makes a deal from: context, hands, stock, pot."""
        seats = self._orders[dealer]
        hands, trump_card, stock = self.deal_cards(deck, seats)
        ante = self.options.ante
        ctx = self._ctx(seed, refill_key, origin, dealer, seats, ante, trump_card)
        return ctx, hands, stock, ante * len(seats)

    def _session_deal(
        self, seed: int, dealer: int, seated: Sequence[int], pot: int, stacks: Sequence[int],
        chance: Mapping[str, Any] | None = None, ante: int | None = None,
    ) -> BourreState:
        seats = self.dealing_order(dealer, seated)
        if chance is None:
            deck, refill_key = self.shuffle(random.Random(seed))
        else:
            deck, refill_key = self._stored_pack(chance)
        hands, trump_card, stock = self.deal_cards(deck, seats)
        origin: dict[str, Any] = {
            "seed": seed, "dealer": seat_name(dealer), "seats": [seat_name(x) for x in seats],
            "pot": pot, "stacks": list(stacks), "deck": deck, "refill_key": refill_key,
        }
        ctx = self._ctx(seed, refill_key, origin, dealer, seats,
                        self.options.ante if ante is None else ante, trump_card)
        return BourreState._start(ctx, hands, stock, pot, stacks)

    @staticmethod
    def _stored_pack(chance: Mapping[str, Any]) -> tuple[list[int], int]:
        """A record's pack and refill key, checked (a tampered pack is refused)."""
        names = card_list(chance.get("deck"), "a Bourré deal's 'deck'")
        try:
            deck = [c.index for c in parse_cards(names)]
        except ConfigError as exc:
            raise RecordError(f"the record's pack has a card that is not a card: {exc}") from None
        if sorted(deck) != list(_DECK):
            raise RecordError(
                f"the record's pack must hold the 52 cards once each; it has {len(deck)} cards"
                + ("" if len(deck) != 52 else " with repeats")
            )
        key = chance.get("refill_key", 0)
        if isinstance(key, bool) or not isinstance(key, int) or key < 0:
            raise RecordError(f"the record's 'refill_key' must be a whole number; got {key!r}")
        return deck, key

    def from_record(self, record: Mapping[str, Any], dealing: int = DEALING) -> Any:
        """Replay a record (a deal that stores its pack is dealt from it; a deal of a
        session stores its seats, pot and stacks)."""
        state: Any
        if record.get("kind", "deal") == "deal" and "stacks" in record:
            seats = [seat_index(x) for x in record["seats"]]
            state = self._session_deal(
                int(record["seed"]), seat_index(record["dealer"]), seats, int(record["pot"]),
                [int(x) for x in record["stacks"]], record if "deck" in record else None,
            )
            for text in record.get("actions", []):
                state = self.replay_action(state, text)
            return state
        if record.get("kind", "deal") == "deal" and "deck" in record:
            deck, refill_key = self._stored_pack(record)
            d = seat_index(record.get("dealer", seat_name(self.options.players - 1)))
            if d >= self.options.players:
                raise RecordError(f"record: dealer {seat_name(d)} is not at the table")
            origin = {k: record[k] for k in ("seed", "dealer") if k in record}
            origin.update(deck=deck, refill_key=refill_key)
            if "seed" not in record:  # a pack dealt from an injected RNG
                origin = {"deck": deck, "refill_key": refill_key, "dealer": seat_name(d)}
            state = self._deal(deck, refill_key, d, origin, int(record.get("seed", 0)))
            for text in record.get("actions", []):
                state = self.replay_action(state, text)
            return state
        return super().from_record(record, dealing)

    def from_setup(self, setup: Mapping[str, Any], seed: int = 0) -> BourreState:
        """A deal from a scenario setup (scenarios.md): ``hands`` (5 cards for each of the
        ``players`` seats), ``trump_card``, ``stock`` (top first), ``pot`` (after this deal's
        antes; default ``players * ante``), ``ante`` (default the option), optional ``dealer``
        (default Pn).  Cards listed nowhere go under the stock in canonical order.  With
        ``trump_card="dealer_fifth"`` the trump card is one of the dealer's five, listed in his
        hand too (scenarios.md requires it: :meth:`setup_held_cards`); a setup that lists it
        apart, beside four cards in his hand, still deals, as records saved so still replay."""
        opts = self.options
        n = opts.players
        dealer = self._setup_dealer(setup)
        if "trump_card" not in setup:
            raise ConfigError("setup: 'trump_card' is missing")
        trump_card = self._cards([setup["trump_card"]], "trump_card")[0].index
        fifth = opts.trump_card == "dealer_fifth"
        hands = [0] * n
        seen = 0
        hands_in = setup.get("hands", {})
        if not isinstance(hands_in, Mapping):
            raise ConfigError("setup: 'hands' must map seats to cards")
        for seat in hands_in:
            i = seat_index(seat)
            if i >= n:
                raise ConfigError(f"setup: {seat} is not at a table of {n} players")
            m = mask_of(self._cards(hands_in[seat], "hands"))
            if m & seen or len(hands_in[seat]) != m.bit_count():
                raise ConfigError(f"setup: a card of {seat}'s hand is repeated")
            if fifth and i == dealer and m.bit_count() == 4 and not m >> trump_card & 1:
                m |= 1 << trump_card  # the dealer's face-up 5th card, listed apart
            if m.bit_count() != 5:
                raise ConfigError(f"setup: {seat} must hold 5 cards, not {m.bit_count()}")
            if m & seen:
                raise ConfigError(f"setup: a card of {seat}'s hand is repeated")
            hands[i] = m
            seen |= m
        if any(h == 0 for h in hands):
            missing = [seat_name(i) for i in range(n) if not hands[i]]
            raise ConfigError(f"setup: no hand for {', '.join(missing)}")
        if fifth:
            if not hands[dealer] >> trump_card & 1:
                raise ConfigError("setup: with trump_card=dealer_fifth the dealer holds it")
        else:
            if seen >> trump_card & 1:
                raise ConfigError("setup: the trump card cannot be in a hand")
            seen |= 1 << trump_card
        stock = [c.index for c in self._cards(setup.get("stock", []), "stock")]
        for c in stock:
            if seen >> c & 1:
                raise ConfigError(f"setup: card {Card.from_index(c)} is repeated")
            seen |= 1 << c
        stock += [c for c in range(52) if not seen >> c & 1]
        ante = setup.get("ante", opts.ante)
        pot = setup.get("pot", n * ante)
        for key, value in (("ante", ante), ("pot", pot)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"setup: {key!r} must be a whole number >= 0; got {value!r}")
        if opts.max_ante and ante > opts.max_ante:
            raise ConfigError(f"setup: ante {ante} is above max_ante {opts.max_ante}")
        refill_key = random.Random(seed).getrandbits(64)
        origin: dict[str, Any] = {"setup": dict(setup), "seed": seed, "refill_key": refill_key}
        ctx = self._ctx(
            seed, refill_key, origin, dealer, self.dealing_order(dealer), ante, trump_card
        )
        return BourreState._start(ctx, hands, stock, pot)

    def _setup_dealer(self, setup: Mapping[str, Any]) -> int:
        n = self.options.players
        dealer = seat_index(setup.get("dealer", seat_name(n - 1)))
        if dealer >= n:
            raise ConfigError(f"setup: dealer {seat_name(dealer)} is not at a table of {n}")
        return dealer

    def setup_held_cards(self, setup: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
        """With ``trump_card="dealer_fifth"`` the trump card is the dealer's own fifth card
        (§2.2.4): a scenario lists it in his hand too.

        >>> import trapoula
        >>> trapoula.make("bourre", trump_card="dealer_fifth").setup_held_cards({})
        {'trump_card': ('P4', "with trump_card='dealer_fifth' it is the dealer's own fifth card")}
        """
        if self.options.trump_card != "dealer_fifth":
            return {}
        why = "with trump_card='dealer_fifth' it is the dealer's own fifth card"
        return {"trump_card": (seat_name(self._setup_dealer(setup)), why)}

    @staticmethod
    def _cards(items: Any, what: str) -> list[Card]:
        if isinstance(items, str) or not isinstance(items, (list, tuple)):
            raise ConfigError(f"setup: {what!r} must be a list of cards")
        cards = parse_cards(items)
        if any(c.is_joker for c in cards):
            raise ConfigError(f"setup: Bourré has no jokers ({what})")
        return cards

    def parse_action(self, text: str) -> Action:
        return parse_bourre_action(text)

    def card_pack(self) -> tuple[Card, ...]:
        return deck_52()

    # --- conformance --------------------------------------------------------------------------
    def check(self, case: Mapping[str, Any]) -> Any:
        """Answer a game-specific conformance check (scenarios.md).

        >>> import trapoula
        >>> g = trapoula.make("bourre")
        >>> g.check({"check": "legal_plays", "trump": "S", "trick": ["9H"],
        ...          "hand": ["5H", "JH", "KH", "2S"]})
        ['JH', 'KH']
        """
        kind = case.get("check")
        if kind == "legal_plays":
            hand = mask_of(self._cards(case["hand"], "hand"))
            trick = [c.index for c in self._cards(case["trick"], "trick")]
            m = legal_mask(hand, trick, int(parse_suit(case["trump"])), self.options.forced_lead)
            return [str(c) for c in cards_of(m)]
        if kind == "trick_winner":
            trick = [c.index for c in self._cards(case["trick"], "trick")]
            if not trick:
                raise ConfigError("trick_winner needs a non-empty trick")
            return trick_winner(trick, int(parse_suit(case["trump"])))
        if kind == "settle":
            pot = case["pot"]
            if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
                raise ConfigError(f"settle: 'pot' must be a whole number >= 0; got {pot!r}")
            return settle(pot, case["players"], self.options).as_result()
        known = "legal_plays, trick_winner, settle (and the generic deal, match)"
        raise ConfigError(f"unknown check {kind!r} for bourre; checks are: {known}")

    # --- sessions -----------------------------------------------------------------------------
    def new_match(
        self, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> BourreSession:
        """A session: a table of ``players`` with chip stacks playing deal after deal
        (``stored``: a record's deals, replayed instead of dealt from ``seed``)."""
        return BourreSession(self, seed, dealing=dealing, stored=stored)


    # --- metadata and payoffs -----------------------------------------------------------------
    def _game_info(self) -> GameInfo:
        from trapoula.games.bourre.outcome import game_info

        return game_info(self)

    def deal_outcome(self, deal: Any) -> DealOutcome:
        from trapoula.games.bourre.outcome import deal_outcome

        return deal_outcome(self, deal)

    # --- fast path ----------------------------------------------------------------------------
    def random_playouts(self, n: int, seed: int = 0) -> list[dict[str, Any]]:
        """Results of ``n`` random deals: with ``rng = random.Random(seed)``, deal ``i`` is
        ``new_deal(rng=rng)`` played by ``legal[int(rng.random() * len(legal))]`` from the same
        ``rng`` (see :mod:`trapoula.games.bourre.fast`)."""
        from trapoula.games.bourre.fast import random_playouts

        return random_playouts(self, n, seed)

