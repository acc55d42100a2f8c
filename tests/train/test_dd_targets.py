"""Double-dummy card targets (trapoula.train.dd_targets, numpy only): the targets agree with
plain minimax on small endings, the sample's input depends on the seat's view only, and the
card network they train plays from the weights file (old files still load without one)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import trapoula
from tests.bots.test_learned_bot import _variants
from tests.search.minimax_ref import minimax_points
from trapoula.bots import make_bot
from trapoula.learned.bourloto import LearnedBourlotoBot, QNet, load_qnet, weights_path
from trapoula.learned.features import CARDS
from trapoula.train.dd_targets import DDTargets, legal_cards


def _heuristic_to(g: Any, seed: int, tricks_done: int, extra: int = 0) -> Any:
    """A heuristic deal of ``g`` played to ``tricks_done`` tricks (and ``extra`` cards)."""
    bots = [make_bot("heuristic", g, seed=k) for k in range(4)]
    s = g.new_deal(seed=seed)
    while not s.is_over and not (s.phase == "play" and s.tricks_done == tricks_done
                                 and len(s.trick) == extra):
        s = s.apply(bots[int(s.current_player[1:]) - 1].choose(s.view(s.current_player)))
    return s


def test_targets_match_plain_minimax_on_endings() -> None:
    g = trapoula.make("bourloto", "gr")
    gen = DDTargets("gr", seed=0)
    checked = 0
    for seed in range(12):
        s = _heuristic_to(g, 500 + seed, 5, seed % 4)
        if s.is_over:
            continue
        got = gen.sample(s)
        if got is None:
            continue
        _, dd, heur = got
        seat = s.current_player
        team = "A" if seat in ("P1", "P3") else "B"
        legal = legal_cards(s.view(seat))
        assert sorted(CARDS[k] for k in np.flatnonzero(~np.isnan(dd))) == legal
        assert CARDS[heur] in legal
        for a in s.legal_actions():
            if a.words:
                continue
            nxt = s.apply(a)
            # the points the card itself wins (a trick it ends) plus best play afterwards
            before = s.tally[0 if team == "A" else 1]
            won = nxt.tally[0 if team == "A" else 1] - before
            assert dd[CARDS.index(a.cards[0].index)] == won + minimax_points(nxt, team)
            checked += 1
    assert checked >= 20


def test_sample_input_depends_only_on_the_view() -> None:
    g = trapoula.make("bourloto", "gr")
    gen = DDTargets("gr", seed=0)
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        s = _heuristic_to(g, 700 + seed, 1 + seed % 5, seed % 3)
        if s.is_over or gen.sample(s) is None:
            continue
        x = gen.sample(s)[0]  # type: ignore[index]
        for other in _variants(s, s.current_player, rng, 2):
            y = gen.sample(other)
            assert y is not None and np.array_equal(y[0], x)
            checked += 1
    assert checked >= 4


def test_run_records_play_decisions_with_a_choice() -> None:
    out = DDTargets("gr", seed=2, first_trick=1.0).run(deals=2)
    n = len(out["heur"])
    assert out["x"].shape == (n, load_qnet().inputs) and out["dd"].shape == (n, 32)
    assert n > 10 and set(out["trick"].tolist()) >= {0, 1}
    legal = (~np.isnan(out["dd"])).sum(axis=1)
    assert (legal >= 2).all()
    # the heuristic's card is one of the legal ones
    assert not np.isnan(out["dd"][np.arange(n), out["heur"]]).any()
    assert out["x"].dtype == np.float16 and out["deals"] == 2


def _without_card_net() -> dict[str, np.ndarray]:
    """The shipped file's arrays without its card network: a file of an earlier version."""
    with np.load(weights_path()) as z:
        return {k: z[k] for k in z.files if not k.startswith("card_")}


def _with_card_net(heuristic: bool = False) -> QNet:
    """The shipped file plus a card network (a copy of its own layers) for ``gr``; with
    ``heuristic`` its input also holds the heuristic's card (random weights for it)."""
    a = _without_card_net()
    k = 0
    while f"w{k}" in a:
        a[f"card_w{k}"], a[f"card_b{k}"] = a[f"w{k}"], a[f"b{k}"]
        k += 1
    if heuristic:
        more = np.random.default_rng(0).normal(size=(32, a["w0"].shape[1]))
        a["card_w0"] = np.concatenate([a["w0"], more.astype(a["w0"].dtype)])
    a["card_presets"] = np.array(["gr"])
    a["card_from"] = np.array([1], np.int8)
    return QNet(a)


def test_old_weights_have_no_card_network() -> None:
    net = QNet(_without_card_net())
    assert net.card_layers == [] and net.card_presets == () and not net.card_heuristic
    assert not LearnedBourlotoBot(trapoula.make("bourloto", "gr"), weights=net).cards


def test_shipped_card_network_plays_gr_only() -> None:
    net = load_qnet()
    assert net.card_presets == ("gr",) and net.card_heuristic and net.card_from == 1
    assert LearnedBourlotoBot(trapoula.make("bourloto", "gr")).cards
    assert not LearnedBourlotoBot(trapoula.make("bourloto", "ru")).cards


@pytest.mark.parametrize("preset,heuristic", [("gr", False), ("ru", False), ("gr", True)])
def test_card_network_plays_legal_cards_and_improve_spans_the_heuristic(
        preset: str, heuristic: bool) -> None:
    g = trapoula.make("bourloto", preset)
    net = _with_card_net(heuristic)
    assert net.card_heuristic == heuristic
    heur = make_bot("heuristic", g, seed=0)
    never = LearnedBourlotoBot(g, weights=net, bidding="heuristic", play="improve",
                               margin=(0.0, 1e9))
    learned = LearnedBourlotoBot(g, weights=net, bidding="heuristic", play="learned")
    plain = LearnedBourlotoBot(g, weights=QNet(_without_card_net()), bidding="heuristic",
                               play="learned")
    assert learned.cards == (preset == "gr")
    differs = 0
    for deal in range(3):
        s = g.new_deal(seed=900 + deal)
        while not s.is_over:
            v = s.view(s.current_player)
            h = heur.choose(v)
            assert never.choose(v) == h
            mine = learned.choose(v)
            assert mine in v.legal_actions
            if preset == "ru":  # not a card network preset: the bidding network plays
                assert mine == plain.choose(v)
            elif s.phase == "play" and s.tricks_done < net.card_from:
                assert mine == h  # the first trick is the heuristic's
            differs += mine != h
            s = s.apply(h)
    assert preset == "ru" or differs > 0
