"""``trapoula serve``: the web app (needs the ``web`` extra: ``pip install 'trapoula[web]'``).

Tables live in a database: a SQLite file ``trapoula.db`` in the working directory by default,
or any SQLAlchemy URL (``postgresql+psycopg://user:pw@host/db``).  On start every unfinished
table is resumed by replaying its actions; ``--redis-url`` lets several processes share tables.
"""

from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Any

from trapoula.cli.common import Console, port_number, positive, seconds

__all__ = ["add_parser", "build_app", "missing_web_module", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="play in the browser (web server)",
                       description="Serve the web app: tables with friends and bots.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (8000)")
    p.add_argument("--database-url", default="sqlite:///trapoula.db",
                   help="SQLAlchemy URL (sqlite:///trapoula.db; postgresql+psycopg://...; "
                        "memory:// keeps nothing)")
    p.add_argument("--redis-url", default=None,
                   help="Redis URL shared by several server processes (redis://host:6379/0)")
    p.add_argument("--lease-ttl", type=positive, default=6.0,
                   help="with --redis-url: seconds a process's hold on a table lasts without "
                        "renewal; another process takes over the tables of one that died "
                        "within about this long (6)")
    p.add_argument("--bot-delay", type=seconds, default=0.5,
                   help="seconds a bot waits before it plays, so people can follow (0.5)")
    p.add_argument("--ws-compress", action=argparse.BooleanOptionalAction, default=True,
                   help="compress WebSocket messages (permessage-deflate) when the browser offers "
                        "it: ~20x fewer bytes for ~3%% more server CPU and ~50 KB per socket; "
                        "--no-ws-compress on a LAN (on)")
    p.add_argument("--ws-window-bits", type=int, default=14, choices=range(9, 16), metavar="BITS",
                   help="the compressor's window, 2**BITS bytes: 14 holds the previous state "
                        "message (~10x fewer bytes and ~60%% less zlib CPU than uvicorn's 12, "
                        "~40 KB more per socket); with --ws auto or websockets-sansio (14)")
    p.add_argument("--ws", default="auto",
                   choices=("auto", "websockets", "websockets-sansio", "wsproto"),
                   help="uvicorn's WebSocket implementation (auto)")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"))
    p.add_argument("--allowed-origin", action="append", default=[], metavar="ORIGIN",
                   help="another origin whose pages may use the API and open WebSockets "
                        "(https://example.org: the public name behind a proxy); the server's "
                        "own origin always may (repeatable)")
    p.add_argument("--proxy-headers", action="store_true",
                   help="trust X-Forwarded-For from --forwarded-allow-ips (behind a proxy); off: "
                        "a client's address is its socket's, so limits cannot be dodged")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1",
                   help="the proxies trusted with --proxy-headers: addresses or networks, "
                        "comma-separated; the client is the last X-Forwarded-For entry that is "
                        "not one of them (127.0.0.1)")
    p.add_argument("--ipv6-prefix", type=int, default=64, choices=range(32, 129),
                   metavar="BITS", help="per-address limits count an IPv6 client by its /BITS "
                                        "network (64; 128: each address apart)")
    p.add_argument("--max-connections", type=int, default=0, metavar="N",
                   help="connections open at once, every client (0: from the open-files limit)")
    p.add_argument("--max-connections-per-address", type=int, default=0, metavar="N",
                   help="HTTP connections of one client (IPv4 address or IPv6 network) (0: from "
                        "the open-files limit)")
    p.add_argument("--clock-scale", type=positive, default=1.0,
                   help="real seconds per clock second (tests and demos: 0.1 runs clocks 10x "
                        "faster) (1)")
    g = p.add_argument_group("limits (docs/web.md, \"Limits\"; 0 turns a count limit off)")
    from trapoula.web.limits import LIMIT_HELP, Limits

    for f in fields(Limits):
        default = getattr(Limits(), f.name)
        g.add_argument("--" + f.name.replace("_", "-"), type=type(default), default=default,
                       metavar="N", help=f"{LIMIT_HELP[f.name]} ({default:g})")
    p.set_defaults(run=run)


