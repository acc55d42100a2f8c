"""Tables keep every option value (``rules``), their dealing version and the engine version.

A table of b0301f4 stored only the options that differ from its preset: its ``rules`` are
completed from the presets as they were then (frozen in :mod:`trapoula.core.record_v1`), so
a later change of a preset default cannot change a stored table (keys of ``options`` that
start with ``_`` are a table's settings, not rules).  b0301f4 dealt with dealing version 2.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# frozen copy of the b0301f4 presets' full option values (never import today's presets here)
from trapoula.core.record_v1 import full_options  # noqa: E402


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rules", sa.Text, nullable=True))
        batch.add_column(sa.Column("dealing", sa.Integer, nullable=False, server_default="2"))
        batch.add_column(sa.Column("engine", sa.String(32), nullable=False, server_default=""))
    conn = op.get_bind()
    t = sa.table("tables", sa.column("table_id", sa.String), sa.column("game", sa.String),
                 sa.column("preset", sa.String), sa.column("options", sa.Text),
                 sa.column("rules", sa.Text))
    rows = conn.execute(sa.select(t.c.table_id, t.c.game, t.c.preset, t.c.options)).fetchall()
    for table_id, game, preset, options in rows:
        changed = {k: v for k, v in json.loads(options).items() if not k.startswith("_")}
        rules = full_options(game, preset, changed)
        conn.execute(t.update().where(t.c.table_id == table_id).values(rules=json.dumps(rules)))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("engine")
        batch.drop_column("dealing")
        batch.drop_column("rules")
