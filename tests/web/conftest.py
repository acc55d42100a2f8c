"""Fixtures of the web tests: the anyio backend and a PostgreSQL server of the tests' own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL (tests/web/services_pg.py), started once per test session/worker."""
    from tests.web.services_pg import start_postgres

    server = start_postgres()
    try:
        yield server.url
    finally:
        server.stop()
