"""The account API's limits: sign-in attempts per address and per account, registrations per
address, other calls per address, and how many passwords are hashed at once.

Each limit is a token bucket (web/limits.py) of its :class:`~trapoula.web.limits.Limits` field;
a refusal is a :class:`~trapoula.web.table.ServiceError` 429 ``too_many`` whose message says
the limit and how long to wait (``retry_after``, seconds, for the ``Retry-After`` header).
Like the table quotas (web/quota.py) the buckets live in each server process: with two
processes an address may make up to twice as many attempts.  ``None`` as the address (tests,
the server's own calls) is never limited by address.

>>> from trapoula.web.limits import Limits
>>> t = Throttle(Limits(signin_failures=2))
>>> t.failed("a1", now=0.0); t.failed("a1", now=0.0)
>>> try:
...     t.check_account("a1", now=1.0)
... except ServiceError as exc:
...     print(exc.message, exc.retry_after)
too many failed sign-ins to this account: try again in 59 s 59
>>> t.check_account("a1", now=60.0)
"""

from __future__ import annotations

import math
import time

from trapoula.web.limits import Limits, TokenBucket
from trapoula.web.table import ServiceError

__all__ = ["HASHING_AT_ONCE", "HASHING_WAITING", "Throttle", "TooMany"]

HASHING_AT_ONCE = 2  # passwords hashed at once (each ≈ 64 MiB and one core for ~0.1 s)
HASHING_WAITING = 16  # requests waiting to hash before more are refused


class TooMany(ServiceError):
    """A 429 with the seconds to wait."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, "too_many", message)
        self.retry_after = retry_after


def _wait(bucket: TokenBucket) -> int:
    return max(1, math.ceil((1.0 - bucket.tokens) / bucket.rate))


class Throttle:
    """The buckets of the module docstring, by address and by account id."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._attempts: dict[str, TokenBucket] = {}
        self._accounts: dict[str, TokenBucket] = {}
        self._calls: dict[str, TokenBucket] = {}
        self._failures: dict[str, TokenBucket] = {}
        self.hashing = 0  # requests hashing or waiting to

    @staticmethod
    def _take(buckets: dict[str, TokenBucket], key: str | None, n: int, per: float,
              what: str, now: float | None) -> None:
        if key is None or not n:
            return
        now = time.monotonic() if now is None else now
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) > 100_000:  # forget full buckets now and then
                for k, b in list(buckets.items()):
                    if b.tokens + (now - b.last) * b.rate >= b.burst:
                        del buckets[k]
            bucket = buckets[key] = TokenBucket(n / per, n, now)
        if not bucket.take(now):
            wait = _wait(bucket)
            raise TooMany(f"{what}: try again in {wait} s", wait)

    def attempt(self, address: str | None, now: float | None = None) -> None:
        """A sign-in, registration or password check from ``address``."""
        n = self.limits.signins_per_minute
        self._take(self._attempts, address, n, 60.0,
                   f"at most {n} sign-in attempts a minute from one address", now)

    def register(self, address: str | None, now: float | None = None) -> None:
        n = self.limits.accounts_per_hour
        self._take(self._accounts, address, n, 3600.0,
                   f"at most {n} new accounts an hour from one address", now)

    def call(self, address: str | None, now: float | None = None) -> None:
        n = self.limits.account_calls_per_minute
        self._take(self._calls, address, n, 60.0,
                   f"at most {n} account requests a minute from one address", now)

    def check_account(self, account_id: str, now: float | None = None) -> None:
        """Refuse a sign-in to an account whose failures used its bucket up (each failure
        takes a token, :meth:`failed`; one comes back a minute)."""
        bucket = self._failures.get(account_id)
        if bucket is None:
            return
        now = time.monotonic() if now is None else now
        tokens = min(bucket.burst, bucket.tokens + (now - bucket.last) * bucket.rate)
        if tokens < 1.0:
            wait = max(1, math.ceil((1.0 - tokens) / bucket.rate))
            raise TooMany(f"too many failed sign-ins to this account: try again in {wait} s",
                          wait)

    def failed(self, account_id: str, now: float | None = None) -> None:
        """A wrong password for ``account_id``."""
        n = self.limits.signin_failures
        if not n:
            return
        now = time.monotonic() if now is None else now
        bucket = self._failures.get(account_id)
        if bucket is None:
            bucket = self._failures[account_id] = TokenBucket(1 / 60.0, n, now)
        bucket.take(now)

    def succeeded(self, account_id: str) -> None:
        """A right password: the account's failures are forgotten."""
        self._failures.pop(account_id, None)

    def start_hashing(self) -> None:
        """One more request that will hash a password (refused when too many wait);
        :meth:`end_hashing` when it is done."""
        if self.hashing >= HASHING_AT_ONCE + HASHING_WAITING:
            raise TooMany("the server is checking many passwords at the moment: try again in "
                          "a few seconds", 3)
        self.hashing += 1

    def end_hashing(self) -> None:
        self.hashing -= 1
