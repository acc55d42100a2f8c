"""Online tournaments (web/club/tourneys.py): real tables made through the table service,
the entrants' accounts seated, each finished table's match taken as the round's result
exactly once, standings as trapoula.club computes them."""

from __future__ import annotations

import asyncio
import time

import pytest

from trapoula.club.event import Event
from trapoula.web.club.tourney import load_tourney
from trapoula.web.club.tourneys import Runner
from trapoula.web.people.rows import Account
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore, SqlStore
from trapoula.web.table import ServiceError

ANNA = Account("acc-anna", "Anna", None, 0.0)
BO = Account("acc-bo", "Bo", None, 0.0)


def _store(kind: str, tmp_path):  # type: ignore[no-untyped-def]
    if kind == "memory":
        return MemoryStore()
    store = SqlStore(f"sqlite:///{tmp_path / 't.db'}")
    with store.engine.begin() as c:  # the accounts the tournament's rows point to
        for a in (ANNA, BO):
            c.exec_driver_sql("INSERT INTO accounts (account_id, name, name_key, created) "
                              "VALUES (?, ?, ?, 0)", (a.account_id, a.name, a.name.lower()))
    return store


async def _wait(runner: Runner, tid: str, done, seconds: float = 120.0):  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        _, t = await runner.show(tid)
        if done(t):
            return t
        await asyncio.sleep(0.05)
    raise AssertionError(f"the tournament did not get there: {t.public_json()}")


def _replayed_standings(t):  # type: ignore[no-untyped-def]
    """The standings as trapoula.club computes them from the tables' results alone."""
    ev = Event(t.settings["game"], system="swiss", scoring=t.settings["scoring"])
    for e in t.entrants:
        ev = ev.register(e.name)
    for r, tabs in enumerate(t.tables, 1):
        ev = ev.pair()
        for tab in tabs:
            got = t.table_result(r, tab["a"], tab["b"])
            if got is not None:
                ev = ev.report(tab["a"], tab["b"], *got)
    return ev.standings()


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_a_swiss_bourloto_tournament_plays_its_rounds_on_real_tables(kind, tmp_path) -> None:
    async def go() -> None:
        svc = TableService(_store(kind, tmp_path), bot_delay=0)
        runner = Runner(svc)
        tid = await runner.create(ANNA, {"game": "bourloto", "preset": "ru", "rounds": 2,
                                         "size": 4, "clock": 15})
        await runner.register(tid, ANNA, "Anna & Bo")
        with pytest.raises(ServiceError, match="already registered"):
            await runner.register(tid, ANNA, "Again")
        await runner.register(tid, BO, "Anna & Bo", partner=True)
        t = await runner.start(tid, organiser=ANNA.account_id)
        assert t.status == "playing" and len(t.entrants) == 4 and len(t.tables) == 1
        mine = runner.my_seat(t, BO.account_id)
        assert mine is not None and mine["seat"] in ("P1", "P2", "P3", "P4")
        row = await svc._db(svc.store.get_table, mine["table_id"])
        seat = next(s for s in row.seats if s.seat == mine["seat"])
        assert seat.account_id == BO.account_id and seat.name == "Bo"
        # the people play as bots would (the test plays for them through the table's clock):
        # take their seats over by bots so the round finishes at once
        for tab in t.tables[0]:
            table = await svc._get(tab["table_id"])
            for s in tab["people"].values():
                table.auto.add(s["seat"])
            svc._kick_bots(table)
        t = await _wait(runner, tid, lambda x: len(x.event.rounds) == 2 and len(x.tables) == 2)
        assert len(t.standings()) == 4
        for tab in t.tables[1]:
            table = await svc._get(tab["table_id"])
            for s in tab["people"].values():
                table.auto.add(s["seat"])
            svc._kick_bots(table)
        t = await _wait(runner, tid, lambda x: x.status == "over")
        assert [(s.entrant, s.vp, s.rank) for s in t.standings()] == [
            (s.entrant, s.vp, s.rank) for s in _replayed_standings(t)]
        assert sum(s.vp for s in t.standings()) == 2 * 2 * 2  # 2 rounds x 2 tables x 2 VP
        assert load_tourney(t.to_json()).standings() == t.standings()
        await svc.close()

    asyncio.run(go())


def _autoplay(c, t: dict) -> None:  # type: ignore[no-untyped-def]
    """The people of the current round's tables hand their seats to bots (as a person who
    does not come is played for when his clock runs out), so the round finishes at once."""
    svc = c.app.state.service
    rnd = t["rounds"][-1]

    async def go() -> None:
        for tab in rnd["tables"]:
            tid = await svc._db(svc.store.find_code, tab["code"])
            table = await svc._get(tid)
            for s in table.row.seats:
                if s.kind == "human":
                    table.auto.add(s.seat)
            svc._kick_bots(table)
    c.portal.call(go)


