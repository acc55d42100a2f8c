"""Player accounts and their sign-in sessions, and which account holds a seat.

``accounts`` holds a registered player (or a guest's account, which has no password): a name
unique without regard to case (``name_key``), the password's argon2id hash, roles (``admin``,
``moderator``; comma-separated), the languages he speaks, when he joined, his status
(``active``, ``suspended``, ``banned``, ``deleted``).  A deleted account keeps its row, under
an anonymous name, so that the tables he played still name a seat holder.  ``sessions`` maps
the hash of a sign-in cookie's token to its account.  ``seats.account_id`` is the account that
held a seat (NULL: a guest, a bot, or a seat taken before accounts existed).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("roles", sa.String(64), nullable=False, server_default=""),
        sa.Column("languages", sa.String(64), nullable=False, server_default=""),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="active"),
        sa.Column("status_until", sa.Float, nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(128), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_table("sessions")
    op.drop_table("accounts")
