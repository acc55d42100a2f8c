"""Opponents for the vector wrappers: trapoula's own bots, weights files and a self-play league.

:func:`make_opponent` turns what a user names into something
:class:`~trapoula.vector.seat.SeatDriver` (and so the Gymnasium and SB3 wrappers, and
:class:`~trapoula.vector.petting.ParallelVectorEnv`'s ``opponents``) plays the other seats with:

- ``None`` or ``"random"``: uniformly random legal integers (numpy);
- a bot name of :func:`trapoula.bots.make_bot` for the game (``"heuristic"``, ``"hard"``,
  ``"learned"``, ...): :class:`BotOpponent`, the bot deciding from each seat's *view* (what
  it sees at a table; its action turned into the adapter's integers, one a step for Burraco's
  multi-integer melds);
- a weights file (``*.npz``, e.g. ``trapoula train GAME --export`` or a run's
  ``snapshots/``): the ``learned`` bot of the game with those weights — for Bourré and
  Burraco a batched numpy policy over the observations (:class:`QPolicy`) when the file was
  trained on the wrapper's layout, else the bot;
- a :class:`~trapoula.bots.base.Bot`, a ``(obs, mask) -> actions`` function, or a
  :class:`League` (a pool of the above sampled per deal; its schedule is in its docs).

>>> import trapoula.vector
>>> from trapoula.vector.seat import SeatDriver
>>> env = trapoula.vector.make("bourre", num_envs=3, seed=1)
>>> d = SeatDriver(env, seat=0, opponent="heuristic")
>>> obs, mask = d.reset()
>>> bool((env.to_act == 0).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from trapoula.bots.base import Bot, make_bot
from trapoula.core.game import Game
from trapoula.errors import ConfigError
from trapoula.vector.env import VectorEnv

__all__ = ["BotOpponent", "League", "QPolicy", "RowOpponent", "make_opponent", "random_policy"]


class RowOpponent:
    """An opponent that reads the deals themselves: ``act_rows(env, rows)`` gives the integers
    of deals ``rows`` (each waiting for one of its seats); ``deals_ended(rows)`` is told which
    deals ended (a :class:`League` draws their next opponent)."""

    def act_rows(self, env: VectorEnv, rows: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def deals_ended(self, rows: np.ndarray) -> None:
        """Deals ``rows`` ended and were replaced by their next deal."""


class BotOpponent(RowOpponent):
    """A trapoula bot for every seat it plays, from that seat's view (never the state)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._plans: dict[int, list[int]] = {}  # per deal: the integers of the bot's action

    def act_rows(self, env: VectorEnv, rows: np.ndarray) -> np.ndarray:
        out = np.empty(len(rows), np.int64)
        adapter = env.adapter
        for k, i in enumerate(rows.tolist()):
            pending = list(env.pending(i))
            plan = self._plans.get(i)
            if pending and plan is not None and plan[:len(pending)] == pending:
                out[k] = plan[len(pending)]
                continue
            state = env.state(i)
            view = state.view(str(state.current_player))
            plan = self._plans[i] = adapter.encode(self.bot.choose(view), view)
            out[k] = plan[0]
        return out


class QPolicy:
    """A learned network's greedy policy over a batch of observations (numpy): the legal
    integer of highest value, what the ``learned`` bots of Bourré and Burraco play."""

    def __init__(self, net: Any) -> None:
        self.net = net

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        q = np.asarray(self.net.values(obs), np.float32)
        q[mask <= 0] = -np.inf
        out: np.ndarray = q.argmax(1)
        return out


Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


def random_policy(rng: np.random.Generator) -> Policy:
    """Uniformly random legal integers for a batch of masks."""

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        out: np.ndarray = (rng.random(mask.shape) * mask).argmax(1)
        return out

    return policy


def _weights_file(spec: str) -> bool:
    return spec.endswith(".npz") or Path(spec).is_file()


def make_opponent(spec: Any, game: Game, *, seed: int = 0, layout: str | None = None
                  ) -> Policy | RowOpponent:
    """What plays the opponents' seats, from a name, a weights file, a bot or a policy (see
    the module docs); ``layout``: the wrapper's observation layout (a weights file trained on
    it plays as a batched :class:`QPolicy`)."""
    if spec is None or spec == "random":
        return random_policy(np.random.default_rng(seed))
    if isinstance(spec, RowOpponent):
        return spec
    if isinstance(spec, Bot):
        return BotOpponent(spec)
    if isinstance(spec, (str, Path)):
        text = str(spec)
        if _weights_file(text):
            if not Path(text).is_file():
                raise ConfigError(f"no weights file {text} (write one with trapoula train "
                                  f"{game.name} --export PATH)")
            if game.name != "bourloto":
                from trapoula.learned.generic import load_net

                net = load_net(game.name, text)
                if layout is None or net.layout == layout:
                    return QPolicy(net)
            return BotOpponent(make_bot("learned", game, seed=seed, weights=text))
        return BotOpponent(make_bot(text, game, seed=seed))
    if callable(spec):
        return spec  # type: ignore[no-any-return]
    raise ConfigError(f"an opponent is a bot name, a weights file, a Bot, a League or a "
                      f"function (obs, mask) -> actions, not {spec!r}")


