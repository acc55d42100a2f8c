"""The peers' fastest loops, timed for ``benchmarks/speed_peers.py`` (a helper module:
``make bench`` runs the ``speed_*`` scripts, not this one).

Every timing is CPU time of this process (``time.process_time``: all its threads), and
every function returns None when its peer is not installed (:data:`INSTALL` says how to
install it).

- **OpenSpiel** (C++ games driven from Python): the observer API, OpenSpiel's fastest way
  to read a tensor from Python (``make_observation(game, IIGObservationType(...))`` once,
  then ``observation.set_from(state, player)`` per step, which fills the numpy array
  ``observation.tensor`` in place); the legal mask as a numpy ``int8`` array from
  ``legal_actions()``; a random legal ``apply_action``.  The information-state tensor for
  hearts and euchre, the observation tensor for gin_rummy (it has no information state).
  :func:`openspiel_check_observer` checks that the observer's tensor is exactly
  ``information_state_tensor`` / ``observation_tensor`` on random play.  The "list loop"
  (:func:`openspiel_list_rate`: those tensors and ``legal_actions_mask`` as Python lists
  turned into numpy every step) is the slow way, kept as a labelled extra.
- **colver** (Belote contrée in Rust): ``Env.rollout(n)`` plays ``n`` random deals on from a
  dealt position (bidding and play) in Rust; its double-dummy solver is
  ``Env.solve_scores()`` from the first lead (every card's value).
- **Pgx** (JAX): ``jax.jit(jax.vmap(auto_reset(env.step, env.init)))`` over a batch on the
  CPU, random legal actions drawn in JAX; no Pgx game is a trick-taking or rummy game like
  ours, so it is shown for scale only (:data:`PGX_GAMES`).
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import time
from typing import Any

INSTALL = {
    "open_spiel": "pip install open_spiel",
    "colver": "pip install colver",
    "pgx": "pip install pgx 'jax[cpu]'",
}
PGX_GAMES = ("leduc_holdem", "sparrow_mahjong")


def installed(package: str) -> bool:
    """Whether ``package`` (a key of :data:`INSTALL`) can be imported."""
    module = {"open_spiel": "pyspiel", "pgx": "pgx"}.get(package, package)
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False
    return found and (package != "pgx" or importlib.util.find_spec("jax") is not None)


def version(package: str) -> str:
    """The installed version of ``package``, or ``not installed (pip install ...)``."""
    from importlib import metadata

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return f"not installed ({INSTALL.get(package, 'pip install ' + package)})"


# ----------------------------------------------------------------------------- OpenSpiel

def _observer(game: Any) -> Any:
    """OpenSpiel's observer of ``game``'s information-state tensor (its observation tensor
    when the game has none, as gin_rummy)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    info = game.get_type().provides_information_state_tensor
    return make_observation(game, pyspiel.IIGObservationType(perfect_recall=info))


def openspiel_observer_rate(name: str, seconds: float, seed: int = 0) -> float | None:
    """Decisions a CPU second of OpenSpiel's ``name`` through the observer API: per decision
    the acting player's tensor (filled in place), the legal mask in numpy and a random legal
    action; chance nodes (the deal) are sampled from ``chance_outcomes()`` and not counted."""
    if not installed("open_spiel"):
        return None
    import numpy as np
    import pyspiel

    game = pyspiel.load_game(name)
    obs = _observer(game)
    size = game.num_distinct_actions()
    rand = random.Random(seed).random
    steps = 0
    x = mask = None
    t = time.process_time()
    while time.process_time() - t < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                out = s.chance_outcomes()
                s.apply_action(out[int(rand() * len(out))][0])
                continue
            p = s.current_player()
            obs.set_from(s, p)
            x = obs.tensor
            legal = s.legal_actions(p)
            mask = np.zeros(size, np.int8)
            mask[legal] = 1
            s.apply_action(legal[int(rand() * len(legal))])
            steps += 1
    assert x is not None and mask is not None and x.size and mask.any()
    return steps / (time.process_time() - t)


def openspiel_list_rate(name: str, seconds: float, seed: int = 0) -> float | None:
    """The same loop the slow way (the old benchmark's): ``information_state_tensor`` (or
    ``observation_tensor``) and ``legal_actions_mask`` as Python lists, turned into numpy."""
    if not installed("open_spiel"):
        return None
    import numpy as np
    import pyspiel

    game = pyspiel.load_game(name)
    info = game.get_type().provides_information_state_tensor
    rand = random.Random(seed).random
    steps = 0
    t = time.process_time()
    while time.process_time() - t < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                out = s.chance_outcomes()
                s.apply_action(out[int(rand() * len(out))][0])
                continue
            p = s.current_player()
            x = np.asarray(s.information_state_tensor(p) if info else s.observation_tensor(p),
                           np.float32)
            m = np.asarray(s.legal_actions_mask(p), np.int8)
            legal = np.flatnonzero(m)
            s.apply_action(int(legal[int(rand() * len(legal))]))
            steps += 1
    assert x.size and m.size
    return steps / (time.process_time() - t)


