"""Helpers shared by the subcommands: ``key=value`` options, games, bots and the console.

>>> parse_options(["target=500", "overtrump_required=yes", "seven_exchange=any"])
{'target': 500, 'overtrump_required': True, 'seven_exchange': 'any'}
>>> parse_options(["target"])
Traceback (most recent call last):
...
trapoula.errors.ConfigError: options are written key=value, got 'target'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import trapoula
from trapoula.bots import Bot, make_bot
from trapoula.core.game import Game
from trapoula.errors import ConfigError

__all__ = ["Console", "bot_or_fallback", "build_game", "parse_options", "parse_value"]

_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}


def parse_value(text: str) -> Any:
    """``"12"`` -> 12, ``"true"``/``"no"`` -> bool, ``"none"``/``"null"`` -> None, else text."""
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(low)
    except ValueError:
        return text.strip()


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """Rule options from ``key=value`` words (values: ints, bools, text)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"options are written key=value, got {pair!r}")
        out[key.strip().replace("-", "_")] = parse_value(value)
    return out


def build_game(name: str, preset: str | None, pairs: Sequence[str]) -> Game:
    """``trapoula.make`` with options from the command line (errors are ConfigErrors)."""
    return trapoula.make(name, preset, **parse_options(pairs))


def bot_or_fallback(
    name: str, game: Game, seed: int | None, warn: Callable[[str, str], None] | None = None
) -> Bot:
    """``make_bot(name, ...)``; if that bot cannot be loaded yet, a random bot (and a warning).

    An unknown bot name is still an error (a typo should not silently play randomly).
    """
    try:
        return make_bot(name, game, seed=seed)
    except (ImportError, AttributeError) as exc:
        if warn is not None:
            warn(name, f"{type(exc).__name__}: {exc}")
        return make_bot("random", game, seed=seed)


@dataclass
class Console:
    """Where a command reads and writes (real streams by default; tests pass their own)."""

    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    inp: TextIO = field(default_factory=lambda: sys.stdin)

    @property
    def interactive(self) -> bool:
        """Is input coming from a person at a terminal?"""
        try:
            return bool(self.inp.isatty())
        except (AttributeError, ValueError):
            return False

    def print(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def error(self, text: str) -> None:
        print(text, file=self.err, flush=True)

    def flush_input(self) -> None:
        """Drop what was typed before the prompt (keys pressed while the bots played must
        not answer a question that was not asked yet)."""
        if not self.interactive:
            return
        try:
            import termios

            termios.tcflush(self.inp.fileno(), termios.TCIFLUSH)
        except (ImportError, OSError, ValueError, AttributeError):  # not a POSIX terminal
            pass

    def ask(self, prompt: str) -> str | None:
        """One line of input without its newline, or None at end of input (what was typed
        ahead of the prompt on a terminal is discarded first)."""
        self.flush_input()
        if self.interactive and self.inp is sys.stdin and self.out is sys.stdout:
            try:
                import readline  # noqa: F401  (line editing for input())
            except ImportError:  # pragma: no cover - platform without readline
                pass
            try:
                return input(prompt)
            except EOFError:
                print(file=self.out)
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        if not self.interactive:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")
