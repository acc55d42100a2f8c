"""The layering and size check of ``src/`` (run by ``make test``; docs/architecture.md).

    python tools/check_layers.py [SRC] [--strict]

Reads every module's imports with :mod:`ast` (nothing is imported) and checks the house rules:

* ``layers`` — dependencies point one way: ``trapoula.errors`` (and ``trapoula.version``) <-
  ``cards`` <- ``core`` <- ``games`` <- ``club`` <- every other package (bots, search,
  arena, envs, accel, tui, cli, web, vector, and any new one).  A module imports only its
  own package and the layers below it.  The package's ``__init__`` (the facade:
  ``trapoula.make``...) registers the games, so it sits with them and the rules core never
  imports it.
* ``stdlib-only`` — ``errors``, ``cards``, ``core``, ``games``, ``club`` (and the package's
  ``__init__``) import nothing outside the standard library.  One exception: ``from
  mypy_extensions import ...`` directly under ``if TYPE_CHECKING:`` (never at run time: what
  mypyc reads when it compiles a module, e.g. ``mypyc_attr`` on a class that interpreted
  classes derive from; the module binds a no-op in its place for run time).  Any other
  import of ``mypy_extensions`` there (at the top, in a function, under ``try``) still counts.
* ``one-game`` — no game imports another game (``games/<a>`` never imports ``games/<b>``).
* ``search-no-bots``, ``search-no-cli``, ``arena-no-cli``, ``screen-no-cli`` — named
  back-arrows: search never imports bots or cli; arena never imports cli; the full-screen
  table (``screen``) never imports cli (the command passes its session in).
* ``textual-in-screen``, ``rich-in-screen`` — Textual (and Rich, which it draws with) is
  imported only by the ``screen`` package, so the command line and the plain table work
  without the tui extra.
* ``no-cycles`` — among the other packages, no import cycle (``a`` imports ``b`` and ``b``
  imports ``a``, directly or round a longer loop).
* ``no-module-cycles`` — no import circle between modules: the graph of what each module
  imports when it runs (at the top, under ``try``, in a class body, and inside functions:
  an import moved into a function to break a circle still closes it), where ``from . import
  x`` and ``from p import y`` with ``y`` a submodule point at the submodule, has no strongly
  connected component of more than one module; the check prints one circle of each.
  Imports under ``if TYPE_CHECKING:`` are not run and do not count here (they still count
  for the layers).  ``LAZY_IMPORTS`` lists the few function-level imports that are lazy
  for an optional extra and may close a circle, each with its reason (empty today).
* ``size`` — no module over 600 lines: every ``.py`` under SRC, and the browser's static
  ``.js`` / ``.css`` files under ``trapoula/web/static``; ``SIZE_EXCEPTIONS`` is a ratchet
  of the reviewed exceptions (module -> its allowed maximum and why): a listed module may
  shrink, never grow past its number, and an entry whose module is back under the limit
  must be deleted (the check fails until it is).

Every import counts: at the top, inside functions, under ``try``, and under
``if TYPE_CHECKING:`` (a type hint is a dependency too; one that points the right way is
allowed like any import, one that points up is the same back-arrow), as well as
``importlib.import_module("literal")`` and ``__import__("literal")``.  Imports by a dotted
name held in data (the game and bot registries) are not imports and are not checked.

Each violation is one line ``path:line: rule: what was imported and why not``; the exit
status is 1 when there is any, else 0.  ``KNOWN_VIOLATIONS`` below lists the ones other
branches remove; ``--strict`` ignores that list.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# --- known violations -------------------------------------------------------------------------
# Empty: every rule holds.  A violation listed here is reported as "known" and does not fail
# the check (for a change landing in steps); an entry that no longer occurs is reported as
# stale on stderr.  Keep it empty on main.
# Imports: (importing module, imported module or package) -> the branch that removes it.
KNOWN_IMPORTS: dict[tuple[str, str], str] = {}
# Sizes: module path (relative to SRC) -> the branch that splits it.
KNOWN_SIZES: dict[str, str] = {}
KNOWN_VIOLATIONS = {"imports": KNOWN_IMPORTS, "sizes": KNOWN_SIZES}

# --- reviewed exceptions ----------------------------------------------------------------------
# The size ratchet: module path (relative to SRC) -> (its allowed maximum in lines, why it may
# be over the limit).  Only ever lower a number or delete an entry; a module over the limit for
# mixing concerns is split by concern instead of listed.  Empty: every module is under 600.
SIZE_EXCEPTIONS: dict[str, tuple[int, str]] = {}
# Function-level imports lazy for an optional extra (numpy, torch...) that may close a module
# circle: (importing module, imported module) -> why.  Empty: no circle needs one.
LAZY_IMPORTS: dict[tuple[str, str], str] = {}

# --- the rules --------------------------------------------------------------------------------
PACKAGE = "trapoula"
MAX_LINES = 600
STATIC_DIR = ("trapoula", "web", "static")
STATIC_SUFFIXES = (".js", ".css")
# layer of each low package; every other package (and any new one) is an application layer
# club (tournaments and score sheets: pure logic on the games' scoring) sits above the games
# and below every application package (web, cli... call it)
LAYERS = {"errors": 0, "version": 0, "cards": 1, "core": 2, "games": 3, "club": 4}
LAYER_NAMES = {0: "errors", 1: "cards", 2: "core", 3: "games", 4: "club",
               5: "an application package"}
APP_LAYER = 5
ROOT_LAYER = 3  # trapoula/__init__.py: the public facade; it registers the games
STDLIB_ONLY = {"", "errors", "version", "cards", "core", "games", "club"}  # "": trapoula/__init__
FORBIDDEN = {
    ("search", "bots"): ("search-no-bots", "search never imports bots (a bot passes in what "
                         "search needs, e.g. its rollout policy)"),
    ("search", "cli"): ("search-no-cli", "search never imports cli"),
    ("arena", "cli"): ("arena-no-cli", "arena never imports cli"),
    ("screen", "cli"): ("screen-no-cli", "screen never imports cli (the command passes in "
                        "its session; cli imports screen)"),
}
# optional front-end libraries -> the only package that may import them
ONLY_IN = {"textual": "screen", "rich": "screen"}
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
# outside the standard library, but allowed in the rules core directly under TYPE_CHECKING:
# read by mypy/mypyc when they check or compile the module, never imported at run time
COMPILE_TIME_ONLY = {"mypy_extensions"}


@dataclass(frozen=True)
class Import:
    """One import found in a module: where, what, and in which context."""

    path: str  # the file, relative to SRC's parent (e.g. src/trapoula/core/game.py)
    line: int
    module: str  # the importing module
    target: str  # the imported module (resolved: relative imports made absolute)
    context: str  # "", "inside a function", "under TYPE_CHECKING"


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    rule: str
    message: str
    known: str = ""  # the branch that removes it, for a known violation

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.message}"


def module_name(src: Path, file: Path) -> str:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str) -> str:
    """``trapoula.games.bourre.state`` -> ``games``; ``trapoula`` itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == PACKAGE else ""


