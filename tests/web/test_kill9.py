"""kill -9 and restart: a real ``trapoula serve`` on a SQLite file loses nothing.

Two players and two bots play some moves over real WebSockets; the server is killed with
SIGKILL, started again on the same file, and the table is back at the same seq with the same
views for every seat and for a spectator, and play goes on.  A seat handed to the bot ("let a
bot play") is still auto after a kill -9, and its bot plays its turns at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

SERVE = "import sys; from trapoula.cli.main import main; sys.exit(main(sys.argv[1:]))"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database-url",
         f"sqlite:///{db}", "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.read() == b"ok":
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read() if proc.stderr else ''}")


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def _state(ws: Any, seq: int | None = None) -> dict[str, Any]:
    """The next state message (the one at ``seq`` when given)."""
    while True:
        msg = json.loads(ws.recv(timeout=10))
        if msg["type"] == "state" and (seq is None or msg["seq"] == seq):
            return msg  # type: ignore[no-any-return]


def _latest(ws: Any, st: dict[str, Any] | None) -> dict[str, Any]:
    """The newest state once the socket has been quiet for a moment."""
    while True:
        try:
            raw = ws.recv(timeout=0.15 if st is not None else 10)
        except TimeoutError:
            assert st is not None
            return st
        msg = json.loads(raw)
        if msg["type"] == "state":
            st = msg


def test_kill_9_and_restart_resume_the_table(tmp_path: Path) -> None:
    db = tmp_path / "trapoula.db"
    port = _free_port()
    proc = _start(db, port)
    try:
        t = _post(port, "/api/tables", {
            "game": "bourloto", "preset": "ru", "name": "Alice", "seat": "P1",
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]})
        j = _post(port, f"/api/tables/{t['code']}/join", {"name": "Bob"})
        tokens = {"P1": t["token"], "P3": j["token"]}
        base = f"ws://127.0.0.1:{port}/ws/{t['table_id']}"
        with contextlib.ExitStack() as stack:
            socks = {s: stack.enter_context(connect(f"{base}?token={tok}"))
                     for s, tok in tokens.items()}
            rng = random.Random(3)
            last: dict[str, Any] = {s: None for s in socks}
            moves = 0
            while True:
                last = {s: _latest(ws, last[s]) for s, ws in socks.items()}
                seqs = {st["seq"] for st in last.values()}
                to_act = last["P1"]["to_act"]
                if len(seqs) > 1 or to_act not in socks:
                    continue  # the bots are playing
                if moves == 12:
                    break  # a person is to act: kill here
                st = last[to_act]
                socks[to_act].send(json.dumps(
                    {"type": "act", "action": rng.choice(st["legal"]), "seq": st["seq"]}))
                moves += 1
            with connect(base) as spec:
                watched = _latest(spec, None)
            assert watched["seq"] == last["P1"]["seq"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

        proc = _start(db, port)
        for seat, tok in tokens.items():
            with connect(f"{base}?token={tok}") as ws:
                again = _state(ws)
                assert again["seq"] == last[seat]["seq"] > 12
                assert again["view"] == last[seat]["view"] and again["legal"] == last[seat]["legal"]
        with connect(base) as spec:
            assert _state(spec)["view"] == watched["view"]
        to_act = last["P1"]["to_act"]
        with connect(f"{base}?token={tokens[to_act]}") as ws:
            st = _state(ws)
            ws.send(json.dumps({"type": "act", "action": st["legal"][0], "seq": st["seq"]}))
            assert _state(ws, st["seq"] + 1)["last"]["seat"] == to_act
    finally:
        proc.kill()
        proc.wait(10)


def _auto(state: dict[str, Any], seat: str) -> bool:
    return bool(next(s for s in state["table"]["seats"] if s["seat"] == seat)["auto"])


def test_kill_9_keeps_a_seat_the_bot_plays_auto(tmp_path: Path) -> None:
    """Issue #30: "let a bot play" was lost on every restart, and the table then waited out
    the absent person's whole clock and bank (here 120 + 30 s)."""
    db = tmp_path / "trapoula.db"
    port = _free_port()
    proc = _start(db, port)
    try:
        t = _post(port, "/api/tables", {
            "game": "bourloto", "preset": "ru", "name": "Alice", "seat": "P1",
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}],
            "table": {"clock": 120, "bank": 30}})
        j = _post(port, f"/api/tables/{t['code']}/join", {"name": "Bob"})
        base = f"ws://127.0.0.1:{port}/ws/{t['table_id']}"
        with connect(f"{base}?token={t['token']}") as p1:
            _state(p1)
            p1.send(json.dumps({"type": "autoplay"}))
            while not _auto(_state(p1), "P1"):
                pass
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

        proc = _start(db, port)
        with connect(f"{base}?token={j['token']}") as p3:
            st = _state(p3)
            assert _auto(st, "P1") and not _auto(st, "P3")
            t0, by_p1 = time.monotonic(), 0
            while by_p1 < 2:  # two of P1's turns, each played at once by its bot
                assert time.monotonic() - t0 < 20, "P1's turns were not played"
                if st["to_act"] == "P3" and st["legal"]:
                    p3.send(json.dumps({"type": "act", "action": st["legal"][0],
                                        "seq": st["seq"]}))
                st = _state(p3)
                by_p1 += (st["last"] or {}).get("seat") == "P1"
            assert _auto(st, "P1")
    finally:
        proc.kill()
        proc.wait(10)
