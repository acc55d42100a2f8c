"""Deal score cards and rematches for the page (``/api/tables/{id}/deals``, ``…/rematch``).

The score card of each finished deal is :func:`trapoula.tui.summary.deal_summary` — the rows
the terminal prints — computed from **public** views only: the table's actions are replayed
through the engine and, at each deal's last action, the finished deal's public view is taken
(as ``trapoula.cli.steps.advance`` does for the terminal).  Nothing of a hand reaches the
answer.  Results are cached per table and number of actions.

A rematch is a new table with the same game, rules and seats (bots at their levels; each
person at his old seat): the first person who asks creates it and sits down, the others who
ask later join their own seat of it.  The link between the two tables is kept in memory.

>>> import trapoula
>>> game = trapoula.make("bourloto", "gr")
>>> m = game.new_match(seed=3)
>>> acts = []
>>> while not m.deals:
...     a = m.legal_actions()[0]
...     acts.append((len(acts) + 1, m.current_player, str(a)))
...     m = m.apply(a)
>>> cards = deal_cards(game, game.new_match(seed=3), acts)
>>> len(cards), cards[0]["deal"], cards[0]["game"]
(1, 1, 'bourloto')
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import anyio

from trapoula.core.game import Game
from trapoula.core.state import GameState
from trapoula.tui.summary import deal_summary
from trapoula.web.people.auth import seat_account
from trapoula.web.serialize import to_json
from trapoula.web.spec import SETTINGS_KEY, split_options
from trapoula.web.store import rule_options
from trapoula.web.table import ServiceError, apply_as, hash_token

__all__ = ["deal_cards", "deals_answer", "rematch"]

_CACHE: dict[str, tuple[int, list[dict[str, Any]]]] = {}
_CACHE_MAX = 256
_REMATCH: dict[str, str] = {}  # old table id -> new table id
_LOCKS: dict[str, asyncio.Lock] = {}


def _deal_no(state: GameState) -> Any:
    return getattr(state, "deal_number", None)


def deal_cards(game: Game, start: GameState,
               acts: list[tuple[int, str, str]]) -> list[dict[str, Any]]:
    """The score card of every finished deal of a table (public information only).

    ``start`` is the table's match before its first action (``row.new_match(game)``: the
    table's own seed and dealing version, never re-derived here).
    """
    state = start
    cards: list[dict[str, Any]] = []
    for _, seat, action in acts:
        new = apply_as(state, seat, action)
        if new.is_over or _deal_no(new) != _deal_no(state):
            deal = getattr(state, "deal", None)
            if isinstance(deal, GameState):
                finished = deal.apply(action).public_view()
                card = deal_summary(state.public_view(), finished, new.public_view(),
                                    game.options)
                card["last_trick"] = _last_trick(finished)
                card["ended_at"] = len(cards)
                cards.append(to_json(card))
        state = new
    return cards


def _last_trick(view: Any) -> dict[str, Any] | None:
    tricks = getattr(view, "tricks", ())
    if not tricks:
        return None
    t = tricks[-1]
    return {"plays": [[s, str(c)] for s, c in t.plays], "winner": t.winner}


async def deals_answer(service: Any, table_id: str) -> dict[str, Any]:
    """``{"deals": [score cards], "over", "result", "rematch"}`` of a table."""
    table = await service._get(table_id)
    acts = await service._db(service.store.actions, table_id, 0)
    cached = _CACHE.get(table_id)
    if cached is None or cached[0] != len(acts):
        cards = await anyio.to_thread.run_sync(
            deal_cards, table.game, table.row.new_match(table.game), acts)
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[table_id] = cached = (len(acts), cards)
    state = table.state
    new_id = _REMATCH.get(table_id)
    again = None
    if new_id is not None:
        row = await service._db(service.store.get_table, new_id)
        if row is not None:
            again = {"table_id": new_id, "code": row.code}
    return {"deals": cached[1], "over": bool(state.is_over), "result": to_json(state.result),
            "created": table.row.created, "rematch": again}


async def rematch(service: Any, table_id: str, token: Any, commit: Any = None
                  ) -> dict[str, Any]:
    """The same game, rules and seats again; ``token``: the asker's seat at the old table;
    ``commit``: the asker's commitment to its value for the new table's seed."""
    if not isinstance(token, str) or not token:
        raise ServiceError(403, "no_seat", "a rematch is asked by a player of the table")
    table = await service._get(table_id)
    digest = hash_token(token)
    mine = next((s for s in table.row.seats if s.token_hash == digest), None)
    if mine is None:
        raise ServiceError(403, "no_seat", "this token holds no seat at this table")
    if not table.state.is_over:
        raise ServiceError(409, "not_finished", "a rematch starts when the game is over")
    account = await seat_account(service, mine.account_id)  # the same account's seat again
    lock = _LOCKS.setdefault(table_id, asyncio.Lock())
    async with lock:
        new_id = _REMATCH.get(table_id)
        if new_id is None:
            r = table.row
            seats = [{"kind": "human"} if s.kind == "human" else
                     {"kind": "bot", "bot": s.bot, "level": s.level} for s in r.seats]
            spec: dict[str, Any] = {
                "game": r.game, "preset": r.preset, "options": rule_options(r.options),
                "seats": seats, "name": mine.name or mine.seat, "seat": mine.seat,
                "commit": commit}
            if SETTINGS_KEY in r.options:  # the same clock, bank, hold and privacy (web/spec.py)
                settings = split_options(r.options)[1]
                spec["table"] = {"clock": settings.clock, "bank": settings.bank,
                                 "hold": settings.hold, "private": settings.private,
                                 "rated": settings.rated}
            out: dict[str, Any] = await service.create_table(spec, None, account)
            _REMATCH[table_id] = out["table_id"]
            out["created_at"] = time.time()
            return out
    row = await service._db(service.store.get_table, new_id)
    if row is None:
        raise ServiceError(404, "not_found", "the rematch table is gone")
    joined: dict[str, Any] = await service.join(row.code, mine.name or mine.seat, mine.seat,
                                                commit=commit, account=account)
    return joined
