"""Fixtures of the web tests: the anyio backend, a test client of a fresh SQLite-backed
service (bots at once, fixed seeds), each kind of store and a PostgreSQL server of the tests'
own."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A Starlette test client of a service on a fresh SQLite file (bots act at once)."""
    from trapoula.web.app import create_app
    from trapoula.web.service import TableService
    from trapoula.web.store import SqlStore

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    svc = TableService(SqlStore(f"sqlite:///{tmp_path / 't.db'}"), bot_delay=0, fixed_seeds=True)
    with TestClient(create_app(svc)) as c:
        yield c


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Each kind of store in turn: in memory, SQLite, PostgreSQL (scale/ has its own)."""
    from trapoula.web.store import MemoryStore, SqlStore

    s: Any
    if request.param == "memory":
        s = MemoryStore()
    elif request.param == "sqlite":
        s = SqlStore(f"sqlite:///{tmp_path / 'db.sqlite'}")
    else:
        s = SqlStore(request.getfixturevalue("postgres_url"))
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL (tests/web/services_pg.py), started once per test session/worker."""
    from tests.web.services_pg import start_postgres

    server = start_postgres()
    try:
        yield server.url
    finally:
        server.stop()
