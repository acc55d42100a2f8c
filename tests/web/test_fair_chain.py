"""The match seed nobody chooses (docs/web.md, "Fair dealing"): the server's committed secret
and every seat's committed value; a withheld value; nothing unshown revealed before the match
ends; a table whose seed its creator chose takes nobody else."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import connect, play_out, send, settle
from trapoula.cli.main import main
from trapoula.web.fair import verify_record
from trapoula.web.fairseed import Chain, h, seed_of, verify_chain, withheld_value
from trapoula.web.limits import Limits
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore, SeatRow, SqlStore, Store, TableRow

pytestmark = pytest.mark.anyio
BOT = {"kind": "bot", "level": "easy"}
TWO = [{"kind": "human"}, BOT, {"kind": "human"}, BOT]


def value() -> tuple[str, str]:
    """A seat's 32 random bytes (hex) and their commitment, as the page makes them."""
    r = os.urandom(32).hex()
    return r, hashlib.sha256(bytes.fromhex(r)).hexdigest()


async def two_seats(svc: TableService, *, commit2: bool = True, **spec: Any
                    ) -> tuple[dict[str, Any], dict[str, Any], tuple[str, str], tuple[str, str]]:
    v1, v2 = value(), value()
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "options": {"target": 150},
                                "seats": TWO, "name": "Ann", "seat": "P1", "commit": v1[1],
                                "table": {"clock": 120}, **spec})
    j = await svc.join(t["code"], "Bob", "P3", commit=v2[1] if commit2 else None)
    return t, j, v1, v2


def no_secret_before_the_end(states: list[dict[str, Any]]) -> None:
    """Mid-match: no pack, no salt, no server secret, no seat's value reaches a client."""
    for st in states:
        fair = st["fair"]
        if not st["over"]:
            assert fair["revealed"] == [], f"a pack revealed at seq {st['seq']}"
            chain = fair["chain"] or {}
            assert "secret" not in chain and "reveals" not in chain


async def test_the_seed_is_hashed_from_the_servers_secret_and_every_seats_value() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    t, j, (r1, c1), (r3, c3) = await two_seats(svc)
    a = await connect(svc, t["table_id"], t["token"])
    b = await connect(svc, j["table_id"], j["token"])
    st = a.state()
    chain = st["fair"]["chain"]
    # every commitment is shown, nobody plays and nobody sees a hand until the values are in
    assert chain["phase"] == "reveal" and chain["commits"] == {"P1": c1, "P3": c3}
    assert st["table"]["held"] and st["legal"] == [] and not st["view"].get("hand")
    server = chain["server"]
    await send(svc, a, {"type": "reveal", "value": r1})
    assert a.state()["fair"]["chain"]["phase"] == "reveal"
    await send(svc, b, {"type": "reveal", "value": r3})
    st = b.state()
    assert st["fair"]["chain"]["phase"] == "fixed" and st["view"]["hand"]
    assert st["fair"]["commit"] and not st["table"]["held"]
    await play_out(svc, t["table_id"], [a, b])
    states = a.of("state") + b.of("state")
    no_secret_before_the_end(states)
    end = a.state()["fair"]
    # at the end: S, each value, the seed; every deal's pack and salt
    assert end["chain"]["server"] == server == h(end["chain"]["secret"])
    assert end["chain"]["reveals"] == {"P1": r1, "P3": r3}
    assert end["chain"]["seed"] == seed_of(end["chain"]["secret"], [r1, r3])
    assert [d["deal"] for d in end["revealed"]] == list(range(1, end["deal"] + 1))
    record = await svc.record(t["table_id"])
    assert record["seed"] == end["chain"]["seed"] and record["chain"]["withheld"] == []
    assert verify_record(record) == []
    await svc.close()


