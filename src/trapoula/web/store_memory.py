"""The in-memory store (tests, benchmarks): the same behaviour as the SQL store
(:class:`~trapoula.web.store.SqlStore`), in dicts under one lock."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from trapoula.web.people.store import MemoryPeople
from trapoula.web.rows import OVER, ChatRow, SeatRow, TableRow, complete_row, fair_text

__all__ = ["MemoryStore"]


def _filter(rows: Iterable[TableRow], open_only: bool, status: str | None) -> list[TableRow]:
    out = []
    for r in rows:
        if status is not None:
            if r.status != status:
                continue
        elif open_only and r.status in OVER:
            continue
        out.append(r)
    out.sort(key=lambda r: -r.created)
    return out


class MemoryStore:
    """The in-memory store (tests, benchmarks): same semantics as :class:`SqlStore`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, TableRow] = {}
        self._codes: dict[str, str] = {}
        self._actions: dict[str, list[tuple[int, str, str]]] = {}
        self._chat: dict[str, list[ChatRow]] = {}
        self.people = MemoryPeople(self)  # the players' home beside these tables

    def create_table(self, row: TableRow) -> None:
        with self._lock:
            if row.table_id in self._tables or row.code.upper() in self._codes:
                raise ValueError(f"table {row.table_id} or code {row.code} exists")
            self._tables[row.table_id] = row = complete_row(row)
            self._codes[row.code.upper()] = row.table_id
            self._actions[row.table_id] = []
            self._chat[row.table_id] = []

    def get_table(self, table_id: str) -> TableRow | None:
        return self._tables.get(table_id)

    def find_code(self, code: str) -> str | None:
        return self._codes.get(code.strip().upper())

    def list_tables(
        self, *, open_only: bool = True, limit: int = 50, status: str | None = None
    ) -> list[TableRow]:
        return _filter(self._tables.values(), open_only, status)[:limit]

    def set_seat(self, table_id: str, seat: str, name: str, token_hash: str,
                 account_id: str | None = None) -> bool:
        with self._lock:
            row = self._tables.get(table_id)
            if row is None:
                return False
            seats = list(row.seats)
            for k, s in enumerate(seats):
                if s.seat == seat and s.kind == "human" and s.token_hash is None:
                    seats[k] = replace(s, name=name, token_hash=token_hash, clock=None,
                                       account_id=account_id)
                    self._tables[table_id] = replace(row, seats=seats)
                    return True
            return False

    def put_seat(self, table_id: str, row: SeatRow) -> None:
        """Replace a seat (a person leaves it, the creator gives it to a bot)."""
        with self._lock:
            table = self._tables[table_id]
            seats = [row if s.seat == row.seat else s for s in table.seats]
            self._tables[table_id] = replace(table, seats=seats)

    def append_action(self, table_id: str, seq: int, seat: str, action: str) -> bool:
        with self._lock:
            log = self._actions[table_id]
            if seq != len(log) + 1:
                return False
            log.append((seq, seat, action))
            return True

    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, str, str]]:
        return list(self._actions.get(table_id, [])[after:])

    def set_status(self, table_id: str, status: str) -> None:
        with self._lock:
            row = self._tables[table_id]
            self._tables[table_id] = replace(row, status=status)

    def set_fair(self, table_id: str, old: dict[str, Any] | None, new: dict[str, Any],
                 seed: int) -> bool:
        """Replace the seed's chain and the seed, only if the chain is still ``old``."""
        with self._lock:
            row = self._tables[table_id]
            if fair_text(row.fair) != fair_text(old):
                return False
            self._tables[table_id] = replace(row, fair=json.loads(fair_text(new)), seed=seed)
            return True

    def add_chat(self, table_id: str, seat: str | None, name: str, text: str,
                 account_id: str | None = None) -> ChatRow:
        row = ChatRow(table_id, seat, name, text, time.time(), account_id)
        with self._lock:
            self._chat[table_id].append(row)
        return row

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        return list(self._chat.get(table_id, [])[-limit:])

    def close(self) -> None:
        pass
