"""The mypyc-compiled modules (``make compiled``) against the pure-Python ones they are built
from: when compiled modules sit in the tree, the same seeds must give the same deals, legal
moves, results, batched observations, masks and rewards as a copy of the tree that holds only
the ``.py`` files (run in a fresh process).  Without compiled modules there is nothing to
compare and the test is skipped (``make test-compiled`` builds them and runs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import trapoula

SRC = Path(trapoula.__file__).resolve().parent
COMPILED = sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.so"))

# one digest of what the compiled modules decide: random playouts of Burraco and Bourloto
# (the engines' own fast loops), the public API's legal moves and results over a few
# deals, a Burraco batch's observations, masks and rewards, and the Bourloto double-dummy
# solver's card values
DIGEST = r"""
import hashlib, json, random
import numpy as np
import trapoula, trapoula.vector
from trapoula.games.burraco.fast import random_playouts as burraco_playouts
h = hashlib.sha256()
def add(x):
    h.update(json.dumps(x, sort_keys=True, default=str).encode())
add(burraco_playouts(trapoula.make("burraco"), 40, seed=5))
add(burraco_playouts(trapoula.make("burraco", players=3), 10, seed=6))
for name, kw in (("bourloto", {"preset": "gr"}), ("bourloto", {"preset": "ru"}),
                 ("burraco", {})):
    game = trapoula.make(name, **kw)
    rng = random.Random(7)
    for d in range(3):
        s = game.new_deal(seed=d)
        while not s.is_over:
            legal = s.legal_actions()
            add([str(a) for a in legal])
            s = s.apply(legal[int(rng.random() * len(legal))])
        add(s.result)
env = trapoula.vector.make("burraco", num_envs=8, seed=2)
obs, mask, to_act = env.reset()
rng2 = np.random.default_rng(0)
for _ in range(120):
    acts = (rng2.random(mask.shape) * mask).argmax(1)
    obs, mask, to_act, rew, done = env.step(acts)
    h.update(obs.tobytes()); h.update(mask.tobytes()); h.update(rew.tobytes())
    h.update(to_act.tobytes()); h.update(done.tobytes())
# the double-dummy solver: every legal card's value from positions of heuristic gr deals
from trapoula.bots import make_bot
from trapoula.search.bourloto_dd import BourlotoSolver, position_from_state
g = trapoula.make("bourloto", "gr")
bots = [make_bot("heuristic", g, seed=k) for k in range(4)]
solver = BourlotoSolver.for_game(g)
for d in range(6):
    s = g.new_deal(seed=100 + d)
    while not s.is_over:
        if s.phase == "play" and s.tricks_done >= 2 + d % 3:
            add(sorted((str(c), v) for c, v in solver.move_values(position_from_state(s)).items()))
        s = s.apply(bots[int(s.current_player[1:]) - 1].choose(s.view(s.current_player)))
    solver.clear()
print(trapoula.games.burraco.legal.__file__.endswith(".so"), h.hexdigest())
"""


def _digest(path: str | None) -> tuple[bool, str]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True,
                         env=env, check=True, timeout=600)
    compiled, digest = out.stdout.split()[-2:]
    return compiled == "True", digest


@pytest.mark.skipif(not COMPILED, reason="no compiled modules (make compiled)")
def test_compiled_modules_decide_as_the_pure_ones(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    pure = tmp_path / "src"
    shutil.copytree(SRC, pure / "trapoula", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    fast, fast_digest = _digest(None)
    slow, slow_digest = _digest(str(pure))
    assert not slow, "the copy must be pure Python"
    assert fast or not any(c.startswith("games/burraco/legal.") for c in COMPILED)
    assert fast_digest == slow_digest, f"compiled {COMPILED} decide otherwise than pure Python"
