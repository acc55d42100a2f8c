"""Run the ``trapoula`` command in-process with scripted standard input."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from trapoula.cli.main import main


@dataclass
class Result:
    code: int
    out: str
    err: str


RunCli = Callable[..., Result]


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> RunCli:
    def run(*argv: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.delenv("NO_COLOR", raising=False)
        code = main(list(argv))
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run
