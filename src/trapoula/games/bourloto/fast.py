"""Random playouts: whole random deals, for search and research.

The contract: deal ``i`` of ``random_playouts(n, seed)`` uses its own counter-based stream
``rng = PlayoutRNG(seed, i)`` (:mod:`trapoula.core.rng`); it is ``game.new_deal(rng=rng)``
(dealer P4), and at every decision the player picks ``legal[int(rng.random() * len(legal))]``
from ``state.legal_actions()`` (canonical order).  :func:`public_playouts` is that loop, on
the engine itself (the one definition of every rule).  Because every deal's stream can be
computed on its own, a vectorised engine plays the same deals in batches and returns the same
results: the numpy engine, :mod:`trapoula.accel.bourloto_numpy`, which this module finds as a
plug-in (the ``trapoula.playouts`` entry point of the installed package) rather than
importing it: the rules never depend on an accelerator, and without numpy (or for options it
does not play) the engine's own loop answers.

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> random_playouts(g, 20, seed=1, backend="python") == public_playouts(g, 20, seed=1)
True
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from trapoula.core.rng import PlayoutRNG

if TYPE_CHECKING:
    from trapoula.games.bourloto.game import Bourloto

__all__ = ["public_playouts", "python_playouts", "random_playouts"]

PLUGIN_GROUP = "trapoula.playouts"  # entry point group; the name is the game's


def public_playouts(game: Bourloto, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The reference: the random deals of the contract played through the public API."""
    out = []
    for i in range(n):
        rng = PlayoutRNG(seed, i)
        rand = rng.random
        s = game.new_deal(rng=rng)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
        assert s.result is not None
        out.append(s.result)
    return out


python_playouts = public_playouts  # the pure-Python path is the engine itself


_PLUGINS: dict[str, ModuleType | None] = {}


def playout_plugin(name: str = "bourloto") -> ModuleType | None:
    """The installed batched playout engine for game ``name`` (a module with ``supports``
    and ``random_playouts``), or None when there is none or it cannot load (e.g. numpy is
    not installed)."""
    if name not in _PLUGINS:
        from importlib.metadata import entry_points

        found: ModuleType | None = None
        for ep in entry_points(group=PLUGIN_GROUP, name=name):
            try:
                found = ep.load()
            except ImportError:
                continue
            break
        _PLUGINS[name] = found
    return _PLUGINS[name]


def random_playouts(
    game: Bourloto, n: int, seed: int = 0, backend: str = "auto"
) -> list[dict[str, Any]]:
    """Results of ``n`` random deals (the module docstring gives the exact contract).

    ``backend``: ``"numpy"`` (the batched plug-in; needs numpy), ``"python"`` (the engine),
    or ``"auto"`` (the plug-in when it is installed and plays these options, else the
    engine).  Every backend returns the same results.
    """
    if backend in ("auto", "numpy"):
        plugin = playout_plugin()
        if plugin is None:
            if backend == "numpy":
                raise ImportError("the numpy playout engine is not installed "
                                  "(pip install 'trapoula[fast]' or numpy)")
        elif plugin.supports(game.options):
            out: list[dict[str, Any]] = plugin.random_playouts(game, n, seed)
            return out
        elif backend == "numpy":
            raise ValueError("these rule options are not supported by the numpy backend")
    return public_playouts(game, n, seed)
