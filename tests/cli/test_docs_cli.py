"""docs/cli.md: every documented command line parses, and its games and options exist."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from trapoula.cli.common import build_game
from trapoula.cli.main import build_parser
from trapoula.cli.play import option_words

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def command_lines() -> list[str]:
    lines, block = [], False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            block = not block
            continue
        if block:
            for part in line.split("|"):
                part = part.split("#")[0].split(">")[0].strip()
                if part.startswith("trapoula "):
                    lines.append(part)
    return lines


def test_every_subcommand_is_documented() -> None:
    documented = {shlex.split(c)[1] for c in command_lines()}
    assert documented >= {"games", "rules", "play", "replay", "simulate", "conformance"}


@pytest.mark.parametrize("line", command_lines())
def test_documented_command_parses(line: str) -> None:
    args, extra = build_parser().parse_known_args(shlex.split(line)[1:])
    assert all("=" in e for e in extra), extra
    if hasattr(args, "options"):
        args.options = list(args.options) + extra
        if args.command == "rules":
            build_game(args.game, args.preset, args.options)
        elif args.command == "train":  # --preset lists Bourloto's presets; the others have one
            presets = args.preset.split(",") if args.game == "bourloto" else [None]
            for preset in presets:
                build_game(args.game, preset, option_words(args))
        else:
            build_game(args.game, args.preset, option_words(args))