def build_app(database_url: str, redis_url: str | None = None, bot_delay: float = 0.5,
              limits: Any = None, allowed_origins: tuple[str, ...] = (),
              clock_scale: float = 1.0, ipv6_prefix: int = 64,
              lease_ttl: float = 6.0) -> Any:
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
    service = TableService(open_store(database_url), bus, bot_delay=bot_delay, limits=limits,
                           clock_scale=clock_scale, lease_ttl=lease_ttl)
    return create_app(service, allowed_origins=allowed_origins, gc_tuning=True,
                      ipv6_prefix=ipv6_prefix)


def limits_of(args: argparse.Namespace) -> Any:
    from trapoula.web.limits import Limits

    return Limits(**{f.name: getattr(args, f.name) for f in fields(Limits)})


#: the web extra's modules every server needs (psycopg and redis only for their URLs)
WEB_MODULES = ("uvicorn", "starlette", "anyio", "websockets", "sqlalchemy", "alembic")


def missing_web_module() -> str | None:
    """The first module of the web extra that cannot be imported (None: all are there)."""
    import importlib.util

    for name in WEB_MODULES:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):
            return name
    return None


def _need_web_extra(con: Console, module: str | None) -> int:
    con.error(f"error: trapoula serve needs the web extra ({module or 'a module'} is not "
              "installed): install the web extra: pip install 'trapoula[web]'")
    return 2


def run(args: argparse.Namespace, con: Console) -> int:
    missing = missing_web_module()
    if missing is not None:
        return _need_web_extra(con, missing)
    try:
        return _serve(args, con)
    except ImportError as exc:  # a module of the extra that is there but broken, or psycopg
        return _need_web_extra(con, exc.name)


def _serve(args: argparse.Namespace, con: Console) -> int:
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from trapoula.web.clientlog import install_quiet_client_errors
    from trapoula.web.headers import header_deadline, install_redaction
    from trapoula.web.netcap import ConnTracker, caps_for, connection_caps, raise_nofile
    from trapoula.web.people.hub import stop_on_exit

    limits = limits_of(args)
    app = build_app(args.database_url, args.redis_url, args.bot_delay, limits,
                    tuple(args.allowed_origin), args.clock_scale, args.ipv6_prefix,
                    args.lease_ttl)
    con.print(f"trapoula: serving on http://{args.host}:{args.port} ({_safe(args.database_url)})")
    before, nofile = raise_nofile()
    caps = caps_for(nofile, args.max_connections, args.max_connections_per_address)
    raised = f" (raised from {before})" if nofile != before else ""
    con.print(f"trapoula: {nofile} open files{raised}: at most {caps.total} connections, "
              f"{caps.per_address} per client, backlog {caps.backlog}")
    if args.proxy_headers and args.forwarded_allow_ips.strip() == "*":
        con.print("trapoula: warning: --forwarded-allow-ips '*' trusts X-Forwarded-For from "
                  "anyone: every client can choose its address and dodge the limits")
    tracker = ConnTracker(caps, args.ipv6_prefix)
    ws: Any = args.ws
    if args.ws_compress and args.ws in ("auto", "websockets-sansio"):
        from trapoula.web.ws_deflate import deflate_protocol

        ws = deflate_protocol(args.ws_window_bits)
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level=args.log_level,
        ws_max_size=64 * 1024, ws_per_message_deflate=args.ws_compress, ws=ws,
        lifespan="on", backlog=caps.backlog,
        http=header_deadline(connection_caps(AutoHTTPProtocol, tracker), limits.header_timeout),
        timeout_keep_alive=5, h11_max_incomplete_event_size=16 * 1024,
        proxy_headers=args.proxy_headers, forwarded_allow_ips=args.forwarded_allow_ips,
        server_header=False)
    server = uvicorn.Server(config)
    stop_on_exit(server, app.state.service)  # waiting lobbies answer at a shutdown
    config.load()  # configures uvicorn's loggers: the token filter goes on after that
    install_redaction()
    install_quiet_client_errors()
    server.run()
    return 0


def _safe(url: str) -> str:
    """A database URL without its password (for the log)."""
    import re

    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
