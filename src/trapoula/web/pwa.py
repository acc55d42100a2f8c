"""The page as an installable web app: ``/manifest.webmanifest`` and ``/sw.js``.

The service worker (``static/sw.js``) is served from the root so that its scope is the whole
page; its ``VERSION`` is a hash of the package version and every static file, so an upgrade
(any changed file) installs a new worker that replaces the cached files.  Its list of files is
every file under ``static/`` (not ``sw.js`` itself) and ``/``.

>>> from pathlib import Path
>>> version, files = static_version(Path(__file__).parent / "static")
>>> len(version), "/" in files, "/static/app.js" in files, "/static/sw.js" in files
(16, True, True, False)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from trapoula import __version__

__all__ = ["manifest_route", "service_worker_route", "static_version"]

Endpoint = Callable[[Request], Awaitable[Response]]
_SKIP = {"sw.js", "manifest.webmanifest"}


def static_version(static: Path) -> tuple[str, list[str]]:
    """(a hash of the version and the files, the URLs the worker keeps)."""
    digest = hashlib.sha256(__version__.encode())
    urls = ["/"]
    if static.is_dir():
        for path in sorted(p for p in static.rglob("*") if p.is_file()):
            rel = path.relative_to(static).as_posix()
            digest.update(rel.encode() + b"\0" + path.read_bytes())
            if rel not in _SKIP and not rel.endswith(".py"):
                urls.append("/static/" + rel)
    return digest.hexdigest()[:16], urls


def service_worker_route(static: Path) -> Endpoint:
    """The ``/sw.js`` endpoint: the worker with its version and file list filled in."""
    cache: dict[str, bytes] = {}

    async def sw(request: Request) -> Response:
        if "body" not in cache:
            source = static / "sw.js"
            if not source.is_file():
                return Response("not found", status_code=404, media_type="text/plain")
            version, files = static_version(static)
            text = source.read_text(encoding="utf-8")
            text = text.replace("__VERSION__", version).replace("__FILES__", json.dumps(files))
            cache["body"] = text.encode()
        return Response(cache["body"], media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})
    return sw


def manifest_route(static: Path) -> Endpoint:
    """The ``/manifest.webmanifest`` endpoint, with its proper media type."""
    async def manifest(request: Request) -> Response:
        path = static / "manifest.webmanifest"
        if not path.is_file():
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(path.read_bytes(), media_type="application/manifest+json",
                        headers={"Cache-Control": "no-cache"})
    return manifest
