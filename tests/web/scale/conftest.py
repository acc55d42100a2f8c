"""Fixtures of the scale tests: a private redis-server per test session (per xdist worker), and
an :class:`SqlStore` on SQLite and on the real PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trapoula.web.store import SqlStore

from .services_redis import RedisServer, start_redis


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    server = start_redis()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pg_url(postgres_url: str) -> str:
    """The real PostgreSQL of tests/web/conftest.py (tests/web/services_pg.py)."""
    return postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlStore]:
    """A store on a fresh SQLite file, then on the tests' PostgreSQL."""
    url = (f"sqlite:///{tmp_path}/store.db" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))
    st = SqlStore(url)
    yield st
    st.close()
