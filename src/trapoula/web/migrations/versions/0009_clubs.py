"""Clubs and tournaments: score sheets kept by accounts, club nights.

``score_sheets`` holds a score sheet an account saved from the phone page (``/score``): its
JSON (trapoula.club.sheet's format: the game, preset, names and the entries, replayed on
load).  ``club_nights`` holds a club night played with real cards: its public ``code``, its
director (an account), its game, and its JSON — the night's list of events (trapoula.club's
``Event``) with the codes of its tables — written with a ``version`` that a write must name
(two servers never overwrite each other's results).

Revision ID: 0009
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "score_sheets",
        sa.Column("sheet_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  nullable=False, index=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "club_nights",
        sa.Column("night_id", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("director", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  nullable=False, index=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("starts", sa.Float, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("club_nights")
    op.drop_table("score_sheets")
