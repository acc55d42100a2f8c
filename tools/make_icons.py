"""Draw the page's home-screen icons (web/static/icons/*.png) with the standard library.

The motif (the same as icons/icon.svg): two playing cards fanned on the green felt, the front
one with a red diamond.  Run it after changing the drawing; the PNGs are committed.

    python tools/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "trapoula" / "web" / "static" / "icons"
FELT = (20, 83, 45)
CARD = (250, 250, 245)
EDGE = (180, 180, 170)
RED = (200, 30, 45)
BLACK = (25, 25, 25)


def _png(size: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + r for r in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _in_card(x: float, y: float, cx: float, cy: float, w: float, h: float, r: float) -> bool:
    dx, dy = abs(x - cx) - (w / 2 - r), abs(y - cy) - (h / 2 - r)
    if dx <= 0 or dy <= 0:
        return dx <= r and dy <= r
    return dx * dx + dy * dy <= r * r


def draw(size: int, *, safe: float = 1.0) -> bytes:
    """``safe`` < 1 shrinks the motif into the maskable icon's safe zone."""
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            # unit coordinates, the motif centred and scaled into the safe zone
            x = ((px + 0.5) / size - 0.5) / safe + 0.5
            y = ((py + 0.5) / size - 0.5) / safe + 0.5
            colour = FELT
            # the back card: tilted left, shifted up-left (a black pip)
            bx, by = x - 0.40, y - 0.47
            rx, ry = bx * 0.966 + by * 0.259, -bx * 0.259 + by * 0.966
            if _in_card(rx, ry, 0, 0, 0.40, 0.56, 0.05):
                colour = EDGE if not _in_card(rx, ry, 0, 0, 0.38, 0.54, 0.04) else CARD
                if abs(rx + 0.1) / 0.06 + abs(ry + 0.12) / 0.09 <= 1:
                    colour = BLACK
            # the front card: tilted right, a red diamond
            fx, fy = x - 0.60, y - 0.53
            qx, qy = fx * 0.966 - fy * 0.259, fx * 0.259 + fy * 0.966
            if _in_card(qx, qy, 0, 0, 0.40, 0.56, 0.05):
                colour = EDGE if not _in_card(qx, qy, 0, 0, 0.38, 0.54, 0.04) else CARD
                if abs(qx) / 0.10 + abs(qy) / 0.15 <= 1:
                    colour = RED
            row += bytes(colour)
        rows.append(bytes(row))
    return _png(size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-192.png").write_bytes(draw(192))
    (OUT / "icon-512.png").write_bytes(draw(512))
    (OUT / "icon-maskable-512.png").write_bytes(draw(512, safe=0.72))


if __name__ == "__main__":
    main()
