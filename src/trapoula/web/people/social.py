"""What a signed-in player does with others: friends (a request the other accepts), invites to a
table (friends only; they appear in the friend's lobby at once, web/people/hub.py), blocks
(the blocked player can neither join your tables, nor write to you — his chat lines are not
delivered to you —, nor invite or ask you), mutes (his chat lines hidden for you only) and
reports of a player or of a chat line (stored with the chat lines around it).

Each function takes the :class:`~trapoula.web.people.hub.Hub` of the process and the acting
:class:`~trapoula.web.people.rows.Account`, and answers a refusal with a
:class:`~trapoula.web.table.ServiceError` that says what was wrong and what is allowed.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import TYPE_CHECKING, Any

from trapoula.web.people.auth import cookie_name, may_sign_in, people_for, token_hash
from trapoula.web.people.hub import ONLINE_TTL
from trapoula.web.people.moderation import effective_status, unseen_warnings
from trapoula.web.people.phrases import chat_fields
from trapoula.web.people.social_rows import Invite, Report
from trapoula.web.store import OVER
from trapoula.web.table import ServiceError

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

    from trapoula.web.people.hub import Hub
    from trapoula.web.people.rows import Account
    from trapoula.web.rows import TableRow

__all__ = ["CONTEXT_LINES", "INVITE_TTL", "ask", "block", "check_join", "check_name", "drop",
           "home", "invite", "mute", "refuse_sanctioned", "report"]

INVITE_TTL = 3600.0  # seconds an invite shows in the lobby
CONTEXT_LINES = 5  # chat lines kept before and after a reported line
FRIENDS_MAX = 200


async def _other(hub: Hub, me: Account, who: Any) -> Account:
    """The account named by ``who`` (an account id or a name), not mine, not deleted."""
    if not isinstance(who, str) or not who.strip() or len(who) > 64:
        raise ServiceError(400, "bad_request", "name a player: his account's name or id")
    other = await hub.db(hub.people.get_account, who) or await hub.db(hub.people.find_account,
                                                                       who)
    if other is None or other.status == "deleted":
        raise ServiceError(404, "not_found", f"no player named {who.strip()!r}")
    if other.account_id == me.account_id:
        raise ServiceError(400, "bad_request", "that is you")
    return other


async def _blocked_by_him(hub: Hub, me: Account, other: Account) -> None:
    if other.account_id in await hub.db(hub.people.blockers_of, me.account_id):
        raise ServiceError(403, "blocked", f"{other.name} does not take requests or invites "
                           "from you")


async def ask(hub: Hub, me: Account, who: Any) -> dict[str, Any]:
    """Ask a friend (accepts his request when he asked first)."""
    other = await _other(hub, me, who)
    await _blocked_by_him(hub, me, other)
    if other.account_id in await hub.db(hub.people.blocked_by, me.account_id):
        raise ServiceError(409, "blocked", f"you block {other.name}: unblock him first")
    if len(await hub.db(hub.people.friends_of, me.account_id)) >= FRIENDS_MAX:
        raise ServiceError(429, "too_many", f"a player has at most {FRIENDS_MAX} friends and "
                           "requests; remove one first")
    state = await hub.db(hub.people.ask_friend, me.account_id, other.account_id, time.time())
    await hub.tell(other.account_id, "friend")
    return {"id": other.account_id, "name": other.name, "state": state}


async def drop(hub: Hub, me: Account, who: Any) -> dict[str, Any]:
    """Remove a friend, withdraw my request or decline his."""
    other = await _other(hub, me, who)
    gone = await hub.db(hub.people.drop_friend, me.account_id, other.account_id)
    if gone:
        await hub.tell(other.account_id, "friend")
    return {"id": other.account_id, "removed": bool(gone)}


async def block(hub: Hub, me: Account, who: Any, on: bool) -> dict[str, Any]:
    other = await _other(hub, me, who)
    await hub.db(hub.people.set_block, me.account_id, other.account_id, on, time.time())
    await hub.hides_changed(me.account_id)
    await hub.tell(other.account_id, "friend")  # his list loses me
    return {"id": other.account_id, "name": other.name, "blocked": on}


async def mute(hub: Hub, me: Account, who: Any, on: bool) -> dict[str, Any]:
    other = await _other(hub, me, who)
    await hub.db(hub.people.set_mute, me.account_id, other.account_id, on, time.time())
    await hub.hides_changed(me.account_id)
    return {"id": other.account_id, "name": other.name, "muted": on}


async def _table(hub: Hub, code: Any) -> TableRow:
    if not isinstance(code, str) or not 1 <= len(code) <= 32:
        raise ServiceError(400, "bad_request", "'table' is a table's code or id")
    store = hub.service.store
    table_id = await hub.db(store.find_code, code.strip().upper()) or code
    row = await hub.db(store.get_table, table_id)
    if row is None:
        raise ServiceError(404, "not_found", f"no table {code!r}")
    return row


async def invite(hub: Hub, me: Account, who: Any, code: Any) -> dict[str, Any]:
    """Invite a friend to an unfinished table; it shows in his lobby at once."""
    other = await _other(hub, me, who)
    await _blocked_by_him(hub, me, other)
    friends = {f.account_id for f in await hub.db(hub.people.friends_of, me.account_id)
               if f.state == "friend"}
    if other.account_id not in friends:
        raise ServiceError(403, "not_friends", f"you may invite only your friends; ask "
                           f"{other.name} to be your friend first")
    row = await _table(hub, code)
    if row.status in OVER:
        raise ServiceError(409, "finished", "the game at this table is over; invite him to "
                           "another one")
    inv = Invite(uuid.uuid4().hex, me.account_id, other.account_id, row.table_id, row.code,
                 time.time())
    await hub.db(hub.people.add_invite, inv)
    await hub.tell(other.account_id, "invite")
    return {"id": inv.invite_id, "to": other.name, "code": row.code}


async def check_join(hub: Hub, row: TableRow, account_id: str | None) -> None:
    """Refuse a player whom someone seated at the table blocks."""
    if account_id is None:
        return
    seated = {s.account_id for s in row.seats if s.account_id is not None}
    if seated and seated & await hub.db(hub.people.blockers_of, account_id):
        raise ServiceError(403, "blocked", "a player at this table has blocked you, so you "
                           "cannot join it; join or create another table")


async def check_name(hub: Hub, name: str, account: Account | None) -> None:
    """Refuse a seat's ``name`` that is a registered player's (without regard to case) to
    anyone not signed in as that player: a guest cannot pass for him at a table."""
    if account is not None and account.name.casefold() == name.casefold():
        return
    other = await hub.db(hub.people.find_account, name)
    if other is not None and (account is None or other.account_id != account.account_id):
        raise ServiceError(409, "name_taken", f"{name!r} is a registered player's name: sign "
                           "in as that player, or choose another name")


async def refuse_sanctioned(conn: HTTPConnection) -> None:
    """Refuse a request whose session cookie is of a suspended or banned account (it would
    otherwise go on as a guest's): 403 with the reason and, for a suspension, its end."""
    token = conn.cookies.get(cookie_name(conn))
    if not token or len(token) > 200:
        return
    people = people_for(conn)
    call = conn.app.state.service._db_try
    session = await call("reading a session", people.get_session, token_hash(token))
    if session is None or session.expires <= time.time():
        return
    account = await call("reading an account", people.get_account, session.account_id)
    why = None if account is None else may_sign_in(account)
    if account is not None and why is not None and account.status in ("suspended", "banned"):
        raise ServiceError(403, account.status, f"{why} (a moderator's decision): it may not "
                           "take a seat or create a table")


async def report(hub: Hub, me: Account, body: dict[str, Any]) -> dict[str, Any]:
    """Report a player (``{"player", "text"}``) or a chat line (``{"table", "ts", "text"}``:
    its writer is the one reported; the lines around it are stored with the report)."""
    text = body.get("text", "")
    if not isinstance(text, str) or len(text) > 1000:
        raise ServiceError(400, "bad_request", "'text' says what happened (up to 1000 "
                           "characters)")
    table_id, context, target = None, [], None
    if body.get("table") is not None:
        row = await _table(hub, body.get("table"))
        table_id = row.table_id
        lines = await hub.db(hub.service.store.chat, table_id, 1000)
        ts = body.get("ts")
        at = next((k for k, r in enumerate(lines) if ts is not None and r.ts == ts), None)
        if ts is not None and at is None:
            raise ServiceError(404, "not_found", "no such chat line at this table")
        if at is not None:
            target = lines[at].account_id
            if target is None:
                raise ServiceError(400, "guest_line", "this line was written by a guest, who "
                                   "has no account to report; mute or leave the table")
            near = lines[max(0, at - CONTEXT_LINES): at + CONTEXT_LINES + 1]
        else:
            near = lines[-2 * CONTEXT_LINES:]
        context = [{"name": r.name, "seat": r.seat, **chat_fields(r.text), "ts": r.ts,
                    "account": r.account_id, "reported": r is lines[at] if at is not None
                    else False} for r in near]
    if target is None:
        target = (await _other(hub, me, body.get("player"))).account_id
    elif target == me.account_id:
        raise ServiceError(400, "bad_request", "that is your own line")
    rep = Report(uuid.uuid4().hex, me.account_id, target, table_id, json.dumps(context),
                 text.strip(), time.time())
    await hub.db(hub.people.add_report, rep)
    return {"id": rep.report_id, "status": rep.status}


async def home(hub: Hub, me: Account) -> dict[str, Any]:
    """A player's social page: friends (online, at which table), requests, invites of the
    last hour, the players he blocks or mutes, and warnings not seen yet.  The store is read
    in one call of the service's database threads (a lobby asks every few seconds)."""
    people, store = hub.people, hub.service.store
    loaded = {t: tb.row.code for t, tb in list(hub.service.tables.items())}
    oldest = time.time() - ONLINE_TTL

    def read() -> dict[str, Any]:
        friends = people.friends_of(me.account_id)
        blocked, muted = people.blocked_by(me.account_id), people.muted_by(me.account_id)
        online = {a: p.table_id for a, p in people.presence_of(
            [f.account_id for f in friends if f.state == "friend"]).items()
            if p.last_seen >= oldest}
        invites = [i for i in people.invites_for(me.account_id, time.time() - INVITE_TTL)
                   if i.from_id not in blocked]
        names: dict[str, str] = {}

        def name(account_id: str) -> str:
            if account_id not in names:
                a = people.get_account(account_id)
                names[account_id] = a.name if a is not None else "?"
            return names[account_id]

        codes = dict(loaded)
        for table_id in {t for t in online.values() if t is not None and t not in codes}:
            row = store.get_table(table_id)
            codes[table_id] = row.code if row is not None else ""
        out_friends = []
        for f in friends:
            entry: dict[str, Any] = {"id": f.account_id, "name": name(f.account_id),
                                     "state": f.state, "since": f.since,
                                     "online": f.account_id in online}
            at = online.get(f.account_id)
            if at is not None and codes.get(at):
                entry["table"] = codes[at]
            out_friends.append(entry)
        return {
            "friends": out_friends,
            "invites": [{"id": i.invite_id, "from": name(i.from_id), "from_id": i.from_id,
                         "code": i.code, "when": i.created, "seen": i.seen} for i in invites],
            "blocked": [{"id": a, "name": name(a)} for a in sorted(blocked)],
            "muted": [{"id": a, "name": name(a)} for a in sorted(muted)],
            "warnings": unseen_warnings(people, me.account_id),
        }

    out = await hub.db(read)
    out["me"] = {"id": me.account_id, "name": me.name, "status": effective_status(me),
                 "moderator": bool({"admin", "moderator"} & set(me.roles))}
    return out