async def test_a_player_cannot_choose_the_pack() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    t, j, (r1, _), (r3, _) = await two_seats(svc)
    a = await connect(svc, t["table_id"], t["token"])
    b = await connect(svc, j["table_id"], j["token"])
    # another value than the one committed is refused: the seed stays open
    other = os.urandom(32).hex()
    await send(svc, b, {"type": "reveal", "value": other})
    assert b.errors()[-1] == "seat" and "commitment" in b.of("error")[-1]["message"]
    assert svc.tables[t["table_id"]].pending
    # a value of a seat that committed none, and a spectator's, count for nothing
    spectator = await connect(svc, t["table_id"], None)
    await send(svc, spectator, {"type": "reveal", "value": r1})
    assert spectator.errors() == ["spectator"]
    await send(svc, a, {"type": "reveal", "value": r1})
    await send(svc, b, {"type": "reveal", "value": r3})
    table = svc.tables[t["table_id"]]
    assert not table.pending
    chain = table.chain
    assert chain is not None and chain.seed == table.row.seed == table.state.seed
    # once fixed nothing changes it: a second value, a late commitment
    await send(svc, b, {"type": "reveal", "value": other})
    assert "fixed" in b.of("error")[-1]["message"] and table.row.seed == chain.seed
    # the seed depends on the server's secret, which no seat saw
    assert chain.seed != seed_of("00" * 32, [r1, r3])
    await svc.close()


async def test_a_withheld_value_is_replaced_by_a_public_one_and_shown() -> None:
    svc = TableService(MemoryStore(), bot_delay=0, limits=Limits(reveal_seconds=0.3))
    t, j, (r1, _), (_, c3) = await two_seats(svc)
    a = await connect(svc, t["table_id"], t["token"])
    await connect(svc, j["table_id"], j["token"])  # Bob's page never sends its value
    await send(svc, a, {"type": "reveal", "value": r1})
    table = svc.tables[t["table_id"]]
    assert table.pending
    deadline = time.monotonic() + 10
    while table.pending and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    await settle(svc)
    chain = a.state()["fair"]["chain"]
    assert chain["phase"] == "fixed" and chain["withheld"] == ["P3"]
    assert a.state()["view"]["hand"]  # the match goes on
    assert table.row.seed == seed_of(table.chain.secret, [r1, withheld_value(c3)])
    revealed = table.chain.revealed()
    assert verify_chain(revealed, table.row.seed) == []
    # a chain that hides the withholding does not verify
    assert verify_chain({**revealed, "withheld": []})
    await svc.close()


async def test_a_table_nobody_contributes_to_has_the_servers_value_only() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seats": [BOT] * 4})
    table = svc.tables[t["table_id"]]
    assert not table.pending and table.chain is not None and table.chain.commits == {}
    assert table.row.seed == seed_of(table.chain.secret, [])
    await svc.close()


async def test_the_chain_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.db'}"
    svc = TableService(SqlStore(url), bot_delay=0)
    t, j, (r1, _), (r3, _) = await two_seats(svc)
    a = await connect(svc, t["table_id"], t["token"])
    await send(svc, a, {"type": "reveal", "value": r1})
    server = a.state()["fair"]["chain"]["server"]
    await svc.close()
    again = TableService(SqlStore(url), bot_delay=0)
    await again.start()
    b = await connect(again, j["table_id"], j["token"])
    chain = b.state()["fair"]["chain"]
    assert chain["server"] == server and chain["revealed_seats"] == ["P1"]
    await send(again, b, {"type": "reveal", "value": r3})
    table = again.tables[t["table_id"]]
    assert not table.pending and table.row.seed == seed_of(table.chain.secret, [r1, r3])
    await again.close()


async def test_a_seeded_solo_table_takes_nobody_else() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    solo = [{"kind": "human"}, BOT, BOT, BOT]
    with pytest.raises(ServiceError) as err:  # a seed only for the person who sits
        await svc.create_table({"game": "bourloto", "preset": "gr", "seats": solo, "seed": 3})
    assert err.value.status == 400
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seats": solo, "seed": 3,
                                "name": "Ann", "seat": "P1", "table": {"hold": True}})
    listed = await svc.list_tables()
    assert [x["settings"]["seed_chosen"] for x in listed if x["id"] == t["table_id"]] == [True]
    sock = await connect(svc, t["table_id"], t["token"])
    await send(svc, sock, {"type": "leave"})  # the creator goes: a bot takes the seat
    row = svc.tables[t["table_id"]].seat_row("P1")
    assert row is not None and row.kind == "bot"
    with pytest.raises(ServiceError) as err:
        await svc.join(t["code"], "Eve", "P1")
    assert err.value.status in (403, 409)
    with pytest.raises(ServiceError) as err:
        await svc.join(t["code"], "Eve")
    assert err.value.status in (403, 409)
    await svc.close()


async def test_a_seeded_table_refuses_a_join_with_its_reason() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seed": 3, "name": "Ann",
                                "seat": "P1", "seats": [{"kind": "human"}, BOT, BOT, BOT]})
    with pytest.raises(ServiceError) as err:
        await svc.join(t["code"], "Eve")
    assert err.value.status == 403 and err.value.code == "seeded"
    assert "seed" in err.value.message
    await svc.close()


