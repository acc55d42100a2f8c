"""Test helpers: fake sockets that record what the service sends them."""

from __future__ import annotations

import json
from typing import Any

from trapoula.web.limits import TokenBucket
from trapoula.web.service import Connection, TableService


class FakeSocket:
    """Records every message; ``state()`` is the last state message."""

    def __init__(self, on_message: Any = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed_with: int | None = None
        self.on_message = on_message
        self.conn: Connection | None = None

    async def send(self, text: str) -> None:
        msg = json.loads(text)
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


async def connect(svc: TableService, table_id: str, token: str | None,
                  on_message: Any = None, unlimited: bool = False) -> FakeSocket:
    sock = FakeSocket(on_message)
    sock.conn = await svc.connect(table_id, token, sock.send, sock.close)
    if unlimited:
        sock.conn.bucket = TokenBucket(rate=1e9, burst=10**9)
    return sock


async def act(svc: TableService, sock: FakeSocket, action: str, seq: int | None = None) -> None:
    assert sock.conn is not None
    if seq is None:
        seq = sock.state()["seq"]
    await svc.handle(sock.conn, json.dumps({"type": "act", "action": action, "seq": seq}))
