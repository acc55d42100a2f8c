"""The match seed nobody chooses: the server's committed secret and every seat's committed value.

A commit–reveal chain (docs/web.md, "Fair dealing", gives the exact protocol):

1. When the table is created the server draws a 32-byte secret ``S`` and shows every seat
   ``H(S)`` (lower-case hex SHA-256 of the 32 bytes) before any seat's value is asked for.
2. A person's page draws 32 random bytes ``r`` and sends ``c = H(r)`` with its request to
   create or join the table.  A seat that sends none (a bot, a client without it, a person who
   joins once the seed is fixed) contributes nothing.
3. When the first deal is due (every human seat taken at a table that holds the deal; at once
   at one that does not), the committed seats are fixed and every page is shown every
   commitment; each page then sends its ``r``.  A value that does not hash to its commitment is
   refused.  A seat whose value has not come ``Limits.reveal_seconds`` (30 s) after the
   commitments were shown is *withheld*: its value is replaced by the public ``H(c)`` and every
   page says so.
4. ``seed = int(H(S ‖ r_1 ‖ … ‖ r_k)[:8 bytes], big-endian) >> 2`` (the values in seat order,
   each 32 bytes; none when nobody contributed): the match seed, from which the engine derives
   every deal (``derive_seed(seed, n)``).
5. When the match ends ``S`` and every ``r`` are revealed: anyone checks ``H(S)``, each
   ``H(r_i) = c_i`` and the seed, then each deal's commitment (web/fair.py).

Neither the server (committed to ``S`` before seeing any ``c_i``, and never seeing ``r_i``
before every ``c_i`` is fixed) nor a seat (committed to ``r_i`` before anything but ``H(S)``
was shown, and never knowing ``S`` before the end) can choose the pack.

>>> import hashlib
>>> chain = Chain.new()
>>> r = bytes(range(32))
>>> chain.commit("P1", hashlib.sha256(r).hexdigest()), chain.start()
(True, 'reveal')
>>> chain.reveal("P1", r.hex()), chain.phase
(None, 'fixed')
>>> chain.seed == seed_of(chain.secret, [r.hex()]), verify_chain(chain.revealed()) == []
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Chain", "h", "seed_of", "verify_chain", "withheld_value"]
_HEX64 = frozenset("0123456789abcdef")


def h(hex_bytes: str) -> str:
    """SHA-256 of the bytes written in hex, as lower-case hex."""
    return hashlib.sha256(bytes.fromhex(hex_bytes)).hexdigest()


def is_hex32(text: Any) -> bool:
    """32 bytes in lower-case hex (64 digits)."""
    return isinstance(text, str) and len(text) == 64 and set(text) <= _HEX64


def withheld_value(commit: str) -> str:
    """The public value that stands for a seat that never sent its own: ``H(c)``."""
    return h(commit)


def seed_of(secret: str, values: list[str]) -> int:
    """The match seed: the first 8 bytes of ``H(S ‖ r_1 ‖ … ‖ r_k)``, big-endian, >> 2."""
    digest = hashlib.sha256(bytes.fromhex(secret + "".join(values))).digest()
    return int.from_bytes(digest[:8], "big") >> 2


@dataclass
class Chain:
    """One table's chain: stored as JSON (:meth:`to_json`) so a restart keeps it."""

    secret: str
    commits: dict[str, str] = field(default_factory=dict)  # seat -> c (in seat order)
    reveals: dict[str, str] = field(default_factory=dict)  # seat -> r
    phase: str = "collect"  # collect | reveal | fixed
    since: float = 0.0  # wall time the commitments were shown (the reveal phase began)
    withheld: list[str] = field(default_factory=list)
    seed: int | None = None
    # where a fixed chain came from when not the table's own: a duplicate round's chain,
    # committed to by the tournament's entrants ({"tourney": id, "round": n}), its values
    # keyed E1, E2, ... (the entrants' accounts in registration order)
    source: dict[str, Any] | None = None

    @classmethod
    def new(cls) -> Chain:
        return cls(secrets.token_bytes(32).hex())

    @property
    def commit_s(self) -> str:
        return h(self.secret)

    @property
    def fixed(self) -> bool:
        return self.phase == "fixed"

    def to_json(self) -> dict[str, Any]:
        return {"v": 1, "secret": self.secret, "commits": dict(self.commits),
                "reveals": dict(self.reveals), "phase": self.phase, "since": self.since,
                "withheld": list(self.withheld), "seed": self.seed,
                **({"source": dict(self.source)} if self.source else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chain:
        return cls(str(data["secret"]), dict(data.get("commits") or {}),
                   dict(data.get("reveals") or {}), str(data.get("phase", "collect")),
                   float(data.get("since") or 0.0), list(data.get("withheld") or []),
                   None if data.get("seed") is None else int(data["seed"]),
                   dict(data["source"]) if data.get("source") else None)

    def commit(self, seat: str, commit: Any) -> bool:
        """A seat's commitment (only while the seats are collected); whether it counts."""
        if self.phase != "collect" or not is_hex32(commit):
            return False
        self.commits[seat] = str(commit)
        self.commits = dict(sorted(self.commits.items(), key=lambda kv: _seat_key(kv[0])))
        return True

    def drop(self, seat: str) -> None:
        """The seat's person left before the commitments were fixed: its value goes too."""
        if self.phase == "collect":
            self.commits.pop(seat, None)

    def start(self, now: float = 0.0) -> str:
        """The first deal is due: the commitments are fixed (and shown); the seed too when
        nobody committed.  The new phase."""
        if self.phase == "collect":
            self.phase, self.since = "reveal", now
            self._maybe_fix()
        return self.phase

    def reveal(self, seat: str, value: Any) -> str | None:
        """A seat's value; None when taken, else why it is refused."""
        if self.phase != "reveal":
            return "the seed is fixed already" if self.fixed else \
                "the values are asked for once every seat has committed"
        commit = self.commits.get(seat)
        if commit is None:
            return f"seat {seat} committed no value to this table's seed"
        if not is_hex32(value) or h(str(value)) != commit:
            return "the value does not hash to the seat's commitment (64 hex digits of 32 bytes)"
        self.reveals[seat] = str(value)
        self._maybe_fix()
        return None

    def time_out(self) -> bool:
        """The seats that did not send their values are withheld; whether the seed got fixed."""
        if self.phase != "reveal":
            return False
        self.withheld = [s for s in self.commits if s not in self.reveals]
        self._maybe_fix(force=True)
        return True

    def _maybe_fix(self, force: bool = False) -> None:
        if not force and any(s not in self.reveals for s in self.commits):
            return
        self.seed = seed_of(self.secret, self.values())
        self.phase = "fixed"

    def values(self) -> list[str]:
        return [self.reveals[s] if s in self.reveals else withheld_value(c)
                for s, c in self.commits.items()]

    def public(self, over: bool) -> dict[str, Any]:
        """What every seat is shown: ``H(S)``, the phase, the commitments once fixed, who
        sent a value and who withheld; and when the match is ``over`` the whole chain."""
        out: dict[str, Any] = {"server": self.commit_s, "phase": self.phase,
                               "seats": list(self.commits) if self.phase != "collect" else [],
                               "withheld": list(self.withheld)}
        if self.source:
            out["source"] = dict(self.source)
        if self.phase != "collect":
            out["commits"] = dict(self.commits)
            out["revealed_seats"] = [s for s in self.commits if s in self.reveals]
        if over and self.fixed:
            out.update(self.revealed())
        return out

    def revealed(self) -> dict[str, Any]:
        """The whole chain, for the end of the match and the record."""
        return {"server": self.commit_s, "secret": self.secret, "commits": dict(self.commits),
                "reveals": dict(self.reveals), "withheld": list(self.withheld),
                "seed": self.seed, **({"source": dict(self.source)} if self.source else {})}


def _seat_key(seat: str) -> tuple[int, str]:
    digits = seat[1:]
    return (int(digits) if digits.isdigit() else 0, seat)


def verify_chain(chain: Any, seed: int | None = None) -> list[str]:
    """Check a revealed chain (the record's ``chain``): ``H(S)``, each value against its
    commitment, and the seed from them (and ``seed``, the record's, when given); problems."""
    problems: list[str] = []
    if not isinstance(chain, dict):
        return ["the chain is not an object"]
    secret, commits = chain.get("secret"), chain.get("commits")
    reveals, withheld = chain.get("reveals") or {}, chain.get("withheld") or []
    if not is_hex32(secret) or not isinstance(commits, dict) or not isinstance(reveals, dict):
        return ["the chain lacks the server's secret or the seats' commitments"]
    if not hmac.compare_digest(h(str(secret)), str(chain.get("server"))):
        problems.append("H(server secret) is not the server's commitment")
    values = []
    for seat, commit in commits.items():
        value = reveals.get(seat)
        if value is None:
            if seat not in withheld:
                problems.append(f"{seat}'s value is missing and not marked withheld")
            values.append(withheld_value(str(commit)) if is_hex32(commit) else "")
        elif not is_hex32(value) or h(str(value)) != commit:
            problems.append(f"{seat}'s value does not hash to its commitment")
            values.append(str(value) if is_hex32(value) else "")
        else:
            values.append(str(value))
    if problems:
        return problems
    got = seed_of(str(secret), values)
    if chain.get("seed") != got or (seed is not None and seed != got):
        problems.append(f"the seed is not H(S ‖ values): it should be {got}")
    return problems
