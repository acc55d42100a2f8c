"""Clubs and tournaments: score sheets kept by accounts, club nights, clubs and members.

``score_sheets`` holds a score sheet an account saved from the phone page (``/score``): its
JSON (trapoula.club.sheet's format: the game, preset, names and the entries, replayed on
load).  ``club_nights`` holds a club night played with real cards: its public ``code``, its
director (an account), its game, and its JSON — the night's list of events (trapoula.club's
``Event``) with the codes of its tables — written with a ``version`` that a write must name
(two servers never overwrite each other's results), and the club whose calendar shows it.
``clubs`` holds a club (a name unique regardless of case, open or by invitation, its maker);
``club_members`` an account's place in a club: ``admin``, ``member``, or not yet a member —
``invited`` by an administrator, or ``requested`` (asked to join a club by invitation).

Revision ID: 0009
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("club_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("open", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("owner", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  nullable=False),
    )
    op.create_table(
        "club_members",
        sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.club_id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.account_id"),
                  primary_key=True, index=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
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
        sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.club_id"), nullable=True,
                  index=True),
    )


def downgrade() -> None:
    op.drop_table("club_nights")
    op.drop_table("score_sheets")
    op.drop_table("club_members")
    op.drop_table("clubs")
