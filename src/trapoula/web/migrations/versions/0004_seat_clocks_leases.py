"""A seat's clock state (auto, bank, the turn it paused) and table leases (which process runs
a table when several share the database).

``seats.clock`` is JSON (``{"auto": "clock"|"hand", "bank": s, "used": [seq, s]}``) or NULL:
a seat stored before it is a seat nobody handed to a bot, with the table's whole bank.
``leases`` holds, per table, the process that runs its clocks and bots and until when
(web/owners.py); it is transient: a database without rows there is a database nobody runs.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("leases")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("clock")