def _until(c, tid: str, done, seconds: float = 120.0) -> dict:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        t = c.get(f"/api/tourneys/{tid}").json()
        if done(t):
            return t  # type: ignore[no-any-return]
        time.sleep(0.1)
    raise AssertionError(f"the tournament did not get there: {t}")


def test_an_online_tournament_over_the_api_on_each_store(store) -> None:  # type: ignore[no-untyped-def]
    import csv
    import io

    from tests.web.test_club_score import client, register

    with client(store) as anna, client(store) as bo, client(store) as stranger:
        register(anna, "Anna")
        register(bo, "Bo")
        r = stranger.post("/api/tourneys", json={"game": "bourloto"})
        assert r.status_code == 401
        r = anna.post("/api/tourneys", json={"game": "bourloto", "preset": "ru", "rounds": 2,
                                             "size": 4, "clock": 7})
        assert r.status_code == 400 and "clock" in r.json()["message"]
        r = anna.post("/api/tourneys", json={"title": "Sunday Swiss", "game": "bourloto",
                                             "preset": "gr", "rounds": 2, "size": 4,
                                             "clock": 15})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        assert r.json()["organiser"] and r.json()["status"] == "registering"
        assert anna.post(f"/api/tourneys/{tid}/register", json={"pair": "Anna"}).json()[
            "entry"] == "Anna"
        assert bo.post(f"/api/tourneys/{tid}/register", json={"pair": "Bo"}).json()[
            "entry"] == "Bo"
        assert bo.post(f"/api/tourneys/{tid}/start", json={}).status_code == 403
        t = anna.post(f"/api/tourneys/{tid}/start", json={}).json()
        assert t["status"] == "playing" and len(t["entrants"]) == 4
        assert t["mine"]["seat"] in ("P1", "P2") and len(t["mine"]["token"]) > 20
        # nobody else sees Anna's seat token
        assert "mine" not in stranger.get(f"/api/tourneys/{tid}").json()
        assert t["mine"]["token"] not in stranger.get(f"/api/tourneys/{tid}").text
        _autoplay(anna, t)
        t = _until(anna, tid, lambda x: len(x["rounds"]) == 2
                   and x["rounds"][1]["tables"][0]["code"])
        assert all(tab["result"] for tab in t["rounds"][0]["tables"])
        _autoplay(anna, t)
        t = _until(anna, tid, lambda x: x["status"] == "over")
        # the standings are trapoula.club's over the tables' results
        ev = Event("bourloto", system="swiss", scoring="wdl")
        for e in t["entrants"]:
            ev = ev.register(e["name"])
        for rnd in t["rounds"]:
            ev = ev.pair()
            for tab in rnd["tables"]:
                ev = ev.report(tab["a"], tab["b"], *tab["result"])
        assert [(s["entrant"], s["vp"], s["rank"]) for s in t["standings"]] == [
            (s.entrant, s.vp, s.rank) for s in ev.standings()]
        rows = list(csv.DictReader(io.StringIO(
            stranger.get(f"/api/tourneys/{tid}/standings.csv").text)))
        assert [r["entrant"] for r in rows] == [s.entrant for s in ev.standings()]
        assert stranger.get(f"/api/tourneys/{tid}/standings.xml").status_code == 404


