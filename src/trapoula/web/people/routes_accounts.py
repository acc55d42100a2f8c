"""The account API (docs/web.md, "Players' home: accounts"): register, sign in and out, who am
I, the languages he speaks, change the password, delete the account, claim a guest's seats.

Every route answers JSON; a refusal is ``{"error", "message"}`` with its status (429s also
``Retry-After``).  Changing requests are POSTs with a JSON body, so web/guard.py refuses them
from other sites' pages.  Passwords are hashed in worker threads, :data:`HASHING_AT_ONCE` at a
time (web/people/throttle.py).  ``seats`` (register, sign in, claim) is what the page holds of
a guest's seats, ``[{"table_id", "seat", "token"}]``: each seat whose token matches and that
no account holds yet becomes the account's (``People.claim_seats``), so a guest who registers
keeps his seats and their history.

Deleting an account keeps its row under an anonymous name (``player-7f3a``), with no password
and status ``deleted``; its sessions end, and every seat it held, at finished tables and at
running ones, shows the anonymous name from then on (the records, replays and ratings of its
games stay).  Chat lines keep the name they were sent under.  His friendships and friend
requests, the invites from and to him, his presence and the mutes and blocks he made go;
reports about him and sanctions stay for the moderators.
"""

from __future__ import annotations

import secrets
import time
import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from trapoula.web.people.auth import (
    clear_cookie,
    may_sign_in,
    new_session,
    people_for,
    session_of,
    set_cookie,
)
from trapoula.web.people.passwords import (
    PARAMS,
    NameError_,
    Params,
    PasswordError,
    Passwords,
    check_password,
    clean_account_name,
)
from trapoula.web.people.rows import Account, NameTaken, People, Session
from trapoula.web.people.throttle import HASHING_AT_ONCE, Throttle, TooMany
from trapoula.web.requests import _address, _body, _error
from trapoula.web.table import ServiceError, hash_token

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["Accounts", "account_json", "account_routes"]

LANGUAGES_MAX = 8
CLAIM_MAX = 200  # seats claimed in one request


def account_json(account: Account) -> dict[str, Any]:
    """What the page is told of the signed-in account."""
    return {"id": account.account_id, "name": account.name, "roles": list(account.roles),
            "languages": list(account.languages), "created": account.created,
            "status": account.status}


