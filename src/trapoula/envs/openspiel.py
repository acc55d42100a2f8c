"""OpenSpiel games: every trapoula game registered with ``pyspiel.register_game``.

Importing this module registers ``trapoula_bourloto``, ``trapoula_bourre`` and
``trapoula_burraco``.  Parameters: ``preset`` (a preset name), ``options`` (other rule
options as ``name:value;name:value``) and, for Bourré and Burraco, ``players``:

>>> import pyspiel
>>> import trapoula.envs.openspiel
>>> game = pyspiel.load_game("trapoula_bourloto(preset=gr,options=target:1500)")
>>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()
(4, 140, [742])

**Dealing is chance.**  The pack is dealt as one chance node per card (the outcome is the
card's index, ``13*suit + rank - 2``, the joker 52; duplicates of Burraco's double pack are
one outcome weighted by the copies left), top card first; Bourloto ``ru`` then draws the
random keys of its re-turned upcards and Bourré the key of its stock refill as a few
uniform digits.  The dealt pack becomes an engine deal through ``game.from_record`` (the
record of a deal dealt from a pre-ordered pack), so the engine alone decides legality and
scores; player actions are the integer layouts of :mod:`trapoula.envs`.

Observations and information states come from ``state.view(seat)`` only: the tensors are the
adapter's layouts (the information state appends the history pieces), the strings its text
forms (the information-state string adds the seat's whole public history).  States serialize
(``pyspiel.serialize_game_and_state``, pickle) as their deal record, and clone cheaply (the
engine state is immutable and shared).  Returns are the side's margin (Bourloto, Burraco;
zero-sum) or the chips won or lost (Bourré).  Bourloto states implement
``resample_from_infostate`` so that OpenSpiel's IS-MCTS can search them: the Python
``open_spiel.python.algorithms.ismcts`` directly, the C++ ``pyspiel.ISMCTSBot`` through
:class:`trapoula.envs.openspiel_cpp.CppISMCTSBot` (pyspiel does not route a Python game's
``resample_from_infostate`` to C++, and its ``step`` drops the GIL the Python game needs).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from trapoula.core.action import Action
from trapoula.core.registry import make
from trapoula.core.state import GameState
from trapoula.envs import make_adapter
from trapoula.envs.base import Adapter, Table
from trapoula.envs.resample import resample
from trapoula.errors import IllegalActionError

__all__ = ["GAME_NAMES", "TrapoulaGame", "TrapoulaState", "parse_options"]

GAME_NAMES = {"bourloto": "trapoula_bourloto", "bourre": "trapoula_bourre",
              "burraco": "trapoula_burraco"}
_DEFAULTS: dict[str, dict[str, Any]] = {
    "bourloto": {"preset": "ru", "options": ""},
    "bourre": {"preset": "ru", "options": "", "players": 4},
    "burraco": {"preset": "seed", "options": "", "players": 4},
}
Key = tuple[str, str, tuple[tuple[str, Any], ...]]  # game, preset, changed options
_ADAPTERS: dict[Key, Adapter] = {}


def parse_options(text: str) -> dict[str, Any]:
    """Rule options from ``name:value;name:value`` (ints, floats, true/false, none, text).

    >>> parse_options("target:1500;overtrump_required:false;max_draw:auto")
    {'target': 1500, 'overtrump_required': False, 'max_draw': 'auto'}
    """
    out: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.split(";"))):
        name, sep, raw = item.partition(":")
        if not sep:
            raise ValueError(f"option {item!r} must be written name:value")
        low = raw.strip().lower()
        value: Any
        if low in ("true", "false"):
            value = low == "true"
        elif low in ("none", "null"):
            value = None
        else:
            try:
                value = int(raw)
            except ValueError:
                try:
                    value = float(raw)
                except ValueError:
                    value = raw.strip()
        out[name.strip()] = value
    return out


def _adapter(key: Key) -> Adapter:
    ad = _ADAPTERS.get(key)
    if ad is None:
        name, preset, options = key
        ad = _ADAPTERS[key] = make_adapter(make(name, preset, **dict(options)), "margin")
    return ad


def _key(adapter: Adapter) -> Key:
    g = adapter.game
    return (g.name, g.preset, tuple(sorted(g.changed_options().items())))


class _Deal:
    """The engine side of a dealt state.  Engine states are immutable, so clones share it
    (``deepcopy`` returns it); it pickles as its deal record."""

    __slots__ = ("adapter", "cards", "digits", "state", "_tables", "_seen")

    def __init__(self, adapter: Adapter, cards: tuple[int, ...], digits: tuple[int, ...],
                 state: GameState) -> None:
        self.adapter = adapter
        self.cards = cards
        self.digits = digits
        self.state = state
        self._tables: dict[tuple[int, ...], Table] = {}
        self._seen: dict[str, Any] = {}

    def table(self, pending: tuple[int, ...]) -> Table:
        t = self._tables.get(pending)
        if t is None:
            t = self._tables[pending] = self.adapter.table(self.state.legal_actions(), pending)
        return t

    def after(self, action: Action) -> _Deal:
        return _Deal(self.adapter, self.cards, self.digits, self.state.apply(action))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        actions = [str(e) for e in self.state.history]
        return (_restore, (_key(self.adapter), self.cards, self.digits, actions))


def _restore(key: Key, cards: tuple[int, ...], digits: tuple[int, ...], actions: list[str]
             ) -> _Deal:
    ad = _adapter(key)
    state = ad.deal(cards, digits)
    for text in actions:
        state = state.apply(text)
    return _Deal(ad, cards, digits, state)


class TrapoulaState(pyspiel.State):
    """An OpenSpiel state: the chance outcomes dealt so far, then the engine deal."""

    def __init__(self, game: TrapoulaGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._cards: tuple[int, ...] = ()
        self._digits: tuple[int, ...] = ()
        self._deal: _Deal | None = None
        self._pending: tuple[int, ...] = ()

    @property
    def adapter(self) -> Adapter:
        return _adapter(self._key)

    @property
    def engine(self) -> GameState | None:
        """The engine state once the pack is dealt (full information: not for players)."""
        return None if self._deal is None else self._deal.state

    # --- the OpenSpiel protocol ---------------------------------------------------------------
    def current_player(self) -> int:
        deal = self._deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = deal.state.current_player
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(seat[1:]) - 1

    def _legal_actions(self, player: int) -> list[int]:
        assert self._deal is not None
        return sorted(self._deal.table(self._pending))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ad = self.adapter
        pack = ad.pack()
        if len(self._cards) < len(pack):
            left = Counter(pack)
            left.subtract(self._cards)
            total = len(pack) - len(self._cards)
            return [(c, k / total) for c, k in sorted(left.items()) if k > 0]
        radix = ad.digit_radices()[len(self._digits)]
        return [(d, 1.0 / radix) for d in range(radix)]

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        if deal is None:
            ad = self.adapter
            if len(self._cards) < len(ad.pack()):
                self._cards = (*self._cards, int(action))
            else:
                self._digits = (*self._digits, int(action))
            if (len(self._cards) == len(ad.pack())
                    and len(self._digits) == len(ad.digit_radices())):
                state = ad.deal(self._cards, self._digits)
                self._deal = _Deal(ad, self._cards, self._digits, state)
            return
        table = deal.table(self._pending)
        if action not in table:
            raise IllegalActionError(
                f"action {action} ({deal.adapter.label(action)}) is not legal; legal: "
                f"{sorted(table)}")
        a = table[action]
        if a is None:
            self._pending = (*self._pending, int(action))
        else:
            self._deal = deal.after(a)
            self._pending = ()

    def _action_to_string(self, player: int, action: int) -> str:
        from trapoula.cards import Card

        if player == pyspiel.PlayerId.CHANCE:
            if len(self._cards) < len(self.adapter.pack()):
                return f"deal {Card.from_index(action)}"
            return f"digit {action}"
        label = self.adapter.label(action)
        deal = self._deal
        if deal is not None and player == self.current_player():
            a = deal.table(self._pending).get(action)
            if a is not None and str(a) != label:
                return str(a)
        return label

    def is_terminal(self) -> bool:
        return self._deal is not None and self._deal.state.is_over

    def returns(self) -> list[float]:
        deal = self._deal
        ad = self.adapter
        if deal is None or not deal.state.is_over:
            return [0.0] * ad.players
        r = ad.state_rewards(deal.state)
        return [r[s] for s in ad.seats]

    def __str__(self) -> str:
        from trapoula.cards import format_cards
        from trapoula.cards.card import Card

        deal = self._deal
        dealt = format_cards(Card.from_index(c) for c in self._cards)
        if deal is None:
            return f"dealing: {dealt} {self._digits}"
        hist = " | ".join(str(e) for e in deal.state.history)
        pending = self.adapter.pending_text(self._pending)
        return f"pack: {dealt} {self._digits}\nactions: {hist}\npending: {pending}"

    # --- IS-MCTS ------------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrapoulaState:
        """A state drawn from the states ``player_id`` cannot tell from this one (Bourloto).

        The cards the player never saw are dealt again at random among the places they may
        be (other hands, the stock), respecting the suits each seat has shown it lacks; the
        same actions are replayed and the draw is kept only if the player's information
        state is unchanged (the engine judges every replayed action)."""
        seed = int(probability_sampler() * (1 << 53)) if callable(probability_sampler) else None
        return resample(self, player_id, random.Random(seed))


class TrapoulaObserver:
    """OpenSpiel's Python observer: a flat tensor with named pieces, and a string."""

    def __init__(self, adapter: Adapter, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not getattr(
                iig_obs_type, "public_info", True):
            raise ValueError("only the seat's own observation (public and private) is offered")
        self.adapter = adapter
        self.recall = recall
        layout = adapter.info_layout if recall else adapter.obs_layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = layout.views(self.tensor)

    def set_from(self, state: TrapoulaState, player: int) -> None:
        deal = state._deal
        if deal is None:
            self.tensor.fill(0.0)
            return
        seat = f"P{player + 1}"
        view = deal.state.view(seat)
        pending = state._pending if player == state.current_player() else ()
        if self.recall:
            self.adapter.info_state(view, pending, out=self.tensor)
        else:
            self.adapter.observe(view, pending, out=self.tensor)

    def string_from(self, state: TrapoulaState, player: int) -> str:
        deal = state._deal
        seat = f"P{player + 1}"
        if deal is None:
            return f"{seat} dealing {len(state._cards)}"
        view = deal.state.view(seat)
        pending = state._pending if player == state.current_player() else ()
        if self.recall:
            return self.adapter.info_string(view, pending)
        return self.adapter.obs_string(view, pending)


class TrapoulaGame(pyspiel.Game):
    """An OpenSpiel game for one trapoula game (the name is fixed by the subclass)."""

    name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(_DEFAULTS[self.name], **(params or {}))
        options = parse_options(str(params.get("options", "")))
        if "players" in params:
            options["players"] = int(params["players"])
        rules = make(self.name, str(params["preset"]), **options)
        self.key: Key = (self.name, rules.preset, tuple(sorted(rules.changed_options().items())))
        ad = _adapter(self.key)
        lo, hi = ad.reward_bounds()
        outcomes = max(max(ad.pack()) + 1, max(ad.digit_radices(), default=0))
        info = pyspiel.GameInfo(
            num_distinct_actions=ad.num_actions, max_chance_outcomes=outcomes,
            num_players=ad.players, min_utility=lo, max_utility=hi,
            utility_sum=0.0 if rules.info.zero_sum_margins else None,
            max_game_length=ad.max_decisions(),
        )
        super().__init__(GAME_TYPES[self.name], info, params)

    def new_initial_state(self) -> TrapoulaState:
        return TrapoulaState(self)

    def max_chance_nodes_in_history(self) -> int:
        ad = _adapter(self.key)
        return len(ad.pack()) + len(ad.digit_radices())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TrapoulaObserver:
        return TrapoulaObserver(_adapter(self.key), iig_obs_type, params)


def _game_type(name: str) -> Any:
    info = make(name).info  # the table sizes and zero-sum margins of every preset
    lo, hi, zero_sum = info.min_players, info.max_players, info.zero_sum_margins
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"trapoula {name.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS[name],
    )


GAME_TYPES = {name: _game_type(name) for name in GAME_NAMES}
GAME_CLASSES: dict[str, type[TrapoulaGame]] = {
    name: type(f"Trapoula{name.capitalize()}Game", (TrapoulaGame,), {"name": name})
    for name in GAME_NAMES
}


def _register() -> None:
    known = set(pyspiel.registered_names())
    for name, short in GAME_NAMES.items():
        if short not in known:
            pyspiel.register_game(GAME_TYPES[name], GAME_CLASSES[name])


_register()


def load(name: str, preset: str | None = None, **options: Any) -> Any:
    """``pyspiel.load_game`` for a trapoula game, preset and rule options.

    >>> load("bourre", players=3).num_players()
    3
    """
    params: dict[str, Any] = {}
    if preset is not None:
        params["preset"] = preset
    if "players" in options and name != "bourloto":
        params["players"] = int(options.pop("players"))
    if options:
        params["options"] = ";".join(f"{k}:{v}" for k, v in options.items())
    return pyspiel.load_game(GAME_NAMES[name], params)

