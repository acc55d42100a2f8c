"""What each client address may still do: table creations, joins, seats held, sockets.

:class:`Quotas` keeps, per address, a token bucket for creations and one for joins, the seats
the address holds and its open sockets.  A refusal is a :class:`QuotaError` whose message says
what the limit is (the service answers HTTP 429 or a WebSocket ``error``).  ``None`` as the
address (tests, the service's own calls) is never limited.

>>> q = Quotas(Limits(tables_per_minute=2, seats_per_address=1))
>>> q.create("1.2.3.4", now=0.0); q.create("1.2.3.4", now=0.0)
>>> q.create("1.2.3.4", now=1.0)
Traceback (most recent call last):
...
trapoula.web.quota.QuotaError: at most 2 new tables a minute from one address; wait 29 s
>>> q.take_seat("1.2.3.4", "t1", "P1", held=lambda t: True)
>>> try:
...     q.check_seat("1.2.3.4", held=lambda t: True)
... except QuotaError as exc:
...     print(exc)
one address holds at most 1 seats at unfinished tables; leave one first
>>> q.check_seat("1.2.3.4", held=lambda t: False)  # t1 is over: the seat no longer counts
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from trapoula.web.limits import Limits, TokenBucket

__all__ = ["QuotaError", "Quotas"]


class QuotaError(Exception):
    """A limit was reached; the message says which and what to do."""


class Quotas:
    """Per-address limits (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._creates: dict[str, TokenBucket] = {}
        self._joins: dict[str, TokenBucket] = {}
        self.seats: dict[str, set[tuple[str, str]]] = {}
        self.sockets: dict[str, int] = {}

    @staticmethod
    def _take(buckets: dict[str, TokenBucket], address: str, per_minute: int, now: float,
              what: str) -> None:
        bucket = buckets.get(address)
        if bucket is None:
            bucket = buckets[address] = TokenBucket(per_minute / 60.0, per_minute, now)
        if not bucket.take(now):
            wait = math.ceil((1.0 - bucket.tokens) / bucket.rate)
            raise QuotaError(f"at most {per_minute} {what} a minute from one address; "
                             f"wait {wait} s")

    def create(self, address: str | None, now: float | None = None) -> None:
        n = self.limits.tables_per_minute
        if address is not None and n:
            self._take(self._creates, address, n, time.monotonic() if now is None else now,
                       "new tables")

    def join(self, address: str | None, now: float | None = None) -> None:
        n = self.limits.joins_per_minute
        if address is not None and n:
            self._take(self._joins, address, n, time.monotonic() if now is None else now,
                       "joins")

    def check_seat(self, address: str | None, held: Callable[[str], bool]) -> None:
        """Refuse when ``address`` already holds its share; ``held(table_id)`` says whether a
        table still counts (unfinished)."""
        n = self.limits.seats_per_address
        if address is None or not n:
            return
        seats = self.seats.get(address)
        if seats:
            for key in [k for k in seats if not held(k[0])]:
                seats.discard(key)
        if seats is not None and len(seats) >= n:
            raise QuotaError(f"one address holds at most {n} seats at unfinished tables; "
                             "leave one first")

    def take_seat(self, address: str | None, table_id: str, seat: str,
                  held: Callable[[str], bool]) -> None:
        """Count a seat the address now holds (checked by :meth:`check_seat` before the seat
        was stored: never refused here, where refusing would leave a stored seat with an
        error; requests of one address arriving together may pass the check together).
        Nothing is kept when the limit is off."""
        if address is not None and self.limits.seats_per_address:
            seats = self.seats.setdefault(address, set())
            for key in [k for k in seats if not held(k[0])]:
                seats.discard(key)
            seats.add((table_id, seat))

    def free_seat(self, table_id: str, seat: str) -> None:
        for address, seats in list(self.seats.items()):
            seats.discard((table_id, seat))
            if not seats:
                del self.seats[address]

    def open_socket(self, address: str | None) -> None:
        n = self.limits.conns_per_address
        if address is None:
            return
        have = self.sockets.get(address, 0)
        if n and have >= n:
            raise QuotaError(f"at most {n} open connections from one address")
        self.sockets[address] = have + 1

    def close_socket(self, address: str | None) -> None:
        if address is None:
            return
        have = self.sockets.get(address, 0) - 1
        if have > 0:
            self.sockets[address] = have
        else:
            self.sockets.pop(address, None)

    def prune(self, now: float | None = None) -> None:
        """Forget full buckets (an address that has not asked for a while)."""
        now = time.monotonic() if now is None else now
        for buckets in (self._creates, self._joins):
            for address, b in list(buckets.items()):
                if b.tokens + (now - b.last) * b.rate >= b.burst:
                    del buckets[address]
