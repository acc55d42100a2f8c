"""The bid and declaration prior of the Bourloto sampler: worlds stay consistent, the prior
moves the taker's trumps and the non-declarers' combinations the right way, and it replays."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.games.bourloto.declarations import best_declarations
from trapoula.search import bourloto_prior
from trapoula.search.bourloto_prior import BidPrior, bid_tilts
from trapoula.search.bourloto_sampler import constraints, sample_hands


def _first_play(preset: str, seed: int) -> Any:
    """The first play-phase state of a deal the heuristic bots bid (None: thrown in)."""
    game = trapoula.make("bourloto", preset)
    bots = [make_bot("heuristic", game, seed=seed + i) for i in range(4)]
    s = game.new_deal(seed=seed)
    while not s.is_over and s.phase != "play":
        s = s.apply(bots[s.current_index].choose(s.view(s.current_player)))
    return None if s.is_over else s


def _later(s: Any, moves: int, seed: int) -> Any:
    bots = [make_bot("heuristic", s.game, seed=seed + i) for i in range(4)]
    for _ in range(moves):
        if s.is_over:
            break
        s = s.apply(bots[s.current_index].choose(s.view(s.current_player)))
    return s


def _taker(view: Any) -> int | None:
    taker = None
    for seat, act in view.bids:
        if act == "take" or act.startswith("name"):
            taker = int(seat[1:]) - 1
    return taker


@pytest.mark.parametrize("preset", ["ru", "gr"])
def test_worlds_with_the_prior_respect_counts_voids_and_known_cards(preset: str) -> None:
    rng = random.Random(3)
    tilted = 0
    for seed in range(12):
        s = _first_play(preset, seed)
        if s is None:
            continue
        for moves in (0, 5, 13, 21):
            t = _later(s, moves, seed)
            if t.is_over:
                break
            info = constraints(t.view(t.current_player), t.game.options)
            tilted += info.tilts is not None
            for _ in range(4):
                hands = sample_hands(info, rng)
                assert hands[info.me] == info.hand
                for seat in range(4):
                    assert hands[seat].bit_count() == info.counts[seat]
                    if seat != info.me:
                        assert hands[seat] & ~info.allowed[seat] == 0
                        assert info.known[seat] & ~hands[seat] == 0
    assert tilted > 0


def test_the_prior_gives_the_taker_more_trumps() -> None:
    """gr: an opponent who took or named trump holds more trumps, and the jack of trumps
    more often, in the sampled worlds with the prior than without it (and the real deal is
    on the prior's side)."""
    rng = random.Random(11)
    trumps_with = trumps_without = jack_with = jack_without = real = 0.0
    deals = 0
    for seed in range(60):
        s = _first_play("gr", seed)
        if s is None:
            continue
        view = s.view(s.current_player)
        taker = _taker(view)
        if taker is None or taker == s.current_index:
            continue
        info = constraints(view, s.game.options)
        plain = constraints(view, s.game.options, prior=None)
        assert plain.tilts is None and info.tilts is not None
        trumps = sum(1 << (13 * info.trump + r) for r in range(5, 13))
        jack = 1 << (13 * info.trump + 9)
        if (info.hand | ~info.unseen) & jack:
            continue  # the jack is not hidden from this seat
        n = 100
        for _ in range(n):
            a, b = sample_hands(info, rng)[taker], sample_hands(plain, rng)[taker]
            trumps_with += (a & trumps).bit_count() / n
            trumps_without += (b & trumps).bit_count() / n
            jack_with += bool(a & jack) / n
            jack_without += bool(b & jack) / n
        real += (s.hands[taker] & trumps).bit_count()
        deals += 1
        if deals == 8:
            break
    assert deals >= 4
    assert trumps_with > trumps_without and real > trumps_without
    assert jack_with > jack_without + 0.05 * deals


def test_ru_players_who_did_not_declare_rarely_get_combinations() -> None:
    rng = random.Random(2)
    opts = trapoula.make("bourloto", "ru").options
    hits = {True: 0, False: 0}
    checked = 0
    for seed in range(40):
        s = _first_play("ru", seed)
        if s is None:
            continue
        view = s.view(s.current_player)
        passed = [int(seat[1:]) - 1 for seat, act in view.bids[-4:] if act == "pass"]
        passed = [p for p in passed if p != s.current_index]
        if not passed:
            continue
        for use in (True, False):
            info = constraints(view, opts, prior=None if not use else bourloto_prior.DEFAULT_PRIOR)
            for _ in range(30):
                hands = sample_hands(info, rng)
                for p in passed:
                    hits[use] += bool(best_declarations(
                        hands[p], info.trump, four_values=opts.four_values,
                        run6_value=opts.run6_value, split_runs=opts.split_runs))
        checked += 1
        if checked == 6:
            break
    assert checked >= 3
    assert hits[False] > 0 and hits[True] < hits[False] / 2


def test_the_prior_replays_and_can_be_turned_off() -> None:
    s = None
    for seed in range(20):
        s = _first_play("gr", seed)
        if s is not None and _taker(s.view(s.current_player)) not in (None, s.current_index):
            break
    assert s is not None
    view = s.view(s.current_player)
    info = constraints(view, s.game.options, prior=None)
    first = bid_tilts(view, s.game.options, info)
    bourloto_prior._CACHE.clear()
    assert bid_tilts(view, s.game.options, info) == first  # the cache changes nothing
    assert bid_tilts(view, s.game.options, info, BidPrior(strength=0.0)) is None
    weaker = bid_tilts(view, s.game.options, info, BidPrior(strength=0.5))
    assert first is not None and weaker is not None
    for seat in range(4):
        for c, t in first[seat].items():
            assert (t - 1.0) * (weaker[seat][c] - 1.0) >= 0  # same direction, smaller
            assert abs(weaker[seat][c] - 1.0) <= abs(t - 1.0) + 1e-12
