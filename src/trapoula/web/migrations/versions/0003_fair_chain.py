"""Tables keep the commit-reveal chain of their seed (``fair``: web/fairseed.py).

A table stored before has none (NULL): it resumes with the scheme it was created with (the
server's seed alone, each deal committed), docs/web.md "Fair dealing".

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fair", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fair")