class League(RowOpponent):
    """A self-play league: a pool of opponents, one drawn for each deal.

    ``members``: fixed opponents (bot names such as ``"heuristic"``, weights files, bots);
    :meth:`add` appends a snapshot (a weights file or arrays' :class:`QPolicy`), keeping the
    newest ``max_snapshots``.  The schedule, for every deal as it is dealt: with probability
    ``latest`` the newest snapshot (when there is one), else one member or older snapshot
    drawn uniformly; the deal keeps that opponent until it ends.  So with the defaults
    (``latest=0.5``) half the deals are against the newest snapshot and the other half are
    spread evenly over the fixed bots and the earlier snapshots — past selves are never
    forgotten (the opponents a policy beat once stay in the pool), and the bots keep the
    policy honest against play it has not made itself.

    >>> import trapoula.vector
    >>> from trapoula.vector.seat import SeatDriver
    >>> env = trapoula.vector.make("burraco", num_envs=2, seed=0)
    >>> league = League(env.game, ["heuristic", "random"], seed=1)
    >>> obs, mask = SeatDriver(env, seat=1, opponent=league).reset()  # P1 plays first
    >>> len(league.names), set(league.names) <= {"heuristic", "random"}
    (2, True)
    """

    def __init__(self, game: Game, members: Sequence[Any] = ("heuristic",), *,
                 latest: float = 0.5, max_snapshots: int = 8, seed: int = 0,
                 layout: str | None = None) -> None:
        if not 0.0 <= latest <= 1.0:
            raise ConfigError(f"latest is a probability, not {latest}")
        self.game = game
        self.latest = latest
        self.max_snapshots = max_snapshots
        self.layout = layout
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.fixed: list[tuple[str, Any]] = [
            (str(m) if isinstance(m, (str, Path)) else type(m).__name__,
             make_opponent(m, game, seed=seed + k, layout=layout))
            for k, m in enumerate(members)]
        self.snapshots: list[tuple[str, Any]] = []
        self.assigned: np.ndarray | None = None  # per deal: the index into pool()

    def pool(self) -> list[tuple[str, Any]]:
        return self.fixed + self.snapshots

    @property
    def names(self) -> list[str]:
        """The opponent of each deal now."""
        pool = self.pool()
        return [] if self.assigned is None else [pool[k][0] for k in self.assigned.tolist()]

    def add(self, snapshot: Any, name: str | None = None) -> None:
        """A new newest snapshot (a weights file, arrays of a network, or any opponent)."""
        if isinstance(snapshot, dict):
            from trapoula.learned.generic import GameNet

            opp: Any = QPolicy(GameNet(snapshot))
        else:
            opp = make_opponent(snapshot, self.game, seed=self.seed, layout=self.layout)
        self.snapshots.append((name or f"snapshot{len(self.snapshots)}", opp))
        if len(self.snapshots) > self.max_snapshots:
            drop = len(self.snapshots) - self.max_snapshots
            self.snapshots = self.snapshots[drop:]
            if self.assigned is not None:  # deals against a dropped one: the oldest left
                nf = len(self.fixed)
                old = self.assigned >= nf
                self.assigned[old] = np.maximum(self.assigned[old] - drop, nf)

    def draw(self, n: int) -> np.ndarray:
        """Pool indices for ``n`` new deals (the schedule above)."""
        pool = len(self.fixed) + len(self.snapshots)
        if pool == 0:
            raise ConfigError("the league is empty: give members or add a snapshot")
        newest = pool - 1
        out = self.rng.integers(0, max(pool - 1, 1) if self.snapshots else pool, n)
        if self.snapshots:
            out = np.where(self.rng.random(n) < self.latest, newest, out)
            if pool == 1:
                out[:] = newest
        return out.astype(np.int64)

    def _ensure(self, n: int) -> np.ndarray:
        if self.assigned is None or len(self.assigned) != n:
            self.assigned = self.draw(n)
        return self.assigned

    def act_rows(self, env: VectorEnv, rows: np.ndarray) -> np.ndarray:
        assigned = self._ensure(env.num_envs)
        pool = self.pool()
        out = np.empty(len(rows), np.int64)
        who = assigned[rows]
        for k in np.unique(who).tolist():
            sel = who == k
            opp = pool[k][1]
            sub = rows[sel]
            if isinstance(opp, RowOpponent):
                out[sel] = opp.act_rows(env, sub)
            else:
                out[sel] = opp(env.obs[sub], env.mask[sub])
        return out

    def deals_ended(self, rows: np.ndarray) -> None:
        if self.assigned is not None and len(rows):
            self.assigned[rows] = self.draw(len(rows))
        for _, opp in self.pool():
            if isinstance(opp, RowOpponent):
                opp.deals_ended(rows)
