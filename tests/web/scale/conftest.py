"""Fixtures of the scale tests: a private redis-server per test session (per xdist worker)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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
