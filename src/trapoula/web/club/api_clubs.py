"""The clubs API (docs/web.md, "Clubs and tournaments"): a club has a name, members and
administrators, and is open (anyone signed in joins) or by invitation (an administrator
invites a player, who accepts; or a player asks to join and an administrator approves).  Its
page shows its lobby (its members' open tables), its leaderboard (its members' results in the
club's nights: nights played, victory points, nights won) and its calendar (its nights with
their dates; an administrator creates a night for the club from /nights).

* ``GET /api/clubs?search=`` — the clubs (and the signed-in player's places in them);
* ``POST /api/clubs`` ``{name, open}`` — a new club, its maker its first administrator;
* ``GET /api/clubs/{id}`` — the club's page;
* ``POST /api/clubs/{id}/join``, ``/leave``, ``/accept`` — the player's own steps;
* ``POST /api/clubs/{id}/invite`` ``{name}``, ``/approve`` ``{account_id}``, ``/remove``
  ``{account_id}``, ``/role`` ``{account_id, role}`` — an administrator's.
"""

from __future__ import annotations

import time
import uuid
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from trapoula.errors import TrapoulaError
from trapoula.web.club.nights import load_night
from trapoula.web.club.store import ClubRow, Clubs, Member
from trapoula.web.people.auth import people_for
from trapoula.web.people.rows import Account
from trapoula.web.spec import split_options
from trapoula.web.table import ServiceError, summary

__all__ = ["ClubsApi", "leaderboard"]

MAX_CLUBS = 20  # clubs one account may make
MEMBERS = ("admin", "member")


def leaderboard(nights: list[Any]) -> list[dict[str, Any]]:
    """Each entrant's nights played, victory points and nights won over ``nights`` (loaded
    :class:`~trapoula.web.club.nights.Night` objects), best first."""
    board: dict[str, dict[str, Any]] = {}
    for night in nights:
        for s in night.standings():
            if not s.played:
                continue
            row = board.setdefault(s.entrant, {"entrant": s.entrant, "nights": 0, "vp": 0.0,
                                               "won": 0})
            row["nights"] += 1
            row["vp"] += s.vp
            row["won"] += int(s.rank == 1)
    return sorted(board.values(), key=lambda r: (-r["vp"], -r["won"], r["entrant"]))


