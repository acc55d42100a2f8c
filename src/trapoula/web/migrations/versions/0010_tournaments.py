"""Online tournaments: ``tournaments`` holds one (its organiser, game, when it starts, its
status, and its JSON — web/club/tourney.py's ``Tourney``: the entrants with their accounts,
the club event's list of events, the tables of every round and the duplicate rounds' seed
chains), written with a ``version`` that a write must name, so that of two processes that
see tables finish only one advances the tournament; ``tourney_tables`` says which tournament
(and round) a table was made for, so a table that finishes finds its tournament.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("tourney_id", sa.String(32), primary_key=True),
        sa.Column("organiser", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  nullable=False, index=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("starts", sa.Float, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "tourney_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("tourney_id", sa.String(32), sa.ForeignKey("tournaments.tourney_id"),
                  nullable=False, index=True),
        sa.Column("round", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tourney_tables")
    op.drop_table("tournaments")