async def test_trapoula_verify_checks_the_chain(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    t, j, (r1, _), (r3, _) = await two_seats(svc)
    a = await connect(svc, t["table_id"], t["token"])
    b = await connect(svc, j["table_id"], j["token"])
    await send(svc, a, {"type": "reveal", "value": r1})
    await send(svc, b, {"type": "reveal", "value": r3})
    await play_out(svc, t["table_id"], [a, b])
    record = await svc.record(t["table_id"])
    await svc.close()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seed" in out and "2 seat" in out
    bad = json.loads(json.dumps(record))
    bad["chain"]["reveals"]["P3"] = os.urandom(32).hex()  # another value than committed
    path.write_text(json.dumps(bad))
    assert main(["verify", str(path)]) == 1
    assert "P3's value does not hash" in capsys.readouterr().out
    bad = json.loads(json.dumps(record))
    bad["chain"]["secret"] = os.urandom(32).hex()  # another secret than committed
    path.write_text(json.dumps(bad))
    assert main(["verify", str(path)]) == 1
    assert "server" in capsys.readouterr().out


async def test_two_processes_fix_one_seed() -> None:
    """Two server processes in miniature (one store, one bus): each seat's value reaches its
    own process; both fix the same seed and deal the same match."""
    from trapoula.web.bus import LocalBus

    store, bus = MemoryStore(), LocalBus()
    a = TableService(store, bus, bot_delay=0)
    b = TableService(store, bus, bot_delay=0)
    (r1, c1), (r3, c3) = value(), value()
    t = await a.create_table({"game": "bourloto", "preset": "gr", "seats": TWO, "name": "Ann",
                              "seat": "P1", "commit": c1})
    j = await b.join(t["code"], "Bob", "P3", commit=c3)
    on_a = await connect(a, t["table_id"], t["token"])
    on_b = await connect(b, j["table_id"], j["token"])
    await send(a, on_a, {"type": "reveal", "value": r1})
    await send(b, on_b, {"type": "reveal", "value": r3})
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    for _ in range(200):
        if not ta.pending and not tb.pending:
            break
        await asyncio.sleep(0.01)
    assert ta.chain is not None and tb.chain is not None
    assert ta.chain.seed == tb.chain.seed == seed_of(ta.chain.secret, [r1, r3])
    assert ta.state.view("P1") == tb.state.view("P1")
    await settle(a)
    await settle(b)
    assert on_a.state()["view"]["hand"] and on_b.state()["view"]["hand"]
    await a.close()
    await b.close()


def test_the_chain_is_stored_only_over_the_chain_it_replaces(store: Store) -> None:
    """``set_fair`` is a compare-and-set: of two processes moving the chain on from the same
    step, one wins; the seed goes with it."""
    tid = uuid.uuid4().hex[:16]
    chain = Chain.new()
    first = chain.to_json()
    store.create_table(TableRow(tid, tid[:8].upper(), "bourloto", "gr", {}, 5, "open", 1.0,
                                [SeatRow("P1", "human")], fair=first))
    got = store.get_table(tid)
    assert got is not None and got.fair == first
    chain.start(2.0)
    assert store.set_fair(tid, first, chain.to_json(), int(chain.seed or 0))
    assert not store.set_fair(tid, first, {**first, "phase": "reveal"}, 9)  # lost the race
    got = store.get_table(tid)
    assert got is not None and got.fair == chain.to_json() and got.seed == chain.seed


async def test_a_table_stored_before_the_chain_resumes_with_its_own_scheme(
        tmp_path: Path) -> None:
    """The b0301f4 database (tests/web/data) upgraded to the chain's schema: its tables have
    no chain, deal as they did, and reveal no pack before the end."""
    path = tmp_path / "old.db"
    shutil.copyfile(Path(__file__).parent / "data" / "b0301f4" / "tables.db", path)
    svc = TableService(SqlStore(f"sqlite:///{path}"), bot_delay=0)
    assert await svc.start() >= 1
    for table in svc.tables.values():
        assert table.row.fair is None and table.chain is None and not table.pending
        assert table.state.seed == table.row.seed
        fair = json.loads(table.fair_json())
        assert fair["chain"] is None
        assert fair["revealed"] == [] or table.state.is_over
    await svc.close()
