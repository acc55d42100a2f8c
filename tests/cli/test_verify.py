"""``trapoula verify RECORD`` on a record of today's server (the seed's chain checked too) and
on one saved by an earlier version (``data/fair_record_c60734b.json``, written by the code of
commit c60734b, before the chain: checked deal by deal as it was then)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tests.cli.conftest import RunCli

OLD = Path(__file__).parent / "data" / "fair_record_c60734b.json"
BOT = {"kind": "bot", "level": "easy"}


def new_record() -> dict[str, Any]:
    """A solo table whose person sent a value for the seed, played out by bots."""
    from trapoula.web.service import TableService
    from trapoula.web.store import MemoryStore

    async def play() -> dict[str, Any]:
        svc = TableService(MemoryStore(), bot_delay=0)
        r = os.urandom(32).hex()
        t = await svc.create_table({
            "game": "bourloto", "preset": "gr", "options": {"target": 150}, "name": "Ann",
            "seat": "P1", "seats": [{"kind": "human"}, BOT, BOT, BOT],
            "table": {"clock": 120}, "commit": hashlib.sha256(bytes.fromhex(r)).hexdigest()})
        table = svc.tables[t["table_id"]]
        await svc._reveal(table, "P1", r)
        table.auto.add("P1")
        svc._kick_bots(table)
        for _ in range(200000):
            if table.state.is_over:
                break
            await asyncio.sleep(0.001)
        out = await svc.record(t["table_id"])
        await svc.close()
        return out

    return asyncio.run(play())


def test_verify_checks_a_new_record_and_its_seed(run_cli: RunCli, tmp_path: Path) -> None:
    record = new_record()
    assert list(record["chain"]["reveals"]) == ["P1"]
    path = tmp_path / "new.json"
    path.write_text(json.dumps(record))
    res = run_cli("verify", str(path))
    assert res.code == 0, res.out
    assert "seed: hashed from the server's committed secret and 1 seat value(s)" in res.out
    record["seed"] += 1  # a record whose seed is not the chain's
    path.write_text(json.dumps(record))
    res = run_cli("verify", str(path))
    assert res.code == 1 and "the seed is not H(S" in res.out


def test_verify_still_checks_a_record_saved_before_the_chain(run_cli: RunCli,
                                                            tmp_path: Path) -> None:
    old = json.loads(OLD.read_text())
    assert "chain" not in old and old["fair"]
    res = run_cli("verify", str(OLD))
    assert res.code == 0, res.out
    assert f"fair: {len(old['fair'])} deal(s) checked" in res.out
    assert "the record has no chain" in res.out
    old["fair"][0]["salt"] = "0" * 32
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    res = run_cli("verify", str(path))
    assert res.code == 1 and "not the commitment" in res.out
