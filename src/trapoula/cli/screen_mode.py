"""Which front end a command uses: the full-screen table (Textual) or the plain lines.

``--ui screen|plain`` (or ``--screen`` / ``--plain``) forces one; by default the full screen is
used when standard input and output are terminals and Textual is installed (the ``tui``
extra), the plain lines otherwise (pipes, scripts, screen readers).  ``--no-color`` (like
``NO_COLOR``) draws without colours in both.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_screen_options(p)
>>> a = p.parse_args(["--plain", "--no-color"])
>>> a.ui, a.color, want_screen(a, None)
('plain', 'never', False)
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from trapoula.cli.common import Console
from trapoula.core.game import Game
from trapoula.errors import ConfigError

__all__ = ["add_screen_options", "no_color", "run_screen", "screen_ui", "want_screen"]


def add_screen_options(p: Any) -> None:
    ui = p.add_mutually_exclusive_group()
    ui.add_argument("--ui", choices=("auto", "screen", "plain"), default="auto",
                    help="full-screen table or plain lines (auto: full screen on a terminal "
                         "when Textual is installed)")
    ui.add_argument("--screen", dest="ui", action="store_const", const="screen",
                    help="the full-screen table (needs the tui extra: Textual)")
    ui.add_argument("--plain", dest="ui", action="store_const", const="plain",
                    help="plain lines (pipes, scripts, screen readers)")
    p.add_argument("--no-color", dest="color", action="store_const", const="never",
                   help="no colours (also when NO_COLOR is set)")


def want_screen(args: argparse.Namespace, con: Console | None) -> bool:
    """Use the full screen?  (``--ui screen`` without Textual is a usage error.)"""
    from trapoula.screen import available

    mode = getattr(args, "ui", "auto")
    if mode == "plain" or con is None:
        return False
    if mode == "screen":
        if not available():
            raise ConfigError("the full-screen table needs Textual: pip install "
                              "'trapoula[tui]' (or play in plain lines with --plain)")
        return True
    try:
        terminal = (con.inp is sys.stdin and con.out is sys.stdout and sys.stdin.isatty()
                    and sys.stdout.isatty())
    except (AttributeError, ValueError):
        terminal = False
    return terminal and os.environ.get("TERM") != "dumb" and available()


def no_color(args: argparse.Namespace) -> bool:
    """No colours: ``--no-color`` / ``--color never`` or ``NO_COLOR`` (Textual reads it too)."""
    if getattr(args, "color", "auto") == "never" or os.environ.get("NO_COLOR"):
        os.environ["NO_COLOR"] = "1"
        return True
    return False


def screen_ui(args: argparse.Namespace, game: Game) -> Any:
    """The text renderer the screen draws with (the plain table's words and card letters)."""
    from trapoula.tui import Ui, renderer_for

    r = renderer_for(game.name, Ui(args.lang, color=not no_color(args)))
    r.options = game.options
    r.teams = game.info.partnership
    return r


def run_screen(args: argparse.Namespace, con: Console, game: Game, human: str,
               seed: int) -> int:
    """``trapoula play`` on the full screen; the record is saved as in the plain mode."""
    from trapoula.cli.table import TableSession
    from trapoula.screen.play_app import PlayApp

    r = screen_ui(args, game)
    session = TableSession.create(game, seed, human, args.bots, r)
    delay = 0.4 if args.delay is None else max(0.0, args.delay)
    app = PlayApp(session, delay=delay)
    try:
        app.run()
    finally:
        if args.save:
            session.save(args.save)
            con.print(r.ui.t("saved", path=args.save))
    con.print(r.ui.t("seed", seed=seed))
    if session.undos:
        from trapoula.tui.strings_screen import st

        con.print(st("sc_practice_record", r.ui.lang, n=session.undos))
    return 0
