"""The social life inside the table service (memory store, local bus): mutes and blocks hide a
writer's chat lines from one reader only, a blocked player cannot join, quick chat phrases
travel as ids, an invite wakes the friend's waiting lobby at once, presence names the table."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import pytest

from tests.web.helpers import FakeSocket, connect, send, settle
from trapoula.web.bus import LocalBus
from trapoula.web.people.hub import hub_of
from trapoula.web.people.rows import Account
from trapoula.web.people.social import ask, invite
from trapoula.web.people.store import people_of
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore
from trapoula.web.table import hash_token

pytestmark = pytest.mark.anyio


async def _service() -> TableService:
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=0, fixed_seeds=True)
    await svc.start()
    return svc


def _accounts(svc: TableService, *names: str) -> list[Account]:
    people = people_of(svc.store)
    out = []
    for n in names:
        a = Account(uuid.uuid4().hex, n, "h", time.time())
        people.add_account(a)
        out.append(a)
    return out


async def _table(svc: TableService) -> dict[str, Any]:
    return await svc.create_table({"game": "bourloto", "preset": "gr",
                                   "seats": [{"kind": "human"}] * 4, "table": {"hold": False}})


def _sit(svc: TableService, table_id: str, seat: str, who: Account) -> str:
    token = uuid.uuid4().hex
    assert svc.store.set_seat(table_id, seat, who.name, hash_token(token), who.account_id)
    return token


def _lines(sock: Any) -> list[str]:
    return ([m["text"] for h in sock.of("chat_history") for m in h["messages"]]
            + [m["text"] for m in sock.of("chat")])


async def test_a_mute_hides_his_lines_from_the_muter_only() -> None:
    svc = await _service()
    a, b, c = _accounts(svc, "Ann", "Bob", "Cat")
    t = await _table(svc)
    tid = t["table_id"]
    sa, sb, sc = [await connect(svc, tid, _sit(svc, tid, s, x))
                  for s, x in (("P1", a), ("P2", b), ("P3", c))]
    await send(svc, sb, {"type": "chat", "text": "before the mute"})
    people_of(svc.store).set_mute(a.account_id, b.account_id, True, time.time())
    await hub_of(svc).load_hides(a.account_id)
    await send(svc, sb, {"type": "chat", "text": "rude"})
    await send(svc, sc, {"type": "chat", "text": "hello"})
    assert _lines(sa) == ["before the mute", "hello"]
    assert _lines(sc) == ["before the mute", "rude", "hello"]
    assert sb.of("chat")[-1]["account"] == c.account_id
    again = await connect(svc, tid, None, name="Ann")  # a spectator without an account
    assert _lines(again) == ["before the mute", "rude", "hello"]
    ann = FakeSocket()
    sa2 = await svc.connect(tid, None, ann.send, ann.close, account_id=a.account_id)
    await settle(svc)
    assert b.account_id in sa2.hides  # Ann watching too: his lines hidden there as well
    assert _lines(ann) == ["hello"]  # the history hides every line of his
    await svc.close()


async def test_a_blocked_player_can_neither_join_nor_write_to_the_blocker() -> None:
    svc = await _service()
    a, b, c = _accounts(svc, "Ann", "Bob", "Cat")
    t = await _table(svc)
    tid = t["table_id"]
    sa = await connect(svc, tid, _sit(svc, tid, "P1", a))
    people_of(svc.store).set_block(a.account_id, b.account_id, True, time.time())
    with pytest.raises(ServiceError) as refused:
        await svc.join(t["code"], "Bob", account=b)
    assert refused.value.status == 403 and refused.value.code == "blocked"
    assert "blocked you" in refused.value.message
    assert all(not s.taken for s in svc.tables[tid].row.seats[1:])  # nothing changed
    j = await svc.join(t["code"], "Cat", account=c)  # another player may
    assert j["seat"] == "P2"
    await hub_of(svc).load_hides(a.account_id)
    bob = FakeSocket()
    sb = await svc.connect(tid, None, bob.send, bob.close, account_id=b.account_id)
    await svc._chat(sb, "you cannot hear me")
    await settle(svc)
    assert _lines(bob) == ["you cannot hear me"] and _lines(sa) == []
    with pytest.raises(ServiceError) as no_ask:
        await ask(hub_of(svc), b, a.name)
    assert no_ask.value.code == "blocked"
    await svc.close()


async def test_a_quick_chat_phrase_travels_as_its_id() -> None:
    svc = await _service()
    t = await _table(svc)
    s1 = await connect(svc, t["table_id"], None, name="Zoe")
    await send(svc, s1, {"type": "chat", "phrase": "well_played"})
    await send(svc, s1, {"type": "chat", "phrase": "<script>"})
    got = s1.of("chat")[-1]
    assert (got["phrase"], got["text"]) == ("well_played", "Well played")
    assert s1.errors() == ["bad_message"]
    later = await connect(svc, t["table_id"], None)
    assert later.of("chat_history")[0]["messages"][0]["phrase"] == "well_played"
    await svc.close()


async def test_an_invite_wakes_the_friends_waiting_lobby_at_once() -> None:
    svc = await _service()
    a, b = _accounts(svc, "Ann", "Bob")
    hub = hub_of(svc)
    t = await _table(svc)
    with pytest.raises(ServiceError) as not_friends:
        await invite(hub, a, b.account_id, t["code"])
    assert not_friends.value.code == "not_friends"
    assert (await ask(hub, a, "bob"))["state"] == "asked"
    assert (await ask(hub, b, "ANN"))["state"] == "friends"
    since = time.time()

    async def ready() -> bool:
        return bool(people_of(svc.store).invites_for(b.account_id, since))

    waiter = asyncio.ensure_future(hub.wait(b.account_id, 20.0, ready))
    await asyncio.sleep(0.05)
    start = time.monotonic()
    await invite(hub, a, b.account_id, t["code"])
    await asyncio.wait_for(waiter, 5.0)
    assert time.monotonic() - start < 1.0
    [inv] = people_of(svc.store).invites_for(b.account_id)
    assert (inv.from_id, inv.code) == (a.account_id, t["code"])
    await svc.close()


async def test_presence_names_the_table_a_friend_sits_at() -> None:
    svc = await _service()
    a, b = _accounts(svc, "Ann", "Bob")
    hub = hub_of(svc)
    t = await _table(svc)
    await connect(svc, t["table_id"], _sit(svc, t["table_id"], "P1", a))
    assert (a.account_id, t["table_id"]) in hub.alive()
    assert await hub.presence([a.account_id, b.account_id]) == {a.account_id: t["table_id"]}
    await svc.close()
