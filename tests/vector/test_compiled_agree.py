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
# deals (Burraco: 2, 3 and 4 players, the rule options that change melds, pickups and the
# hand's end; its compiled Table is the base of the interpreted BurracoState), states
# copied and pickled mid-deal, Burraco batches' observations, masks and rewards, and the
# Bourloto double-dummy solver's card values
DIGEST = r"""
import copy, hashlib, json, pickle, random
import numpy as np
import trapoula, trapoula.vector
from trapoula.games.burraco.fast import random_playouts as burraco_playouts
h = hashlib.sha256()
def add(x):
    h.update(json.dumps(x, sort_keys=True, default=str).encode())
add(burraco_playouts(trapoula.make("burraco"), 40, seed=5))
add(burraco_playouts(trapoula.make("burraco", players=3), 10, seed=6))
BURRACO_RULES = ({}, {"players": 2}, {"players": 3}, {"preset": "fibur"},
                 {"meld_ownership": "player", "closing_requires": "clean_burraco",
                  "closing_discard_wild_forbidden": False},
                 {"players": 3, "stock_end": "untaken_pozzetto_refills", "stalemate_turns": 1,
                  "deduct_hands": "except_closing_team"})
for name, kw in (("bourloto", {"preset": "gr"}), ("bourloto", {"preset": "ru"}),
                 *(("burraco", r) for r in BURRACO_RULES)):
    game = trapoula.make(name, **kw)
    rng = random.Random(7)
    for d in range(3):
        s = game.new_deal(seed=d)
        k = 0
        while not s.is_over:
            legal = s.legal_actions()
            add([str(a) for a in legal])
            s = s.apply(legal[int(rng.random() * len(legal))])
            k += 1
            if name == "burraco" and k % 37 == 0:  # (copies and pickles keep everything)
                now = [str(a) for a in s.legal_actions()]
                for t in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
                    assert type(t) is type(s) and t.record() == s.record()
                    assert [str(a) for a in t.legal_actions()] == now
        add(s.result)
        add(s.record())
for kw in ({}, {"players": 2}, {"players": 3, "meld_ownership": "player"}):
    env = trapoula.vector.make("burraco", num_envs=8, seed=2, **kw)
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
print(trapoula.games.burraco.turn.__file__.endswith(".so"), h.hexdigest())
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
    assert fast or not any(c.startswith("games/burraco/turn.") for c in COMPILED)
    assert fast_digest == slow_digest, f"compiled {COMPILED} decide otherwise than pure Python"


def test_the_rules_core_runs_without_mypy_extensions() -> None:
    """``turn.py`` imports ``mypy_extensions`` for mypyc only (under TYPE_CHECKING): this
    tree, pure or compiled, plays Burraco where it cannot be imported."""
    code = ("import sys; sys.modules['mypy_extensions'] = None\n"
            "import random, trapoula\n"
            "s = trapoula.make('burraco').new_deal(seed=1); r = random.Random(1)\n"
            "while not s.is_over: s = s.apply(r.choice(s.legal_actions()))\n"
            "print('mypy_extensions' in sys.modules and sys.modules['mypy_extensions'],"
            " sorted(s.result['scores']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split() == ["None", "['A',", "'B']"]
