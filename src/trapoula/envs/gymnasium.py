"""Gymnasium environments: one seat of a trapoula deal against bots.

The agent plays one seat (``seat="P1"`` by default, ``seat="random"``: a seat drawn at
every reset); every other seat, partner included, is an opponent: a bot name
(``"random"``, ``"heuristic"`` ...), a policy (a callable taking that seat's
``{"observation", "action_mask"}`` and returning an integer), a mapping seat -> opponent, or
a list of them, the *opponent pool* (one entry drawn for the other seats at every reset;
``env.add_opponent(policy)`` adds e.g. a frozen copy of the agent, for self-play).  Bots see
only their own views.  Observations are ``{"observation", "action_mask"}`` (the layouts of
:mod:`trapoula.envs`); the reward comes at the end of the deal (the agent's team margin, or
the chips it won or lost in Bourré), times ``reward_scale``.  With ``match=True`` the
episode is a whole match and the reward comes at the end of each deal: the margin of the
points the match counts for it (hanging points included; a standalone deal drops them).
``env.action_masks()`` serves maskable algorithms (the last observation's mask, cached).
An action outside the mask raises ``IllegalActionError`` (``illegal_action="raise"``, the
default, as in PettingZoo) or is replaced by a random legal one (``"random"``, flagged in
``info["illegal_action"]``).

Registered ids: ``trapoula/Bourloto-ru-v0``, ``trapoula/Bourloto-gr-v0``,
``trapoula/Bourre-ru-v0``, ``trapoula/Burraco-seed-v0``, ``trapoula/Burraco-fibur-v0``, and
the match-level ``trapoula/BourlotoMatch-ru-v0``, ``trapoula/BourlotoMatch-gr-v0``,
``trapoula/BurracoMatch-seed-v0``, ``trapoula/BurracoMatch-fibur-v0`` and the Bourré session
``trapoula/BourreMatch-ru-v0`` (reward: the chips each deal won or lost) (keyword arguments of
``gymnasium.make`` override the game's options and the parameters).  ``render_mode`` may be
``"ansi"``/``"human"`` (the agent's observation as text) or ``"rgb_array"`` (the tensor as a
picture; SB3's ``make_vec_env`` asks for it).

>>> import gymnasium
>>> e = gymnasium.make("trapoula/Bourloto-gr-v0", opponents="heuristic")
>>> obs, info = e.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((742,), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from trapoula.bots.base import Bot, make_bot
from trapoula.core.registry import make
from trapoula.envs import make_adapter
from trapoula.envs.base import Play
from trapoula.errors import ConfigError, IllegalActionError

__all__ = ["ENV_IDS", "MATCH_IDS", "TrapoulaGymEnv"]

ENV_IDS = {
    "trapoula/Bourloto-ru-v0": ("bourloto", "ru"),
    "trapoula/Bourloto-gr-v0": ("bourloto", "gr"),
    "trapoula/Bourre-ru-v0": ("bourre", "ru"),
    "trapoula/Burraco-seed-v0": ("burraco", "seed"),
    "trapoula/Burraco-fibur-v0": ("burraco", "fibur"),
}
MATCH_IDS = {
    "trapoula/BourlotoMatch-ru-v0": ("bourloto", "ru"),
    "trapoula/BourlotoMatch-gr-v0": ("bourloto", "gr"),
    "trapoula/BurracoMatch-seed-v0": ("burraco", "seed"),
    "trapoula/BurracoMatch-fibur-v0": ("burraco", "fibur"),
    "trapoula/BourreMatch-ru-v0": ("bourre", "ru"),
}


Policy = Callable[[dict[str, np.ndarray]], int]
Opponent = str | Policy  # a bot name, or a policy on the adapter's integers


class TrapoulaGymEnv(gym.Env[dict[str, np.ndarray], int]):
    """One seat of a deal (or of a match) against bots (see the module documentation)."""

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 seat: str = "P1", opponents: Opponent | Mapping[str, Opponent]
                 | Sequence[Opponent] = "random",
                 reward: str = "margin", reward_scale: float = 1.0,
                 illegal_action: str = "raise", match: bool = False, layout: str = "own",
                 render_mode: str | None = None, **options: Any) -> None:
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action must be 'raise' or 'random', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be 'ansi', 'human', 'rgb_array' or None, "
                             f"not {render_mode!r}")
        self.rules = make(game, preset, **options)
        self.adapter = make_adapter(self.rules, reward, layout)
        if seat != "random" and seat not in self.adapter.seats:
            raise ConfigError(f"seat must be 'random' or one of {', '.join(self.adapter.seats)}, "
                              f"not {seat!r}")
        self.seat_choice = seat
        self.seat = self.adapter.seats[0] if seat == "random" else seat
        self.pool: list[Opponent] = []
        self.fixed: dict[str, Opponent] | None = None
        if isinstance(opponents, str) or callable(opponents):
            self.pool = [opponents]
        elif isinstance(opponents, Mapping):
            self.fixed = dict(opponents)
        else:
            self.pool = list(opponents)
            if not self.pool:
                raise ConfigError("the opponent pool is empty")
        self.reward_scale = float(reward_scale)
        self.illegal_action = illegal_action
        self.match = match
        self.render_mode = render_mode
        n = self.adapter.num_actions
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.adapter.obs_layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.action_space = spaces.Discrete(n)
        self._rng = random.Random()
        self._play: Play | None = None
        self._bots: dict[str, Bot | Policy] = {}
        self._mask = np.zeros(n, np.int8)
        self._deals_done = 0
        self._stack = 0.0

    @property
    def opponents(self) -> dict[str, Opponent]:
        """The opponent of every other seat in the current deal."""
        return dict(self._drawn)

    def add_opponent(self, opponent: Opponent) -> None:
        """Add a bot name or a policy (e.g. a frozen copy of the agent) to the opponent pool;
        every later ``reset`` draws the other seats' opponent from the pool."""
        if self.fixed is not None:
            raise ConfigError("opponents were given per seat; there is no pool to add to")
        self.pool.append(opponent)

    @property
    def play(self) -> Play:
        """The deal in progress (the engine state is ``env.play.state``)."""
        if self._play is None:
            raise RuntimeError("call reset() first")
        return self._play

    # --- episode ------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand (or start a match) and let the bots play up to the agent's first
        decision (a deal that ends before it is dealt again)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = (options or {}).get("dealer")
        for _ in range(1000):
            if self.seat_choice == "random":
                self.seat = self.adapter.seats[int(self._rng.random() * self.adapter.players)]
            others = [s for s in self.adapter.seats if s != self.seat]
            if self.fixed is not None:
                self._drawn = {s: self.fixed[s] for s in others}
            else:
                pick = self.pool[int(self._rng.random() * len(self.pool))]
                self._drawn = dict.fromkeys(others, pick)
            self._bots = {s: make_bot(o, self.rules, seed=self._rng.getrandbits(62))
                          if isinstance(o, str) else o for s, o in self._drawn.items()}
            if self.match:
                state = self.rules.new_match(seed=self._rng.getrandbits(62))
            else:
                state = self.rules.new_deal(seed=self._rng.getrandbits(62), dealer=dealer)
            self._play = Play(self.adapter, state)
            self._deals_done = 0
            self._stack = float(getattr(self.rules.options, "starting_stack", 0))
            self._bots_play()
            if not self._play.over:
                return self._obs(), {"seat": self.seat}
        raise RuntimeError(f"1,000 deals in a row ended before {self.seat} could act")

    def _bots_play(self) -> None:
        play = self.play
        while not play.over and play.seat != self.seat:
            seat = play.seat
            assert seat is not None
            bot = self._bots[seat]
            if isinstance(bot, Bot):
                play.apply(bot.choose(play.view(seat)))
            else:
                mask = play.mask()
                play.step(int(bot({"observation": play.observe(seat), "action_mask": mask})))

    def _obs(self) -> dict[str, np.ndarray]:
        play = self.play
        mask = np.zeros(self.adapter.num_actions, np.int8)
        if play.seat == self.seat:
            mask[list(play.table())] = 1
        self._mask = mask
        return {"observation": play.observe(self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (for maskable policies): the mask of the last
        observation, not rebuilt."""
        return self._mask.astype(bool)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        play = self.play
        if play.over:
            raise IllegalActionError("the deal is over; call reset()")
        table = play.table()
        info: dict[str, Any] = {}
        try:
            i = int(action)
        except (TypeError, ValueError):
            i = -1
        if i not in table:
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"{self.seat} cannot play {action!r} now; legal: "
                    + ", ".join(f"{j} ({self.adapter.label(j)})" for j in sorted(table)))
            legal = sorted(table)
            info["illegal_action"] = action
            i = legal[int(self._rng.random() * len(legal))]
        play.step(i)
        reward = self._match_reward(info) if self.match else 0.0
        self._bots_play()
        if self.match:
            reward += self._match_reward(info)
        if play.over:
            if not self.match:
                reward = self.adapter.state_rewards(play.state)[self.seat]
            info["result"] = play.state.result
        return self._obs(), reward * self.reward_scale, play.over, False, info

    def _match_reward(self, info: dict[str, Any]) -> float:
        """The agent's margin of the deals the match finished since the last call (the
        points the match counts, hanging points included)."""
        deals = self.play.state.deals  # type: ignore[attr-defined]
        out = 0.0
        for d in deals[self._deals_done:]:
            if not hasattr(d, "points"):  # a Bourré session: the chips the deal won or lost
                stack = float(d.stacks.get(self.seat, self._stack))
                out += stack - self._stack
                self._stack = stack
                info.setdefault("deals", []).append(d)
                continue
            scores = {s: float(d.points[s]) for s in d.points}
            if set(scores) == {"A", "B"}:
                mine = "AB"[(int(self.seat[1:]) - 1) % 2]
                out += scores[mine] - scores["B" if mine == "A" else "A"]
            else:
                others = [v for k, v in scores.items() if k != self.seat]
                out += scores[self.seat] - sum(others) / max(1, len(others))
            info.setdefault("deals", []).append(d)
        self._deals_done = len(deals)
        return out

    def render(self) -> Any:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return _tensor_image(self.play.observe(self.seat))
        text = self.play.obs_string(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _tensor_image(obs: np.ndarray, width: int = 64, cell: int = 4) -> np.ndarray:
    """The observation tensor as an RGB picture (``render_mode="rgb_array"``, what SB3's
    ``make_vec_env`` asks for): ``width`` values a row, each a ``cell`` x ``cell`` square,
    black 0 to white 1."""
    rows = -(-obs.size // width)
    grid = np.zeros(rows * width, np.float32)
    grid[: obs.size] = obs
    img = (grid.reshape(rows, width) * 255).astype(np.uint8)
    img = np.repeat(np.repeat(img, cell, 0), cell, 1)
    return np.repeat(img[:, :, None], 3, 2)


def _register() -> None:
    for env_id, (game, preset) in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="trapoula.envs.gymnasium:TrapoulaGymEnv",
                         kwargs={"game": game, "preset": preset})
    for env_id, (game, preset) in MATCH_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="trapoula.envs.gymnasium:TrapoulaGymEnv",
                         kwargs={"game": game, "preset": preset, "match": True})


_register()