def game_of(module: str, games: set[str]) -> str:
    """The game a module belongs to (``trapoula.games.bourre.x`` -> ``bourre``), or ``""``
    (``games``: the game packages, the folders under ``trapoula/games``; a plain module
    there, shared by the games, belongs to none)."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == [PACKAGE, "games"] and parts[2] in games:
        return parts[2]
    return ""


def game_packages(src: Path) -> set[str]:
    root = src / PACKAGE / "games"
    if not root.is_dir():
        return set()
    return {p.name for p in root.iterdir() if (p / "__init__.py").is_file()}


def layer_of(package: str) -> int:
    return ROOT_LAYER if package == "" else LAYERS.get(package, APP_LAYER)


class _Imports(ast.NodeVisitor):
    """Collects the imports of one module, with their context."""

    def __init__(self, src: Path, file: Path, modules: set[str]) -> None:
        self.src, self.file, self.modules = src, file, modules
        self.module = module_name(src, file)
        self.is_package = file.name == "__init__.py"
        self.path = str(file.relative_to(src.parent))
        self.found: list[Import] = []
        self._context: list[str] = []

    def _add(self, node: ast.AST, target: str) -> None:
        context = self._context[-1] if self._context else ""
        self.found.append(Import(self.path, getattr(node, "lineno", 0), self.module, target,
                                 context))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._nested(node, "inside a function")

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._nested(node, "inside a function")

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.id if isinstance(test, ast.Name) else (
            test.attr if isinstance(test, ast.Attribute) else "")
        if name == "TYPE_CHECKING":
            self._context.append("under TYPE_CHECKING")
            for child in node.body:
                self.visit(child)
            self._context.pop()
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def _nested(self, node: ast.AST, context: str) -> None:
        self._context.append(context)
        self.generic_visit(node)
        self._context.pop()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            here = self.module.split(".")
            if not self.is_package:
                here = here[:-1]
            here = here[: len(here) - (node.level - 1)]
            base = ".".join(here + ([node.module] if node.module else []))
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            self._add(node, sub if sub in self.modules else base)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        if name in ("import_module", "__import__") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and not (
                    arg.value.startswith(".")):
                self._add(node, arg.value)
        self.generic_visit(node)


def python_files(src: Path) -> list[Path]:
    return sorted(p for p in src.rglob("*.py") if "__pycache__" not in p.parts)


def static_files(src: Path) -> list[Path]:
    static = src.joinpath(*STATIC_DIR)
    if not static.is_dir():
        return []
    return sorted(p for p in static.rglob("*") if p.suffix in STATIC_SUFFIXES and p.is_file())


def collect_imports(src: Path) -> list[Import]:
    files = python_files(src)
    modules = {module_name(src, f) for f in files}
    out: list[Import] = []
    for f in files:
        v = _Imports(src, f, modules)
        v.visit(ast.parse(f.read_text(encoding="utf-8"), filename=str(f)))
        out.extend(v.found)
    return out


def _known_import(imp: Import) -> str:
    for (module, target), branch in KNOWN_IMPORTS.items():
        if imp.module == module and (imp.target == target or
                                     imp.target.startswith(target + ".")):
            return branch
    return ""


def _where(imp: Import) -> str:
    return f" ({imp.context})" if imp.context else ""


def import_violations(imports: list[Import], games: set[str]) -> list[Violation]:
    """Every import that breaks a direction rule, then the package cycles among the rest
    (``games``: the game packages)."""
    out: list[Violation] = []
    edges: dict[tuple[str, str], Import] = {}  # package -> package, first import seen
    for imp in imports:
        here, there = package_of(imp.module), package_of(imp.target)
        top = imp.target.split(".")[0]
        known = _known_import(imp)
        found: list[tuple[str, str]] = []
        if top != PACKAGE:
            compile_time = (top in COMPILE_TIME_ONLY
                            and imp.context == "under TYPE_CHECKING")
            if here in STDLIB_ONLY and top not in STDLIB and not compile_time:
                found.append(("stdlib-only", f"{imp.module} imports {imp.target}{_where(imp)}: "
                              f"the rules core (errors, cards, core, games) imports only "
                              f"the standard library"))
            elif top in ONLY_IN and here != ONLY_IN[top]:
                found.append((f"{top}-in-{ONLY_IN[top]}",
                              f"{imp.module} imports {imp.target}{_where(imp)}: only the "
                              f"{ONLY_IN[top]} package imports {top} (an optional extra)"))
        elif here == there:
            mine, theirs = game_of(imp.module, games), game_of(imp.target, games)
            if here == "games" and mine and theirs and mine != theirs:
                found.append(("one-game", f"{imp.module} imports {imp.target}{_where(imp)}: "
                              f"no game imports another game"))
        else:
            lo, hi = layer_of(here), layer_of(there)
            if there == "" and lo <= ROOT_LAYER:
                found.append(("layers", f"{imp.module} imports {imp.target}{_where(imp)}: "
                              f"the rules core never imports the trapoula package itself "
                              f"(its __init__ registers the games); import the module "
                              f"that defines the name"))
            elif hi > lo:
                found.append(("layers", f"{imp.module} imports {imp.target}{_where(imp)}: "
                              f"{here or 'trapoula/__init__'} ({LAYER_NAMES[lo]} layer) may "
                              f"import only its layer and those below (errors <- cards <- "
                              f"core <- games <- club <- the rest), not {there or 'trapoula'} "
                              f"({LAYER_NAMES[hi]} layer)"))
            rule = FORBIDDEN.get((here, there))
            if rule is not None:
                found.append((rule[0], f"{imp.module} imports {imp.target}{_where(imp)}: "
                              f"{rule[1]}"))
            if not found and not known and lo == hi == APP_LAYER:
                edges.setdefault((here, there), imp)
        out.extend(Violation(imp.path, imp.line, r, m, known) for r, m in found)
    out.extend(cycle_violations(edges))
    return out


def cycle_violations(edges: dict[tuple[str, str], Import]) -> list[Violation]:
    """One violation per package edge that lies on a cycle (Tarjan's strongly connected
    components over the package graph)."""
    graph: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    out = []
    for group in groups:
        names = ", ".join(sorted(group))
        for (a, b), imp in sorted(edges.items()):
            if a in group and b in group:
                out.append(Violation(imp.path, imp.line, "no-cycles",
                                     f"{imp.module} imports {imp.target}{_where(imp)}: "
                                     f"{a} -> {b} is on an import cycle of the packages "
                                     f"{names}"))
    return out


def module_graph(imports: list[Import]) -> dict[str, dict[str, Import]]:
    """What each module of the package imports when it runs: module -> imported module ->
    the first such import (none under TYPE_CHECKING, none listed in LAZY_IMPORTS)."""
    modules = {imp.module for imp in imports}
    graph: dict[str, dict[str, Import]] = {}
    for imp in imports:
        if (imp.context == "under TYPE_CHECKING" or imp.target == imp.module
                or imp.target not in modules or (imp.module, imp.target) in LAZY_IMPORTS):
            continue
        graph.setdefault(imp.module, {}).setdefault(imp.target, imp)
    return graph


def strongly_connected(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, {})))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def shortest_circle(graph: dict[str, dict[str, Import]], group: list[str]) -> list[Import]:
    """One shortest circle through the group's first module, as its imports."""
    start, members = group[0], set(group)
    came: dict[str, Import] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w, imp in sorted(graph.get(v, {}).items()):
                if w not in members or w in came:
                    continue
                came[w] = imp
                if w == start:
                    path = [imp]
                    while path[0].module != start:
                        path.insert(0, came[path[0].module])
                    return path
                nxt.append(w)
        frontier = nxt
    return []  # not reached: every module of a component lies on a circle


