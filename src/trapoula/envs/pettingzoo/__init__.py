"""PettingZoo environments for every trapoula game and preset.

``env(game, preset, **options)`` is a turn-based AEC environment: the agent to act is the
seat to act in the deal (``player_0`` is ``P1``...).  Observations are
``{"observation": float32 tensor, "action_mask": int8 mask}``; the tensor is built from
``state.view(seat)`` only (its named slices: ``env.unwrapped.adapter.obs_layout``).  Rewards
come at the end of the deal: the team's margin in the partnership games (both partners get
it), the chips won or lost in Bourré.

Versioned modules, as PettingZoo's own games have them: ``bourloto_ru_v0``,
``bourloto_gr_v0``, ``bourre_ru_v0``, ``burraco_seed_v0``, ``burraco_fibur_v0``
(``from trapoula.envs.pettingzoo import bourloto_gr_v0; e = bourloto_gr_v0.env()``).

``parallel_env(...)`` and ``module(...)`` give the parallel-compatible form: every agent is
asked once per cycle (seat order), the seat to act chooses the move and the others answer
with the extra ``wait`` action (any answer of theirs is ignored); the move is made at the
end of the cycle.  This is the form ``pettingzoo.test.max_cycles_test`` needs.

>>> e = env("bourloto", "gr")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, [e.unwrapped.adapter.label(i)
...                                                for i in obs["action_mask"].nonzero()[0]]
('player_0', (742,), ['pass', 'take'])
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from trapoula.core.registry import make
from trapoula.envs import make_adapter
from trapoula.envs.base import Play
from trapoula.errors import IllegalActionError

__all__ = ["TrapoulaAECEnv", "TrapoulaCycleEnv", "VERSIONS", "env", "module", "parallel_env",
           "raw_env", "versioned"]

ILLEGAL = ("raise", "random")


class TrapoulaAECEnv(AECEnv):
    """A deal of one trapoula game as a turn-based PettingZoo AEC environment.

    Parameters: ``game`` and ``preset`` and rule ``options`` (as ``trapoula.make``);
    ``reward`` (``"margin"``: own side's score minus the others', or ``"score"``);
    ``illegal_action`` (``"raise"``, or ``"random"``: replace it by a random legal action
    and say so in ``infos[agent]["illegal_action"]``); ``max_cycles`` (truncate after this
    many cycles of ``num_agents`` steps); ``render_mode`` (``"ansi"`` or ``"human"``);
    ``layout`` (``"own"`` or ``"shared"``: one observation layout for every preset).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"], "name": "trapoula_v0", "is_parallelizable": False,
    }

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 reward: str = "margin", illegal_action: str = "raise",
                 max_cycles: int | None = None, render_mode: str | None = None,
                 layout: str = "own", **options: Any) -> None:
        super().__init__()
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {ILLEGAL}, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.rules = make(game, preset, **options)
        self.adapter = make_adapter(self.rules, reward, layout)
        self.metadata = dict(self.metadata, name=f"trapoula_{game}_{self.rules.preset}_v0")
        self.illegal_action = illegal_action
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.seats = self.adapter.seats
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self._seat_of = dict(zip(self.possible_agents, self.seats, strict=True))
        self._agent_of = dict(zip(self.seats, self.possible_agents, strict=True))
        n_actions = self._n_actions()
        size = self.adapter.obs_layout.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self._play: Play | None = None
        self._steps = 0
        self._rewarded = False

    def _n_actions(self) -> int:
        return self.adapter.num_actions

    # --- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episode ------------------------------------------------------------------------------
    @property
    def play(self) -> Play:
        """The deal in progress (the engine state is ``env.play.state``)."""
        if self._play is None:
            raise RuntimeError("call reset() first")
        return self._play

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand.  ``seed`` seeds the stream of deals; ``options`` may name the
        ``dealer`` (other keys are ignored)."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = (options or {}).get("dealer")
        state = self.rules.new_deal(seed=self._rng.getrandbits(62), dealer=dealer)
        self._play = Play(self.adapter, state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._rewarded = False  # some reward is not zero (only after the last move)
        self._start_selection()

    def _start_selection(self) -> None:
        seat = self.play.seat
        self.agent_selection = self._agent_of[seat] if seat else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        play = self.play
        seat = self._seat_of[agent]
        mask = np.zeros(self.action_spaces[agent].n, np.int8)
        if not (play.over or self.terminations.get(agent, True)
                or self.truncations.get(agent, True)):
            self._fill_mask(seat, mask)
        return {"observation": play.observe(seat), "action_mask": mask}

    def _fill_mask(self, seat: str, mask: np.ndarray) -> None:
        if seat == self.play.seat:
            mask[list(self.play.table())] = 1

    def _choose(self, agent: str, action: Any) -> int:
        """The legal integer to play for ``action`` (the illegal-action policy applied)."""
        table = self.play.table()
        if action.__class__ is int and action in table:
            return int(action)
        try:
            i = int(action)
        except (TypeError, ValueError):
            i = -1
        if i in table:
            return i
        if self.illegal_action == "raise":
            ad = self.adapter
            label = ad.label(i) if 0 <= i < ad.num_actions else "outside the layout"
            raise IllegalActionError(
                f"{agent} ({self.play.seat}) cannot play {action!r} ({label}) now; legal: "
                + ", ".join(f"{j} ({ad.label(j)})" for j in sorted(table))
            )
        legal = sorted(table)
        chosen = legal[int(self._rng.random() * len(legal))]
        self.infos[agent] = {"illegal_action": action}
        return chosen

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.infos[agent]:
            self.infos[agent] = {}
        play = self._play
        assert play is not None
        play.step(self._choose(agent, action))
        self._steps += 1
        limit = self.max_cycles
        state = play.state
        if state.is_over or limit is not None:
            self._after_move(limit is not None and self._steps >= limit * len(self.possible_agents))
        elif self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if not state.is_over:
            self.agent_selection = self._agent_of[state.current_player]  # type: ignore[index]
        if self._rewarded:
            self._accumulate_rewards()

    def _after_move(self, out_of_cycles: bool) -> None:
        """Rewards, terminations and truncations after a move (rewards only at the end)."""
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        play = self.play
        if play.over:
            r = self.adapter.state_rewards(play.state)
            result = play.state.result
            for a in self.agents:
                self.rewards[a] = r[self._seat_of[a]]
                self.terminations[a] = True
                self.infos[a] = {**self.infos[a], "result": result}
            self._rewarded = True
        elif out_of_cycles:
            for a in self.agents:
                self.truncations[a] = True

    # --- display ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as every seat sees it (a spectator's text; not an observation)."""
        if self.render_mode is None:
            return None
        play = self.play
        text = "\n\n".join(play.obs_string(s) for s in self.seats)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


class TrapoulaCycleEnv(TrapoulaAECEnv):
    """The parallel-compatible form: every agent steps once per cycle, in seat order.

    The seat to act at the start of a cycle chooses the move; every other agent has only
    the extra ``wait`` action (integer ``num_actions`` of the layout) and whatever it sends
    is ignored.  The move is made when the cycle ends, so the environment changes once per
    cycle (PettingZoo's condition for ``aec_to_parallel``).  ``max_cycles`` counts cycles,
    i.e. moves.  ``illegal_action`` defaults to ``"random"`` here.
    """

    metadata: dict[str, Any] = dict(TrapoulaAECEnv.metadata, is_parallelizable=True)

    def __init__(self, game: str = "bourloto", preset: str | None = None, *,
                 illegal_action: str = "random", **kwargs: Any) -> None:
        super().__init__(game, preset, illegal_action=illegal_action, **kwargs)
        self.metadata["is_parallelizable"] = True
        self.wait = self.adapter.num_actions
        self._chosen: int | None = None

    def _n_actions(self) -> int:
        return self.adapter.num_actions + 1

    def _start_selection(self) -> None:
        self._chosen = None
        self.agent_selection = self.agents[0]

    def _fill_mask(self, seat: str, mask: np.ndarray) -> None:
        if seat == self.play.seat:
            mask[list(self.play.table())] = 1
        else:
            mask[self.wait] = 1

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        if self._seat_of[agent] == self.play.seat:
            self._chosen = self._choose(agent, action)
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        k = self.agents.index(agent)
        if k == len(self.agents) - 1:  # the cycle ends: make the move
            assert self._chosen is not None
            self.play.step(self._chosen)
            self._chosen = None
            self._steps += 1
            self._after_move(self.max_cycles is not None and self._steps >= self.max_cycles)
        self.agent_selection = self.agents[(k + 1) % len(self.agents)]
        self._accumulate_rewards()


def env(game: str = "bourloto", preset: str | None = None, **kwargs: Any) -> TrapoulaAECEnv:
    """A turn-based AEC environment (see :class:`TrapoulaAECEnv` for the parameters)."""
    return TrapoulaAECEnv(game, preset, **kwargs)


raw_env = env


def cycle_env(game: str = "bourloto", preset: str | None = None, **kwargs: Any
              ) -> TrapoulaCycleEnv:
    """The parallel-compatible AEC environment (:class:`TrapoulaCycleEnv`)."""
    return TrapoulaCycleEnv(game, preset, **kwargs)


def parallel_env(game: str = "bourloto", preset: str | None = None, **kwargs: Any) -> Any:
    """A PettingZoo ParallelEnv: one move per parallel step, the others ``wait``."""
    return aec_to_parallel(TrapoulaCycleEnv(game, preset, **kwargs))


VERSIONS = ("bourloto_ru_v0", "bourloto_gr_v0", "bourre_ru_v0", "burraco_seed_v0",
            "burraco_fibur_v0")


def versioned(game: str, preset: str) -> tuple[Callable[..., TrapoulaAECEnv],
                                               Callable[..., TrapoulaAECEnv],
                                               Callable[..., Any],
                                               Callable[..., TrapoulaCycleEnv]]:
    """``(env, raw_env, parallel_env, cycle_env)`` of one game and preset, for the versioned
    modules (``from trapoula.envs.pettingzoo import bourloto_gr_v0``)."""
    aec = functools.partial(env, game, preset)
    return aec, aec, functools.partial(parallel_env, game, preset), \
        functools.partial(cycle_env, game, preset)


def module(game: str, preset: str | None = None, **kwargs: Any) -> SimpleNamespace:
    """A module-like object with ``env``, ``parallel_env`` and ``raw_env`` for one game and
    preset, in the parallel-compatible form (what ``max_cycles_test(mod)`` expects)."""
    return SimpleNamespace(
        env=functools.partial(cycle_env, game, preset, **kwargs),
        raw_env=functools.partial(cycle_env, game, preset, **kwargs),
        parallel_env=functools.partial(parallel_env, game, preset, **kwargs),
    )
