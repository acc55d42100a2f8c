"""Schema versions: a database written by trapoula b0301f4 is upgraded and every table resumes
the same; a clean close leaves one self-contained SQLite file; database failures are not
seq conflicts; ``trapoula db upgrade`` and ``trapoula db backup``.

``data/b0301f4/tables.db`` was written by the code of commit b0301f4 itself
(``tools/make_web_db.py``), with ``expected.json``: every table's seq, seat to act, and each
seat's view and legal actions as that code computed them.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from trapoula.cli.main import main
from trapoula.web.schema import HEAD, current_revision
from trapoula.web.serialize import to_json
from trapoula.web.service import TableService
from trapoula.web.store import SeatRow, SqlStore, StoreUnavailable, TableRow

DATA = Path(__file__).parent / "data" / "b0301f4"
EXPECTED = json.loads((DATA / "expected.json").read_text())


def keeps_every_field(old: object, new: object) -> bool:
    """``new`` shows every field ``old`` showed, with the same value (recursively).

    A later version may add fields to a view (a new public fact such as Bourloto's
    ``counted``), but never change or drop one that an earlier version showed.

    >>> keeps_every_field({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}], "d": 4})
    True
    >>> keeps_every_field({"a": [1, {"b": 2}]}, {"a": [1, {"b": 5}]})
    False
    """
    if isinstance(old, dict):
        return isinstance(new, dict) and all(
            k in new and keeps_every_field(v, new[k]) for k, v in old.items())
    if isinstance(old, list):
        return (isinstance(new, list) and len(old) == len(new)
                and all(keeps_every_field(a, b) for a, b in zip(old, new, strict=True)))
    return old == new


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    path = tmp_path / "trapoula.db"
    shutil.copyfile(DATA / "tables.db", path)
    return path


@pytest.mark.anyio
async def test_a_b0301f4_database_is_upgraded_and_every_table_resumes_the_same(
    old_db: Path,
) -> None:
    url = f"sqlite:///{old_db}"
    engine = sa.create_engine(url)
    assert current_revision(engine) == "b0301f4"
    engine.dispose()
    svc = TableService(SqlStore(url), bot_delay=3600)  # bots wait: nothing moves meanwhile
    assert await svc.start() == sum(1 for e in EXPECTED.values() if e["status"] != "finished")
    for table_id, exp in EXPECTED.items():
        table = await svc._get(table_id)
        assert table.status == exp["status"] and table.seq == exp["seq"], table_id
        state = table.state
        assert state.current_player == exp["to_act"] and to_json(state.result) == exp["result"]
        for seat, view in exp["views"].items():
            assert keeps_every_field(view, to_json(state.view(seat))), (table_id, seat)
            legal = [str(a) for a in state.legal_actions()] if seat == exp["to_act"] else []
            assert legal == exp["legal"][seat], (table_id, seat)
        assert table.row.rules is not None and table.row.dealing == 2
        if exp["status"] == "finished":
            rec = await svc.record(table_id)
            assert rec["format"] == "trapoula-record/2" and len(rec["actions"]) == exp["seq"]
    await svc.close()
    svc.store.close()
    engine = sa.create_engine(url)
    assert current_revision(engine) == HEAD
    engine.dispose()


def test_a_clean_close_leaves_a_self_contained_file(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SqlStore(f"sqlite:///{path}")
    store.create_table(TableRow("t1", "ABCDEF", "bourloto", "gr", {"target": 500}, 7, "playing",
                                1.0, [SeatRow("P1", "human"), SeatRow("P2", "bot", bot="medium")]))
    assert store.append_action("t1", 1, "P1", "take")
    store.close()
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    alone = tmp_path / "copy.db"
    shutil.copyfile(path, alone)  # the file alone, without any journal
    con = sqlite3.connect(alone)
    assert con.execute("SELECT seq, action FROM actions").fetchall() == [(1, "take")]
    con.close()
    again = SqlStore(f"sqlite:///{alone}")
    row = again.get_table("t1")
    assert row is not None and row.rules is not None and row.rules["target"] == 500
    assert row.engine and again.actions("t1") == [(1, "P1", "take")]
    again.close()


def test_database_failures_are_not_seq_conflicts(tmp_path: Path) -> None:
    path = tmp_path / "f.db"
    store = SqlStore(f"sqlite:///{path}")
    store.create_table(TableRow("t1", "ABCDEF", "bourre", "ru", {}, 7, "playing", 1.0,
                                [SeatRow(f"P{i}", "human") for i in range(1, 5)]))
    assert store.append_action("t1", 1, "P1", "stay") is True
    assert store.append_action("t1", 1, "P1", "stay") is False  # the seq is taken: stale
    con = sqlite3.connect(path)  # a schema this version does not expect: a new column
    con.execute("ALTER TABLE actions ADD COLUMN extra INTEGER NOT NULL DEFAULT 0")
    con.execute("CREATE TRIGGER no_more BEFORE INSERT ON actions "
                "BEGIN SELECT RAISE(ABORT, 'NOT NULL constraint failed: actions.extra'); END")
    con.commit()
    with pytest.raises(StoreUnavailable, match="refused seq 2 of table t1 although it is free"):
        store.append_action("t1", 2, "P2", "stay")
    assert store.append_actions([("t1", 1, "P1", "stay")]) == [False]
    con.execute("DROP TRIGGER no_more")
    con.execute("ALTER TABLE chat RENAME TO chat_old")
    con.commit()
    con.close()
    with pytest.raises(StoreUnavailable, match="the database failed in chat"):
        store.chat("t1")
    store.close()


def test_a_newer_schema_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "n.db"
    SqlStore(f"sqlite:///{path}").close()
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = '0099'")
    con.commit()
    con.close()
    with pytest.raises(StoreUnavailable, match="revision 0099, which this trapoula does not know"):
        SqlStore(f"sqlite:///{path}")


def test_db_upgrade_and_backup_commands(old_db: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{old_db}"
    assert main(["db", "upgrade", "--database-url", url]) == 0
    assert f"b0301f4 -> {HEAD}" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database-url", url]) == 0
    assert f"already at schema revision {HEAD}" in capsys.readouterr().out
    copy = tmp_path / "backup.db"
    assert main(["db", "backup", str(copy), "--database-url", url]) == 0
    total = sum(e["seq"] for e in EXPECTED.values())
    assert f"{total} actions" in capsys.readouterr().out
    con = sqlite3.connect(copy)
    assert con.execute("SELECT count(*) FROM actions").fetchone() == (total,)
    assert con.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD,)
    con.close()
    assert main(["db", "backup", str(copy), "--database-url", url]) == 2  # never overwrites
    assert "exists" in capsys.readouterr().err


def test_a_b0301f4_schema_on_postgresql_is_recognised_and_upgraded(postgres_url: str) -> None:
    """The b0301f4 schema (revision 0001 without Alembic's table, as b0301f4 left it) on a
    PostgreSQL database of its own: stamped, upgraded, its rows completed."""
    import uuid

    from alembic import command

    from trapoula.web.schema import _alembic

    name = f"old_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(postgres_url.rsplit("/", 1)[0] + "/postgres",
                             isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            command.upgrade(_alembic(conn), "0001")
            conn.exec_driver_sql("DROP TABLE alembic_version")
            conn.exec_driver_sql(
                "INSERT INTO tables VALUES ('t1', 'ABC', 'bourloto', 'gr', '{\"target\": 501}',"
                " 9, 'playing', 1.0)")
        assert current_revision(engine) == "b0301f4"
        store = SqlStore(url)
        row = store.get_table("t1")
        assert row is not None and row.rules is not None and row.rules["target"] == 501
        assert row.rules["bidding"] == "take_name" and row.dealing == 2
        store.close()
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()
        with admin.connect() as c:
            c.exec_driver_sql(f"DROP DATABASE {name}")
        admin.dispose()


def test_a_clean_stop_of_the_app_checkpoints_the_database(tmp_path: Path) -> None:
    """The app's lifespan closes the store at a clean stop: trapoula.db alone is complete."""
    import warnings

    from trapoula.web.app import create_app

    with warnings.catch_warnings():  # Starlette 1.0 prefers httpx2 for its test client
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    path = tmp_path / "trapoula.db"
    with TestClient(create_app(TableService(SqlStore(f"sqlite:///{path}"), bot_delay=0))) as c:
        made = c.post("/api/tables", json={"game": "bourre", "seats": [{"kind": "bot"}] * 4,
                                           "seed": 4}).json()
        assert made["table_id"]
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    alone = tmp_path / "copy.db"
    shutil.copyfile(path, alone)
    con = sqlite3.connect(alone)
    assert con.execute("SELECT count(*) FROM tables").fetchone() == (1,)
    con.close()