def module_cycle_violations(imports: list[Import]) -> list[Violation]:
    """One violation per import circle between modules (per strongly connected component)."""
    graph = module_graph(imports)
    out = []
    for group in strongly_connected(graph):
        circle = shortest_circle(graph, group)
        first = circle[0]
        steps = " -> ".join(f"{imp.module} (line {imp.line}{', ' if imp.context else ''}"
                            f"{imp.context})" for imp in circle)
        rest = sorted(set(group) - {imp.module for imp in circle})
        also = f"; the circles also take in {', '.join(rest)}" if rest else ""
        out.append(Violation(first.path, first.line, "no-module-cycles",
                             f"import circle: {steps} -> {circle[-1].target}{also} (move what "
                             f"both need into the lower module or a module of its own, or "
                             f"pass a function in)"))
    return out


def size_violations(src: Path) -> list[Violation]:
    """Modules over the limit (or over their recorded maximum), and stale ratchet entries."""
    out = []
    seen: set[str] = set()
    for f in python_files(src) + static_files(src):
        n = len(f.read_text(encoding="utf-8").splitlines())
        rel = f.relative_to(src).as_posix()
        path = str(f.relative_to(src.parent))
        if rel in SIZE_EXCEPTIONS:
            seen.add(rel)
            allowed, _why = SIZE_EXCEPTIONS[rel]
            if n > allowed:
                out.append(Violation(path, allowed + 1, "size",
                                     f"{n} lines, over its recorded maximum of {allowed} "
                                     f"(SIZE_EXCEPTIONS in tools/check_layers.py only shrinks: "
                                     f"split it by concern)", KNOWN_SIZES.get(rel, "")))
            elif n <= MAX_LINES:
                out.append(Violation(path, 1, "size",
                                     f"{n} lines, back under the {MAX_LINES}-line limit: delete "
                                     f"its SIZE_EXCEPTIONS entry in tools/check_layers.py"))
        elif n > MAX_LINES:
            out.append(Violation(path, MAX_LINES + 1, "size",
                                 f"{n} lines, over the {MAX_LINES}-line limit for a module "
                                 f"(split it by concern)", KNOWN_SIZES.get(rel, "")))
    for rel in sorted(set(SIZE_EXCEPTIONS) - seen):
        out.append(Violation(str(Path(src.name, rel)), 1, "size",
                             "no such module: delete its SIZE_EXCEPTIONS entry in "
                             "tools/check_layers.py"))
    return out