def _languages(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if (not isinstance(value, list) or len(value) > LANGUAGES_MAX
            or not all(isinstance(x, str) and x.isascii() and x.isalpha()
                       and 2 <= len(x) <= 3 for x in value)):
        raise ServiceError(400, "bad_request", f"'languages' lists up to {LANGUAGES_MAX} "
                           "language codes such as \"el\", \"en\"")
    return tuple(dict.fromkeys(x.lower() for x in value))


def _seats(value: Any) -> list[tuple[str, str, str]]:
    """``[{"table_id", "seat", "token"}]`` as ``(table_id, seat, token_hash)``."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > CLAIM_MAX:
        raise ServiceError(400, "bad_request", f"'seats' lists up to {CLAIM_MAX} "
                           "{'table_id', 'seat', 'token'}")
    out = []
    for s in value:
        if not isinstance(s, dict) or not all(
                isinstance(s.get(k), str) and 0 < len(s[k]) <= 100
                for k in ("table_id", "seat", "token")):
            raise ServiceError(400, "bad_request", "each of 'seats' is "
                               "{'table_id': ..., 'seat': ..., 'token': ...}")
        out.append((s["table_id"], s["seat"], hash_token(s["token"])))
    return out


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise ServiceError(400, "bad_request", f"send '{key}' (text)")
    return value


class Accounts:
    """The account API over a service (its store's players' home, its limits)."""

    def __init__(self, service: TableService, params: Params = PARAMS) -> None:
        self.service = service
        self.passwords = Passwords(params)
        self.throttle = Throttle(service.limits)
        self._hashing = anyio.CapacityLimiter(HASHING_AT_ONCE)
        self._dummy: str | None = None  # see _dummy_hash

    async def _dummy_hash(self) -> str:
        """A hash checked when a name has no account, so that a sign-in takes as long either
        way (made at the first such sign-in, not when the app starts)."""
        if self._dummy is None:
            self._dummy = await self._hash(self.passwords.hash, secrets.token_urlsafe(16))
        return self._dummy

    async def _db(self, what: str, fn: Any, *args: Any) -> Any:
        return await self.service._db_try(what, fn, *args)

    async def _hash(self, fn: Any, *args: Any) -> Any:
        self.throttle.start_hashing()
        try:
            return await anyio.to_thread.run_sync(fn, *args, limiter=self._hashing)
        finally:
            self.throttle.end_hashing()

    async def _signed_in(self, request: Request) -> tuple[Session, Account]:
        found = await session_of(request)
        if found is None:
            raise ServiceError(401, "signed_out", "sign in first")
        return found

    async def _start(self, request: Request, people: People, account: Account,
                     seats: list[tuple[str, str, str]]) -> JSONResponse:
        """A new session for ``account`` (cookie set), its guest seats claimed; the session
        this browser had (another account's, or a password change's old one) ends."""
        before = await session_of(request)
        if before is not None:
            await self._db("signing in", people.drop_sessions, before[1].account_id,
                           before[0].token_hash)
        token = await new_session(request, account)
        claimed = await self._db("claiming seats", people.claim_seats, account.account_id,
                                 seats) if seats else 0
        if secrets.randbelow(50) == 0:  # now and then: forget the sessions that ended
            await self._db("forgetting sessions", people.purge_sessions, time.time())
        out = JSONResponse({"account": account_json(account), "claimed": claimed})
        set_cookie(out, request, token)
        return out

    # --- the routes --------------------------------------------------------------------------
    async def register(self, request: Request, body: dict[str, Any],
                       address: str | None) -> JSONResponse:
        self.throttle.attempt(address)
        try:
            name = clean_account_name(body.get("name"))
            password = check_password(body.get("password"), name)
        except (NameError_, PasswordError) as exc:
            raise ServiceError(400, "bad_account_name" if isinstance(exc, NameError_)
                               else "bad_password", str(exc)) from None
        languages = _languages(body.get("languages"))
        seats = _seats(body.get("seats"))
        people = people_for(request)
        if await self._db("registering", people.find_account, name) is not None:
            raise ServiceError(409, "name_taken", f"the name {name!r} is taken: choose another")
        self.throttle.register(address)
        password_hash = await self._hash(self.passwords.hash, password)
        account = Account(uuid.uuid4().hex, name, password_hash, time.time(),
                          languages=languages)
        try:
            await self._db("registering", people.add_account, account)
        except NameTaken:
            raise ServiceError(409, "name_taken", f"the name {name!r} is taken: choose "
                               "another") from None
        return await self._start(request, people, account, seats)

    async def signin(self, request: Request, body: dict[str, Any],
                     address: str | None) -> JSONResponse:
        self.throttle.attempt(address)
        name, password = _text(body, "name"), _text(body, "password")
        seats = _seats(body.get("seats"))
        people = people_for(request)
        account = await self._db("signing in", people.find_account, name)
        if account is not None:
            self.throttle.check_account(account.account_id)
        known = account.password_hash if account is not None else None
        ok = await self._hash(self.passwords.verify, known or await self._dummy_hash(), password)
        if account is None or known is None or not ok:
            if account is not None:
                self.throttle.failed(account.account_id)
            raise ServiceError(401, "bad_credentials", "the name or the password is wrong")
        why = may_sign_in(account)
        if why is not None:
            raise ServiceError(403, account.status, why)
        self.throttle.succeeded(account.account_id)
        if self.passwords.needs_rehash(known):  # the parameters changed since it was made
            account = replace(account, password_hash=await self._hash(self.passwords.hash,
                                                                      password))
            await self._db("signing in", people.put_account, account)
        return await self._start(request, people, account, seats)

    async def signout(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        found = await session_of(request)
        n = 0
        if found is not None:
            session, account = found
            n = await self._db("signing out", people_for(request).drop_sessions,
                               account.account_id,
                               None if body.get("all") is True else session.token_hash)
        out = JSONResponse({"account": None, "ended": n})
        clear_cookie(out, request)
        return out

    async def me(self, request: Request) -> JSONResponse:
        found = await session_of(request)
        return JSONResponse({"account": None if found is None else account_json(found[1])})

    async def claim(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        _, account = await self._signed_in(request)
        seats = _seats(body.get("seats"))
        n = await self._db("claiming seats", people_for(request).claim_seats,
                           account.account_id, seats) if seats else 0
        return JSONResponse({"claimed": n})

    async def languages(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        """The languages the player speaks (his profile shows them)."""
        _, account = await self._signed_in(request)
        account = replace(account, languages=_languages(body.get("languages")))
        await self._db("saving languages", people_for(request).put_account, account)
        return JSONResponse({"account": account_json(account)})

    async def _check_password(self, request: Request, account: Account, password: Any,
                              address: str | None) -> None:
        self.throttle.attempt(address)
        self.throttle.check_account(account.account_id)
        if not isinstance(password, str) or not await self._hash(
                self.passwords.verify, account.password_hash or await self._dummy_hash(),
                password):
            self.throttle.failed(account.account_id)
            raise ServiceError(403, "bad_credentials", "the password is wrong")

    async def password(self, request: Request, body: dict[str, Any],
                       address: str | None) -> JSONResponse:
        """A new password; every session of the account ends but a new one for this browser."""
        _, account = await self._signed_in(request)
        await self._check_password(request, account, body.get("old"), address)
        try:
            new = check_password(body.get("new"), account.name)
        except PasswordError as exc:
            raise ServiceError(400, "bad_password", str(exc)) from None
        people = people_for(request)
        account = replace(account, password_hash=await self._hash(self.passwords.hash, new))
        await self._db("changing a password", people.put_account, account)
        await self._db("changing a password", people.drop_sessions, account.account_id)
        return await self._start(request, people, account, [])

    async def delete(self, request: Request, body: dict[str, Any],
                     address: str | None) -> JSONResponse:
        """The account becomes ``player-xxxx`` (see the module docstring)."""
        _, account = await self._signed_in(request)
        await self._check_password(request, account, body.get("password"), address)
        people = people_for(request)
        gone = replace(account, password_hash=None, roles=(), languages=(), status="deleted",
                       status_until=None)
        for size in (4, 6, 8, 12, 16, 32):
            gone = replace(gone, name=f"player-{secrets.token_hex(16)[:size]}")
            try:
                await self._db("deleting an account", people.put_account, gone)
                break
            except NameTaken:
                continue
        await self._db("deleting an account", people.drop_sessions, account.account_id)
        await self._db("deleting an account", people.forget_account, account.account_id)
        await self._db("deleting an account", people.rename_seats, account.account_id,
                       gone.name)
        await self._renamed(people, account.account_id)
        out = JSONResponse({"account": None, "name": gone.name})
        clear_cookie(out, request)
        return out

    async def _renamed(self, people: People, account_id: str) -> None:
        """The running tables of the account show its new name (here and at other
        processes, through the bus)."""
        svc = self.service
        for table_id in dict.fromkeys(t for t, _ in await self._db(
                "deleting an account", people.seats_of, account_id, 1000)):
            table = svc.tables.get(table_id)
            if table is None or table.state.is_over:
                continue
            await svc._refresh_row(table)
            svc._broadcast(table)
            await svc.bus.publish(table_id, {"table": table_id, "seq": table.seq,
                                             "seats": True, "origin": svc.origin})


def account_routes(service: TableService, params: Params | None = None) -> list[Route]:
    """The routes of the account API (``create_app`` adds them); ``params``: argon2id's
    cost (:data:`PARAMS`; else the service's ``password_params``, which tests make cheap)."""

    cost: Params = params or getattr(service, "password_params", None) or PARAMS
    accounts = Accounts(service, cost)
    timeout = service.limits.body_timeout

    def route(path: str, fn: Any, method: str = "POST", body: bool = True,
              address: bool = False) -> Route:
        async def endpoint(request: Request) -> JSONResponse:
            client = _address(request)
            try:
                accounts.throttle.call(client)
                args: list[Any] = [request]
                if body:
                    data = await _body(request, timeout)
                    if not isinstance(data, dict):
                        raise ServiceError(400, "bad_request", "send a JSON object")
                    args.append(data)
                if address:
                    args.append(client)
                out: JSONResponse = await fn(*args)
                out.headers["Cache-Control"] = "no-store"
                return out
            except TooMany as exc:
                answer = _error(429, exc.code, exc.message)
                answer.headers["Retry-After"] = str(exc.retry_after)
                return answer
            except ServiceError as exc:
                return _error(exc.status, exc.code, exc.message)

        return Route(path, endpoint, methods=[method])

    return [
        route("/api/account", accounts.me, "GET", body=False),
        route("/api/account/register", accounts.register, address=True),
        route("/api/account/signin", accounts.signin, address=True),
        route("/api/account/signout", accounts.signout),
        route("/api/account/claim", accounts.claim),
        route("/api/account/languages", accounts.languages),
        route("/api/account/password", accounts.password, address=True),
        route("/api/account/delete", accounts.delete, address=True),
    ]
