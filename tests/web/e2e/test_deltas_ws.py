"""Deltas through a real ``trapoula serve``: a client that asks for them (``?deltas=1``) gets
a full state, then ``delta`` messages, on a socket without permessage-deflate; a client that
does not ask gets full (compressed) states as before."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from trapoula.web.delta import apply_delta

from .conftest import Server

websockets = pytest.importorskip("websockets")
pytestmark = pytest.mark.e2e


def test_deltas_on_an_uncompressed_socket_full_states_without(server: Server) -> None:
    t = server.create_table("bourloto", [{"kind": "human"}] + [{"kind": "bot"}] * 3,
                            preset="gr", table={"hold": False})
    url = server.base.replace("http://", "ws://") + f"/ws/{t['table_id']}?token={t['token']}"

    async def seat(deltas: bool) -> tuple[list[str], Any, dict[str, Any]]:
        async with websockets.connect(url + ("&deltas=1" if deltas else ""),
                                      compression="deflate") as ws:
            kinds: list[str] = []
            state: dict[str, Any] = {}
            while len(kinds) < 40 and not state.get("over"):
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "delta":
                    state = apply_delta(state, msg)
                elif msg["type"] == "state":
                    state = msg
                else:
                    continue
                kinds.append(msg["type"])
                if state["to_act"] == "P1" and state["legal"]:
                    await ws.send(json.dumps({"type": "act", "action": state["legal"][0],
                                              "seq": state["seq"]}))
            return kinds, ws.protocol.extensions, state

    kinds, extensions, state = asyncio.run(seat(True))
    assert kinds[0] == "state" and kinds.count("state") <= 2 and kinds.count("delta") > 10
    assert extensions == [] and state["seq"] > 10
    kinds, extensions, state = asyncio.run(seat(False))
    assert set(kinds) == {"state"} and len(extensions) == 1 and "deltas" not in state
