"""OpenSpiel's C++ IS-MCTS bot (``pyspiel.ISMCTSBot``) on trapoula's OpenSpiel games.

pyspiel alone cannot run its C++ IS-MCTS on a game written in Python, for two reasons
(OpenSpiel 2.0.2, ``python/pybind11/python_games.h`` and ``bots.cc``):

1. ``ISMCTSBot.step`` is bound with ``call_guard<gil_scoped_release>``, but the Python game's
   ``InformationStateString`` goes to the Python observer (``PyGame::MakeObserver``,
   ``PyObserver::StringFrom``) without taking the GIL back: a segmentation fault in
   ``_PyType_Lookup`` at the bot's first ``GetStateKey``.  (``step_with_policy`` keeps the
   GIL and so does not crash.)
2. IS-MCTS draws every simulation's world with ``State::ResampleFromInfostate``; ``PyState``
   (the C++ face of a Python state) does not override it, so the Python
   ``resample_from_infostate`` is never called (``SpielError: ResampleFromInfostate() not
   implemented``), and ``ISMCTSBot::SetResampler`` has no Python binding.

The C++ file ``openspiel_ismcts.cc`` beside this module supplies both: a ``set_resampler``
that installs a callback calling the state's Python ``resample_from_infostate``, and a
``step`` that holds the GIL.  It is compiled on first use (a C++20 compiler and the
``pybind11`` package, whose internals version must be pyspiel's) into ``$TRAPOULA_CACHE`` (by
default ``~/.cache/trapoula``) and linked against ``pyspiel.so``.

    bot = CppISMCTSBot(load("bourloto", "gr"), simulations=50, seed=1)
    action = bot.step(state)   # state: a TrapoulaState at a player node
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["CppISMCTSBot", "build", "unavailable"]

_SOURCE = Path(__file__).with_name("openspiel_ismcts.cc")
_MODULE = "_trapoula_ismcts"
_LOADED: ModuleType | None = None


def _cache_dir() -> Path:
    root = os.environ.get("TRAPOULA_CACHE") or Path.home() / ".cache" / "trapoula"
    return Path(root) / "openspiel_ismcts"


def _internals(text: bytes) -> str | None:
    m = re.search(rb"__pybind11_internals_v(\d+)", text)
    return None if m is None else m.group(1).decode()


def _pybind11_internals(include: str) -> str | None:
    text = (Path(include) / "pybind11" / "detail" / "internals.h").read_text()
    m = re.search(r"define PYBIND11_INTERNALS_VERSION (\d+)", text)
    return None if m is None else m.group(1)


def unavailable() -> str | None:
    """Why the C++ bot cannot be built here (``None`` when it can)."""
    try:
        import pybind11
        import pyspiel
    except ImportError as e:
        return f"needs pyspiel and pybind11 ({e})"
    if shutil.which(os.environ.get("CXX", "c++")) is None:
        return "needs a C++ compiler (c++ or $CXX)"
    so = Path(pyspiel.__file__).read_bytes()
    theirs, ours = _internals(so), _pybind11_internals(pybind11.get_include())
    if theirs != ours:
        return (f"pyspiel was built with pybind11 internals v{theirs}, the installed pybind11 "
                f"{pybind11.__version__} has v{ours}: install a pybind11 with v{theirs}")
    return None


def build() -> ModuleType:
    """The compiled hook module (built once per source, pyspiel and Python version)."""
    global _LOADED
    if _LOADED is not None:
        return _LOADED
    why = unavailable()
    if why is not None:
        raise RuntimeError(f"OpenSpiel's C++ IS-MCTS on trapoula: {why}")
    import importlib.util

    import pybind11
    import pyspiel

    so = Path(pyspiel.__file__).resolve()
    site = so.parent
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    key = hashlib.sha256(_SOURCE.read_bytes() + str(so).encode()
                         + str(so.stat().st_mtime_ns).encode() + suffix.encode()).hexdigest()
    out = _cache_dir() / key[:16] / f"{_MODULE}{suffix}"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=suffix, dir=out.parent)
        os.close(fd)
        cmd = [
            os.environ.get("CXX", "c++"), "-O2", "-shared", "-fPIC", "-std=c++20",
            "-fvisibility=hidden", f"-I{pybind11.get_include()}",
            f"-I{sysconfig.get_paths()['include']}", f"-I{site}",
            f"-I{site / 'open_spiel' / 'abseil-cpp'}",
            f"-I{site / 'open_spiel' / 'json' / 'include'}",
            str(_SOURCE), "-o", tmp, f"-L{site}", f"-l:{so.name}", f"-Wl,-rpath,{site}",
        ]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            os.unlink(tmp)
            raise RuntimeError(f"building {_SOURCE.name} failed:\n{done.stderr[-4000:]}")
        os.replace(tmp, out)  # atomic: concurrent builders all end with a whole file
    spec = importlib.util.spec_from_file_location(_MODULE, out)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    _LOADED = mod
    return mod


try:  # the bot is a pyspiel.Bot when pyspiel is installed (evaluate_bots, C++ callers)
    import pyspiel as _pyspiel

    _BotBase: Any = _pyspiel.Bot
except ImportError:  # pragma: no cover - without the rl extra
    _BotBase = object


def _resample(state: Any, player: int, u: float) -> Any:
    return state.resample_from_infostate(player, lambda: u)


class CppISMCTSBot(_BotBase):  # type: ignore[misc]
    """``pyspiel.ISMCTSBot`` (random-rollout leaves) made to work on a trapoula game.

    ``simulations`` per move, or ``max_time`` seconds of wall clock per move (OpenSpiel's
    ``max_wall_clock_time``) when given; ``world_samples`` is OpenSpiel's
    ``max_world_samples`` (-1: a new world every simulation).  It is a ``pyspiel.Bot``, so
    ``pyspiel.evaluate_bots(state, [bot, ...], seed)`` plays it beside other bots (it keeps
    no state between moves: ``restart_at`` and ``inform_action`` have nothing to do)."""

    def __init__(self, game: Any, *, simulations: int = 100, seed: int = 0,
                 uct_c: float = 2.0, rollouts: int = 1, max_time: float | None = None,
                 world_samples: int = -1, final_policy: str = "MAX_VISIT_COUNT") -> None:
        import pyspiel

        pyspiel.Bot.__init__(self)
        self.hooks = build()
        self.game = game
        self.evaluator = pyspiel.RandomRolloutEvaluator(rollouts, seed)
        self.bot = pyspiel.ISMCTSBot(
            seed, self.evaluator, uct_c, simulations, world_samples,
            getattr(pyspiel.ISMCTSFinalPolicyType, final_policy), False, False,
            -1.0 if max_time is None else float(max_time))
        self.hooks.set_resampler(self.bot, _resample)

    def step(self, state: Any) -> int:
        """The bot's action at ``state`` (a player node of a game from ``load``)."""
        return int(self.hooks.step(self.bot, state))

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: every move searches from scratch."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Other players' moves need no bookkeeping (the search starts at ``state``)."""

    def provides_policy(self) -> bool:
        return False
