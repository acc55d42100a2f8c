"""The learned Bourloto bot: legal play in both presets, decisions from the view only, numpy
inference without torch, a small shipped weights file."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.learned.bourloto import LearnedBourlotoBot, weights_path
from trapoula.learned.features import SIZE, card_features

pytest.importorskip("numpy")

PRESETS = ("gr", "ru")


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("hybrid", [{}, {"bidding": "heuristic"}, {"play": "heuristic"},
                                    {"bidding": "improve", "play": "improve"}])
def test_plays_only_legal_actions_over_random_deals(preset: str, hybrid: dict[str, str]
                                                     ) -> None:
    g = trapoula.make("bourloto", preset)
    rng = random.Random(f"{preset}{hybrid}")
    for deal in range(6):
        # the learned bot at two seats (a random seat pair), random play at the others, so the
        # positions it meets are varied
        mine = {0, 2} if deal % 2 else {1, 3}
        bots = [make_bot("learned", g, seed=s, **hybrid) if s in mine
                else make_bot("random", g, seed=rng.randrange(10**6)) for s in range(4)]
        s = g.new_deal(seed=rng.randrange(10**9))
        while not s.is_over:
            seat = s.current_player
            view = s.view(seat)
            a = bots[int(seat[1:]) - 1].choose(view)
            assert a in view.legal_actions
            s = s.apply(a)


def _variants(state: Any, seat: str, rng: random.Random, want: int) -> list[Any]:
    """States with the same actions so far whose deck differs by two cards swapped, where
    ``seat``'s hand and the public information stay the same but another seat's hand
    changes (the hidden cards)."""
    rec = state.record()
    out = []
    hand, public = state.view(seat).hand, state.public_view()
    for _ in range(400):
        deck = list(rec["deck"])
        i, j = rng.sample(range(len(deck)), 2)
        deck[i], deck[j] = deck[j], deck[i]
        try:
            other = state.game.from_record({**rec, "deck": deck})
        except trapoula.errors.TrapoulaError:
            continue  # the swap made an earlier action illegal
        if (other.is_over or other.current_player != seat or other.view(seat).hand != hand
                or other.public_view() != public):
            continue
        if other.hands == state.hands:
            continue
        out.append(other)
        if len(out) == want:
            break
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_decision_depends_only_on_the_view(preset: str) -> None:
    g = trapoula.make("bourloto", preset)
    bot = LearnedBourlotoBot(g)
    rng = random.Random(preset)
    checked = 0
    for deal in range(8):
        s = g.new_deal(seed=100 + deal)
        stop = rng.randrange(2, 30)
        steps = 0
        players = [make_bot("heuristic", g, seed=k) for k in range(4)]
        while not s.is_over and steps < stop:
            s = s.apply(players[int(s.current_player[1:]) - 1].choose(s.view(s.current_player)))
            steps += 1
        if s.is_over:
            continue
        seat = s.current_player
        mine = bot.values(s.view(seat)), bot.choose(s.view(seat))
        feats = card_features(s.view(seat), g.options)
        for other in _variants(s, seat, rng, 3):
            assert (bot.values(other.view(seat)), bot.choose(other.view(seat))) == mine
            assert card_features(other.view(seat), g.options) == feats
            checked += 1
    assert checked >= 8  # the test saw enough positions with changed hidden hands


@pytest.mark.parametrize("preset", PRESETS)
def test_improve_hybrid_spans_the_heuristic_and_the_network(preset: str) -> None:
    """With an unreachable margin the "improve" hybrid is the heuristic move for move; with
    the lowest one it is the network (every decision with a choice)."""
    g = trapoula.make("bourloto", preset)
    heur = make_bot("heuristic", g, seed=0)
    net = LearnedBourlotoBot(g, bidding="learned", play="learned")
    never = LearnedBourlotoBot(g, bidding="improve", play="improve", margin=(1e9, 1e9))
    always = LearnedBourlotoBot(g, bidding="improve", play="improve", margin=(-1e9, -1e9))
    seen = 0
    for deal in range(3):
        s = g.new_deal(seed=300 + deal)
        while not s.is_over:
            v = s.view(s.current_player)
            h = heur.choose(v)
            assert never.choose(v) == h
            assert always.choose(v) == net.choose(v)
            seen += len(v.legal_actions) > 1
            s = s.apply(h)
    assert seen > 20


def test_card_features_before_and_in_play() -> None:
    g = trapoula.make("bourloto", "ru")
    heur = make_bot("heuristic", g, seed=0)
    s = g.new_deal(seed=11)
    assert card_features(s.view(s.current_player), g.options) == [0.0] * SIZE
    while s.phase != "play":
        s = s.apply(heur.choose(s.view(s.current_player)))
    s = s.apply(heur.choose(s.view(s.current_player)))  # one card on the table
    v = s.view(s.current_player)
    f = card_features(v, g.options)
    assert len(f) == SIZE and all(0.0 <= x <= 1.0 + 1e-9 for x in f)
    # the three others hold all the unseen cards: the probabilities add up to their counts
    others = sum(n for seat, n in v.hand_counts.items() if seat != v.seat)
    assert abs(sum(f[:96]) - others) < 1e-6
    assert f[-3:] == [0.0, 0.0, 1.0]  # the only card played is an opponent's (the leader)


def test_plays_without_torch() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'torch' or name.startswith('torch.'):\n"
        "            raise ImportError('torch is hidden')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import trapoula\n"
        "from trapoula.bots import make_bot\n"
        "g = trapoula.make('bourloto', 'gr')\n"
        "bots = [make_bot('learned', g, seed=i) for i in range(4)]\n"
        "s = g.new_deal(seed=5)\n"
        "while not s.is_over:\n"
        "    s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))\n"
        "assert 'torch' not in sys.modules\n"
        "print('ok', sorted(s.result))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok")


def test_weights_ship_small_and_cover_both_presets() -> None:
    p = weights_path()
    assert p.exists()
    assert p.stat().st_size < 4 * 1024 * 1024
    net = LearnedBourlotoBot(trapoula.make("bourloto", "ru")).net
    assert set(PRESETS) <= set(net.presets) and net.outputs == 140
    for preset in PRESETS:  # each preset's default hybrid is the weights file's
        bot = LearnedBourlotoBot(trapoula.make("bourloto", preset))
        if preset in net.modes:
            assert (bot.bidding, bot.play) == net.modes[preset]
        else:
            assert (bot.bidding == "heuristic") == (preset in net.heuristic_bidding)
            assert (bot.play == "heuristic") == (preset in net.heuristic_play)


def test_unknown_preset_or_bidding_is_a_config_error() -> None:
    with pytest.raises(trapoula.errors.ConfigError, match="bidding"):
        LearnedBourlotoBot(trapoula.make("bourloto", "gr"), bidding="guess")
    with pytest.raises(trapoula.errors.ConfigError, match="play"):
        LearnedBourlotoBot(trapoula.make("bourloto", "gr"), play="guess")
    with pytest.raises(trapoula.errors.ConfigError):
        LearnedBourlotoBot(trapoula.make("bourloto", "pexevida"))
