"""The rows of the players' social life — friendships, invites, reports, sanctions and
presence — and the :class:`Social` part of the :class:`~trapoula.web.people.rows.People`
protocol that both stores implement (:mod:`.social_memory`, :mod:`.social_sql`).

Friends are mutual: a request from one account, accepted by the other (a request to someone
who already asked you accepts his).  Blocks and mutes are one-way and private: a block keeps
the blocked player away from your tables, your chat and your invites, and ends a friendship;
a mute only hides his chat lines from you.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "FRIEND_STATES", "REPORT_STATES", "SANCTIONS", "Friend", "Invite", "Presence", "Report",
    "Sanction", "Social",
]

FRIEND_STATES = ("friend", "incoming", "outgoing")  # accepted; asked me; I asked
REPORT_STATES = ("open", "warned", "suspended", "banned", "dismissed")
SANCTIONS = ("warn", "suspend", "ban", "lift")


@dataclass(frozen=True)
class Friend:
    """Another account in my friends' list: ``state`` is one of :data:`FRIEND_STATES`;
    ``since``: when it was asked, or accepted."""

    account_id: str
    state: str
    since: float


@dataclass(frozen=True)
class Invite:
    """An invitation to a table: from, to, the table (id and code), when, and whether the
    invited player has seen it in his lobby."""

    invite_id: str
    from_id: str
    to_id: str
    table_id: str
    code: str
    created: float
    seen: bool = False


@dataclass(frozen=True)
class Report:
    """A player's report of another player (or of one of his chat lines): ``context`` is
    the JSON text of the chat lines around it at the time of the report (stored with it, so
    that it stays what the reporter saw); ``status`` is one of :data:`REPORT_STATES`."""

    report_id: str
    reporter_id: str
    target_id: str
    table_id: str | None
    context: str
    text: str
    created: float
    status: str = "open"
    resolution: str = ""
    resolved_by: str | None = None
    resolved_at: float | None = None


@dataclass(frozen=True)
class Sanction:
    """A moderator's act on an account (:data:`SANCTIONS`): by whom, why, when; ``until``
    ends a suspension; ``seen``: the player was shown it (a warning is shown once)."""

    sanction_id: str
    account_id: str
    kind: str
    by_id: str | None
    reason: str
    created: float
    until: float | None = None
    seen: bool = False


@dataclass(frozen=True)
class Presence:
    """The last sign of life of an account's browser: when, and at which table (None: in the
    lobby)."""

    account_id: str
    table_id: str | None
    last_seen: float


class Social(Protocol):
    # --- friends --------------------------------------------------------------------------
    def ask_friend(self, me: str, other: str, now: float) -> str:
        """Ask ``other`` to be my friend: ``'asked'``; ``'friends'`` when he had asked me (or
        we are already)."""
        ...

    def drop_friend(self, me: str, other: str) -> bool:
        """End a friendship, withdraw my request or decline his; whether there was one."""
        ...

    def friends_of(self, me: str) -> list[Friend]: ...

    # --- blocks and mutes (one-way) ---------------------------------------------------------
    def set_block(self, me: str, other: str, on: bool, now: float) -> None:
        """Block (``on``) or unblock; a block also ends any friendship or request between us
        and drops his invites to me."""
        ...

    def blocked_by(self, me: str) -> set[str]:
        """Whom I block."""
        ...

    def blockers_of(self, me: str) -> set[str]:
        """Who blocks me."""
        ...

    def set_mute(self, me: str, other: str, on: bool, now: float) -> None: ...
    def muted_by(self, me: str) -> set[str]: ...

    # --- invites ------------------------------------------------------------------------------
    def add_invite(self, invite: Invite) -> None: ...
    def invites_for(self, me: str, since: float = 0.0, limit: int = 20) -> list[Invite]:
        """My invites made at or after ``since``, newest first."""
        ...

    def mark_invites_seen(self, me: str, invite_ids: list[str]) -> int: ...

    # --- reports and sanctions ------------------------------------------------------------------
    def add_report(self, report: Report) -> None: ...
    def get_report(self, report_id: str) -> Report | None: ...
    def reports(self, status: str | None = "open", limit: int = 100) -> list[Report]:
        """Reports in ``status`` (None: every one), oldest first."""
        ...

    def resolve_report(self, report_id: str, status: str, resolution: str, by_id: str | None,
                       when: float) -> bool: ...
    def add_sanction(self, sanction: Sanction) -> None: ...
    def sanctions_of(self, account_id: str, limit: int = 50) -> list[Sanction]:
        """An account's sanctions, newest first."""
        ...

    def mark_sanctions_seen(self, account_id: str, sanction_ids: list[str]) -> int: ...

    # --- presence ------------------------------------------------------------------------------
    def touch_presence(self, seen: list[tuple[str, str | None]], now: float) -> None:
        """Each ``(account_id, table_id)`` was seen alive at ``now`` (one write for all)."""
        ...

    def presence_of(self, account_ids: list[str]) -> dict[str, Presence]: ...

    # --- a deleted account ---
    def forget_account(self, account_id: str) -> None:
        """His friendships and asks (both ways), the invites from and to him, his presence,
        and the mutes and blocks he made go; reports and sanctions stay."""
