"""Duplicate scoring, the scales, pairings, the Mitchell movement and the standings."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapoula.club.duplicate import board_results, cross_imps, matchpoints, other_side
from trapoula.club.movement import mitchell
from trapoula.club.pairing import danish, individual, met, round_robin, swiss
from trapoula.club.scales import WBF_IMP_STEPS, fibur_vp, game_imps, imps
from trapoula.club.standings import bye, result, standings, to_csv, to_json, win_draw_loss
from trapoula.errors import ConfigError

# --- scales ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("diff", "want"), [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2),
                                            (420, 9), (430, 10), (1090, 14), (1100, 15),
                                            (3990, 23), (4000, 24), (9000, 24), (-470, -10)])
def test_the_wbf_imp_table(diff: int, want: int) -> None:
    assert imps(diff) == want


def test_game_imps_read_the_wbf_table_at_the_games_factor() -> None:
    assert game_imps("bourloto", 116) == imps(464) == 10  # §1.7: made vs inside
    assert game_imps("burraco", 100) == imps(200) == 5  # a closing's 100
    assert game_imps("burraco", 2000) == 24
    with pytest.raises(ConfigError):
        game_imps("bourre", 10)


@pytest.mark.parametrize(("diff", "hands", "want"), [
    (0, 3, (10, 10)), (50, 3, (10, 10)), (55, 3, (11, 9)), (500, 3, (14, 6)),
    (505, 3, (15, 5)), (1500, 3, (19, 1)), (1505, 3, (20, 0)), (-155, 3, (8, 12)),
    (100, 4, (10, 10)), (105, 4, (11, 9)), (2000, 4, (19, 1)), (2005, 4, (20, 0)),
])
def test_fibur_victory_points(diff: int, hands: int, want: tuple[int, int]) -> None:
    assert fibur_vp(diff, hands) == want


@given(st.integers(-5000, 5000), st.sampled_from([3, 4]))
def test_fibur_vp_add_up_to_20_and_rise_with_the_difference(diff: int, hands: int) -> None:
    a, b = fibur_vp(diff, hands)
    assert a + b == 20
    assert fibur_vp(diff + 5, hands)[0] >= a
    assert fibur_vp(-diff, hands) == (b, a)


def test_imp_steps_rise() -> None:
    assert list(WBF_IMP_STEPS) == sorted(set(WBF_IMP_STEPS)) and len(WBF_IMP_STEPS) == 24


# --- duplicate ------------------------------------------------------------------------------

results = st.dictionaries(st.text("abcdefgh", min_size=1, max_size=3),
                          st.integers(-600, 600), min_size=1, max_size=12)


@given(results)
def test_matchpoints_add_up_to_a_constant_per_board(res: dict[str, int]) -> None:
    n = len(res)
    mp = matchpoints(res)
    assert sum(mp.values()) == n * (n - 1)
    assert all(0 <= v <= 2 * (n - 1) for v in mp.values())
    ew = other_side(mp, n)
    assert ew == matchpoints({t: -v for t, v in res.items()})


@given(results)
def test_cross_imps_sum_to_zero_and_order_like_the_results(res: dict[str, int]) -> None:
    ci = cross_imps("bourloto", res)
    assert abs(sum(ci.values())) <= 0.005 * len(res) + 1e-9  # each rounded to 2 decimals
    for a, b in itertools.combinations(res, 2):
        if res[a] > res[b]:
            assert ci[a] >= ci[b]


def test_a_bourloto_duplicate_board_of_the_worked_example() -> None:
    """RULES.md §1.7 at three tables: B bought and made twice; at t3 A bought and went
    inside."""
    res = board_results({"t1": {"A": 58, "B": 144}, "t2": {"A": 58, "B": 144},
                         "t3": {"A": 0, "B": 202}})
    assert res == {"t1": -86, "t2": -86, "t3": -202}
    assert matchpoints(res) == {"t1": 3, "t2": 3, "t3": 0}
    assert cross_imps("bourloto", res) == {"t1": 5.0, "t2": 5.0, "t3": -10.0}


# --- pairings -------------------------------------------------------------------------------

def _perfect_matchings(people: list[str]) -> list[list[tuple[str, str]]]:
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    out = []
    for i, other in enumerate(rest):
        for m in _perfect_matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, other), *m])
    return out


field = st.integers(2, 8).flatmap(lambda n: st.tuples(
    st.permutations([f"p{i}" for i in range(n)]),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12)))


@settings(max_examples=150, deadline=None)
@given(field)
def test_swiss_never_pairs_a_rematch_when_it_can_be_avoided(data: tuple) -> None:
    ranking, raw = data
    played = [(f"p{a}", f"p{b}") for a, b in raw if a != b]
    p = swiss(list(ranking), played)
    seated = [x for pair in p.pairs for x in pair] + ([p.bye] if p.bye else [])
    assert sorted(seated) == sorted(ranking)  # everyone once
    seen = met(played)
    best = min(sum(frozenset(m) in seen for m in matching)
               for b in (ranking if len(ranking) % 2 else [None])
               for matching in _perfect_matchings([x for x in ranking if x != b]))
    assert p.rematches(played) == best


def test_swiss_pairs_neighbours_and_gives_the_bye_to_the_lowest_without_one() -> None:
    p = swiss(["a", "b", "c", "d", "e"], played=[("a", "b")], byes=["e"])
    assert p.bye == "d" and p.pairs == (("a", "c"), ("b", "e"))


def test_danish_pairs_first_with_second_even_in_a_rematch() -> None:
    p = danish(["a", "b", "c", "d"], played=[("a", "b")])
    assert p.pairs == (("a", "b"), ("c", "d")) and p.rematches([("a", "b")]) == 1


@pytest.mark.parametrize("n", range(2, 11))
def test_round_robin_meets_everyone_once(n: int) -> None:
    names = [f"p{i}" for i in range(n)]
    rounds = round_robin(names)
    games = [frozenset(p) for r in rounds for p in r.pairs]
    assert len(games) == len(set(games)) == n * (n - 1) // 2
    for r in rounds:
        seated = [x for p in r.pairs for x in p] + ([r.bye] if r.bye else [])
        assert sorted(seated) == sorted(names)


players = st.integers(4, 9).flatmap(lambda n: st.tuples(
    st.permutations([f"p{i}" for i in range(n)]),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=10),
    st.lists(st.integers(0, n - 1), max_size=4)))


@settings(max_examples=100, deadline=None)
@given(players)
def test_individual_rounds_rotate_partners_when_they_can(data: tuple) -> None:
    ranking, raw, out = data
    partnered = [(f"p{a}", f"p{b}") for a, b in raw if a != b]
    sat_out = [f"p{i}" for i in out]
    r = individual(list(ranking), partnered, sat_out)
    seated = [p for t in r.tables for pair in t for p in pair]
    assert sorted(seated + list(r.sit_out)) == sorted(ranking)
    assert len(r.sit_out) == len(ranking) % 4
    if r.sit_out:  # those who sat out least sit out
        assert max(sat_out.count(p) for p in r.sit_out) <= min(sat_out.count(p) for p in seated)
    seen = met(partnered)
    repeats = sum(frozenset(pair) in seen for t in r.tables for pair in t)
    best = min(sum(frozenset(m) in seen for m in matching)
               for matching in _perfect_matchings(seated))
    assert repeats == best


# --- movement -------------------------------------------------------------------------------

@pytest.mark.parametrize("pairs", range(4, 31))
def test_mitchell_no_pair_meets_twice_or_plays_a_board_set_twice(pairs: int) -> None:
    m = mitchell(pairs)
    tables = (pairs + 1) // 2
    assert len(m) == (tables - 1 if tables % 2 == 0 else tables)
    boards: dict[int, list[int]] = {}
    meets: dict[int, list[int]] = {}
    for rnd in m:
        assert sorted(s.boards for s in rnd) == list(range(1, tables + 1))
        for s in rnd:
            assert s.ns == s.table or s.ns == 0
            boards.setdefault(s.ns, []).append(s.boards)
            if s.ew:
                boards.setdefault(s.ew, []).append(s.boards)
                meets.setdefault(s.ew, []).append(s.ns)
    for pair, sets in boards.items():
        if pair:
            assert len(sets) == len(set(sets))
    for ns in meets.values():
        assert len(ns) == len(set(ns))
    everyone = {s.ns for r in m for s in r} | {s.ew for r in m for s in r}
    assert everyone - {0} == set(range(1, pairs + 1))


def test_mitchell_refuses_too_many_rounds() -> None:
    with pytest.raises(ConfigError):
        mitchell(8, rounds=4)  # 4 tables: a skip Mitchell of 3 rounds


# --- standings ------------------------------------------------------------------------------

def test_head_to_head_decides_before_buchholz_and_difference() -> None:
    rs = [result(1, "a", "b", 1000, 600, hands=3),   # 400: a 14, b 6
          result(1, "c", "d", 1600, 0, hands=3),     # c 20, d 0
          result(2, "b", "c", 1600, 0, hands=3),     # b 20, c 0
          result(2, "a", "d", 700, 500, hands=3)]    # 200: a 12, d 8
    table = {s.entrant: s for s in standings("abcd", rs)}
    assert table["a"].vp == table["b"].vp == 26
    assert table["b"].buchholz > table["a"].buchholz  # 46 against 34
    assert table["b"].difference > table["a"].difference  # 1200 against 600
    assert (table["a"].rank, table["b"].rank) == (1, 2)  # a beat b


def test_buchholz_decides_when_head_to_head_is_level() -> None:
    rs = [result(1, "a", "c", 1000, 600, hands=3),   # a 14, c 6
          result(1, "b", "d", 1000, 600, hands=3),   # b 14, d 6
          result(2, "c", "e", 1600, 0, hands=3),     # c 20 (26 in all)
          result(2, "d", "f", 700, 600, hands=3)]    # d 11 (17 in all)
    table = standings("abcdef", rs)
    assert [s.entrant for s in table] == ["c", "d", "a", "b", "f", "e"]
    a, b = table[2], table[3]
    assert a.vp == b.vp == 14 and (a.rank, b.rank) == (3, 4)
    assert a.buchholz == 26 and b.buchholz == 17 and a.difference == b.difference


def test_point_difference_decides_last_and_equals_share_a_rank() -> None:
    rs = [win_draw_loss(1, "a", "b", 10, 5), win_draw_loss(2, "b", "c", 10, 5),
          win_draw_loss(3, "c", "a", 10, 5)]
    assert [s.vp for s in standings("abc", rs)] == [2, 2, 2]  # a cycle: all equal
    rs2 = [win_draw_loss(1, "x", "y", 10, 5), win_draw_loss(2, "y", "z", 10, 5),
           win_draw_loss(3, "z", "w", 10, 5), win_draw_loss(4, "w", "x", 10, 0)]
    table = standings("wxyz", rs2)
    assert [s.vp for s in table] == [2, 2, 2, 2]
    assert [(s.entrant, s.rank) for s in table] == [("w", 1), ("y", 2), ("z", 2), ("x", 4)]


def test_exports_hold_every_column_and_the_results() -> None:
    rs = [result(1, "a", "b", 1450, 900, hands=3), bye(1, "c")]
    table = standings("abc", rs)
    text = to_csv(table)
    assert text.splitlines()[0].startswith("rank,entrant,played,vp,head_to_head,buchholz")
    assert text.splitlines()[1].startswith("1,a,1,15")
    data = json.loads(to_json(table, rs))
    assert data["tie_breaks"] == ["vp", "head_to_head", "buchholz", "difference"]
    assert data["standings"][0]["entrant"] == "a" and len(data["results"]) == 2
