"""``trapoula play GAME``: a whole match in the terminal, one human against bots.

The human's seat (``--seat``, P1 by default) is asked for every decision; bots play the
other seats and their moves are printed as they happen.  Input: a menu number, an action in
notation, or a bare card; ``help``, ``hint``, ``quit``.  Bad input gets the engine's message
and a new prompt; end of input and Ctrl-C leave cleanly (``--save`` still writes the record).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from trapoula.cards import LANGUAGES
from trapoula.cli.common import (
    Console,
    bot_or_fallback,
    build_game,
    check_writable,
    parse_options,
    seconds,
)
from trapoula.cli.screen_mode import add_screen_options, run_screen, want_screen
from trapoula.cli.session import PlaySession
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.seats import seat_index
from trapoula.errors import ConfigError
from trapoula.tui import Ui, renderer_for, supports_color

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("play", help="play a match against bots in the terminal",
                       description="Play a whole match against bots (a bot partner in "
                                   "partnership games).")
    p.add_argument("game", help="game name (see: trapoula games)")
    p.add_argument("options", nargs="*", default=[], metavar="option=value",
                   help="rule options overriding the preset (see: trapoula rules GAME)")
    p.add_argument("--preset", help="rule preset (bourloto: ru, gr; burraco: seed, fibur)")
    add_table_options(p)
    p.add_argument("--seed", type=int, help="match seed (the same seed gives the same deals)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")
    p.add_argument("--seat", default="P1", help="your seat (default P1)")
    p.add_argument("--bots", default="heuristic", help="bot for the other seats")
    p.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    p.add_argument("--delay", type=seconds, default=None,
                   help="seconds to pause after each bot move (default 0.4 on a terminal)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    add_screen_options(p)
    p.set_defaults(run=run)


def add_table_options(p: Any) -> None:
    """``--players``, ``--stack``, ``--ante``: shorthands for rule options of that name."""
    p.add_argument("--players", type=int, metavar="N",
                   help="number of players (option players=N; bourre: 2-7)")
    p.add_argument("--stack", type=int, metavar="CHIPS",
                   help="chips each player starts with (bourre: option starting_stack)")
    p.add_argument("--ante", type=int, metavar="CHIPS", help="the ante (bourre: option ante)")


def option_words(args: argparse.Namespace) -> list[str]:
    """The ``option=value`` words of the command line, the shorthand flags included.

    >>> option_words(argparse.Namespace(options=["max_deals=3"], players=5, stack=None,
    ...                                 ante=2))
    ['max_deals=3', 'players=5', 'ante=2']
    """
    words = list(args.options)
    for flag, name in (("players", "players"), ("stack", "starting_stack"), ("ante", "ante")):
        value = getattr(args, flag, None)
        if value is not None:
            words.append(f"{name}={value}")
    return words


def make_ui(lang: str, color: str, con: Console) -> Ui:
    on = color == "always" or (color == "auto" and supports_color(con.out))
    return Ui(lang, color=on)


def check_save_path(path: str, lang: str = "en") -> None:
    """Refuse a ``--save`` path that could not be written at the end: tried by writing to it
    before any deal (:func:`~trapoula.cli.common.check_writable`: a full device, ``/proc``
    or a read-only place fails now, not at quit).

    >>> check_save_path("/no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    trapoula.errors.ConfigError: --save /no/such/folder/game.json: the folder /no/such/folder \
does not exist; create it or choose another path (nothing was played).
    """
    from trapoula.tui.strings import tr

    folder = Path(path).expanduser().parent
    if not folder.is_dir():
        raise ConfigError(tr("save_bad_dir", lang, path=path, folder=str(folder)))
    why = check_writable(path)
    if why:
        raise ConfigError(tr("save_not_writable", lang, path=path, why=why))


def run(args: argparse.Namespace, con: Console) -> int:
    words = option_words(args)
    parse_options(words)  # report bad key=value syntax before anything else
    if args.save:
        check_save_path(args.save, args.lang)
    game = build_game(args.game, args.preset, words)
    ui = make_ui(args.lang, args.color, con)
    renderer = renderer_for(game.name, ui)
    renderer.options = game.options
    seats = list(game.info.seats)
    human = f"P{seat_index(args.seat) + 1}"
    if human not in seats:
        raise ConfigError(f"--seat must be one of {', '.join(seats)}; got {args.seat!r}")
    seed = fresh_seed() if args.seed is None else args.seed
    if want_screen(args, con):  # the full-screen table (trapoula.screen)
        return run_screen(args, con, game, human, seed)
    state = game.new_match(seed)
    renderer.teams = game.info.partnership  # partnerships: "(partner)", "A (us)"
    delay = args.delay if args.delay is not None else (0.4 if con.interactive else 0.0)
    session = PlaySession(game, state, human, {}, renderer, con, seed=seed, delay=delay)
    session.bots = {
        s: bot_or_fallback(args.bots, game, derive_seed(seed, "bot", s), session.warn)
        for s in seats if s != human
    }
    partner = ""
    if renderer.teams and len(seats) == 4:
        partner = ui.t("with_partner", seat=seats[(seats.index(human) + 2) % 4])
    con.print(ui.bold(ui.t("welcome", title=getattr(game, "title", game.name),
                           preset=game.preset, seat=human, partner=partner)))
    con.print(ui.dim(ui.t("seed", seed=seed)))
    outcome = "quit"
    try:
        outcome = session.run()
    except KeyboardInterrupt:
        con.print()
        return_code = 130
    else:
        return_code = 0
    finally:
        if args.save:
            session.save(args.save)
    if outcome == "quit":
        con.print(ui.t("bye"))
    return return_code
