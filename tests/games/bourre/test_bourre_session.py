"""Bourré sessions: chips conserved, antes, players who leave, the deal passing left, the end
of the session, pagat exemptions, views and records."""

from __future__ import annotations

import random

import pytest

import trapoula
from trapoula.bots.base import RandomBot
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.errors import ConfigError, IllegalActionError
from trapoula.games.bourre import BourreSession

from .helpers import game


def run(session: BourreSession, rng: random.Random, steps: int = 10**9) -> BourreSession:
    total = session.total_chips
    while not session.is_over and steps:
        legal = session.legal_actions()
        assert legal
        session = session.apply(legal[int(rng.random() * len(legal))])
        assert session.total_chips == total
        assert all(v >= 0 for v in session.stacks.values()) and session.pot >= 0
        steps -= 1
    return session


def test_session_starts_with_antes_and_stacks() -> None:
    s = game(5, starting_stack=20, ante=2).new_match(seed=3)
    assert s.pot == 10 and set(s.stacks.values()) == {18} and s.total_chips == 100
    assert s.current_player == s.deal.current_player and s.deal_number == 1


def test_session_chips_conserved_and_it_ends_with_one_holder() -> None:
    for players in (2, 3, 5):
        s = run(game(players, starting_stack=12).new_match(seed=players), random.Random(1))
        res = s.result
        assert s.is_over and res["winner"] is not None and res["pot"] == 0
        assert res["stacks"][res["winner"]] == 12 * players
        assert s.legal_actions() == [] and s.current_player is None


def test_session_deal_passes_left() -> None:
    s = game(4).new_match(seed=5)
    first = s.deal.dealer_index
    d = s.deal_number
    rng = random.Random(2)
    while s.deal_number == d:
        s = s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
    assert s.deal.dealer_index == (first + 1) % 4


def test_session_next_pot_is_carry_plus_antes() -> None:
    s = game(3, starting_stack=50).new_match(seed=8)
    # everybody folds: the pot carries and three new antes join it
    s = s.apply("fold").apply("fold").apply("fold")
    assert s.deal_number == 2 and s.pot == 6
    assert set(s.stacks.values()) == {48}


def test_session_player_who_cannot_cover_the_ante_leaves() -> None:
    g = game(3, starting_stack=2, ante=2)
    s = g.new_match(seed=1)
    leader = s.current_player
    # first to speak stays, the others fold: he wins 6; the two others hold 0 and leave
    s = s.apply("stay").apply("fold").apply("fold")
    assert s.is_over and s.result["winner"] == leader
    assert s.result["stacks"][leader] == 6


def test_session_bourre_player_who_cannot_pay_leaves() -> None:
    g = game(2, starting_stack=3, max_deals=50)
    rng = random.Random(0)
    for seed in range(30):
        s = g.new_match(seed=seed)
        while not s.is_over:
            before = len(s.deals)
            s = s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
            if len(s.deals) > before:
                last = s.deals[-1]
                for p, amount in last.result["bourre"].items():
                    if last.bourre_paid[p] < amount:
                        assert p in last.left and last.stacks[p] == 0
        assert sum(s.result["stacks"].values()) + s.result["pot"] == 6


def test_session_max_deals() -> None:
    s = run(game(4, max_deals=3, starting_stack=1000).new_match(seed=2), random.Random(3))
    assert s.is_over and s.result["deals"] == 3
    assert sum(s.result["stacks"].values()) + s.result["pot"] == 4000


def antes_paid(exemptions: str, seeds: range) -> list[tuple[set[str], dict[str, int]]]:
    """For every new deal: the seats expected to skip the ante, and what each seat that still
    had chips paid."""
    g = game(4, ante_exemptions=exemptions, starting_stack=100)
    rng = random.Random(4)
    out = []
    for seed in seeds:
        s = g.new_match(seed=seed)
        while s.deal_number < 6 and not s.is_over:
            before = s.deal_number
            s = s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
            if s.deal_number == before:
                continue
            last = s.deals[-1]
            tricks = last.tricks
            most = max(tricks.values(), default=0)
            tied = {p for p, t in tricks.items() if t == most} if len(tricks) > 1 else set()
            skip = set(last.result["bourre"]) | (tied if len(tied) > 1 else set())
            paid = {p: last.stacks[p] - v for p, v in s.stacks.items() if last.stacks[p]}
            info = s.view("P1").session
            assert info is not None
            out.append((skip if exemptions == "pagat" else set(), paid))
            assert set(info.exempt) == out[-1][0]
    return out


def test_session_pagat_exemptions_skip_the_next_ante() -> None:
    rows = antes_paid("pagat", range(20))
    assert sum(len(skip) for skip, _ in rows) > 0
    for skip, paid in rows:
        assert paid == {p: 0 if p in skip else 1 for p in paid}


def test_session_no_exemptions_by_default() -> None:
    rows = antes_paid("none", range(5))
    assert rows
    for skip, paid in rows:
        assert not skip and set(paid.values()) == {1}


def test_session_view_shows_stacks_and_table() -> None:
    s = game(3, starting_stack=10).new_match(seed=1)
    v = s.view("P2")
    assert v.stacks == {"P1": 9, "P2": 9, "P3": 9} and v.pot == 3
    assert v.session is not None and v.session.seated == ("P1", "P2", "P3")
    assert v.session.left == () and v.session.last_result is None


def test_session_record_replays() -> None:
    s = run(game(4, starting_stack=15).new_match(seed=9), random.Random(5), steps=150)
    r = trapoula.replay(s.record())
    assert r.history == s.history and r.stacks == s.stacks and r.pot == s.pot
    assert r.deal_number == s.deal_number and r.deal.hands == s.deal.hands


def test_session_rejects_a_stack_below_the_ante() -> None:
    with pytest.raises(ConfigError):
        game(4, ante=5, starting_stack=4).new_match(seed=1)


def test_session_errors_change_nothing() -> None:
    s = game(4).new_match(seed=1)
    other = "P1" if s.current_player != "P1" else "P2"
    with pytest.raises(IllegalActionError):
        s.apply(f"{other} stay")
    with pytest.raises(IllegalActionError):
        s.apply("play 2S")
    assert s.history == [] and s.total_chips == 400


def test_session_seven_bots_play_a_thousand_deals_with_chips_conserved() -> None:
    g = game(7, starting_stack=1000, bourre_cap=10, max_deals=1000)
    bots = [
        BourreHeuristicBot(g, seed=i) if i % 2 == 0 else RandomBot(g, seed=i) for i in range(7)
    ]
    s = g.new_match(seed=11)
    total = s.total_chips
    while not s.is_over:
        p = s.current_player
        s = s.apply(bots[int(p[1:]) - 1].choose(s.view(p)))
        assert s.total_chips == total
    assert s.result["deals"] == 1000
    assert sum(s.result["stacks"].values()) + s.result["pot"] == 7000


def test_a_deal_of_a_session_has_its_own_replayable_record() -> None:
    s = run(game(5, starting_stack=6).new_match(seed=4), random.Random(6), steps=60)
    assert not s.is_over
    deal = s.deal
    r = trapoula.replay(deal.record())
    assert r.hands == deal.hands and r.stacks == deal.stacks and r.pot == deal.pot
    assert r.history == deal.history and r.seats == deal.seats
