"""Ratings settled by the table service when a match ends (web/people/settle.py): a rated
table against bots, an unrated one, and a person who leaves during a match."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from tests.web.helpers import connect, play_out, send
from trapoula.web.people.ratings import people_for
from trapoula.web.people.rows import Account
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio


def _account(svc: TableService) -> Account:
    a = Account(uuid.uuid4().hex, "S" + uuid.uuid4().hex[:8], "h", 1.0)
    people_for(svc.store).add_account(a)
    return a


async def _settled(svc: TableService, table_id: str) -> Any:
    people = people_for(svc.store)
    for _ in range(400):
        got = people.result_of(table_id)
        if got is not None:
            return got
        await asyncio.sleep(0.01)
    raise AssertionError("the table was never settled")


async def _solo(svc: TableService, account: Account, **table: Any) -> dict[str, Any]:
    bots = [{"kind": "bot", "level": "easy"}] * 3
    return await svc.create_table({"game": "bourloto", "preset": "ru",
                                   "seats": [{"kind": "human"}, *bots], "seat": "P1",
                                   "table": {"clock": 60, **table}}, None, account)


async def test_s_ratings_a_finished_match_against_bots_moves_the_players_rating() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    try:
        a = _account(svc)
        made = await _solo(svc, a)
        sock = await connect(svc, made["table_id"], made["token"])
        assert sock.state()["table"]["rated"] is True
        await play_out(svc, made["table_id"], [sock])
        result = await _settled(svc, made["table_id"])
        assert result.rated and result.seats["P1"] == a.account_id
        assert result.seats["P2"] == "bot:easy"
        people = people_for(svc.store)
        (st,) = people.standings(a.account_id)
        assert (st.game, st.preset, st.matches) == ("bourloto", "ru", 1)
        assert st.wins == (1 if "P1" in result.winners else 0)
        assert st.mu != 25.0
        assert people.standings("bot:easy")[0].matches == 1
    finally:
        await svc.close()


async def test_s_ratings_a_table_made_unrated_changes_nothing() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    try:
        a = _account(svc)
        made = await _solo(svc, a, rated=False)
        sock = await connect(svc, made["table_id"], made["token"])
        assert sock.state()["table"]["rated"] is False
        assert (await svc.find(made["code"]))["rated"] is False
        await play_out(svc, made["table_id"], [sock])
        result = await _settled(svc, made["table_id"])
        assert not result.rated and result.why == "its creator made it unrated"
        assert people_for(svc.store).standings(a.account_id) == []
        assert people_for(svc.store).standings("bot:easy") == []
        (p,) = people_for(svc.store).played(a.account_id)
        assert not p.rated
    finally:
        await svc.close()


async def test_s_ratings_a_person_who_leaves_a_rated_match_is_rated_last() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    try:
        a, b = _account(svc), _account(svc)
        made = await svc.create_table(
            {"game": "bourloto", "preset": "ru", "seat": "P1", "table": {"clock": 60},
             "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"},
                       {"kind": "bot", "level": "easy"}]}, None, a)
        joined = await svc.join(made["code"], "x", "P2", None, None, b)
        s1 = await connect(svc, made["table_id"], made["token"])
        s2 = await connect(svc, made["table_id"], joined["token"])
        table = svc.tables[made["table_id"]]
        for _ in range(500):  # the bots and the two seats on auto play a few moves
            if table.seq >= 3:
                break
            await send(svc, s1, {"type": "autoplay"})
            await send(svc, s2, {"type": "autoplay"})
            await asyncio.sleep(0.01)
        await send(svc, s2, {"type": "leave"})
        assert people_for(svc.store).leavers(made["table_id"]) == {b.account_id: "P2"}
        await play_out(svc, made["table_id"], [s1])
        result = await _settled(svc, made["table_id"])
        assert result.rated and result.seats["P2"] is None
        assert result.seats["P2~0"] == b.account_id
        (st,) = people_for(svc.store).standings(b.account_id)
        assert st.matches == 1 and st.wins == 0 and st.mu < 25.0
    finally:
        await svc.close()
