"""Issue #29 part 4: the faults a new user met in the terminal end in a clear message and
exit code 2 (a usage error), never a traceback, and before any work is done."""

from __future__ import annotations

import builtins
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from trapoula.cli import serve

from .conftest import RunCli


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "-0.5", "soon", "1e9"])
def test_an_invalid_delay_is_a_usage_error(run_cli: RunCli, delay: str) -> None:
    r = run_cli("play", "bourre", "--seed", "1", f"--delay={delay}", stdin="quit\n")
    assert r.code == 2
    assert "argument --delay: must be a number of seconds from 0 to 3600" in r.err
    assert "Traceback" not in r.err + r.out and "Deal" not in r.out


def test_a_valid_delay_still_plays(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--seed", "1", "--delay", "0", stdin="quit\n")
    assert r.code == 0 and "Bye." in r.out


@pytest.mark.parametrize("args, why", [
    (("--port", "-1"), "argument --port: must be a port number from 0 to 65535"),
    (("--port", "70000"), "argument --port: must be a port number from 0 to 65535"),
    (("--bot-delay", "-1"), "argument --bot-delay: must be a number of seconds"),
    (("--clock-scale", "0"), "argument --clock-scale: must be a number above 0"),
])
def test_invalid_serve_numbers_are_usage_errors(run_cli: RunCli, args: tuple[str, ...],
                                                why: str) -> None:
    r = run_cli("serve", *args)
    assert r.code == 2 and why in r.err


def test_conformance_on_a_missing_path_is_a_clear_error(run_cli: RunCli) -> None:
    r = run_cli("conformance", "/nonexistent")
    assert r.code == 2
    assert r.err.strip() == "error: /nonexistent: no such file or folder"
    assert "failed" not in r.out + r.err


def test_conformance_on_a_file_that_is_not_json_names_it(run_cli: RunCli,
                                                         tmp_path: Path) -> None:
    bad = tmp_path / "cases.json"
    bad.write_text("{", encoding="utf-8")
    r = run_cli("conformance", str(bad))
    assert r.code == 2 and r.err.startswith(f"error: {bad}: not a scenario file")
    assert "failed" not in r.out


def test_conformance_on_an_empty_folder_is_an_error(run_cli: RunCli, tmp_path: Path) -> None:
    r = run_cli("conformance", str(tmp_path))
    assert r.code == 2 and "without scenario files" in r.err


def test_conformance_still_runs_its_cases(run_cli: RunCli) -> None:
    here = Path(__file__).resolve().parents[1] / "conformance" / "scenarios"
    r = run_cli("conformance", str(here))
    assert r.code == 0 and r.out.rstrip().endswith(" passed, 0 failed")


@pytest.mark.parametrize("module", serve.WEB_MODULES)
def test_serve_without_the_web_extra_says_which_extra(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    r = run_cli("serve", "--port", "0")
    assert r.code == 2
    assert "install the web extra: pip install 'trapoula[web]'" in r.err
    assert f"({module} is not installed)" in r.err and "Traceback" not in r.err


def test_serve_turns_an_import_error_while_starting_into_the_same_message(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = builtins.__import__

    def fake(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvicorn":
            raise ModuleNotFoundError("No module named 'uvicorn'", name="uvicorn")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(serve, "missing_web_module", lambda: None)
    monkeypatch.setattr(builtins, "__import__", fake)
    r = run_cli("serve", "--port", "0")
    assert r.code == 2 and "pip install 'trapoula[web]'" in r.err and "uvicorn" in r.err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_save_to_a_full_device_is_refused_before_the_first_deal(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--seed", "1", "--save", "/dev/full", stdin="2\n" * 20)
    assert r.code == 2
    assert "No space left on device" in r.err and "nothing was played" in r.err
    assert "Deal" not in r.out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc here")
def test_save_under_proc_is_refused_before_the_first_deal(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--lang", "ru", "--save", "/proc/game.json", stdin="")
    assert r.code == 2 and "туда нельзя записать" in r.err and "Сдача" not in r.out


def test_the_save_check_leaves_no_file_behind_and_an_existing_file_unchanged(
    run_cli: RunCli, tmp_path: Path
) -> None:
    new = tmp_path / "new.json"
    r = run_cli("play", "bourre", "--seed", "1", "--save", str(new), stdin="quit\n")
    assert r.code == 0 and new.is_file()  # written at the end, as before
    old = tmp_path / "old.json"
    old.write_text("keep", encoding="utf-8")
    from trapoula.cli.common import check_writable

    assert check_writable(old) is None and old.read_text(encoding="utf-8") == "keep"
    assert check_writable(tmp_path / "x.json") is None and not (tmp_path / "x.json").exists()


def test_arena_out_is_checked_before_the_run(run_cli: RunCli,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from trapoula.cli import arena

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the arena ran before --out was checked")

    monkeypatch.setattr(arena, "run_arena", never)
    r = run_cli("arena", "bourre", "--bots", "random,random", "--deals", "1",
                "--out", "/nonexistent/results.json")
    assert r.code == 2
    assert "--out /nonexistent/results.json: cannot write there" in r.err
    if os.path.exists("/dev/full"):
        r = run_cli("arena", "bourre", "--bots", "random,random", "--deals", "1",
                    "--out", "/dev/full")
        assert r.code == 2 and "No space left on device" in r.err


def test_analyse_json_is_checked_before_the_analysis(run_cli: RunCli,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import trapoula.search.analysis as analysis

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the analysis ran before --json was checked")

    monkeypatch.setattr(analysis, "analyse_record", never)
    r = run_cli("analyse", "game.json", "--json", "/nonexistent/analysis.json")
    assert r.code == 2 and "--json /nonexistent/analysis.json: cannot write there" in r.err


def test_save_on_a_full_disk_is_refused_before_the_first_deal(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    def full(fd: int) -> None:  # the disk is full: the written byte cannot reach it
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    save = tmp_path / "game.json"
    r = run_cli("play", "bourre", "--seed", "1", "--save", str(save), stdin="2\n" * 20)
    assert r.code == 2 and os.strerror(errno.ENOSPC) in r.err and "Deal" not in r.out
    assert not save.exists()  # the trial file is gone


def test_a_pipe_or_dev_null_is_not_written_by_the_check(tmp_path: Path) -> None:
    from trapoula.cli.common import check_writable

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert check_writable(fifo) is None  # asked, not opened: no reader, no hang
    if os.path.exists("/dev/null"):
        assert check_writable("/dev/null") is None
