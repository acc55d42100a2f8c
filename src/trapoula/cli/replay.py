"""``trapoula replay FILE``: step through a saved game as one seat saw it (or with all hands).

With ``--step`` on a terminal, Enter shows the next action, ``back`` the one before, ``deal N``
jumps to a deal's start (``q`` stops); otherwise every action is printed at once, with the
table drawn whenever the chosen seat was to act.  On a terminal with Textual installed the
replay is drawn on the full screen (``trapoula.screen``) unless ``--plain`` is given.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import trapoula
from trapoula.cards import LANGUAGES
from trapoula.cli.common import Console
from trapoula.cli.play import make_ui
from trapoula.cli.replay_cursor import ReplayCursor
from trapoula.cli.screen_mode import add_screen_options, screen_ui, want_screen
from trapoula.cli.steps import advance, describe
from trapoula.core.record import start
from trapoula.core.seats import seat_index
from trapoula.core.state import GameState
from trapoula.errors import ConfigError
from trapoula.tui import Renderer, renderer_for
from trapoula.tui.strings_screen import st

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="step through a saved game record",
                       description="Replay a game record (trapoula play --save FILE).")
    p.add_argument("file", help="a trapoula-record JSON file")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", default="P1", help="show the table as this seat saw it")
    who.add_argument("--all", action="store_true", help="show every hand")
    p.add_argument("--step", action="store_true",
                   help="wait for Enter before each action (on a terminal)")
    p.add_argument("--lang", choices=LANGUAGES, default="en")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    add_screen_options(p)
    p.set_defaults(run=run)


def _hands(state: GameState, seats: tuple[str, ...]) -> dict[str, Any]:
    """Every seat's own cards, each read from that seat's view."""
    out = {}
    for s in seats:
        hand = getattr(state.view(s), "hand", None)
        if hand is not None:
            out[s] = hand
    return out


def _table(r: Renderer, state: GameState, viewer: str, show_all: bool,
           seats: tuple[str, ...]) -> str:
    return r.table(state.view(viewer), _hands(state, seats) if show_all else None)


def run(args: argparse.Namespace, con: Console) -> int:
    path = Path(args.file)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        final = trapoula.load(path)  # checks the whole record first
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path} is not a JSON game record ({exc})") from None
    except KeyError as exc:
        raise ConfigError(f"{path}: the record has no {exc} field") from None
    if not isinstance(record, dict):
        raise ConfigError(f"{path} is not a game record")
    game = final.game
    seats = list(game.info.seats)
    viewer = f"P{seat_index(args.seat) + 1}"
    if viewer not in seats:
        raise ConfigError(f"--seat must be one of {', '.join(seats)}; got {args.seat!r}")
    if want_screen(args, con):
        from trapoula.screen.replay_app import ReplayApp

        ReplayApp(ReplayCursor(record, viewer), screen_ui(args, game), args.all).run()
        return 0
    ui = make_ui(args.lang, args.color, con)
    r = renderer_for(game.name, ui)
    state = start(record)
    r.teams = game.info.partnership
    r.options = game.options
    actions = list(record.get("actions", []))
    con.print(ui.bold(f"{getattr(game, 'title', game.name)} {game.preset} · "
                      f"{record.get('kind', 'deal')} · seed {record.get('seed', '-')} · "
                      f"{len(actions)} actions"))
    practice = record.get("practice")
    if isinstance(practice, dict):
        con.print(st("sc_practice_record", ui.lang, n=practice.get("undos", 0)))
    if args.step and con.interactive:
        return step_through(ReplayCursor(record, viewer), r, con, args.all)
    new_deal = True
    for text in actions:
        actor = state.current_player
        if actor == viewer or new_deal:
            con.print()
            con.print(_table(r, state, viewer, args.all, seats))
        new = game.replay_action(state, text)  # an earlier version's record is mapped
        if new is state:
            continue  # a recorded answer that this version no longer asks for
        event = new.history[-1]
        step = replace(advance(state, event.action, viewer, new), seat=event.seat)
        state = step.state
        con.print(describe(r, step))
        new_deal = step.deal_over
    con.print()
    if state.is_over:
        con.print(r.game_over(state.view(viewer), state.result))
    else:
        con.print(_table(r, state, viewer, args.all, seats))
    return 0


def step_through(cursor: ReplayCursor, r: Renderer, con: Console, show_all: bool) -> int:
    """``--step``: Enter (or ``next``) shows the next action, ``back`` the one before,
    ``deal N`` the start of deal N, ``q`` stops."""
    ui = r.ui
    seats = tuple(cursor.game.info.seats)
    con.print()
    con.print(_table(r, cursor.state, cursor.viewer, show_all, seats))
    while True:
        where = st("sc_replay_pos", ui.lang, i=cursor.at, n=cursor.last,
                   d=cursor.deal_of(cursor.at), deals=cursor.deals)
        line = con.ask(ui.dim(f"[{where}] {ui.t('press_enter')} "
                              f"({st('sc_replay_input', ui.lang)})") + " ")
        text = "q" if line is None else line.strip().lower()
        deal = text.removeprefix("deal").strip()
        if text in ("q", "quit", "exit"):
            return 0
        if text in ("", "next", "n"):
            if not cursor.forward():
                con.print(st("sc_at_end", ui.lang))
                continue
            step = cursor.steps[cursor.at - 1]
            con.print(describe(r, step))
        elif text in ("back", "b"):
            if not cursor.back():
                con.print(st("sc_at_start", ui.lang))
                continue
        elif text.startswith("deal") and deal.isdigit():
            if not cursor.jump_deal(int(deal)):
                con.print(st("sc_no_deal", ui.lang, n=deal, max=cursor.deals))
                continue
        else:
            con.print(st("sc_replay_bad", ui.lang, text=line))
            continue
        con.print()
        state = cursor.state
        if state.is_over:
            con.print(r.game_over(state.view(cursor.viewer), state.result))
        else:
            con.print(_table(r, state, cursor.viewer, show_all, seats))
