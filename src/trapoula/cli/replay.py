"""``trapoula replay FILE``: step through a saved game as one seat saw it (or with all hands).

With ``--step`` on a terminal, Enter shows the next action (``q`` stops); otherwise every
action is printed at once, with the table drawn whenever the chosen seat was to act.
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
from trapoula.cli.steps import advance, describe
from trapoula.core.record import start
from trapoula.core.seats import seat_index
from trapoula.core.state import GameState
from trapoula.errors import ConfigError
from trapoula.tui import Renderer, renderer_for

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
    ui = make_ui(args.lang, args.color, con)
    r = renderer_for(game.name, ui)
    state = start(record)
    r.teams = game.info.partnership
    r.options = game.options
    actions = list(record.get("actions", []))
    step_mode = args.step and con.interactive
    con.print(ui.bold(f"{getattr(game, 'title', game.name)} {game.preset} · "
                      f"{record.get('kind', 'deal')} · seed {record.get('seed', '-')} · "
                      f"{len(actions)} actions"))
    new_deal = True
    for text in actions:
        actor = state.current_player
        if step_mode or actor == viewer or new_deal:
            con.print()
            con.print(_table(r, state, viewer, args.all, seats))
        if step_mode:
            line = con.ask(ui.dim(ui.t("press_enter")) + " ")
            if line is None or line.strip().lower() in ("q", "quit"):
                return 0
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
