"""Alembic environment: migrations run on the connection the store hands over."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes its connection
    raise RuntimeError("run the migrations through trapoula.web.store.upgrade")
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