def check(src: Path, strict: bool = False) -> tuple[list[Violation], list[Violation]]:
    """(violations, known violations) of the tree under ``src``; ``strict``: none known."""
    imports = collect_imports(src)
    found = (import_violations(imports, game_packages(src)) + module_cycle_violations(imports)
             + size_violations(src))
    if strict:
        return [Violation(v.path, v.line, v.rule, v.message) for v in found], []
    return [v for v in found if not v.known], [v for v in found if v.known]


def stale_entries(src: Path, known: list[Violation]) -> Iterator[str]:
    """Entries of the known lists that no longer match anything."""
    imports = collect_imports(src)
    for (module, target), branch in KNOWN_IMPORTS.items():
        if not any(i.module == module and (i.target == target or
                                           i.target.startswith(target + "."))
                   for i in imports):
            yield f"{module} -> {target} ({branch})"
    sized = {v.path for v in known if v.rule == "size"}
    for rel, branch in KNOWN_SIZES.items():
        if str(Path(src.name, rel)) not in sized:
            yield f"{rel} size ({branch})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src", nargs="?", default=str(Path(__file__).resolve().parents[1] / "src"))
    ap.add_argument("--strict", action="store_true",
                    help="ignore KNOWN_VIOLATIONS (show every violation)")
    args = ap.parse_args(argv)
    src = Path(args.src).resolve()
    bad, known = check(src, args.strict)
    for v in bad:
        print(v)
    for v in known:
        print(f"known ({v.known} removes it): {v}", file=sys.stderr)
    if not args.strict:
        for entry in stale_entries(src, known):
            print(f"stale KNOWN_VIOLATIONS entry (delete it): {entry}", file=sys.stderr)
    n = len(python_files(src)) + len(static_files(src))
    print(f"layers and sizes: {n} modules, {len(bad)} violations"
          + (f", {len(known)} known" if known else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
