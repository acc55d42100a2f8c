"""The score sheet API of the phone page ``/score`` (docs/web.md, "Clubs and tournaments").

The page keeps its sheet (``trapoula.club.sheet``'s JSON: the game, preset, names and
entries) in the browser; every change is sent with the sheet and answered with the sheet
replayed, so the arithmetic is the one of ``trapoula score`` and the games' own scoring, never
the page's.  A signed-in account may also keep sheets on the server.

* ``POST /api/score/new`` ``{game, preset?, players?, hands?, names?}``;
* ``POST /api/score/add`` ``{sheet, fields: {"tricks.A": "58", ...}}`` — each answer read as
  the command line reads it (numbers, yes/no, text);
* ``POST /api/score/undo`` ``{sheet}``; ``POST /api/score/view`` ``{sheet}`` (as it is);
* ``GET /api/score/sheets``, ``POST /api/score/sheets`` ``{id?, sheet}``,
  ``GET /api/score/sheets/{id}``, ``POST /api/score/sheets/{id}/delete`` — an account's sheets.

Each answer with a sheet is :func:`view`.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from trapoula.club.sheet import Sheet, load_sheet, new_sheet, parse_entry, set_path, sheet_kinds
from trapoula.errors import TrapoulaError
from trapoula.web.club.store import Clubs, SheetRow
from trapoula.web.people.rows import Account
from trapoula.web.table import ServiceError

__all__ = ["MAX_ENTRIES", "ScoreApi", "view"]

MAX_ENTRIES = 400  # entries of one sheet
MAX_SHEETS = 200  # sheets one account keeps
FIELD_CHARS = 200


def view(sheet: Sheet) -> dict[str, Any]:
    """The sheet, its printed rows, totals, who leads or won and the next entry's questions."""
    kind = sheet.kind
    table, before = [], {side: 0 for side in sheet.sides}
    for i, r in enumerate(sheet.rows, 1):
        totals = {k: int(v) for k, v in (r.get("totals") or r.get("stacks") or {}).items()}
        if i == 1 and "stacks" in r:  # Bourré: a stack's change from the first stacks
            before = dict(kind.totals(kind.start()))
        table.append({"n": i, "scores": {k: v - before.get(k, 0) for k, v in totals.items()},
                      "totals": totals})
        before = totals
    return {"sheet": sheet.to_dict(), "game": sheet.game, "preset": kind.rules.preset,
            "sides": list(sheet.sides), "names": {s: sheet.name(s) for s in sheet.sides},
            "describe": kind.describe(), "rows": [kind.render_row(r) for r in sheet.rows],
            "table": table,
            "totals": sheet.totals, "leader": sheet.leader, "winner": sheet.winner,
            "over": sheet.over, "result": sheet.result_text(),
            "label": "hand" if sheet.game == "burraco" else "deal",
            "questions": [] if sheet.over else [list(q) for q in kind.questions(sheet.state)]}


def _bad(exc: Exception) -> ServiceError:
    return ServiceError(400, "bad_sheet", str(exc))


def _sheet(body: dict[str, Any]) -> Sheet:
    data = body.get("sheet")
    if not isinstance(data, dict):
        raise ServiceError(400, "bad_request", "send 'sheet' (the sheet's JSON object)")
    entries = data.get("entries")
    if isinstance(entries, list) and len(entries) > MAX_ENTRIES:
        raise ServiceError(400, "bad_sheet", f"a sheet holds at most {MAX_ENTRIES} entries")
    try:
        return load_sheet(data)
    except TrapoulaError as exc:
        raise _bad(exc) from None


def _names(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(v) <= 40 for k, v in
            value.items()):
        raise ServiceError(400, "bad_request", "'names' maps sides to names (up to 40 "
                           "characters)")
    return {k: v.strip() for k, v in value.items() if v.strip()}


