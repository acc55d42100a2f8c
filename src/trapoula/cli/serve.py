"""``trapoula serve``: the web app (needs the ``web`` extra: ``pip install 'trapoula[web]'``).

Tables live in a database: a SQLite file ``trapoula.db`` in the working directory by default,
or any SQLAlchemy URL (``postgresql+psycopg://user:pw@host/db``).  On start every unfinished
table is resumed by replaying its actions; ``--redis-url`` lets several processes share tables.
"""

from __future__ import annotations

import argparse
from typing import Any

from trapoula.cli.common import Console

__all__ = ["add_parser", "build_app", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="play in the browser (web server)",
                       description="Serve the web app: tables with friends and bots.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument("--database-url", default="sqlite:///trapoula.db",
                   help="SQLAlchemy URL (sqlite:///trapoula.db; postgresql+psycopg://...; "
                        "memory:// keeps nothing)")
    p.add_argument("--redis-url", default=None,
                   help="Redis URL shared by several server processes (redis://host:6379/0)")
    p.add_argument("--bot-delay", type=float, default=0.5,
                   help="seconds a bot waits before it plays, so people can follow (0.5)")
    p.add_argument("--ws-compress", action=argparse.BooleanOptionalAction, default=True,
                   help="compress WebSocket messages (permessage-deflate) when the browser offers "
                        "it: ~20x fewer bytes for ~3%% more server CPU and ~50 KB per socket; "
                        "--no-ws-compress on a LAN (on)")
    p.add_argument("--ws", default="auto",
                   choices=("auto", "websockets", "websockets-sansio", "wsproto"),
                   help="uvicorn's WebSocket implementation (auto)")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"))
    p.set_defaults(run=run)


def build_app(database_url: str, redis_url: str | None = None, bot_delay: float = 0.5) -> Any:
    """The Starlette app over a store and a bus made from these URLs."""
    from trapoula.web.app import create_app
    from trapoula.web.bus import Bus, LocalBus
    from trapoula.web.service import TableService
    from trapoula.web.store import open_store

    bus: Bus
    if redis_url:
        from trapoula.web.bus_redis import RedisBus  # type: ignore[import-not-found,unused-ignore]

        bus = RedisBus(redis_url)
    else:
        bus = LocalBus()
    return create_app(TableService(open_store(database_url), bus, bot_delay=bot_delay))


def run(args: argparse.Namespace, con: Console) -> int:
    try:
        import uvicorn
    except ImportError:
        con.error("trapoula serve needs the web extra: pip install 'trapoula[web]'")
        return 1
    app = build_app(args.database_url, args.redis_url, args.bot_delay)
    con.print(f"trapoula: serving on http://{args.host}:{args.port} ({args.database_url})")
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=64 * 1024, ws_per_message_deflate=args.ws_compress, ws=args.ws,
                lifespan="on")
    return 0
