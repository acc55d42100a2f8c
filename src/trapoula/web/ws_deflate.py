"""permessage-deflate sized for the room's ``state`` messages (uvicorn's WebSocket protocol).

A ``state`` message is 3-8 KB of JSON (the view, the table, the score sheet, the fair-deal
commitments) and the next one to the same socket repeats most of it.  uvicorn compresses with a
4 KB window (``server_max_window_bits=12``): the previous message is out of reach, so a 5.6 KB
message goes out as ≈ 1.1 KB and costs ≈ 68 µs of zlib.  With a 16 KB window (14 bits) the
compressor finds the previous message: ≈ 120 bytes and ≈ 26 µs (Bourloto ``ru``, one match's
messages to one seat, zlib level 6; ``memLevel`` 4 instead of 5 changes neither figure).  The
price is memory: ≈ 72 KB of zlib state per socket instead of ≈ 32 KB.

:func:`deflate_protocol` is uvicorn's ``websockets-sansio`` protocol (its ``auto`` choice) with
that window; ``trapoula serve --ws-window-bits`` chooses it (12 is uvicorn's own).

A socket opened for deltas (``?deltas=1``, web/delta.py) is not compressed: its messages are a
few hundred bytes, and a zlib call per message on each side cost more than everything else the
message needs (web_load, 150 tables: 1.13 → 0.77 ms of server CPU per action with deltas).

>>> cls = deflate_protocol(14)
>>> cls.__name__, cls.window_bits, asks_deltas("/ws/t1?token=x&deltas=1"), asks_deltas("/ws/t1")
('RoomWebSocketProtocol', 14, True, False)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

__all__ = ["asks_deltas", "deflate_protocol"]


def asks_deltas(path: str) -> bool:
    """Whether a WebSocket request's path (with its query) asks for deltas."""
    return parse_qs(urlsplit(path).query).get("deltas", [""])[-1] in ("1", "true")


def deflate_protocol(window_bits: int, mem_level: int = 4) -> type[Any]:
    """uvicorn's sans-I/O WebSocket protocol with a ``2**window_bits`` byte deflate window."""
    if not 9 <= window_bits <= 15:
        raise ValueError(f"window_bits is 9 to 15, not {window_bits}")
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.server import ServerProtocol

    class RoomWebSocketProtocol(WebSocketsSansIOProtocol):
        """The same protocol with its own window and memory level; delta sockets uncompressed."""

        window_bits = 14
        mem_level = 4

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn = ServerProtocol(
                    extensions=[ServerPerMessageDeflateFactory(
                        server_max_window_bits=self.window_bits,
                        client_max_window_bits=12,  # what clients send is small
                        compress_settings={"memLevel": self.mem_level},
                    )],
                    max_size=self.config.ws_max_size,
                    logger=self.conn.logger,
                )

        def handle_connect(self, event: Any) -> None:
            if asks_deltas(str(event.path)):  # small messages: not worth a zlib call each
                self.conn.available_extensions = []
            super().handle_connect(event)

    RoomWebSocketProtocol.window_bits = window_bits
    RoomWebSocketProtocol.mem_level = mem_level
    return RoomWebSocketProtocol