def openspiel_check_observer(name: str, decisions: int = 300, seed: int = 0) -> int | None:
    """Random play of ``name`` checking, at each of ``decisions`` decisions, that the
    observer's tensor is exactly ``information_state_tensor`` (``observation_tensor``) of
    the acting player; returns the decisions checked (AssertionError on a difference)."""
    if not installed("open_spiel"):
        return None
    import numpy as np
    import pyspiel

    game = pyspiel.load_game(name)
    obs = _observer(game)
    info = game.get_type().provides_information_state_tensor
    rand = random.Random(seed).random
    checked = 0
    while checked < decisions:
        s = game.new_initial_state()
        while not s.is_terminal() and checked < decisions:
            if s.is_chance_node():
                out = s.chance_outcomes()
                s.apply_action(out[int(rand() * len(out))][0])
                continue
            p = s.current_player()
            obs.set_from(s, p)
            ref = s.information_state_tensor(p) if info else s.observation_tensor(p)
            assert np.array_equal(obs.tensor, np.asarray(ref, np.float32)), (
                f"{name}: the observer's tensor differs from the tensor method's")
            legal = s.legal_actions(p)
            s.apply_action(legal[int(rand() * len(legal))])
            checked += 1
    return checked


def openspiel_deals(name: str, seconds: float, seed: int = 0) -> tuple[float, int, int] | None:
    """Random deals of ``name`` the usual single-state way (``legal_actions()`` +
    ``apply_action``, chance from ``chance_outcomes()``, all from Python) for about
    ``seconds``: (CPU seconds, deals, decisions)."""
    if not installed("open_spiel"):
        return None
    import pyspiel

    game = pyspiel.load_game(name)
    rand = random.Random(seed).random
    deals = decisions = 0
    t = time.process_time()
    while deals == 0 or time.process_time() - t < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                out = s.chance_outcomes()
                s.apply_action(out[int(rand() * len(out))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rand() * len(legal))])
                decisions += 1
        deals += 1
    return time.process_time() - t, deals, decisions


# -------------------------------------------------------------------------------- colver

def colver_playouts(seconds: float, seed: int = 0, chunk: int = 1000) -> float | None:
    """CPU seconds per random Belote deal in colver's Rust (``Env.rollout``: bidding and
    play from a freshly dealt position; a new deal every ``chunk`` playouts)."""
    if not installed("colver"):
        return None
    import colver

    deals = 0
    t = time.process_time()
    while deals == 0 or time.process_time() - t < seconds:
        env = colver.Env.deal(dealer=0, seed=seed + deals)
        env.rollout(chunk)
        deals += chunk
    return (time.process_time() - t) / deals


def colver_dd(deals: int) -> list[float] | None:
    """CPU seconds of colver's double-dummy solver on ``deals`` full deals (deal ``k``:
    ``Env.deal(dealer=0, seed=k)``, a contract in suit ``k % 4``, solved from the first lead:
    ``solve_scores()``)."""
    if not installed("colver"):
        return None
    import colver

    times = []
    for k in range(deals):
        env = colver.Env.deal(dealer=0, seed=k)
        env.set_contract(k % 4, 80, 0, 0)
        env.set_phase_playing()
        t = time.process_time()
        out = env.solve_scores()
        times.append(time.process_time() - t)
        assert out["scores"]
    return times


# ----------------------------------------------------------------------------------- Pgx

def pgx_rates(games: tuple[str, ...], envs: int, seconds: float,
              rounds: int) -> dict[str, float] | None:
    """Median steps a CPU second (all of JAX's threads) of each Pgx game in ``games``, a
    batch of ``envs`` stepped by ``jit(vmap(auto_reset(step, init)))`` with random legal
    actions drawn in JAX (compilation not counted).  Best run in a process of its own."""
    if not installed("pgx"):
        return None
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    out = {}
    for name in games:
        env = pgx.make(name)  # type: ignore[arg-type]
        step = jax.vmap(auto_reset(env.step, env.init))

        @jax.jit
        def one(state: Any, key: Any, step: Any = step) -> Any:
            k1, k2 = jax.random.split(key)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k1, logits, axis=-1)
            return step(state, action, jax.random.split(k2, envs))

        key = jax.random.PRNGKey(0)
        state = jax.jit(jax.vmap(env.init))(jax.random.split(key, envs))
        state = one(state, key)
        state.observation.block_until_ready()
        rates = []
        for _ in range(rounds):
            steps = 0
            t = time.process_time()
            while steps == 0 or time.process_time() - t < seconds:
                key, sub = jax.random.split(key)
                state = one(state, sub)
                state.observation.block_until_ready()
                steps += envs
            rates.append(steps / (time.process_time() - t))
        out[name] = statistics.median(rates)
    return out
