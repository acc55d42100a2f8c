"""Helpers shared by the subcommands: ``key=value`` options, games, bots and the console.

>>> parse_options(["target=500", "overtrump_required=yes", "seven_exchange=any"])
{'target': 500, 'overtrump_required': True, 'seven_exchange': 'any'}
>>> parse_options(["target"])
Traceback (most recent call last):
...
trapoula.errors.ConfigError: options are written key=value, got 'target'
"""

from __future__ import annotations

import argparse
import math
import os
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import trapoula
from trapoula.bots import Bot, make_bot
from trapoula.core.game import Game
from trapoula.errors import ConfigError

__all__ = [
    "Console", "bot_or_fallback", "build_game", "check_writable", "parse_options", "parse_value",
    "port_number", "positive", "seconds",
]

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


def seconds(text: str) -> float:
    """An ``argparse`` type: a number of seconds from 0 to 3600 (a bad one is a usage error).

    >>> seconds("0.25"), seconds("0")
    (0.25, 0.0)
    >>> seconds("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number of seconds from 0 to 3600, not '-1'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds from 0 to 3600, not {text!r}")
    return value


def positive(text: str) -> float:
    """An ``argparse`` type: a finite number above 0.

    >>> positive("0.1")
    0.1
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number above 0, not '0'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def port_number(text: str) -> int:
    """An ``argparse`` type: a TCP port, 0 to 65535.

    >>> port_number("8000")
    8000
    >>> port_number("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a port number from 0 to 65535, not '-1'
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, not {text!r}")
    return value


def check_writable(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path`` (None: it can), found by writing to it now.

    A new or regular file is opened for appending (created if missing), a byte is written
    and synced to the disk, and the file is left as it was (truncated back, or removed if
    this made it): a full disk, a read-only place or ``/proc`` fails here, before any work.
    A device gets the byte without the truncation (``/dev/full`` fails, ``/dev/null`` takes
    it); a pipe, which would wait for a reader, is only asked whether it may be written.

    >>> check_writable("/no/such/folder/x.json")
    'the folder /no/such/folder does not exist'
    """
    target = os.path.expanduser(os.fspath(path))
    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    try:
        mode: int | None = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        return "it is a folder"
    if mode is not None and (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return None if os.access(target, os.W_OK) else "it may not be written"
    device = mode is not None and not stat.S_ISREG(mode)
    try:
        with open(target, "ab") as f:
            size = f.tell()
            f.write(b"\n")
            f.flush()
            if not device:
                os.fsync(f.fileno())
                f.truncate(size)
    except OSError as exc:
        return exc.strerror or str(exc)
    finally:
        if mode is None and os.path.exists(target):
            try:
                os.remove(target)
            except OSError:
                pass
    return None


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
