"""Test helpers: fake sockets that record what the service sends them."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from trapoula.web.delta import apply_delta
from trapoula.web.limits import TokenBucket
from trapoula.web.service import Connection, TableService


class FakeSocket:
    """Records every message; ``state()`` is the last state message.

    With ``deltas`` (a client of the delta protocol, web/delta.py) a ``delta`` message is
    applied to the last state and recorded as the ``state`` it makes (its own text in
    ``deltas``); a delta that does not apply is an ``AssertionError``."""

    def __init__(self, on_message: Any = None, deltas: bool = False) -> None:
        self.messages: list[dict[str, Any]] = []
        self.deltas: list[dict[str, Any]] = []
        self.closed_with: int | None = None
        self.on_message = on_message
        self.conn: Connection | None = None
        self.delta_client = deltas

    async def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "delta":
            assert self.delta_client, "a delta to a client that did not ask for them"
            self.deltas.append(msg)
            msg = apply_delta(self.state(), msg)  # DeltaError when it does not apply
        elif msg["type"] == "state":
            assert msg.pop("deltas", False) == self.delta_client
        self.messages.append(msg)
        if self.on_message is not None:
            self.on_message(self, msg)

    async def close(self, code: int) -> None:
        self.closed_with = code

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    def state(self) -> dict[str, Any]:
        return self.of("state")[-1]

    def errors(self) -> list[str]:
        return [m["code"] for m in self.of("error")]


def table_cases(cases: list[tuple[str, str, dict[str, Any], int]]) -> Any:
    """Parametrize a test over ``(game, preset, options, n)`` cases of :func:`mixed_table`."""
    return pytest.mark.parametrize(("game", "preset", "options", "n"), cases,
                                   ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in cases])


async def mixed_table(svc: TableService, game: str, preset: str, options: dict[str, Any],
                      n: int, seed: int, **extra: Any) -> dict[str, Any]:
    """A table of ``n`` seats, humans at the even indexes (P1 is the creator's) and bots at
    the odd ones: what ``create_table`` answers (``extra``: more members of the request)."""
    seats = [{"kind": "human"} if i % 2 == 0 else {"kind": "bot"} for i in range(n)]
    return await svc.create_table({"game": game, "preset": preset, "options": options,
                                   "seats": seats, "name": "P1", "seat": "P1", "seed": seed,
                                   **extra})


async def human_tokens(svc: TableService, made: dict[str, Any], n: int,
                       name: str = "n{i}") -> dict[str, str]:
    """The seat tokens of a :func:`mixed_table`: P1's (the creator's), then each other human
    seat joined under ``name`` (``{i}``: the seat's index)."""
    tokens = {"P1": made["token"]}
    for i in range(2, n, 2):
        joined = await svc.join(made["code"], name.format(i=i), f"P{i + 1}")
        tokens[f"P{i + 1}"] = joined["token"]
    return tokens


async def settle(svc: TableService) -> None:
    """Wait until every connection's outbox has gone out (messages are sent by a task)."""
    for _ in range(100):
        conns = [c for t in list(svc.tables.values()) for c in list(t.conns)]
        if not any(c.pending for c in conns):
            await asyncio.sleep(0)
            if not any(c.pending for c in conns):
                return
        for c in conns:
            await c.flush()


async def connect(svc: TableService, table_id: str, token: str | None,
                  on_message: Any = None, unlimited: bool = False,
                  address: str | None = None, deltas: bool = False,
                  name: str | None = None) -> FakeSocket:
    sock = FakeSocket(on_message, deltas)
    sock.conn = await svc.connect(table_id, token, sock.send, sock.close, address,
                                  deltas=deltas, spectator_name=name)
    if unlimited:
        sock.conn.bucket = TokenBucket(rate=1e9, burst=10**9)
    await settle(svc)
    return sock


async def send(svc: TableService, sock: FakeSocket, msg: dict[str, Any]) -> None:
    assert sock.conn is not None
    await svc.handle(sock.conn, json.dumps(msg))
    await settle(svc)


async def play_out(svc: TableService, table_id: str, socks: list[FakeSocket]) -> None:
    """Hand these seats to the bots and let the match play to its end (a generous bound, so a
    stall still fails; on a loaded machine many loop turns may pass with no move)."""
    for s in socks:
        await send(svc, s, {"type": "autoplay"})
    table = svc.tables[table_id]
    deadline = time.monotonic() + 300
    while not table.state.is_over and time.monotonic() < deadline:
        seq = table.seq
        await settle(svc)
        if table.seq == seq:
            await asyncio.sleep(0.005)
    assert table.state.is_over, f"the match stalled at seq {table.seq}"
    await settle(svc)


async def act(svc: TableService, sock: FakeSocket, action: str, seq: int | None = None) -> None:
    if seq is None:
        seq = sock.state()["seq"]
    await send(svc, sock, {"type": "act", "action": action, "seq": seq})


async def handle(svc: TableService, conn: Any, text: Any) -> None:
    """``svc.handle`` and wait until the answers went out."""
    await svc.handle(conn, text)
    await settle(svc)
