"""Paired rollouts (trapoula.train.rollouts): card-play decisions played out every legal way,
and centered targets that keep only the differences within a decision (numpy only)."""

from __future__ import annotations

import numpy as np

from trapoula.learned.bourloto import QNet
from trapoula.learned.features import NAME, SIZE
from trapoula.train.rollouts import BiddingRollouts


def _arrays() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {"w0": (rng.normal(size=(870 + 2 + SIZE, 140)) * 0.01).astype(np.float32),
            "b0": np.zeros(140, np.float32), "presets": np.array(["gr", "ru"]),
            "features": np.array([NAME])}


def _groups(x: np.ndarray) -> list[slice]:
    """Runs of consecutive equal rows: one decision's actions."""
    out, start = [], 0
    for k in range(1, len(x) + 1):
        if k == len(x) or not np.array_equal(x[k], x[start]):
            out.append(slice(start, k))
            start = k
    return out


def test_card_rollouts_pair_every_legal_card_and_centering_keeps_the_differences() -> None:
    arrays = _arrays()
    plain = BiddingRollouts("gr", seed=5, cards=6, bidding=False).run(arrays, 0.0, 2)
    centered = BiddingRollouts("gr", seed=5, cards=6, bidding=False,
                               centered=True).run(arrays, 0.0, 2)
    assert plain["decisions"] == centered["decisions"] > 0
    x = plain["x"]
    assert np.array_equal(x, centered["x"])
    assert np.array_equal(plain["action"], centered["action"])
    # cards only: every decision is in the play phase, where the card features are not all 0
    assert (np.abs(x[:, -SIZE:].astype(np.float32)).sum(axis=1) > 0).all()
    net = QNet(arrays)
    groups = _groups(x)
    assert len(groups) == plain["decisions"]
    for g in groups:
        acts = plain["action"][g]
        assert len(acts) > 1 and len(set(acts.tolist())) == len(acts)
        diff = centered["ret"][g] - plain["ret"][g]
        assert np.allclose(diff, diff[0], atol=1e-5)  # one shift a decision
        q = net.values(x[g][:1].astype(np.float32))[0][acts]
        assert np.isclose(centered["ret"][g].mean(), q.mean(), atol=1e-4)
