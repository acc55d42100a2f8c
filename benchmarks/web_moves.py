"""The server's CPU per move in-process: ``TableService`` with fake sockets, no network.

    python benchmarks/web_moves.py                       # 50 tables, 300 moves each, SQLite
    python benchmarks/web_moves.py --mode both           # full states, then deltas, one process
    python benchmarks/web_moves.py --profile out.pstats  # cProfile of the timed part

N Bourloto tables (``ru``), every seat a person's seat held by a fake socket (4 a table, as
``web_load.py`` does), the store SQLite in a temporary directory (``--memory``: the memory
store).  Each round every table plays one random legal move at once (``asyncio.gather``, so
the action log batches them as under load) and the outboxes are flushed; the CPU time of the
rounds (``time.process_time``, the driver's choice of moves outside it) over the moves played is
the figure: it does not depend on what else runs on the machine, unlike wall-clock latency.
``--mode delta`` opens the sockets with the delta protocol (docs/web.md, "Deltas"), ``full``
without; ``both`` runs the two side by side on the same seeds, a round of each in turn (the
machine's noise falls on both alike).  ``--parse`` makes each fake
socket ``json.loads`` what it receives (a client's cost, not the server's).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import sys
import tempfile
import time
from typing import Any

from trapoula.web.limits import Limits, TokenBucket
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore, SqlStore


class Sink:
    """A fake socket: counts messages and bytes (optionally parses them)."""

    def __init__(self, parse: bool) -> None:
        self.parse = parse
        self.messages = 0
        self.bytes = 0

    async def send(self, text: str) -> None:
        self.messages += 1
        self.bytes += len(text)
        if self.parse:
            json.loads(text)

    async def close(self, code: int) -> None:
        pass


async def connect(svc: TableService, table_id: str, token: str, sink: Sink, deltas: bool) -> Any:
    kwargs = {"deltas": True} if deltas else {}
    conn = await svc.connect(table_id, token, sink.send, sink.close, None, **kwargs)
    conn.bucket = TokenBucket(rate=1e9, burst=10**9)
    return conn


class Room:
    """One service and its tables (full-state or delta sockets)."""

    def __init__(self, args: argparse.Namespace, deltas: bool) -> None:
        self.args = args
        self.deltas = deltas
        self.tmp = tempfile.TemporaryDirectory(prefix="trapoula-moves-")
        self.store: Any = (MemoryStore() if args.memory
                           else SqlStore(f"sqlite:///{self.tmp.name}/moves.db"))
        limits = Limits(tables_per_minute=0, joins_per_minute=0, seats_per_address=0,
                        conns_per_address=0, open_tables=0)
        self.svc = TableService(self.store, bot_delay=0, fixed_seeds=True, limits=limits)
        self.rng = random.Random(args.seed)
        self.tables: list[tuple[Any, dict[str, Any]]] = []
        self.sinks: list[Sink] = []
        self.cpu = 0.0
        self.moves = 0
        self.prof = cProfile.Profile() if args.profile else None

    async def open(self) -> None:
        svc, args = self.svc, self.args
        await svc.start()
        for i in range(args.tables):
            t = await svc.create_table({"game": "bourloto", "preset": args.preset,
                                        "seats": [{"kind": "human"}] * 4, "name": f"t{i}",
                                        "seat": "P1", "seed": args.seed * 1000 + i})
            tokens = {"P1": t["token"]}
            for seat in ("P2", "P3", "P4"):
                tokens[seat] = (await svc.join(t["code"], f"t{i}{seat}", seat))["token"]
            conns = {}
            for seat, token in tokens.items():
                sink = Sink(args.parse)
                self.sinks.append(sink)
                conns[seat] = await connect(svc, t["table_id"], token, sink, self.deltas)
            self.tables.append((svc.tables[t["table_id"]], conns))
        for _ in range(5):
            await asyncio.sleep(0)
        self.sent0 = (sum(s.messages for s in self.sinks), sum(s.bytes for s in self.sinks))

    async def round(self) -> bool:
        """Every table plays a move (False: every match is over)."""
        work = []
        for table, conns in self.tables:
            state = table.state
            if state.is_over:
                continue
            action = self.rng.choice(list(state.legal_actions()))
            text = json.dumps({"type": "act", "action": str(action), "seq": table.seq})
            work.append((conns[state.current_player], text))
        if not work:
            return False
        t0 = time.process_time()
        if self.prof is not None:
            self.prof.enable()
        await asyncio.gather(*(self.svc.handle(conn, text) for conn, text in work))
        for _ in range(3):  # the outboxes' writer tasks send
            await asyncio.sleep(0)
        if self.prof is not None:
            self.prof.disable()
        self.cpu += time.process_time() - t0
        self.moves += len(work)
        return True

    async def close(self) -> dict[str, Any]:
        msgs = sum(s.messages for s in self.sinks) - self.sent0[0]
        size = sum(s.bytes for s in self.sinks) - self.sent0[1]
        await self.svc.close()
        if hasattr(self.store, "close"):
            self.store.close()
        self.tmp.cleanup()
        if self.prof is not None:
            self.prof.dump_stats(self.args.profile + (".delta" if self.deltas else ".full"))
        return {"mode": "delta" if self.deltas else "full", "moves": self.moves,
                "cpu_ms_per_move": round(1000 * self.cpu / max(1, self.moves), 4),
                "messages": msgs, "bytes_per_message": round(size / max(1, msgs))}


async def run(args: argparse.Namespace, modes: list[bool]) -> list[dict[str, Any]]:
    """The rooms of ``modes`` side by side: a round of each in turn (the same noise on both)."""
    rooms = [Room(args, deltas) for deltas in modes]
    for room in rooms:
        await room.open()
    for _ in range(args.moves):
        played = [await room.round() for room in rooms]
        if not any(played):
            break
    return [await room.close() for room in rooms]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=300, help="rounds (a move per table each)")
    parser.add_argument("--preset", default="ru")
    parser.add_argument("--mode", choices=("full", "delta", "both"), default="both")
    parser.add_argument("--memory", action="store_true", help="the memory store, not SQLite")
    parser.add_argument("--parse", action="store_true", help="the fake sockets parse messages")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write cProfile stats to FILE.full / FILE.delta")
    args = parser.parse_args(argv)
    modes = {"full": [False], "delta": [True], "both": [False, True]}[args.mode]
    for r in asyncio.run(run(args, modes)):
        print(f"{r['mode']:5}: {r['moves']} moves, {r['cpu_ms_per_move']:.3f} ms of CPU a move, "
              f"{r['messages']} messages of {r['bytes_per_message']} bytes on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
