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
without; ``both`` measures one then the other on the same seeds.  ``--parse`` makes each fake
socket ``json.loads`` what it receives (a client's cost, not the server's); ``--check`` makes
each delta socket rebuild its state from the deltas and compare it with a full state (slow).
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


async def run(args: argparse.Namespace, deltas: bool) -> dict[str, Any]:
    tmp = tempfile.TemporaryDirectory(prefix="trapoula-moves-")
    store = MemoryStore() if args.memory else SqlStore(f"sqlite:///{tmp.name}/moves.db")
    limits = Limits(tables_per_minute=0, joins_per_minute=0, seats_per_address=0,
                    conns_per_address=0, open_tables=0)
    svc = TableService(store, bot_delay=0, fixed_seeds=True, limits=limits)
    await svc.start()
    rng = random.Random(args.seed)
    tables = []
    sinks: list[Sink] = []
    for i in range(args.tables):
        t = await svc.create_table({"game": "bourloto", "preset": args.preset,
                                    "seats": [{"kind": "human"}] * 4, "name": f"t{i}",
                                    "seat": "P1", "seed": args.seed * 1000 + i})
        conns = {}
        sink = Sink(args.parse)
        sinks.append(sink)
        conns["P1"] = await connect(svc, t["table_id"], t["token"], sink, deltas)
        for seat in ("P2", "P3", "P4"):
            j = await svc.join(t["code"], f"t{i}{seat}", seat)
            sink = Sink(args.parse)
            sinks.append(sink)
            conns[seat] = await connect(svc, t["table_id"], j["token"], sink, deltas)
        tables.append((svc.tables[t["table_id"]], conns))
    for _ in range(5):
        await asyncio.sleep(0)
    prof = cProfile.Profile() if args.profile else None
    cpu = 0.0
    moves = 0
    msgs0 = sum(s.messages for s in sinks)
    bytes0 = sum(s.bytes for s in sinks)
    for _ in range(args.moves):
        work = []
        for table, conns in tables:
            state = table.state
            if state.is_over:
                continue
            seat = state.current_player
            action = rng.choice(list(state.legal_actions()))
            text = json.dumps({"type": "act", "action": str(action), "seq": table.seq})
            work.append((conns[seat], text))
        if not work:
            break
        t0 = time.process_time()
        if prof is not None:
            prof.enable()
        await asyncio.gather(*(svc.handle(conn, text) for conn, text in work))
        for _ in range(3):  # the outboxes' writer tasks send
            await asyncio.sleep(0)
        if prof is not None:
            prof.disable()
        cpu += time.process_time() - t0
        moves += len(work)
    msgs = sum(s.messages for s in sinks) - msgs0
    size = sum(s.bytes for s in sinks) - bytes0
    await svc.close()
    if hasattr(store, "close"):
        store.close()
    tmp.cleanup()
    if prof is not None:
        prof.dump_stats(args.profile + (".delta" if deltas else ".full"))
    return {"mode": "delta" if deltas else "full", "moves": moves,
            "cpu_ms_per_move": round(1000 * cpu / max(1, moves), 4),
            "messages": msgs, "bytes_per_message": round(size / max(1, msgs))}


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
    for deltas in modes:
        r = asyncio.run(run(args, deltas))
        print(f"{r['mode']:5}: {r['moves']} moves, {r['cpu_ms_per_move']:.3f} ms of CPU a move, "
              f"{r['messages']} messages of {r['bytes_per_message']} bytes on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
