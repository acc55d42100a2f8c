"""The game (rules object) protocol: presets, options, and the ways to start a game.

A game object is a frozen rules object: ``trapoula.make("bourloto", preset="gr")``.  It
starts deals (``new_deal``), matches (``new_match``), positions from a scenario setup
(``from_setup``), parses action text and runs fast random playouts.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.core.chance import DEALING, StoredDeals
from trapoula.core.options import OptionInfo, RuleOptions, build_options, describe_options
from trapoula.errors import ConfigError, RecordError

if TYPE_CHECKING:
    from trapoula.core.outcome import DealOutcome, GameInfo
    from trapoula.core.state import GameState

__all__ = ["Game", "derive_seed", "fresh_seed"]


def fresh_seed() -> int:
    """A new random seed from the operating system (recorded, so games stay replayable)."""
    return random.SystemRandom().randrange(1 << 62)


def derive_seed(seed: int, *path: int | str) -> int:
    """A deterministic sub-seed: ``derive_seed(match_seed, deal_no)``.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    True
    """
    return random.Random("/".join(str(p) for p in (seed, *path))).getrandbits(62)


class Game(ABC):
    """A game with fixed rules: a preset plus option overrides, immutable once made."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type[RuleOptions]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    default_preset: ClassVar[str]
    # options this game no longer has -> why they went; stored games (records, web tables)
    # that carry one still load (trapoula.core.registry.make_stored drops it)
    retired_options: ClassVar[Mapping[str, str]] = {}

    preset: str
    options: RuleOptions

    def __init__(self, preset: str | None = None, **options: Any) -> None:
        preset = self.default_preset if preset is None else preset
        if not isinstance(preset, str) or preset not in self.presets:
            known = ", ".join(self.presets)
            raise ConfigError(f"unknown preset {preset!r} for {self.name}; presets are: {known}")
        object.__setattr__(self, "preset", preset)
        object.__setattr__(
            self, "options", build_options(self.options_class, self.presets[preset], options)
        )
        self._setup()

    def _setup(self) -> None:  # noqa: B027 (optional hook)
        """Precompute tables that depend on the options (called once)."""

    @classmethod
    def from_stored(cls, preset: str | None, options: Mapping[str, Any]) -> Game:
        """The rules object of a stored game (a record, a web table): ``cls(preset,
        **options)``.  A game overrides it where it accepts, for games stored by an earlier
        version, an option combination that it refuses for new ones since."""
        return cls(preset, **options)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a game's rules are immutable; make a new one with trapoula.make")

    def _cache(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    @classmethod
    def describe_options(cls) -> list[OptionInfo]:
        return describe_options(cls.options_class)

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from the preset (what a record stores)."""
        base = build_options(self.options_class, self.presets[self.preset], {})
        return self.options.changed_from(base)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.changed_options().items())
        return f"trapoula.make({self.name!r}, preset={self.preset!r}{extra})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.name == self.name
            and other.preset == self.preset
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.name, self.preset, self.options))

    @property
    def info(self) -> GameInfo:
        """The game's fixed facts: seats, sides, zero-sum, payoff bounds, longest deal
        (:class:`~trapoula.core.outcome.GameInfo`; computed once).

        >>> import trapoula
        >>> i = trapoula.make("burraco", players=3).info
        >>> i.seats, i.sides, i.partnership, (i.min_players, i.max_players)
        (('P1', 'P2', 'P3'), (('P1',), ('P2',), ('P3',)), False, (2, 4))
        """
        cached: GameInfo | None = self.__dict__.get("_info")
        if cached is None:
            cached = self._game_info()
            self._cache("_info", cached)
        return cached

    # --- to implement -------------------------------------------------------------------------
    @abstractmethod
    def _game_info(self) -> GameInfo:
        """This game's :class:`~trapoula.core.outcome.GameInfo` (``info`` caches it)."""

    @abstractmethod
    def deal_outcome(self, deal: GameState) -> DealOutcome:
        """What a finished deal of this game paid every seat (``deal.outcome()``)."""

    @abstractmethod
    def new_deal(
        self, seed: int | None = None, dealer: str | None = None, *, dealing: int = DEALING
    ) -> GameState:
        """A freshly shuffled and dealt deal (seed recorded; same seed, same deal).

        ``dealing`` is the dealing version that turns the seed into the pack
        (:mod:`trapoula.core.chance`); the current one by default."""

    @abstractmethod
    def new_match(
        self, seed: int | None = None, *, dealing: int = DEALING,
        stored: StoredDeals | None = None,
    ) -> GameState:
        """A match (or session) that runs deal after deal until it is decided: dealt from
        ``seed`` by dealing version ``dealing``, or from a record's ``stored`` deals."""

    @abstractmethod
    def from_setup(self, setup: Mapping[str, Any], seed: int = 0) -> GameState:
        """A deal from a scenario ``setup`` (scenarios.md, ``check: deal``)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse action text in this game's notation (no seat prefix)."""

    @abstractmethod
    def random_playouts(self, n: int, seed: int = 0) -> list[dict[str, Any]]:
        """Results of ``n`` uniformly random deals on the fastest path (see the game's docs)."""

    def card_pack(self) -> tuple[Card, ...]:
        """Every card of the pack this game is played with (repeated where the pack holds
        more than one), e.g. for validating scenario cases."""
        raise NotImplementedError(f"{self.name} does not list its pack")

    def setup_held_cards(self, setup: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
        """The fields of a scenario ``setup`` naming a card that, by this game's options, a
        hand holds too: ``{field: (seat, why)}``.  That card is listed in the seat's hand as
        well (and must be); every other card may appear only as often as the pack holds it.
        None by default."""
        return {}

    # --- shared -------------------------------------------------------------------------------
    def from_record(self, record: Mapping[str, Any], dealing: int = DEALING) -> GameState:
        """Replay a record made by ``state.record()`` (checked action by action).

        A match record that stores its deals (``deals``) replays from those cards; one that
        does not (format 1) is re-dealt from its seed by dealing version ``dealing``."""
        kind = record.get("kind", "deal")
        state: GameState
        if kind == "match":
            stored = None
            if "deals" in record:
                stored = StoredDeals.from_record(record, "first_dealer")
            state = self.new_match(seed=record["seed"], dealing=dealing, stored=stored)
        elif "setup" in record:
            state = self.from_setup(record["setup"], seed=record.get("seed", 0))
            _check_setup_keys(state, record)
        else:
            state = self.new_deal(seed=record["seed"], dealer=record.get("dealer"),
                                  dealing=dealing)
        for text in record.get("actions", []):
            state = self.replay_action(state, text)
        return state

    def replay_action(self, state: GameState, text: str) -> GameState:
        """Replay one recorded action: ``state.apply(text)``, except that a game maps here
        what a record of an earlier version holds that this version no longer plays the
        same way, so that old records still replay to the same game.  Every replay path
        (records, stored web tables, analysis) calls it; a live ``apply`` never guesses."""
        return state.apply(text)


def _check_setup_keys(state: GameState, record: Mapping[str, Any]) -> None:
    """A setup deal draws its random keys from its seed: they must be the recorded ones."""
    origin = getattr(getattr(state, "_ctx", None), "origin", {})
    for key in ("keys", "refill_key"):
        if key in record and key in origin:
            mine = origin[key]
            mine = list(mine) if isinstance(mine, tuple) else mine
            if mine != record[key]:
                raise RecordError(
                    f"the record's {key!r} ({record[key]!r}) is not what its setup's seed "
                    f"draws ({mine!r})"
                )
