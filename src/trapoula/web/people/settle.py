"""The table service's calls into ratings: a finished table settled (off the table's lock, in
a background task, through the service's database threads), a leaver noted.

Settling is idempotent: ``results.table_id`` is unique (web/people/ratings_store.py), so the
process that committed the last move, a retry, and any process that later loads the finished
table may all call it; the ratings change once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from trapoula.web.people.ratings import people_for, rate, settlement

__all__ = ["note_leave", "settle_later", "settle_table"]

log = logging.getLogger("trapoula.web")
_SETTLED_MAX = 4096


def _seen(service: Any) -> set[str]:
    seen: set[str] | None = getattr(service, "_settled_ids", None)
    if seen is None:
        seen = service._settled_ids = set()
    return seen


async def settle_table(service: Any, table: Any) -> bool:
    """Settle a finished table's ratings (once); whether this call stored the result."""
    state = table.state
    if not state.is_over or table.table_id in _seen(service):
        return False
    outcome = state.outcome()
    if outcome is None:
        return False
    people = people_for(service.store)
    if await service._db(people.result_of, table.table_id) is not None:
        _remember(service, table.table_id)
        return False
    leavers = await service._db(people.leavers, table.table_id)
    result = settlement(table.row, table.game, outcome, time.time(), leavers)
    done = bool(await service._db(people.settle, result, rate(result, table.game.info.sides)))
    _remember(service, table.table_id)
    if done:
        log.info("table %s settled: %s", table.table_id,
                 "rated" if result.rated else f"not rated ({result.why})")
    return done


def _remember(service: Any, table_id: str) -> None:
    seen = _seen(service)
    if len(seen) >= _SETTLED_MAX:
        seen.clear()
    seen.add(table_id)


def settle_later(service: Any, table: Any) -> None:
    """Settle in the background (one task per table at a time), retrying a failing database
    a few times."""
    if table.table_id in _seen(service):
        return
    running: set[str] | None = getattr(service, "_settling_ids", None)
    if running is None:
        running = service._settling_ids = set()
    if table.table_id in running:
        return
    running.add(table.table_id)

    async def run() -> None:
        delay = 0.5
        try:
            for _ in range(8):
                try:
                    await settle_table(service, table)
                    return
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("settling table %s failed; retrying", table.table_id)
                    await asyncio.sleep(delay)
                    delay = min(10.0, delay * 2)
        finally:
            running.discard(table.table_id)

    service._spawn(run())


async def note_leave(service: Any, table: Any, seat: str) -> None:
    """A person gives his seat up: during a match (after its first move, before its end)
    an account is noted as a leaver."""
    row = table.seat_row(seat)
    if (row is None or not row.account_id or table.seq == 0 or table.state.is_over):
        return
    people = people_for(service.store)
    await service._db(people.note_leaver, table.table_id, seat, row.account_id, time.time())
