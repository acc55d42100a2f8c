"""Random playouts with 2, 3 and 4 players: the fast path agrees with the public one, deals
always end, and every position keeps the invariants (108 cards, valid melds, a legal action
until the end, the score equals a recount, replay reproduces the state).  Views never leak
hidden cards."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import trapoula
from tests.games.burraco.helpers import setup
from tests.games.burraco.oracle import oracle, value
from trapoula.cards import Card
from trapoula.core.game import derive_seed
from trapoula.games.burraco import BurracoState
from trapoula.games.burraco.fast import playout
from trapoula.games.burraco.melds import analyze_sorted
from trapoula.games.burraco.turn import Table


def play_public(game: Any, seed: int, i: int) -> BurracoState:
    state = game.new_deal(seed=derive_seed(seed, i))
    rng = random.Random(derive_seed(seed, i, "policy"))
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state  # type: ignore[no-any-return]


@pytest.mark.parametrize("players", [4, 2, 3])
def test_fast_path_agrees_with_the_public_path_on_50_seeds(players: int) -> None:
    game = trapoula.make("burraco", players=players)
    fast = game.random_playouts(50, seed=2024)
    assert [play_public(game, 2024, i).result for i in range(50)] == fast
    names = ["A", "B"] if players == 4 else [f"P{i + 1}" for i in range(players)]
    assert all(sorted(r["scores"]) == names for r in fast)


def teams(state: BurracoState) -> list[tuple[str, tuple[int, ...]]]:
    """(name, seats) of every side: the partnerships, or each player alone."""
    n = state.players
    if n == 4:
        return [("A", (0, 2)), ("B", (1, 3))]
    return [(f"P{i + 1}", (i,)) for i in range(n)]


def recount(state: BurracoState) -> dict[str, int]:
    """An independent reading of §3.7 from the final position."""
    semi = state.game.options.semi_clean_bonus
    out = {}
    for team, (name, seats) in enumerate(teams(state)):
        score = 0
        for m in state.melds[team]:
            kind = oracle(m.cards)
            assert kind is not None
            score += sum(value(c) for c in m.cards)
            if len(m.cards) >= 7:
                score += 200 if kind[2] else (semi if (kind[3] and semi) else 100)
        score += 100 if state.closer == team else 0
        spared = state.closer == team and state.game.options.deduct_hands != "all_players"
        if not spared:
            score -= sum(value(c) for seat in seats for c in state.hand_indices(seat))
        score -= 0 if state.taken[team] else 100
        out[name] = score
    return out


def check_position(state: BurracoState) -> None:
    counts = [0] * 53
    n = state.players
    cards = [c for s in range(n) for c in state.hand_indices(s)]
    cards += [c for team in state.melds for m in team for c in m.cards]
    cards += list(state.discard) + list(state.stock[state.spos:])
    cards += [c for p in state.pozzetti for c in p]
    for c in cards:
        counts[c] += 1
    assert counts == [2] * 52 + [4]
    for team in state.melds:
        for m in team:
            assert analyze_sorted(m.cards) == m and oracle(m.cards) is not None
    assert [len(state.hand_indices(s)) for s in range(n)] == state.sizes
    assert len(state.melds) == len(state.taken) == (2 if n == 4 else n)
    if not state.is_over:
        assert state.legal_actions()
        seat = state.current_index
        assert state.sizes[seat] >= 1 or state.phase == "play"


@pytest.mark.parametrize("preset,options", [
    ("seed", {}),
    ("fibur", {"closing_requires": "clean_burraco", "meld_ownership": "player"}),
    ("seed", {"stock_end": "untaken_pozzetto_refills", "closing_discard_wild_forbidden": False,
              "deduct_hands": "except_closing_team"}),
    ("seed", {"players": 2}),
    ("fibur", {"players": 2, "stock_end": "untaken_pozzetto_refills"}),
    ("seed", {"players": 3}),
    ("fibur", {"players": 3, "closing_requires": "clean_burraco",
               "deduct_hands": "except_closing_team"}),
])
def test_random_deals_keep_the_invariants(preset: str, options: dict[str, Any]) -> None:
    game = trapoula.make("burraco", preset, **options)
    for i in range(6):
        state = game.new_deal(seed=derive_seed(77, i))
        rng = random.Random(i)
        while not state.is_over:
            check_position(state)
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
        check_position(state)
        assert state.end_reason in ("closing", "stock", "stalemate")
        assert state.result == {"scores": recount(state)}
        replayed = trapoula.replay(state.record())
        assert replayed.result == state.result and replayed.history == state.history
        assert replayed.hands == state.hands and replayed.melds == state.melds


@pytest.mark.parametrize("players", [4, 2, 3])
def test_random_deals_always_end_and_closings_happen(players: int) -> None:
    game = trapoula.make("burraco", stalemate_turns=1000, players=players)
    reasons = set()
    for i in range(40):
        table = Table.__new__(Table)
        game.new_deal(seed=i)._copy_table(table)
        decisions, _ = playout(table, random.Random(i))
        assert table.end_reason in ("closing", "stock", "stalemate") and decisions < 5000
        reasons.add(table.end_reason)
    assert "stock" in reasons


def cards_in(obj: Any, seen: set[int] | None = None) -> list[Card]:
    """Every Card reachable from a view (dataclasses, dicts, tuples, lists)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return []
    seen.add(id(obj))
    if isinstance(obj, Card):
        return [obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [c for f in dataclasses.fields(obj) for c in cards_in(getattr(obj, f.name), seen)]
    if isinstance(obj, dict):
        return [c for k, v in obj.items() for c in cards_in(k, seen) + cards_in(v, seen)]
    if isinstance(obj, list | tuple | set | frozenset):
        return [c for v in obj for c in cards_in(v, seen)]
    if isinstance(obj, trapoula.Action):
        return list(obj.cards)
    return []


@pytest.mark.parametrize("players", [4, 2, 3])
def test_view_shows_no_hidden_card(players: int) -> None:
    game = trapoula.make("burraco", players=players)
    for i in range(4):
        state = game.new_deal(seed=i)
        upcard = set(state.discard)  # turned up at the deal: public (a pickup event names it)
        rng = random.Random(i)
        for _ in range(60):
            if state.is_over:
                break
            for s in range(players):
                v = state.view(f"P{s + 1}")
                public = {c.index for c in v.hand} | set(state.discard)
                public |= {c for t in state.melds for m in t for c in m.cards}
                public |= {c for e in state.history for c in (x.index for x in e.action.cards)}
                public.add(state.picked)  # the one-card pile just taken: everybody saw it
                public |= upcard
                assert {c.index for c in cards_in(v)} <= public
                assert sorted(c.index for c in v.hand) == state.hand_indices(s)
                assert v.hand_counts == {f"P{k + 1}": state.sizes[k] for k in range(players)}
                assert set(v.melds) == set(v.pozzetto_taken) == set(state.team_names)
                assert v.team == state.team_of(s)
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])


def test_view_is_the_same_whatever_the_hidden_cards() -> None:
    melds = {"A": [["3H", "4H", "5H"]], "B": [["QS", "QH", "QD"]]}
    a = setup({"P1": ["7C", "8C", "9C"], "P2": ["AH", "KH"], "P3": ["2D", "JD"]},
              stock=["6C", "6D", "5D"], melds=melds)
    b = setup({"P1": ["7C", "8C", "9C"], "P2": ["5D", "JD"], "P3": ["6D", "KH"]},
              stock=["2D", "AH", "6C"], melds=melds,
              pozzetti=[list(reversed(p)) for p in
                        ([str(Card.from_index(c)) for c in a.pozzetti[1]],
                         [str(Card.from_index(c)) for c in a.pozzetti[0]])])
    assert a.view("P1") == b.view("P1")
    assert a.view("P2") != b.view("P2")
