"""Suit symmetry (trapoula.learned.symmetry, numpy only): renaming the plain suits of a `gr`
deal gives exactly the renamed network input and the renamed double-dummy values."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import trapoula
from trapoula.bots import make_bot
from trapoula.cards import Card
from trapoula.learned.symmetry import card_map, permute_samples, suit_permutations
from trapoula.train.dd_targets import DDTargets

_SUITS = "SHDC"


def _rename_card(text: str, perm: tuple[int, ...]) -> str:
    return text[:-1] + _SUITS[perm[_SUITS.index(text[-1])]]


def _rename_action(text: str, perm: tuple[int, ...]) -> str:
    words = text.split()
    out = []
    for k, w in enumerate(words):
        if k > 0 and words[k - 1] == "name":
            out.append(_SUITS[perm[_SUITS.index(w)]])
            continue
        try:
            Card.parse(w)
        except Exception:  # not a card: a seat or a word
            out.append(w)
            continue
        out.append(_rename_card(w, perm))
    return " ".join(out)


def renamed(g: Any, s: Any, perm: tuple[int, ...]) -> Any:
    """State ``s`` of ``g`` with its suits renamed by ``perm`` (the pack and every action)."""
    rec = s.record()
    rec["deck"] = [_rename_card(c, perm) for c in rec["deck"]]
    rec["actions"] = [_rename_action(a, perm) for a in rec["actions"]]
    rec.pop("seed", None)
    return g.from_record(rec)


def _positions(g: Any, deals: int, seed: int) -> list[Any]:
    """Random play-phase decisions of ε-heuristic deals (words and declarations included)."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", g, seed=k) for k in range(4)]
    out = []
    for d in range(deals):
        s = g.new_deal(seed=seed * 1000 + d)
        stops = set(rng.sample(range(1, 31), 4))
        n = 0
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase == "play":
                n += 1
                if n in stops and len(legal) > 1:
                    out.append(s)
            if len(legal) > 1 and rng.random() < 0.15:
                s = s.apply(legal[rng.randrange(len(legal))])
            else:
                s = s.apply(bots[int(s.current_player[1:]) - 1].choose(s.view(s.current_player)))
    return out


def test_six_permutations_keep_the_trump() -> None:
    for t in range(4):
        perms = suit_permutations(t)
        assert len(set(perms)) == 6 and perms[0] == (0, 1, 2, 3)
        assert all(p[t] == t and sorted(p) == [0, 1, 2, 3] for p in perms)
        for p in perms:
            assert sorted(card_map(p).tolist()) == list(range(32))


def test_renamed_input_is_the_renamed_views_input() -> None:
    g = trapoula.make("bourloto", "gr")
    gen = DDTargets("gr", seed=0)
    layout = gen.adapter.obs_layout
    extra_at = layout.size + len(gen.net.presets)
    checked = solved = 0
    for s in _positions(g, 40, 7):
        got = gen.sample(s)
        if got is None:
            continue
        x, dd, heur = got
        xs, dds, _ = permute_samples(x[None], dd[None], np.array([heur]), layout, extra_at)
        for j, perm in enumerate(suit_permutations(int(s.trump))):
            t = renamed(g, s, perm)
            assert t.current_player == s.current_player
            view = t.view(t.current_player)
            from trapoula.learned.features import card_features

            want = gen.net.features(gen.adapter.observe(view), "gr",
                                    card_features(view, g.options))[0].astype(np.float16)
            bad = np.flatnonzero(want != xs[j])
            assert not len(bad), (s.record()["actions"], perm, bad.tolist())
            if s.tricks_done >= 3 and j in (1, 4):  # the solver on the renamed deal
                got_t = gen.sample(t)
                assert got_t is not None
                np.testing.assert_array_equal(got_t[1], dds[j])
                solved += 1
            checked += 1
    assert checked >= 300 and solved >= 20


def test_the_bot_averages_card_values_over_the_permutations() -> None:
    """A file with ``card_symmetry`` 1: the bot's card values of a renamed input are the
    renamed values (exactly, up to float rounding); files
    without the flag value the view as it is."""
    from trapoula.learned.bourloto import LearnedBourlotoBot, QNet, weights_path
    from trapoula.learned.symmetry import SymTables

    with np.load(weights_path()) as z:
        arrays = {k: z[k] for k in z.files}
    older = {k: v for k, v in arrays.items() if k != "card_symmetry"}  # a file before it
    assert not QNet(older).card_symmetry
    assert not QNet({**arrays, "card_symmetry": np.array([0], np.int8)}).card_symmetry
    arrays["card_symmetry"] = np.array([1], np.int8)
    net = QNet(arrays)
    assert net.card_symmetry and net.card_heuristic
    g = trapoula.make("bourloto", "gr")
    bot = LearnedBourlotoBot(g, weights=net, play="learned")
    gen = DDTargets("gr", seed=0)
    layout = gen.adapter.obs_layout
    sym = SymTables(layout, net.inputs, layout.size + len(net.presets))
    checked = 0
    for s in _positions(g, 10, 3)[:20]:
        got = gen.sample(s)
        if got is None:
            continue
        x = np.concatenate([got[0].astype(np.float32),
                            np.eye(32, dtype=np.float32)[got[2]]])[None]
        base = bot._sym_card_values(x)
        t = int(s.trump)
        for j in range(1, 6):
            xj = np.concatenate([sym.permute(x[:, :net.inputs], j),
                                 np.eye(32, dtype=np.float32)[sym.cards[t, j][got[2]]][None]],
                                axis=1)
            np.testing.assert_allclose(bot._sym_card_values(xj)[sym.cards[t, j]], base,
                                       rtol=0, atol=1e-5)
        checked += 1
    assert checked >= 10
    # a deal played with it
    bots = [LearnedBourlotoBot(g, weights=net) if k % 2 == 0 else make_bot("heuristic", g)
            for k in range(4)]
    s = g.new_deal(seed=5)
    while not s.is_over:
        v = s.view(s.current_player)
        a = bots[int(s.current_player[1:]) - 1].choose(v)
        assert a in v.legal_actions
        s = s.apply(a)
