"""The rows of the players' home — an :class:`Account` and a :class:`Session` — and the
:class:`People` protocol that both stores (:mod:`trapoula.web.people.store`) implement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from trapoula.web.people.social_rows import Social
from trapoula.web.people.standing import Played, Settled, Standing, Update

__all__ = ["STATUSES", "Account", "NameTaken", "People", "Session", "name_key"]

STATUSES = ("active", "suspended", "banned", "deleted")


def name_key(name: str) -> str:
    """The form of a name that must be unique: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


class NameTaken(Exception):
    """Another account has this name (without regard to case)."""


@dataclass(frozen=True)
class Account:
    """A player's account.  ``password_hash`` is None for an account that cannot sign in with a
    password (a deleted one); ``roles`` and ``languages`` are tuples of short ids."""

    account_id: str
    name: str
    password_hash: str | None
    created: float
    roles: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    status: str = "active"  # one of STATUSES
    status_until: float | None = None  # a suspension's end (None: until lifted)

    @property
    def key(self) -> str:
        return name_key(self.name)


@dataclass(frozen=True)
class Session:
    """A signed-in browser: the hash of its cookie's token, the account, and its lifetime."""

    token_hash: str
    account_id: str
    created: float
    expires: float


class People(Social, Protocol):
    """Accounts and sessions here; friends, blocks, mutes, invites, reports, sanctions and
    presence in :class:`~trapoula.web.people.social_rows.Social`."""

    def add_account(self, account: Account) -> None:
        """Store a new account; :class:`NameTaken` when its name is taken."""
        ...

    def get_account(self, account_id: str) -> Account | None: ...
    def find_account(self, name: str) -> Account | None:
        """The account of a name, without regard to case."""
        ...

    def put_account(self, account: Account) -> None:
        """Replace an account's row (rename, password, roles, status...); :class:`NameTaken`
        when the new name is another account's."""
        ...

    def add_session(self, session: Session) -> None: ...
    def get_session(self, token_hash: str) -> Session | None: ...
    def drop_sessions(self, account_id: str, token_hash: str | None = None) -> int:
        """Sign out one session (``token_hash``) or all of an account's; how many went."""
        ...

    def purge_sessions(self, now: float) -> int:
        """Forget the sessions that ended before ``now``; how many went."""
        ...

    def list_accounts(self, search: str = "", limit: int = 50) -> list[Account]:
        """Accounts whose name contains ``search`` (without regard to case), oldest first."""
        ...

    def rename_seats(self, account_id: str, name: str) -> int:
        """Give every seat the account holds or held the name ``name`` (an account deleted:
        its games stay, under its anonymous name); how many seats."""
        ...

    def seats_of(self, account_id: str, limit: int = 100) -> list[tuple[str, str]]:
        """``(table_id, seat)`` of the seats an account holds or held, newest tables first."""
        ...

    def claim_seats(self, account_id: str, seats: list[tuple[str, str, str]]) -> int:
        """Give a guest's seats to an account: each ``(table_id, seat, token_hash)`` whose seat
        holds that token hash and no account yet.  How many were claimed."""
        ...

    # --- ratings and match history (web/people/ratings_store.py, migration 0006) -----------
    def settle(self, result: Settled, update: Update) -> bool:
        """Store a finished table's result, and (when rated) the new ratings ``update`` gives
        from the stored ones, with a history row per subject: at most once per table (False:
        it was settled already, nothing changed)."""
        ...

    def result_of(self, table_id: str) -> Settled | None: ...
    def standings(self, subject: str) -> list[Standing]:
        """A subject's ratings, one per game and preset (with its name)."""
        ...

    def leaderboard(self, game: str, preset: str, offset: int = 0,
                    limit: int = 50) -> tuple[int, list[Standing]]:
        """How many subjects are rated in a game and preset, and a page of them, best first."""
        ...

    def played(self, subject: str, game: str | None = None, preset: str | None = None,
               limit: int = 50) -> list[Played]:
        """A subject's finished matches, newest first."""
        ...

    def note_leaver(self, table_id: str, seat: str, subject: str, ts: float) -> None:
        """An account gave up its seat during a match (kept once per table and account)."""
        ...

    def leavers(self, table_id: str) -> dict[str, str]:
        """The accounts that gave up a seat at a table during its match: account -> seat."""
        ...
