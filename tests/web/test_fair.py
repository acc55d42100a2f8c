"""Fair dealing: commitments shown before each deal, revealed after it, checked by the record's
verifier (``trapoula verify``); a chosen seed only at a solo table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapoula
from tests.web.helpers import connect, play_out
from trapoula.cli.main import main
from trapoula.web.fair import check, commit_of, verify_record
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio
BOTS3 = [{"kind": "bot", "level": "easy"}] * 3


async def _finished_record() -> tuple[dict, list[dict]]:
    """A solo table played out by bots; the record and every state the person's page got."""
    svc = TableService(MemoryStore(), bot_delay=0)
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "options": {"target": 250},
                                "seats": [{"kind": "human"}, *BOTS3], "name": "Solo",
                                "seat": "P1", "table": {"clock": 60}})
    sock = await connect(svc, t["table_id"], t["token"])
    await play_out(svc, t["table_id"], [sock])
    record = await svc.record(t["table_id"])
    await svc.close()
    return record, sock.of("state")


async def test_every_deal_is_committed_before_play_and_revealed_after() -> None:
    record, states = await _finished_record()
    deals = record["fair"]
    assert len(deals) >= 1 and [d["deal"] for d in deals] == list(range(1, len(deals) + 1))
    seen: dict[int, str] = {}
    for st in states:
        fair = st["fair"]
        if fair["commit"]:
            seen.setdefault(fair["deal"], fair["commit"])
        for r in fair["revealed"]:  # only finished deals, each matching what was shown
            assert r["deal"] < fair["deal"] or st["over"]
            assert check(r["pack"], r["salt"], r["commit"]) and seen[r["deal"]] == r["commit"]
    assert set(seen) == {d["deal"] for d in deals}
    assert commit_of(deals[0]["pack"], deals[0]["salt"]) == deals[0]["commit"]
    assert verify_record(record) == []


async def test_trapoula_verify_accepts_a_fair_record_and_catches_a_changed_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = await _finished_record()
    path = tmp_path / "fair.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    assert "fair:" in capsys.readouterr().out
    # a pack changed after the fact no longer hashes to its commitment
    bad = json.loads(json.dumps(record))
    bad["fair"][0]["pack"] = bad["fair"][0]["pack"].replace("seed ", "seed 1", 1)
    path.write_text(json.dumps(bad))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "not the commitment" in out and "not the deal" in out
    # a consistent pack, salt and commitment for another deal than the one played
    game = trapoula.make("bourloto", "gr", target=250)
    other = game.new_match(seed=record["seed"] + 1)
    from trapoula.web.fair import pack_of

    pack = pack_of(other, 1, record["seed"] + 1)
    bad["fair"][0] = {**record["fair"][0], "pack": pack,
                      "commit": commit_of(pack, record["fair"][0]["salt"])}
    path.write_text(json.dumps(bad))
    assert main(["verify", str(path)]) == 1
    assert "not the deal" in capsys.readouterr().out


async def test_a_seed_is_chosen_only_at_a_solo_table_and_everyone_is_told() -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    spec = {"game": "bourloto", "preset": "gr", "name": "Ann", "seat": "P1", "seed": 3}
    with pytest.raises(ServiceError) as err:
        await svc.create_table({**spec, "seats": [{"kind": "human"}] * 2 + BOTS3[:2]})
    assert err.value.status == 400 and "solo" in err.value.message
    t = await svc.create_table({**spec, "seats": [{"kind": "human"}, *BOTS3]})
    sock = await connect(svc, t["table_id"], t["token"])
    assert sock.state()["table"]["settings"]["seed_chosen"] is True
    u = await svc.create_table({**spec, "seed": None, "seats": [{"kind": "human"}, *BOTS3]})
    assert svc.tables[u["table_id"]].info()["settings"]["seed_chosen"] is False
    await svc.close()
