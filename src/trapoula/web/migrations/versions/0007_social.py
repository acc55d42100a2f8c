"""The players' social life: friendships, blocks, mutes, invites, reports, sanctions,
presence, and which account wrote a chat line.

``friend_asks`` holds a friendship request (``from_id`` asked ``to_id``) until it is accepted
(``accepted`` 1: the two are friends; one row per pair).  ``blocks`` and ``mutes`` are
one-way (``account_id`` blocks or mutes ``target_id``).  ``invites`` are invitations to a
table, ``seen`` once the invited player's lobby showed them.  ``reports`` keep the chat lines
around a reported line (``context``, JSON) and the moderator's resolution; ``sanctions`` are
warnings, suspensions, bans and their lifting (they also set ``accounts.status``).
``presence`` is each account's last sign of life (``last_seen``) and the table it was at,
written by every server process (the heartbeat of docs/web.md).  ``chat.account_id`` is the
account that wrote a line (NULL: a guest, or a line written before accounts existed).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friend_asks",
        sa.Column("from_id", sa.String(32), primary_key=True),
        sa.Column("to_id", sa.String(32), primary_key=True, index=True),
        sa.Column("accepted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("since", sa.Float, nullable=False),
    )
    for name in ("blocks", "mutes"):
        op.create_table(
            name,
            sa.Column("account_id", sa.String(32), primary_key=True),
            sa.Column("target_id", sa.String(32), primary_key=True, index=True),
            sa.Column("created", sa.Float, nullable=False),
        )
    op.create_table(
        "invites",
        sa.Column("invite_id", sa.String(32), primary_key=True),
        sa.Column("from_id", sa.String(32), nullable=False),
        sa.Column("to_id", sa.String(32), nullable=False, index=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "reports",
        sa.Column("report_id", sa.String(32), primary_key=True),
        sa.Column("reporter_id", sa.String(32), nullable=False),
        sa.Column("target_id", sa.String(32), nullable=False, index=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("context", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="open", index=True),
        sa.Column("resolution", sa.Text, nullable=False, server_default=""),
        sa.Column("resolved_by", sa.String(32), nullable=True),
        sa.Column("resolved_at", sa.Float, nullable=True),
    )
    op.create_table(
        "sanctions",
        sa.Column("sanction_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("by_id", sa.String(32), nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=True),
        sa.Column("seen", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "presence",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("account_id")
    for name in ("presence", "sanctions", "reports", "invites", "mutes", "blocks",
                 "friend_asks"):
        op.drop_table(name)
