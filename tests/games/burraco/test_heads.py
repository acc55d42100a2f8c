"""``Table.heads()`` (what a learning environment's mask is made of: one code per kind of
move and meld number or card, without making the moves) is the set of ``head`` over
``Table.moves()`` (RULES.md §3.4-§3.6: the turn, the melds and additions, the discards, the
dead-end rule §3.4.5), in every position of random deals under the rule options that change
legality, with two policies: uniformly random moves (hands run short, the dead-end and
closing filters decide) and a policy that rarely melds and picks the pile up half the time
(large hands, many sequences and additions).  ``Table.target_moves(k)`` (a meld's
sub-decisions: the new melds, k = 0, or the additions to meld k) is the part of the legal
moves of that target, in the same order, and ``target_cards(k)`` their cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
import trapoula.games.burraco.legal as legal
from trapoula.core.game import derive_seed
from trapoula.games.burraco.turn import (
    ADD,
    DISCARD,
    DRAW,
    HEAD_ADD,
    HEAD_DRAW,
    HEAD_MELD,
    HEAD_PICKUP,
    MELD,
    PICKUP,
    head,
)

OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3},
    {"meld_ownership": "player"},
    {"closing_requires": "clean_burraco", "closing_discard_wild_forbidden": False},
    {"stock_end": "two_cards_left", "stalemate_turns": 2},
]


def _pick(moves: list[Any], rng: random.Random, greedy: bool) -> Any:
    if not greedy:
        return moves[int(rng.random() * len(moves))]
    kinds = {}
    for m in moves:
        kinds.setdefault(m.kind, []).append(m)
    if "pickup" in kinds and rng.random() < 0.5:
        return kinds["pickup"][0]
    if "discard" in kinds and rng.random() < 0.8:
        return rng.choice(kinds["discard"])
    return rng.choice(moves)


def _positions(options: dict[str, Any], deals: int, greedy: bool) -> int:
    game = trapoula.make("burraco", **options)
    seen = 0
    for d in range(deals):
        s = game.new_deal(seed=derive_seed(77, d))
        rng = random.Random(d)
        while not s.is_over:
            moves = s.moves()
            heads = s.heads()
            assert len(heads) == len(set(heads))
            assert set(heads) == {head(m) for m in moves}, (options, d, str(s))
            for target in {0, *(h - HEAD_ADD for h in heads if h > HEAD_ADD)}:
                assert s.target_moves(target) == [  # (a meld's sub-decisions choose among)
                    m for m in moves if m.kind == ("meld" if target == 0 else "add")
                    and (m.number or 0) == target], (options, d, target)
                assert s.target_cards(target) == [
                    tuple(sorted(c.index for c in m.cards)) for m in s.target_moves(target)]
                assert sorted(s.target_cards(target, False)) == s.target_cards(target)
            s = s.apply(_pick(moves, rng, greedy))
            seen += 1
        assert s.heads() == []
    return seen


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "seed")
@pytest.mark.parametrize("greedy", [False, True], ids=["random", "pickups"])
def test_heads_are_the_heads_of_the_legal_moves(options: dict[str, Any], greedy: bool) -> None:
    assert _positions(options, 12, greedy) > 60  # (stalemate_turns 2 ends deals early)


def test_heads_with_the_caches_emptied_again_and_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(legal, "_LIMIT", 20)
    legal.clear_caches()
    assert _positions({}, 4, True) > 100


def test_head_codes() -> None:
    """Under 256: a discard's card, then draw, pickup and meld, then the additions."""
    assert head(legal.intern(DRAW, 0, ())) == HEAD_DRAW == 64
    assert head(legal.intern(PICKUP, 0, ())) == HEAD_PICKUP == 65
    assert head(legal.intern(MELD, 0, (14, 15, 16))) == HEAD_MELD == 66
    assert head(legal.intern(ADD, 7, (17,))) == HEAD_ADD + 7 == 135
    assert head(legal.intern(DISCARD, 0, (51,))) == 51


def test_a_rank_with_sets_has_one_of_three_cards() -> None:
    """What the heads read of a rank's sets without listing them (``Table._play``): a rank
    has a set when it holds three naturals, or two and a wild card (§3.3, melds.rank_sets),
    and then one of exactly three cards."""
    rng = random.Random(3)
    for _ in range(3000):
        byte = rng.randrange(256)
        if any(byte >> 2 * u & 3 == 3 for u in range(4)):  # (two copies of a card at most)
            continue
        wilds = rng.randrange(32) if rng.random() < 0.5 else 0
        naturals = sum(byte >> 2 * u & 3 for u in range(4))
        sets = legal.rank_entry(rng.randrange(1, 13), byte, wilds)
        assert bool(sets) == (naturals >= 3 or (naturals >= 2 and wilds > 0)), (byte, wilds)
        assert not sets or min(len(cards) for cards, _, _ in sets) == 3


def test_shortest_additions_are_those_of_the_cached_additions() -> None:
    """What the heads read of a meld's additions without listing them
    (``legal.seq_add_shortest``, ``legal.set_add_shortest``): the fewest cards of the
    additions ``legal.addition_entry`` lists (0: none), for every meld and hand met in
    random deals."""
    from trapoula.games.burraco.tables import M26, WILD_BITS, WILD_OF

    game = trapoula.make("burraco")
    checked = 0
    for d in range(30):
        s = game.new_deal(seed=derive_seed(5, d))
        rng = random.Random(d)
        while not s.is_over:
            for melds in s.melds:
                for meld in melds:
                    for h, rh in zip(s.hands, s.rhands, strict=True):
                        w = WILD_OF[h & WILD_BITS]
                        if meld.suit >= 0:
                            proj = h >> 26 * meld.suit & M26
                            wk = 0 if meld.aux[3] else w & ~(1 << meld.suit)
                            m = legal.seq_add_shortest(meld, proj, wk)
                        else:
                            proj = rh >> 8 * meld.rank & 255
                            wk = w if meld.wild < 0 else 0
                            m = legal.set_add_shortest(meld.rank, meld.wild < 0, proj, wk)
                        entries = legal.addition_entry(meld, 1, proj, w)
                        assert m == min((k for _, _, k in entries), default=0), (d, meld)
                        checked += 1
            s = s.apply(_pick(s.moves(), rng, True))
    assert checked > 1000