def test_two_processes_advance_a_tournament_exactly_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two services share one database and one bus, as two ``trapoula serve`` processes do;
    both hook the tables' ends and both look at the tournament all the time: every result is
    taken once, every round paired once and its tables made once."""
    from trapoula.web.bus import LocalBus

    async def go() -> None:
        store = _store("sqlite", tmp_path)
        bus = LocalBus()
        one = TableService(store, bus, bot_delay=0, leases=True, lease_ttl=0.5)
        two = TableService(SqlStore(f"sqlite:///{tmp_path / 't.db'}"), bus, bot_delay=0,
                           leases=True, lease_ttl=0.5)
        r1, r2 = Runner(one), Runner(two)
        tid = await r1.create(ANNA, {"game": "bourloto", "preset": "ru", "rounds": 3,
                                     "size": 8, "clock": 15})
        await asyncio.gather(r1.start(tid, ANNA.account_id), r2.start(tid, ANNA.account_id))

        async def look(r: Runner) -> None:
            while True:
                _, t = await r.show(tid)
                if t.status == "over":
                    return
                await asyncio.sleep(0.01)
        await asyncio.wait_for(asyncio.gather(look(r1), look(r2)), 240)
        t = load_tourney((await r1._row(tid)).data)
        assert len(t.event.rounds) == 3 and [len(r) for r in t.tables] == [4, 4, 4]
        assert len([e for e in t.event.log if e["type"] == "result"]) == 12
        with store.engine.connect() as c:
            made = c.exec_driver_sql("SELECT round, count(*) FROM tourney_tables "
                                     "GROUP BY round ORDER BY round").all()
            tables = c.exec_driver_sql("SELECT count(*) FROM tables").scalar()
        assert [tuple(m) for m in made] == [(1, 4), (2, 4), (3, 4)] and tables == 12
        assert [(s.entrant, s.vp) for s in t.standings()] == [
            (s.entrant, s.vp) for s in _replayed_standings(t)]
        await one.close()
        await two.close()

    asyncio.run(go())


def test_a_duplicate_round_deals_one_seed_nobody_chose_and_scores_its_boards(  # type: ignore[no-untyped-def]
        store, tmp_path, capsys) -> None:
    import hashlib
    import secrets

    from tests.web.test_club_score import client, register
    from trapoula.club.duplicate import cross_imps, matchpoints
    from trapoula.web.fairseed import seed_of, verify_chain
    from trapoula.web.limits import Limits

    limits = Limits(reveal_seconds=1.0)
    with client(store, limits) as anna, client(store, limits) as bo, \
            client(store, limits) as stranger:
        register(anna, "Anna")
        register(bo, "Bo")
        tid = anna.post("/api/tourneys", json={
            "game": "bourloto", "preset": "ru", "rounds": 1, "size": 4, "clock": 15,
            "duplicate": True}).json()["id"]
        for c, pair in ((anna, "Anna"), (bo, "Bo")):
            assert c.post(f"/api/tourneys/{tid}/register", json={"pair": pair}).status_code \
                == 200
        # each page commits H(r) before the pairing shows
        r_anna, r_bo = secrets.token_bytes(32).hex(), secrets.token_bytes(32).hex()
        c_anna = hashlib.sha256(bytes.fromhex(r_anna)).hexdigest()
        c_bo = hashlib.sha256(bytes.fromhex(r_bo)).hexdigest()
        assert anna.post(f"/api/tourneys/{tid}/seed", json={"commit": "nothex"}
                         ).status_code == 400
        t = anna.post(f"/api/tourneys/{tid}/seed", json={"commit": c_anna}).json()
        assert t["seeds"][0]["mine"]["commit"] == c_anna and "secret" not in t["seeds"][0]
        bo.post(f"/api/tourneys/{tid}/seed", json={"commit": c_bo})
        t = anna.post(f"/api/tourneys/{tid}/start", json={}).json()
        assert t["seeds"][0]["phase"] == "reveal" and t["rounds"][0]["tables"][0]["code"] \
            is None  # no tables before the seed is fixed
        # Anna reveals; Bo withholds his value: H(c) stands for it after reveal_seconds
        assert anna.post(f"/api/tourneys/{tid}/seed", json={"reveal": r_bo}).status_code == 400
        anna.post(f"/api/tourneys/{tid}/seed", json={"reveal": r_anna})
        t = _until(anna, tid, lambda x: x["rounds"][0]["tables"][0]["code"] is not None)
        assert t["seeds"][0]["phase"] == "fixed" and t["seeds"][0]["withheld"] == ["E2"]
        svc = anna.app.state.service
        rows = [anna.portal.call(svc._db, svc.store.get_table,
                                 anna.portal.call(svc._db, svc.store.find_code, tab["code"]))
                for tab in t["rounds"][0]["tables"]]
        assert len(rows) == 2 and rows[0].seed == rows[1].seed
        assert rows[0].fair["source"] == {"tourney": tid, "round": 1}
        assert rows[0].fair["phase"] == "fixed"
        # the records wait for the round's end (the other table plays the same deals)
        assert anna.portal.call(svc.round_open, {"tourney": tid, "round": 1}) is True
        _autoplay(anna, t)
        t = _until(anna, tid, lambda x: x["status"] == "over")
        assert anna.portal.call(svc.round_open, {"tourney": tid, "round": 1}) is False
        chain = t["seeds"][0]
        assert chain["secret"] and not verify_chain(chain)
        from trapoula.web.fairseed import withheld_value
        assert rows[0].seed == seed_of(chain["secret"], [r_anna, withheld_value(c_bo)])
        record = stranger.get(f"/api/tables/{rows[0].table_id}/record")
        assert record.status_code == 200, record.text
        assert record.json()["chain"]["source"] == {"tourney": tid, "round": 1}
        assert not verify_chain(record.json()["chain"], record.json()["seed"])
        saved = tmp_path / "record.json"
        saved.write_text(record.text)
        from trapoula.cli.main import main as cli
        assert cli(["verify", str(saved)]) == 0
        assert f"round 1 of tournament {tid}" in capsys.readouterr().out
        # every board both tables played, scored by hand from the tables' deals
        dup = t["duplicate"][0]
        assert dup["boards"]
        tabs = {tab["code"]: tab for tab in t["rounds"][0]["tables"]}
        for b in dup["boards"]:
            assert set(b["net"]) == set(tabs) and b["mp"] == matchpoints(b["net"])
            assert b["imps"] == cross_imps("bourloto", b["net"])
        for code, tab in tabs.items():
            mp = sum(b["mp"][code] for b in dup["boards"])
            assert dup["totals"][tab["a"]]["mp"] == mp
            assert dup["totals"][tab["b"]]["mp"] == 2 * len(dup["boards"]) - mp


def test_a_burraco_pairs_tournament_scores_fiburs_victory_points() -> None:
    from trapoula.club.scales import fibur_vp

    async def go() -> None:
        svc = TableService(MemoryStore(), bot_delay=0)
        runner = Runner(svc)
        tid = await runner.create(ANNA, {"game": "burraco", "rounds": 1, "size": 2,
                                         "clock": 15})
        await runner.start(tid, ANNA.account_id)
        t = await _wait(runner, tid, lambda x: x.status == "over", 300)
        (a, b), = t.event.rounds[0].pairs
        pa, pb = t.table_result(1, a, b)  # type: ignore[misc]
        vp = {s.entrant: s.vp for s in t.standings()}
        assert (vp[a], vp[b]) == fibur_vp(pa - pb, 3) and vp[a] + vp[b] == 20
        await svc.close()

    asyncio.run(go())


def test_a_tournament_with_a_start_time_starts_by_itself() -> None:
    async def go() -> None:
        svc = TableService(MemoryStore(), bot_delay=0)
        runner = Runner(svc)
        tid = await runner.create(ANNA, {"game": "bourloto", "rounds": 1, "size": 2,
                                         "clock": 15, "starts": time.time() + 0.3})
        await runner.register(tid, ANNA, "Anna")
        assert load_tourney((await runner._row(tid)).data).status == "registering"
        await asyncio.sleep(0.6)  # nobody looks: the process starts it on time
        t = load_tourney((await runner._row(tid)).data)
        assert t.status in ("playing", "over") and len(t.entrants) == 2
        await svc.close()

    asyncio.run(go())


def test_the_organisers_settings_and_the_entrants_steps_are_refused_with_the_reason() -> None:
    from trapoula.errors import IllegalActionError
    from trapoula.web.club.tourney import new_tourney

    for bad, says in (({"game": "whist"}, "bourloto, burraco, bourre"),
                      ({"preset": "xx"}, "ru, gr, pexevida"),
                      ({"size": 1}, "'size' is a whole number from 2 to 64"),
                      ({"rounds": 0}, "'rounds'"), ({"clock": 0}, "'clock'"),
                      ({"duplicate": "yes"}, "'duplicate'")):
        with pytest.raises(IllegalActionError, match=says):
            new_tourney(bad)
    t = new_tourney({"size": 2}).register("a1", "Anna", "Anna")
    with pytest.raises(IllegalActionError, match="bots' pairs"):
        t.register("a2", "Bo", "Bots 1")
    t = t.join("a2", "Bo", "Anna")
    with pytest.raises(IllegalActionError, match="two players already"):
        t.join("a3", "Cy", "Anna")
    with pytest.raises(IllegalActionError, match="only a duplicate"):
        t.seed_commit("a1", "0" * 64)
    t = t.start()
    assert [e.name for e in t.entrants] == ["Anna", "Bots 1"]
    with pytest.raises(IllegalActionError, match="registration is closed"):
        t.register("a4", "Di", "Di")
    with pytest.raises(IllegalActionError, match="not the tournament's current round"):
        t.report(2, "Anna", "Bots 1", 1, 0)


def test_a_round_whose_maker_died_before_its_tables_is_made_by_whoever_looks(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from trapoula.web.club import tourneys

    async def go() -> None:
        svc = TableService(MemoryStore(), bot_delay=0)
        runner = Runner(svc)
        tid = await runner.create(ANNA, {"game": "bourloto", "rounds": 1, "size": 4,
                                         "clock": 15})

        async def dies(*args: object) -> None:
            raise RuntimeError("the process died making the tables")
        monkeypatch.setattr(runner, "_make_tables", dies)
        with pytest.raises(RuntimeError):
            await runner.start(tid, ANNA.account_id)
        monkeypatch.undo()
        _, t = await runner.show(tid)
        assert t.tables_due() and not t.tables  # claimed a moment ago: not yet
        monkeypatch.setattr(tourneys, "CLAIM_SECONDS", 0.0)
        _, t = await runner.show(tid)
        assert [len(r) for r in t.tables] == [2] and not t.tables_due()
        await svc.close()

    asyncio.run(go())
