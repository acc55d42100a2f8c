"""An upgrade from the previous release's database (schema ``0004``, trapoula f7ba341: tables
in progress, finished tables, chat) to the newest schema, on SQLite and on PostgreSQL: every
table loads, the running ones resume where they were, the finished ones replay to the same
result, and the chat is still there.

``data/f7ba341/`` was written by the code of commit f7ba341 itself::

    git worktree add /tmp/old f7ba341
    PYTHONPATH=/tmp/old/src python /tmp/old/tools/make_web_db.py tests/web/data/f7ba341

(``tables.db`` and ``expected.json``: every table's seq, seat to act, and each seat's view and
legal actions as that code computed them).  On PostgreSQL the same rows are copied into a
database of its own brought to ``0004`` by the migrations, then opened by today's store.
"""

from __future__ import annotations

import json
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from trapoula.web.schema import HEAD, current_revision
from trapoula.web.serialize import to_json
from trapoula.web.service import TableService
from trapoula.web.store import SqlStore

from .test_migrations import keeps_every_field

DATA = Path(__file__).parent / "data" / "f7ba341"
EXPECTED = json.loads((DATA / "expected.json").read_text())
OLD_TABLES = ("tables", "seats", "actions", "chat", "leases")


def _chat_counts(url: str) -> dict[str, int]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            return {str(t): int(n) for t, n in c.exec_driver_sql(
                "SELECT table_id, COUNT(*) FROM chat GROUP BY table_id")}
    finally:
        engine.dispose()


@pytest.fixture
def sqlite_0004(tmp_path: Path) -> str:
    path = tmp_path / "trapoula.db"
    shutil.copyfile(DATA / "tables.db", path)
    return f"sqlite:///{path}"


@pytest.fixture
def postgres_0004(postgres_url: str) -> Iterator[str]:
    """A PostgreSQL database of its own at ``0004`` holding the fixture's rows."""
    from alembic import command

    from trapoula.web.schema import _alembic

    name = f"old_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(postgres_url.rsplit("/", 1)[0] + "/postgres",
                             isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
    engine = sa.create_engine(url)
    old = sa.create_engine(f"sqlite:///{DATA / 'tables.db'}")
    try:
        with engine.begin() as conn:
            command.upgrade(_alembic(conn), "0004")
        md = sa.MetaData()
        md.reflect(engine, only=list(OLD_TABLES))
        with old.connect() as src, engine.begin() as dst:
            for name_ in OLD_TABLES:
                rows = [dict(r._mapping) for r in src.exec_driver_sql(f"SELECT * FROM {name_}")]
                if rows:
                    dst.execute(md.tables[name_].insert(), rows)
            serials = dst.exec_driver_sql(
                "SELECT table_name, column_name FROM information_schema.columns WHERE "
                "column_default LIKE 'nextval%%' AND table_schema = 'public'").all()
            for table, col in serials:  # the copied ids: new rows number after them
                dst.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{col}'), "
                    f"COALESCE((SELECT MAX({col}) FROM {table}), 0) + 1, false)")
        yield url
    finally:
        old.dispose()
        engine.dispose()
        with admin.connect() as c:
            c.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()


@pytest.mark.anyio
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_0004_database_upgrades_and_its_tables_resume_and_replay_the_same(
        kind: str, request: pytest.FixtureRequest) -> None:
    url = request.getfixturevalue("sqlite_0004" if kind == "sqlite" else "postgres_0004")
    engine = sa.create_engine(url)
    assert current_revision(engine) == "0004"
    engine.dispose()
    chat = _chat_counts(url)
    assert chat and sum(chat.values()) > 0
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
        if exp["status"] == "finished":
            rec = await svc.record(table_id)
            assert rec["format"] == "trapoula-record/2" and len(rec["actions"]) == exp["seq"]
        assert len(svc.store.chat(table_id)) == chat.get(table_id, 0), table_id
    await svc.close()
    svc.store.close()
    engine = sa.create_engine(url)
    assert current_revision(engine) == HEAD
    engine.dispose()
    assert _chat_counts(url) == chat
