"""Ratings, the matches each player played, and each finished table's result.

``ratings`` holds a subject's OpenSkill rating per game and preset: the subject is an account
id, or a bot level such as ``bot:hard``; ``ordinal`` (mu - 3 sigma) is what leaderboards sort
by.  ``rating_history`` has a row per subject per finished match (``rated`` false: the match
did not count; mu and sigma are then the unchanged values), newest last.  ``results`` has one
row per finished table (``table_id`` is its primary key: whichever process inserts it first
is the one that updates the ratings, exactly once).  ``departures`` notes the accounts that
gave up a seat during a match (rated as last when it ends: web/people/ratings.py).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("preset", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_played", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "preset", "ordinal", "subject"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.String(8), nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_subject", "rating_history", ["subject", "ts"])
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("why", sa.Text, nullable=False, server_default=""),
        sa.Column("places", sa.Text, nullable=False),
    )
    op.create_table(
        "departures",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("subject", sa.String(64), primary_key=True),
        sa.Column("seat", sa.String(8), nullable=False),
        sa.Column("ts", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("departures")
    op.drop_table("results")
    op.drop_index("ix_rating_history_subject", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