class ScoreApi:
    """The handlers; ``clubs`` gives the rows of a request, ``signed_in`` its account."""

    def __init__(self, clubs: Any, signed_in: Any, db: Any) -> None:
        self.clubs = clubs
        self.signed_in = signed_in
        self.db = db

    async def new(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        game = body.get("game")
        if game not in sheet_kinds():
            raise ServiceError(400, "bad_request", f"'game' is one of {', '.join(sheet_kinds())}")
        preset = body.get("preset")
        options: dict[str, Any] = {}
        setup: dict[str, Any] = {}
        players, hands = body.get("players"), body.get("hands")
        if players is not None:
            options["players"] = players
        if hands is not None:
            setup["hands"] = hands
        try:
            sheet = new_sheet(str(game), preset if isinstance(preset, str) else None, options,
                              names=_names(body.get("names")), setup=setup)
        except TrapoulaError as exc:
            raise _bad(exc) from None
        return JSONResponse(view(sheet))

    async def add(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        sheet = _sheet(body)
        fields = body.get("fields")
        if not isinstance(fields, dict) or len(fields) > 64:
            raise ServiceError(400, "bad_request", "send 'fields': {question key: answer}")
        entry: dict[str, Any] = {}
        try:
            for key, text in fields.items():
                if not isinstance(text, str | int) or len(str(text)) > FIELD_CHARS:
                    raise ServiceError(400, "bad_request", f"the answer to {key!r} is text")
                text = str(text).strip()
                if text and " " not in text:
                    set_path(entry, str(key), parse_entry(f"v={text}")["v"])
                elif text:
                    set_path(entry, str(key), text)
            sheet = sheet.add(entry)
        except TrapoulaError as exc:
            raise _bad(exc) from None
        return JSONResponse(view(sheet))

    async def show(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        return JSONResponse(view(_sheet(body)))

    async def undo(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        try:
            return JSONResponse(view(_sheet(body).undo()))
        except TrapoulaError as exc:
            raise _bad(exc) from None

    # --- an account's sheets ----------------------------------------------------------------
    async def _me(self, request: Request) -> tuple[Clubs, Account]:
        account = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in to keep sheets on the server")
        return self.clubs(request), account

    async def list(self, request: Request) -> JSONResponse:
        clubs, account = await self._me(request)
        rows = await self.db("reading sheets", clubs.sheets_of, account.account_id, MAX_SHEETS)
        return JSONResponse({"sheets": [{"id": r.sheet_id, "title": r.title,
                                         "updated": r.updated} for r in rows]})

    async def save(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, account = await self._me(request)
        sheet = _sheet(body)
        sid = body.get("id")
        if sid is not None:
            row = await self.db("reading a sheet", clubs.get_sheet, str(sid))
            if row is None or row.account_id != account.account_id:
                raise ServiceError(404, "no_sheet", "no such sheet of yours")
        else:
            have = await self.db("reading sheets", clubs.sheets_of, account.account_id,
                                 MAX_SHEETS)
            if len(have) >= MAX_SHEETS:
                raise ServiceError(409, "too_many_sheets", f"an account keeps at most "
                                   f"{MAX_SHEETS} sheets: delete some first")
            sid = uuid.uuid4().hex
        names = " – ".join(sheet.name(s) for s in sheet.sides)
        title = f"{sheet.game}: {names}"[:80]
        await self.db("saving a sheet", clubs.put_sheet, SheetRow(
            str(sid), account.account_id, title, time.time(), json.dumps(sheet.to_dict())))
        return JSONResponse({"id": sid, "title": title})

    async def _own(self, request: Request) -> tuple[Clubs, Account, SheetRow]:
        clubs, account = await self._me(request)
        row = await self.db("reading a sheet", clubs.get_sheet,
                            str(request.path_params["sheet_id"])[:40])
        if row is None or row.account_id != account.account_id:
            raise ServiceError(404, "no_sheet", "no such sheet of yours")
        return clubs, account, row

    async def get(self, request: Request) -> JSONResponse:
        _, _, row = await self._own(request)
        try:
            out = view(load_sheet(row.data))
        except TrapoulaError as exc:
            raise _bad(exc) from None
        out["id"] = row.sheet_id
        return JSONResponse(out)

    async def delete(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        clubs, account, row = await self._own(request)
        n = await self.db("deleting a sheet", clubs.drop_sheet, row.sheet_id,
                          account.account_id)
        return JSONResponse({"deleted": n})
