"""The memoized legal-move generation (legal.py) agrees with the reference enumeration of
melds.py (hand_melds, meld_additions) on random hands and melds, and a whole legal list
(``Table.moves``) agrees with the readable §3.4 reference (reference_3_4.py: the
candidates of melds.py filtered by the dead-end rule), in the positions of the §3.4 rule
tests and along deals with large hands (``tests/kernel`` checks it at every state of
random deals of every option set)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.burraco.helpers import setup
from trapoula.games.burraco.legal import (
    act,
    addition_entry,
    decode,
    rank_entry,
    suit_entry,
)
from trapoula.games.burraco.melds import (
    SET,
    MeldInfo,
    add_to_meld,
    analyze_sorted,
    hand_melds,
    meld_additions,
)
from trapoula.games.burraco.tables import (
    JOKER,
    M26,
    NCARDS,
    WILD_BITS,
    WILD_OF,
    codes_of,
)

DECK = [c for c in range(52) for _ in range(2)] + [JOKER] * 4


def counts(cards: list[int]) -> list[int]:
    out = [0] * NCARDS
    for c in cards:
        out[c] += 1
    return out


def memo_melds(cards: list[int]) -> list[tuple[int, ...]]:
    """hand_melds through the caches of legal.py."""
    code, rcode = codes_of(cards)
    w = WILD_OF[code & WILD_BITS]
    out = []
    for s in range(4):
        seqs, _ = suit_entry(s, code >> 26 * s & M26, w)
        out += [e[0] for e in seqs]
    for k in range(1, 13):
        out += [e[0] for e in rank_entry(k, rcode >> 8 * k & 255, w)]
    return sorted(out)


def memo_additions(meld: MeldInfo, cards: list[int]) -> list[tuple[int, ...]]:
    code, rcode = codes_of(cards)
    w = WILD_OF[code & WILD_BITS]
    proj = code >> 26 * meld.suit & M26 if meld.kind != SET else rcode >> 8 * meld.rank & 255
    entries = addition_entry(meld, 3, proj, w)
    for cards_, a, size in entries:
        assert decode(act(a))[:3] == (3, 3, cards_) and size == len(cards_)
    return [e[0] for e in entries]


def random_melds(rng: random.Random, k: int) -> list[MeldInfo]:
    """Valid melds of every shape: drawn from random hands, then grown at random."""
    out: list[MeldInfo] = []
    while len(out) < k:
        pool = DECK[:]
        rng.shuffle(pool)
        found = hand_melds(counts(pool[:rng.randrange(6, 30)]))
        if not found:
            continue
        m = analyze_sorted(rng.choice(found))
        assert m is not None
        rest = pool[30:]
        for _ in range(rng.randrange(0, 6)):
            grown = add_to_meld(m, (rng.choice(rest),))
            if grown is not None:
                m = grown
        out.append(m)
    return out


def test_memoized_melds_and_discards_agree_with_the_reference() -> None:
    rng = random.Random(11)
    for _ in range(1500):
        pool = DECK[:]
        rng.shuffle(pool)
        hand = pool[:rng.randrange(1, 25)]
        assert memo_melds(hand) == hand_melds(counts(hand))
        code, _ = codes_of(hand)
        disc = [decode(a)[2][0] for s in range(4)
                for a in suit_entry(s, code >> 26 * s & M26, WILD_OF[code & WILD_BITS])[1]]
        assert disc == sorted(set(c for c in hand if c != JOKER))


def test_memoized_additions_agree_with_the_reference() -> None:
    rng = random.Random(12)
    melds = random_melds(rng, 400)
    for meld in melds:
        for _ in range(6):
            left = DECK[:]
            for c in meld.cards:
                left.remove(c)
            rng.shuffle(left)
            hand = left[:rng.randrange(1, 20)]
            assert memo_additions(meld, hand) == meld_additions(meld, counts(hand)), (
                meld.cards, sorted(hand))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=22), st.randoms())
def test_hypothesis_hands_and_melds(cards: list[int], rnd: random.Random) -> None:
    hand = [c for c in cards if cards.count(c) <= (4 if c == JOKER else 2)]
    assert memo_melds(hand) == hand_melds(counts(hand))
    meld = random_melds(rnd, 1)[0]
    assert memo_additions(meld, hand) == meld_additions(meld, counts(hand))


def test_emptying_the_caches_mid_game_changes_nothing() -> None:
    """With tiny cache limits the derived caches are emptied again and again during play
    (the action ids stay: they are never reissued); legal lists, results and replays stay
    the same."""
    import pytest

    import trapoula
    import trapoula.games.burraco.legal as legal
    from trapoula.core.game import derive_seed

    game = trapoula.make("burraco", players=3)

    emptyings = [0]

    def cached() -> list[int]:
        return [len(c) for c in (legal.SUITS, legal.RANKS, legal.ADDS, legal.SET_ADDS,
                                 legal._SEQ_PARTS, legal._TEMPLATES, legal._ADD_PARTS)]

    def play(seed: int) -> tuple[list[list[str]], object]:
        s = game.new_deal(seed=derive_seed(31, seed))
        rng = random.Random(seed)
        lists = []
        while not s.is_over:
            legal_now = s.legal_actions()
            lists.append([str(a) for a in legal_now])
            before = cached()
            s = s.apply(legal_now[int(rng.random() * len(legal_now))])
            s.legal_actions()
            emptyings[0] += any(a < b for a, b in zip(cached(), before, strict=True))
        return lists, s.result

    normal = [play(i) for i in range(6)]
    ids = list(legal.ACTS)
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(legal, "_LIMIT", 20)
        legal.clear_caches()
        assert not legal.SUITS and not legal.ADDS
        emptyings[0] = 0
        emptied = [play(i) for i in range(6)]
        assert emptyings[0] >= 20
    finally:
        mp.undo()
    assert emptied == normal
    assert legal.ACTS[:len(ids)] == ids  # (no id reissued)


def _agree(s: Any) -> None:
    from trapoula.games.burraco.reference_3_4 import legal_actions

    assert [str(a) for a in legal_actions(s)] == [str(a) for a in s.legal_actions()]


def test_s3_4_5_dead_end_positions_agree_with_the_readable_reference() -> None:
    """The positions of test_3_2_3_4_deal_and_turn.py where the dead-end rule decides."""
    burraco = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    positions = [
        setup({"P1": ["JK"]}, stock=["10H", "9D", "10D"], taken={"A": True, "B": False},
              melds={"A": [burraco, ["10S", "10D", "10C"]]}).apply("draw"),
        setup({"P1": ["7H"]}, discard=["7H"]),
        setup({"P1": ["7H"]}, discard=["7H"], melds={"A": [["7S", "7D", "7C"]]}),
        setup({"P1": ["7H"]}, discard=["7H"], melds={"A": [["7S", "7D", "7C"]]}).apply("pickup"),
        setup({"P1": ["3H", "4H", "5H"]}, stock=["9C", "9D", "10D"],
              taken={"A": True, "B": False}).apply("draw"),
        setup({"P1": ["JK", "2C", "QS"]}, stock=["KS", "9D"], taken={"A": True, "B": False},
              melds={"A": [burraco]}, closing_discard_wild_forbidden=False).apply("draw"),
        setup({"P1": ["JK", "2C", "QS"]}, stock=["KS", "9D"], taken={"A": True, "B": False},
              melds={"A": [burraco]}, closing_requires="clean_burraco").apply("draw"),
    ]
    for s in positions:
        _agree(s)


def test_s3_4_whole_legal_lists_agree_with_the_readable_reference() -> None:
    """Deals where the player picks the pile up whenever he can and rarely melds: large
    hands, many sequences, sets and additions to check."""
    import trapoula

    for options in ({}, {"players": 2}, {"meld_ownership": "player"}):
        game = trapoula.make("burraco", **options)
        for seed in range(2):
            s = game.new_deal(seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                _agree(s)
                moves = s.legal_actions()
                kinds = [m.kind for m in moves]
                if "pickup" in kinds:
                    move = moves[kinds.index("pickup")]
                elif "discard" in kinds and rng.random() < 0.8:
                    move = rng.choice([m for m in moves if m.kind == "discard"])
                else:
                    move = rng.choice(moves)
                s = s.apply(move)
