"""``trapoula rules GAME`` (every rule option: default, the preset's value, its doc) and
``trapoula games`` (the games and their presets).

>>> import io
>>> from trapoula.cli.common import Console
>>> con = Console(out=io.StringIO())
>>> run_games(None, con)
0
>>> "bourloto" in con.out.getvalue()
True
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from trapoula.cli.common import Console, build_game
from trapoula.core.registry import available_games, game_class

__all__ = ["add_parsers", "format_rules", "run_games", "run_rules"]


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("rules", help="list a game's rule options",
                       description="Every rule option with its default, the preset's value "
                                   "and what it means.")
    p.add_argument("game")
    p.add_argument("--preset", help="show this preset's values (default: the game's default)")
    p.add_argument("options", nargs="*", default=[], metavar="option=value",
                   help="show the values with these overrides too")
    p.set_defaults(run=run_rules)
    g = sub.add_parser("games", help="list the games and their presets")
    g.set_defaults(run=run_games)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def format_rules(game: Any) -> str:
    """The option table of a game object: name, default, this preset's value, doc."""
    current = game.options.to_dict()
    others = ", ".join(p for p in game.presets if p != game.preset)
    lines = [f"{game.title} ({game.name}): rule options, preset {game.preset}"
             + (f" (other presets: {others})" if others else "")]
    lines.append(f"Change an option with option=value: trapoula play {game.name} "
                 f"--preset {game.preset} option=value ...  (* = not the default)")
    lines.append("")
    infos = game.describe_options()
    changed = bool(game.changed_options())
    col = game.preset + (" + options" if changed else "")
    w_name = max(len(i.name) for i in infos)
    w_def = max(len("default"), *(len(_show(i.default)) for i in infos))
    lines.append(f"  {'option'.ljust(w_name)}  {'default'.ljust(w_def)}  {col}")
    for info in infos:
        value = current[info.name]
        mark = "*" if value != info.default else " "
        lines.append(f"{mark} {info.name.ljust(w_name)}  {_show(info.default).ljust(w_def)}"
                     f"  {_show(value)}")
        allowed = ""
        if info.choices:
            allowed = "one of: " + ", ".join(_show(c) for c in info.choices)
        elif info.minimum is not None or info.maximum is not None:
            lo = "" if info.minimum is None else f">= {info.minimum}"
            hi = "" if info.maximum is None else f"<= {info.maximum}"
            allowed = "a whole number " + " and ".join(x for x in (lo, hi) if x)
        elif isinstance(info.default, bool):
            allowed = "true or false"
        doc = info.doc + (f" ({allowed})" if allowed else "")
        lines.extend(textwrap.wrap(doc, 96, initial_indent=" " * 6, subsequent_indent=" " * 6))
    return "\n".join(lines)


def run_rules(args: argparse.Namespace, con: Console) -> int:
    con.print(format_rules(build_game(args.game, args.preset, args.options)))
    return 0


def run_games(args: argparse.Namespace | None, con: Console) -> int:
    for name in available_games():
        cls = game_class(name)
        presets = ", ".join(cls.presets)
        con.print(f"{name:<10} {cls.title:<10} presets: {presets} (default {cls.default_preset})")
    return 0
