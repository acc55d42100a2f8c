"""The card network trained on double-dummy targets (trapoula.train.distill): a tiny run
learns, exports a weights file the numpy bot loads beside the unchanged bidding network
(skipped without torch, which ``make test`` does not install)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

import trapoula  # noqa: E402
from trapoula.bots import make_bot  # noqa: E402
from trapoula.learned.bourloto import LearnedBourlotoBot, QNet, weights_path  # noqa: E402
from trapoula.train.dd_targets import main as generate  # noqa: E402
from trapoula.train.distill import main as distill  # noqa: E402


def test_generate_train_export_and_play(tmp_path: Path) -> None:
    data = tmp_path / "dd"
    assert generate(["--preset", "gr", "--out", str(data), "--minutes", "0.001",
                     "--chunk", "2", "--seed", "4"]) == 0
    assert generate(["--preset", "gr", "--out", str(data), "--minutes", "0.001",
                     "--chunk", "2", "--seed", "5"]) == 0  # a second chunk (held out)
    assert len(list(data.glob("chunk-*.npz"))) == 2
    out = tmp_path / "card.npz"
    assert distill([str(data), "--out", str(out), "--epochs", "3", "--holdout", "0.5",
                    "--mode", "improve/learned", "--margin", "20/0"]) == 0
    with np.load(out) as z, np.load(weights_path()) as old:
        for k in old.files:  # the bidding network and the other presets' settings unchanged
            if k not in ("mode_gr", "margin_gr") and not k.startswith("card_"):
                assert np.array_equal(z[k], old[k]), k
        net = QNet({k: z[k] for k in z.files})
    assert net.card_presets == ("gr",) and net.card_from == 1
    assert net.modes["gr"] == ("improve", "learned") and net.margins["gr"] == (20.0, 0.0)
    g = trapoula.make("bourloto", "gr")
    bots = [LearnedBourlotoBot(g, weights=net) if k % 2 == 0 else make_bot("heuristic", g)
            for k in range(4)]
    s = g.new_deal(seed=11)
    while not s.is_over:
        v = s.view(s.current_player)
        a = bots[int(s.current_player[1:]) - 1].choose(v)
        assert a in v.legal_actions
        s = s.apply(a)
    # the six suit permutations in training, the averaged values checked and played
    sym_out = tmp_path / "card-sym.npz"
    assert distill([str(data), "--out", str(sym_out), "--epochs", "2", "--holdout", "0.5",
                    "--hidden", "16", "--heuristic-input", "--symmetry", "6",
                    "--select", "sym", "--play-symmetry", "--weight-decay", "1e-4",
                    "--check-every", "64",
                    "--mode", "improve/learned", "--margin", "20/0"]) == 0
    with np.load(sym_out) as z:
        net = QNet({k: z[k] for k in z.files})
    assert net.card_symmetry and net.card_heuristic
    bots = [LearnedBourlotoBot(g, weights=net) if k % 2 == 0 else make_bot("heuristic", g)
            for k in range(4)]
    s = g.new_deal(seed=12)
    while not s.is_over:
        v = s.view(s.current_player)
        a = bots[int(s.current_player[1:]) - 1].choose(v)
        assert a in v.legal_actions
        s = s.apply(a)
