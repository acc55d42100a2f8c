"""``trapoula score GAME``: the score sheet of a game played with real cards.

Without ``--add`` it prompts for each deal (press Enter to be asked field by field, or type
the entry as ``key=value`` words) and prints the running sheet; ``--add ENTRY`` (repeatable)
adds entries without asking, for scripts.  ``--file`` keeps the sheet: it is loaded when it
exists and saved after every entry (the entries are the save; loading replays them).

>>> from trapoula.cli.main import main
>>> main(["score", "bourloto", "--preset", "gr", "--add", "buyer=A tricks.A=58 decl.B=40"])
Bourloto score sheet, preset gr: buyer must beat the defenders (inside, hanging); match to 1000
deal 1: buyer A  tricks A 58 B 104  decl A 0 B 40  -> A 0 B 202  (inside)  | totals A 0 B 202
totals: A 0  B 202  (B leads)
0
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from trapoula.cli.common import Console, parse_options
from trapoula.club.sheet import Sheet, load_sheet, new_sheet, parse_entry, set_path, sheet_kinds
from trapoula.errors import ConfigError, TrapoulaError

__all__ = ["add_parser", "run"]

HELP = """Enter each deal (Burraco: each hand): press Enter to be asked for each field, or
type its key=value words (e.g. {example}).
Commands: undo (take back the last entry), sheet (print it), help, quit."""
EXAMPLES = {
    "bourloto": "buyer=B tricks.A=58 decl.B=40",
    "bourre": "play.P3=fold play.P1=3 tricks.P1=3 tricks.P2=2 tricks.P4=0",
    "burraco": "A.melds=75 A.clean=1 A.held=15 A.pozzetto=y A.closed=y B.melds=45 B.held=65",
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "score", help="keep the score of a game played with real cards",
        description="A score sheet for friends at a real table: enter each deal, see the "
                    "totals, who leads and who won.")
    p.add_argument("game", choices=sheet_kinds())
    p.add_argument("--preset", help="the rules preset (default: the game's)")
    p.add_argument("--file", help="keep the sheet in this JSON file (loaded if it exists, "
                                  "saved after every entry)")
    p.add_argument("--add", action="append", default=[], metavar="ENTRY",
                   help="add this entry (key=value words or a JSON object) without asking; "
                        "repeatable")
    p.add_argument("--undo", action="store_true", help="take back the last entry of --file")
    p.add_argument("--name", action="append", default=[], metavar="SIDE=NAME",
                   help="name a side or player (A=Anna+Bo, P2=Kostas)")
    p.add_argument("--players", type=int, help="Bourré and Burraco: number of players")
    p.add_argument("--hands", type=int,
                   help="Burraco: a tournament match of this many hands, with FIBUR "
                        "victory points (3 or 4)")
    p.add_argument("--antes", help="Bourré sit-and-go: the rising antes, e.g. 1,2,3,5,8")
    p.add_argument("--deals-per-level", type=int, default=6,
                   help="Bourré sit-and-go: deals at each ante level (6)")
    p.add_argument("--json", action="store_true", help="print the sheet as JSON")
    p.add_argument("options", nargs="*", default=[], metavar="option=value",
                   help="rule options (e.g. target=1500)")
    p.set_defaults(run=run)


def _setup(args: argparse.Namespace) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    if args.hands:
        if args.game != "burraco":
            raise ConfigError("--hands is for Burraco")
        setup["hands"] = args.hands
    if args.antes:
        if args.game != "bourre":
            raise ConfigError("--antes is for Bourré")
        try:
            levels = [int(x) for x in args.antes.split(",")]
        except ValueError as exc:
            raise ConfigError(f"--antes is a list of whole numbers like 1,2,3,5, got "
                              f"{args.antes!r}") from exc
        setup["schedule"] = {"levels": levels, "deals_per_level": args.deals_per_level}
    return setup


def _open(args: argparse.Namespace) -> Sheet:
    names = dict(parse_options(args.name)) if args.name else {}
    if args.file and os.path.exists(args.file):
        sheet = load_sheet(Path(args.file).read_text(encoding="utf-8"))
        if sheet.game != args.game:
            raise ConfigError(f"{args.file} is a {sheet.game} sheet, not {args.game}")
        if args.preset and args.preset != sheet.kind.rules.preset:
            raise ConfigError(f"{args.file} uses preset {sheet.kind.rules.preset}, "
                              f"not {args.preset}")
        return sheet
    options = parse_options(args.options)
    if args.players is not None:
        options["players"] = args.players
    if args.hands and args.game == "burraco" and not args.preset:
        args.preset = "fibur"
    return new_sheet(args.game, args.preset, options, names={k: str(v) for k, v in
                                                             names.items()},
                     setup=_setup(args))


def _save(args: argparse.Namespace, sheet: Sheet) -> None:
    if args.file:
        tmp = Path(args.file + ".tmp")
        tmp.write_text(sheet.to_json() + "\n", encoding="utf-8")
        os.replace(tmp, args.file)


def run(args: argparse.Namespace, con: Console) -> int:
    sheet = _open(args)
    if args.undo:
        sheet = sheet.undo()
        _save(args, sheet)
    for text in args.add:
        sheet = sheet.add(parse_entry(text))
        _save(args, sheet)
    if args.add or args.undo:
        con.print(sheet.to_json() if args.json else sheet.text())
        return 0
    _save(args, sheet)
    return _prompt(args, con, sheet)


def _label(sheet: Sheet) -> str:
    return "hand" if sheet.game == "burraco" else "deal"


def _prompt(args: argparse.Namespace, con: Console, sheet: Sheet) -> int:
    con.print(sheet.text())
    con.print(HELP.format(example=EXAMPLES[sheet.game]))
    while not sheet.over:
        line = con.ask(f"{_label(sheet)} {len(sheet.entries) + 1}> ")
        if line is None:
            con.print()
            break
        cmd = line.strip().lower()
        try:
            if cmd in ("q", "quit", "exit"):
                break
            if cmd in ("help", "?"):
                con.print(HELP.format(example=EXAMPLES[sheet.game]))
                continue
            if cmd == "sheet":
                con.print(sheet.text())
                continue
            if cmd == "undo":
                sheet = sheet.undo()
                _save(args, sheet)
                con.print(sheet.text())
                continue
            entry = _ask_fields(con, sheet) if not cmd else parse_entry(line)
            if entry is None:
                continue
            sheet = _add_fixing(con, sheet, entry)
        except TrapoulaError as exc:
            con.print(f"  not written: {exc}")
            continue
        _save(args, sheet)
        con.print(sheet.kind.render_row(sheet.rows[-1]) if sheet.rows else "")
        con.print(f"  {sheet.result_text()}")
    con.print(sheet.text())
    if args.json:
        con.print(sheet.to_json())
    return 0


def _ask_fields(con: Console, sheet: Sheet) -> dict[str, Any] | None:
    """Ask each question of the next entry; empty answers keep the default."""
    entry: dict[str, Any] = {}
    for key, question in sheet.kind.questions(sheet.state):
        answer = con.ask(f"  {question}: ")
        if answer is None or answer.strip().lower() in ("q", "quit"):
            return None
        if answer.strip():
            set_path(entry, key, parse_entry(f"v={answer.strip()}")["v"])
    return entry


def _add_fixing(con: Console, sheet: Sheet, entry: dict[str, Any]) -> Sheet:
    """Add the entry; when it is refused, say why and let the user add or change fields."""
    while True:
        try:
            return sheet.add(entry)
        except TrapoulaError as exc:
            con.print(f"  not written: {exc}")
        more = con.ask("  fix it (key=value words; Enter to drop the entry): ")
        if more is None or not more.strip():
            raise ConfigError("entry dropped")
        for key, value in _flat(parse_entry(more)):
            set_path(entry, key, value)


def _flat(d: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for k, v in d.items():
        if isinstance(v, dict):
            out += _flat(v, f"{prefix}{k}.")
        else:
            out.append((f"{prefix}{k}", v))
    return out
