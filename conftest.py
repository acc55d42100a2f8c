"""Test collection: modules of the optional extras are left out when their extra is missing.

``pip install -e '.[dev]'`` alone (no ``web``, ``rl``, ``fast``... extras) runs the engine,
rules and CLI tests; a test file or a ``src/trapoula`` module (collected for its doctests)
whose top-level imports need a package that is not installed is not collected, and the run's
header says which were left out and why.  The top-level imports are read from the source
(``ast``), following ``trapoula``'s and ``tests``' own modules, so nothing optional is
imported to find out.  ``make test`` installs every extra, so there nothing is left out.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent
_LOCAL = {"trapoula": ROOT / "src", "tests": ROOT}


def _module_file(name: str) -> Path | None:
    base = _LOCAL.get(name.split(".")[0])
    if base is None:
        return None
    path = base.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _top_level_imports(path: Path) -> list[str]:
    """Modules imported at the top level of ``path`` (not inside try/if/def)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return []
    src = ROOT / "src"
    package = ".".join(path.relative_to(src if path.is_relative_to(src) else ROOT)
                       .with_suffix("").parts)
    if path.name == "__init__.py":
        package += ".__init__"
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: -node.level]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.append(base)
            out += [f"{base}.{a.name}" for a in node.names if _module_file(f"{base}.{a.name}")]
    return out


_VISITING: set[Path] = set()


@cache
def missing(path: Path) -> str | None:
    """The first package not installed that importing ``path`` needs, or None."""
    _VISITING.add(path)
    try:
        return _missing(path)
    finally:
        _VISITING.discard(path)


def _module_name(path: Path) -> str:
    src = ROOT / "src"
    rel = path.relative_to(src if path.is_relative_to(src) else ROOT).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def _missing(path: Path) -> str | None:
    own = _module_name(path).split(".")
    for k in range(1, len(own)):  # importing a module imports its packages first
        sub = _module_file(".".join(own[:k]))
        if sub is not None and sub not in _VISITING:
            why = missing(sub)
            if why is not None:
                return why
    for name in _top_level_imports(path):
        top = name.split(".")[0]
        if not top or top == "__future__" or top in sys.stdlib_module_names:
            continue
        if top in _LOCAL:
            parts = name.split(".")
            for k in range(1, len(parts) + 1):  # the packages on the way are imported too
                sub = _module_file(".".join(parts[:k]))
                if sub is not None and sub not in _VISITING:
                    why = missing(sub)
                    if why is not None:
                        return why
            continue
        if importlib.util.find_spec(top) is None:
            return top
    return None


# folders whose code imports its extra's packages lazily (inside functions): the extra's
# packages are needed by every file there (the web extra: the store, the app, the server)
NEEDS = {
    "src/trapoula/web": ("starlette", "sqlalchemy", "alembic"),
    "tests/web": ("starlette", "sqlalchemy", "alembic", "uvicorn", "psycopg", "redis"),
}


def _needs(path: Path) -> str | None:
    rel = path.relative_to(ROOT).as_posix()
    for folder, names in NEEDS.items():
        if rel.startswith(folder + "/"):
            for name in names:
                if importlib.util.find_spec(name) is None:
                    return name
    return None


collect_ignore_glob = ["src/trapoula/web/migrations/*"]  # Alembic's scripts, run by Alembic
_LEFT_OUT: dict[str, list[str]] = {}
for _folder in ("src/trapoula", "tests"):
    for _path in sorted((ROOT / _folder).rglob("*.py")):
        if "migrations" in _path.parts:
            continue
        _why = _needs(_path) or missing(_path)
        if _why is not None:
            collect_ignore_glob.append(str(_path.relative_to(ROOT)))
            _LEFT_OUT.setdefault(_why, []).append(str(_path.relative_to(ROOT)))


def pytest_report_header() -> list[str]:
    if not _LEFT_OUT:
        return []
    return [f"not collected (optional package {name!r} not installed): {len(paths)} files, e.g. "
            f"{paths[0]}" for name, paths in sorted(_LEFT_OUT.items())]
