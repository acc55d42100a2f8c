"""Gymnasium environments: one seat of a trapoula deal against bots.

The agent plays one seat (``seat="P1"`` by default); every other seat, partner included, is
a bot (``opponents="random"`` or ``"heuristic"``, or a mapping seat -> bot name) that sees
only its own view.  Observations are ``{"observation", "action_mask"}`` (the layouts of
:mod:`trapoula.envs`); the reward comes at the end of the deal (the agent's team margin, or
the chips it won or lost in Bourré).  ``env.action_masks()`` serves maskable algorithms.
An action outside the mask is replaced by a random legal one (``illegal_action="random"``,
flagged in ``info["illegal_action"]``) or raises (``illegal_action="raise"``).

Registered ids: ``trapoula/Bourloto-ru-v0``, ``trapoula/Bourloto-gr-v0``,
``trapoula/Bourre-ru-v0``, ``trapoula/Burraco-seed-v0``, ``trapoula/Burraco-fibur-v0``
(keyword arguments of ``gymnasium.make`` override the game's options and the parameters).

>>> import gymnasium
>>> e = gymnasium.make("trapoula/Bourloto-gr-v0", opponents="heuristic")
>>> obs, info = e.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((742,), True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from trapoula.bots.base import Bot, make_bot
from trapoula.core.registry import make
from trapoula.envs import make_adapter
from trapoula.envs.base import Play
from trapoula.errors import ConfigError, IllegalActionError

__all__ = ["ENV_IDS", "TrapoulaGymEnv"]

ENV_IDS = {
    "trapoula/Bourloto-ru-v0": ("bourloto", "ru"),
    "trapoula/Bourloto-gr-v0": ("bourloto", "gr"),
    "trapoula/Bourre-ru-v0": ("bourre", "ru"),
    "trapoula/Burraco-seed-v0": ("burraco", "seed"),
    "trapoula/Burraco-fibur-v0": ("burraco", "fibur"),
}


class TrapoulaGymEnv(gym.Env[dict[str, np.ndarray], int]):
    """One seat of a deal against bots (see the module documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 seat: str = "P1", opponents: str | Mapping[str, str] = "random",
                 reward: str = "margin", illegal_action: str = "random",
                 render_mode: str | None = None, **options: Any) -> None:
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action must be 'raise' or 'random', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.rules = make(game, preset, **options)
        self.adapter = make_adapter(self.rules, reward)
        if seat not in self.adapter.seats:
            raise ConfigError(f"seat must be one of {', '.join(self.adapter.seats)}, not {seat!r}")
        self.seat = seat
        others = [s for s in self.adapter.seats if s != seat]
        if isinstance(opponents, str):
            self.opponents = dict.fromkeys(others, opponents)
        else:
            self.opponents = {s: opponents[s] for s in others}
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        n = self.adapter.num_actions
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.adapter.obs_layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.action_space = spaces.Discrete(n)
        self._rng = random.Random()
        self._play: Play | None = None
        self._bots: dict[str, Bot] = {}

    @property
    def play(self) -> Play:
        """The deal in progress (the engine state is ``env.play.state``)."""
        if self._play is None:
            raise RuntimeError("call reset() first")
        return self._play

    # --- episode ------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand and let the bots play up to the agent's first decision (a deal
        that ends before it is dealt again)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = (options or {}).get("dealer")
        for _ in range(1000):
            self._bots = {s: make_bot(name, self.rules, seed=self._rng.getrandbits(62))
                          for s, name in self.opponents.items()}
            self._play = Play(self.adapter,
                              self.rules.new_deal(seed=self._rng.getrandbits(62), dealer=dealer))
            self._bots_play()
            if not self._play.over:
                return self._obs(), {}
        raise RuntimeError(f"1,000 deals in a row ended before {self.seat} could act")

    def _bots_play(self) -> None:
        play = self.play
        while not play.over and play.seat != self.seat:
            seat = play.seat
            assert seat is not None
            play.apply(self._bots[seat].choose(play.view(seat)))

    def _obs(self) -> dict[str, np.ndarray]:
        play = self.play
        mask = np.zeros(self.adapter.num_actions, np.int8)
        if play.seat == self.seat:
            mask[list(play.table())] = 1
        return {"observation": play.observe(self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (for maskable policies)."""
        return self._obs()["action_mask"].astype(bool)

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
        self._bots_play()
        reward = 0.0
        if play.over:
            reward = self.adapter.rewards(play.view(self.seat))[self.seat]
            info["result"] = play.state.result
        return self._obs(), reward, play.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.play.obs_string(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    for env_id, (game, preset) in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="trapoula.envs.gymnasium:TrapoulaGymEnv",
                         kwargs={"game": game, "preset": preset})


_register()
