"""Ratings (web/people/ratings.py, ratings_store.py, settle.py): the OpenSkill math, which
tables count, leavers, and the stores (memory, SQLite, PostgreSQL) settling a table once."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest

import trapoula
from trapoula.web.people.ratings import places, rate, settlement, unrated_why
from trapoula.web.people.rows import Account
from trapoula.web.people.standing import Settled, Standing
from trapoula.web.people.store import people_of
from trapoula.web.rows import SeatRow, TableRow
from trapoula.web.store import SqlStore

FAIR = {"phase": "fixed"}


def _id() -> str:
    return uuid.uuid4().hex[:16]


def _row(game: str, preset: str, seats: list[SeatRow], *, options: dict[str, Any] | None = None,
         fair: dict[str, Any] | None = FAIR) -> TableRow:
    return TableRow(_id(), "C" + _id()[:5], game, preset, options or {"_table": {}}, 1,
                    "finished", 1.0, seats, fair=fair)


def _human(seat: str, account: str | None) -> SeatRow:
    return SeatRow(seat, "human", seat, token_hash="h" + seat, account_id=account)


class _Outcome:
    def __init__(self, returns: dict[str, float], winner: str | None) -> None:
        self.returns, self.winner = returns, winner


def _bourloto_result(a: str, b: str, c: str, d: str, winner: str, preset: str = "ru"
                     ) -> tuple[Settled, Any]:
    game = trapoula.make("bourloto", preset)
    row = _row("bourloto", preset, [_human("P1", a), _human("P2", b), _human("P3", c),
                                    _human("P4", d)])
    pts = {"A": 1010, "B": 700} if winner == "A" else {"A": 700, "B": 1010}
    out = _Outcome({s: pts[game.info.side_of(s)] for s in game.info.seats}, winner)
    return settlement(row, game, out, 5.0), game


def test_s_ratings_a_partnership_win_raises_both_partners_and_lowers_both_opponents() -> None:
    result, game = _bourloto_result("a", "b", "c", "d", "A")
    assert result.rated and result.places == {"P1": 1, "P3": 1, "P2": 2, "P4": 2}
    new = rate(result, game.info.sides)({})
    assert new["a"].mu > 25 and new["c"].mu > 25
    assert new["b"].mu < 25 and new["d"].mu < 25
    assert new["a"].wins == 1 and new["b"].wins == 0 and new["a"].matches == 1
    assert new["a"].sigma < 25 / 3


def test_s_ratings_bourre_ranks_several_players_by_chips_ties_sharing_a_place() -> None:
    game = trapoula.make("bourre", players=4)
    assert places(game.info.sides, game.info.side_names,
                  {"P1": 5, "P2": -2, "P3": 5, "P4": -8}, "P1") == {
        "P1": 1, "P2": 3, "P3": 2, "P4": 4}
    row = _row("bourre", game.preset, [_human(f"P{i}", f"x{i}") for i in range(1, 5)],
               options={"players": 4, "_table": {}})
    result = settlement(row, game, _Outcome({"P1": 9, "P2": -2, "P3": 1, "P4": -8}, "P1"), 1.0)
    assert result.rated  # the number of players is not a change of rules
    new = rate(result, game.info.sides)({})
    assert new["x1"].mu > new["x3"].mu > new["x2"].mu > new["x4"].mu
    assert [new[f"x{i}"].wins for i in range(1, 5)] == [1, 0, 0, 0]


def test_s_ratings_bots_are_rated_by_level_and_guests_are_not_stored() -> None:
    game = trapoula.make("bourloto", "ru")
    row = _row("bourloto", "ru", [_human("P1", "acc"), SeatRow("P2", "bot", bot="hard",
                                                                level="hard"),
                                  SeatRow("P3", "human", "g", token_hash="t"),
                                  SeatRow("P4", "bot", bot="heuristic")])
    result = settlement(row, game, _Outcome({"P1": 1, "P3": 1, "P2": 0, "P4": 0}, "A"), 1.0)
    assert result.seats == {"P1": "acc", "P2": "bot:hard", "P3": None, "P4": "bot:heuristic"}
    assert set(rate(result, game.info.sides)({})) == {"acc", "bot:hard", "bot:heuristic"}


@pytest.mark.parametrize(("change", "why"), [
    ({"options": {"_table": {"rated": False}}}, "its creator made it unrated"),
    ({"fair": None}, "its seed was chosen"),
    ({"options": {"_table": {"seed_chosen": True}}}, "its seed was chosen"),
    ({"options": {"target": 300, "_table": {}}}, "its rules are not its preset's"),
])
def test_s_ratings_tables_that_do_not_count(change: dict[str, Any], why: str) -> None:
    seats = [_human("P1", "a"), _human("P2", "b"), _human("P3", "c"), _human("P4", "d")]
    kw: dict[str, Any] = {"options": change.get("options"), "fair": change.get("fair", FAIR)}
    assert unrated_why(_row("bourloto", "ru", seats, **kw)) == why
    assert unrated_why(_row("bourloto", "ru", seats)) == ""
    twice = [_human("P1", "a"), _human("P2", "b"), _human("P3", "a"), _human("P4", "d")]
    assert unrated_why(_row("bourloto", "ru", twice)) == "an account held two seats"
    guests = [_human("P1", None), SeatRow("P2", "bot", bot="hard", level="hard"),
              _human("P3", None), SeatRow("P4", "bot", bot="hard", level="hard")]
    assert unrated_why(_row("bourloto", "ru", guests)) == "no account played at it"


def test_s_ratings_a_leaver_is_rated_last_even_when_his_side_wins() -> None:
    game = trapoula.make("bourloto", "ru")
    # "quit" left P1 during the match; a guest took the seat; side A won all the same
    row = _row("bourloto", "ru", [_human("P1", None), _human("P2", "b"), _human("P3", "c"),
                                  _human("P4", "d")])
    out = _Outcome({"P1": 1010, "P3": 1010, "P2": 700, "P4": 700}, "A")
    result = settlement(row, game, out, 1.0, {"quit": "P1"})
    assert result.rated and result.seats["P1~0"] == "quit"
    new = rate(result, game.info.sides)({})
    assert new["quit"].mu < 25 and new["quit"].wins == 0 and new["quit"].matches == 1
    assert new["c"].mu > 25  # his partner won
    # one who leaves and comes back is still a leaver
    back = _row("bourloto", "ru", [_human("P1", "quit"), _human("P2", "b"), _human("P3", "c"),
                                   _human("P4", "d")])
    again = settlement(back, game, out, 1.0, {"quit": "P1"})
    assert again.rated and again.seats["P1"] is None
    assert rate(again, game.info.sides)({})["quit"].mu < 25


def _accounts(store: Any, n: int) -> list[str]:
    people = people_of(store)
    ids = []
    for _ in range(n):
        a = Account(uuid.uuid4().hex, "R" + uuid.uuid4().hex[:10], "h", 1.0)
        people.add_account(a)
        ids.append(a.account_id)
    return ids


def test_s_ratings_a_table_is_settled_once_and_the_leaderboard_pages(store: Any) -> None:
    people = people_of(store)
    preset = "t" + uuid.uuid4().hex[:8]  # a board of this test's own (a shared PostgreSQL)
    a, b, c, d = _accounts(store, 4)
    game = trapoula.make("bourloto", "ru")
    result, _ = _bourloto_result(a, b, c, d, "A")
    result = Settled(result.table_id, "bourloto", preset, 9.0, True, "", result.seats,
                     result.places, result.winners)
    assert people.settle(result, rate(result, game.info.sides))
    assert not people.settle(result, rate(result, game.info.sides))  # once
    assert people.result_of(result.table_id) == result
    total, board = people.leaderboard("bourloto", preset, 0, 2)
    assert total == 4 and {s.subject for s in board} == {a, c}
    assert board[0].name and board[0].matches == 1 and board[0].wins == 1
    _, rest = people.leaderboard("bourloto", preset, 2, 10)
    assert {s.subject for s in rest} == {b, d}
    mine = people.standings(a)
    assert [(s.game, s.preset, s.matches) for s in mine] == [("bourloto", preset, 1)]
    (played,) = people.played(a)
    assert played.table_id == result.table_id and played.won and played.rated
    assert played.mu == pytest.approx(mine[0].mu)
    # the next match starts from the stored ratings
    second, _ = _bourloto_result(a, b, c, d, "A")
    second = Settled(second.table_id, "bourloto", preset, 10.0, True, "", second.seats,
                     second.places, second.winners)
    assert people.settle(second, rate(second, game.info.sides))
    assert people.standings(a)[0].mu > mine[0].mu and people.standings(a)[0].matches == 2
    assert [p.table_id for p in people.played(a)] == [second.table_id, result.table_id]


def test_s_ratings_an_unrated_table_changes_no_rating_but_is_in_the_history(store: Any) -> None:
    people = people_of(store)
    (a,) = _accounts(store, 1)
    result = Settled(_id(), "bourloto", "ru", 3.0, False, "its seed was chosen",
                     {"P1": a, "P2": None}, {"P1": 1, "P2": 2}, ("P1",))
    assert people.settle(result, lambda old: pytest.fail("no update"))
    assert people.standings(a) == []
    (p,) = people.played(a)
    assert not p.rated and p.won and p.mu == pytest.approx(25.0)


def test_s_ratings_two_processes_settle_a_table_exactly_once(tmp_path: Any) -> None:
    path = f"sqlite:///{tmp_path / 'two.db'}"
    stores = [SqlStore(path), SqlStore(path)]
    try:
        a, b = _accounts(stores[0], 2)
        result = Settled(_id(), "bourloto", "gr", 1.0, True, "", {"P1": a, "P2": b},
                         {"P1": 1, "P2": 2}, ("P1",))
        sides = (("P1",), ("P2",))
        got: list[bool] = []
        go = threading.Barrier(2)

        def run(s: Any) -> None:
            go.wait()
            got.append(people_of(s).settle(result, rate(result, sides)))

        threads = [threading.Thread(target=run, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(got) == [False, True]
        (st,) = people_of(stores[1]).standings(a)
        assert st.matches == 1 and st.wins == 1
        assert len(people_of(stores[1]).played(a)) == 1
    finally:
        for s in stores:
            s.close()


def test_s_ratings_standing_defaults_are_openskills() -> None:
    s = Standing("x", "bourloto", "ru")
    assert s.ordinal == pytest.approx(0.0)