class ClubsApi:
    """The handlers; ``clubs`` gives a request's rows, ``signed_in`` its account, ``db`` runs
    a store call in the service's worker threads, ``tables`` lists the open tables."""

    def __init__(self, clubs: Any, signed_in: Any, db: Any, tables: Any) -> None:
        self.clubs = clubs
        self.signed_in = signed_in
        self.db = db
        self.tables = tables

    async def _me(self, request: Request) -> Account:
        account: Account | None = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in first")
        return account

    async def _club(self, request: Request) -> tuple[Clubs, ClubRow]:
        clubs: Clubs = self.clubs(request)
        club = await self.db("reading a club", clubs.get_club,
                             str(request.path_params["club_id"])[:40])
        if club is None:
            raise ServiceError(404, "no_club", "no such club")
        return clubs, club

    async def _role(self, clubs: Clubs, club: ClubRow, account_id: str) -> str | None:
        for m in await self.db("reading members", clubs.members, club.club_id):
            if m.account_id == account_id:
                return str(m.role)
        return None

    async def _admin(self, request: Request) -> tuple[Clubs, ClubRow, Account]:
        clubs, club = await self._club(request)
        me = await self._me(request)
        if await self._role(clubs, club, me.account_id) != "admin" and "admin" not in me.roles:
            raise ServiceError(403, "not_club_admin", "only the club's administrators may do "
                               "this")
        return clubs, club, me

    async def _put(self, clubs: Clubs, club: ClubRow, account_id: str, role: str) -> None:
        await self.db("writing a member", clubs.put_member,
                      Member(club.club_id, account_id, role, time.time()))

    def _out(self, club: ClubRow, role: str | None = None) -> dict[str, Any]:
        return {"id": club.club_id, "name": club.name, "open": club.open,
                "created": club.created, "role": role}

    # --- everyone's -------------------------------------------------------------------------
    async def list(self, request: Request) -> JSONResponse:
        clubs: Clubs = self.clubs(request)
        search = request.query_params.get("search", "")[:80]
        rows = await self.db("listing clubs", clubs.list_clubs, search, 100)
        me = await self.signed_in(request)
        mine: dict[str, str] = {}
        if me is not None:
            mine = {m.club_id: m.role for m in await self.db(
                "reading members", clubs.memberships, me.account_id)}
        return JSONResponse({"clubs": [self._out(c, mine.get(c.club_id)) for c in rows]})

    async def create(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        me = await self._me(request)
        name, is_open = body.get("name"), body.get("open", True)
        if not isinstance(name, str) or not 2 <= len(name.strip()) <= 80:
            raise ServiceError(400, "bad_request", "a club's 'name' is 2-80 characters")
        if not isinstance(is_open, bool):
            raise ServiceError(400, "bad_request", "'open' is true or false")
        clubs: Clubs = self.clubs(request)
        made = [m for m in await self.db("reading members", clubs.memberships, me.account_id)
                if m.role == "admin"]
        if len(made) >= MAX_CLUBS:
            raise ServiceError(409, "too_many_clubs", f"one account administers at most "
                               f"{MAX_CLUBS} clubs")
        club = ClubRow(uuid.uuid4().hex, " ".join(name.split()), is_open, time.time(),
                       me.account_id)
        if not await self.db("creating a club", clubs.add_club, club):
            raise ServiceError(409, "name_taken", f"a club is already called {club.name!r}")
        await self._put(clubs, club, me.account_id, "admin")
        return JSONResponse(self._out(club, "admin"))

    async def show(self, request: Request) -> JSONResponse:
        clubs, club = await self._club(request)
        me = await self.signed_in(request)
        people = people_for(request)
        members = await self.db("reading members", clubs.members, club.club_id)
        role = next((m.role for m in members if me and m.account_id == me.account_id), None)
        names: dict[str, str] = {}
        for m in members:
            acc = await self.db("reading an account", people.get_account, m.account_id)
            names[m.account_id] = acc.name if acc is not None else m.account_id
        seen = [m for m in members if m.role in MEMBERS or role == "admin"
                or (me is not None and m.account_id == me.account_id)]
        ids = {m.account_id for m in members if m.role in MEMBERS}
        rows = await self.db("listing tables", partial(self.tables, open_only=True, limit=500))
        lobby = [summary(r) for r in rows if not split_options(r.options)[1].private
                 and any(s.account_id in ids for s in r.seats)][:50]
        nights = await self.db("reading nights", clubs.nights_of_club, club.club_id)
        loaded = []
        for n in nights:
            try:
                loaded.append(load_night(n.data))
            except TrapoulaError:
                continue
        out = self._out(club, role)
        out.update(
            members=[{"account_id": m.account_id, "name": names[m.account_id], "role": m.role,
                      "since": m.since} for m in seen],
            lobby=lobby, leaderboard=leaderboard(loaded)[:100],
            calendar=[{"code": n.code, "title": n.title, "game": n.game, "starts": n.starts,
                       "created": n.created} for n in nights])
        return JSONResponse(out)

    async def join(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club = await self._club(request)
        me = await self._me(request)
        role = await self._role(clubs, club, me.account_id)
        if role in MEMBERS:
            raise ServiceError(409, "already_member", "you are a member already")
        new = "member" if club.open or role == "invited" else "requested"
        await self._put(clubs, club, me.account_id, new)
        return JSONResponse(self._out(club, new))

    async def accept(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club = await self._club(request)
        me = await self._me(request)
        if await self._role(clubs, club, me.account_id) != "invited":
            raise ServiceError(409, "not_invited", "this club has not invited you")
        await self._put(clubs, club, me.account_id, "member")
        return JSONResponse(self._out(club, "member"))

    async def leave(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club = await self._club(request)
        me = await self._me(request)
        members = await self.db("reading members", clubs.members, club.club_id)
        admins = [m for m in members if m.role == "admin"]
        if [m.account_id for m in admins] == [me.account_id] and len(members) > 1:
            raise ServiceError(409, "last_admin", "name another administrator before you "
                               "leave")
        await self.db("removing a member", clubs.drop_member, club.club_id, me.account_id)
        return JSONResponse(self._out(club, None))

    # --- an administrator's -----------------------------------------------------------------
    async def invite(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club, _ = await self._admin(request)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 64:
            raise ServiceError(400, "bad_request", "send the player's account 'name'")
        acc = await self.db("finding an account", people_for(request).find_account, name)
        if acc is None or acc.status != "active":
            raise ServiceError(404, "no_account", f"no player's account is called {name!r}")
        role = await self._role(clubs, club, acc.account_id)
        if role in MEMBERS:
            raise ServiceError(409, "already_member", f"{acc.name} is a member already")
        new = "member" if role == "requested" else "invited"  # asked already: approved
        await self._put(clubs, club, acc.account_id, new)
        return JSONResponse({"account_id": acc.account_id, "name": acc.name, "role": new})

    async def _target(self, request: Request, body: dict[str, Any]
                      ) -> tuple[Clubs, ClubRow, str, str]:
        clubs, club, _ = await self._admin(request)
        who = body.get("account_id")
        role = await self._role(clubs, club, str(who)) if isinstance(who, str) else None
        if role is None:
            raise ServiceError(404, "no_member", "send the 'account_id' of a member, an "
                               "invited player or a request")
        return clubs, club, str(who), role

    async def approve(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club, who, role = await self._target(request, body)
        if role != "requested":
            raise ServiceError(409, "not_requested", "this player has not asked to join")
        await self._put(clubs, club, who, "member")
        return JSONResponse({"account_id": who, "role": "member"})

    async def remove(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club, who, role = await self._target(request, body)
        if role == "admin":
            raise ServiceError(409, "is_admin", "make the administrator a member first")
        await self.db("removing a member", clubs.drop_member, club.club_id, who)
        return JSONResponse({"account_id": who, "role": None})

    async def role(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, club, who, role = await self._target(request, body)
        new = body.get("role")
        if new not in MEMBERS or role not in MEMBERS:
            raise ServiceError(400, "bad_request", "a member's 'role' is admin or member")
        admins = [m for m in await self.db("reading members", clubs.members, club.club_id)
                  if m.role == "admin"]
        if new == "member" and [m.account_id for m in admins] == [who]:
            raise ServiceError(409, "last_admin", "a club keeps at least one administrator")
        await self._put(clubs, club, who, str(new))
        return JSONResponse({"account_id": who, "role": new})
