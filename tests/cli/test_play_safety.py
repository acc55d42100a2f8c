"""``trapoula play``: the ``--save`` path is checked before the first deal, forced moves are
announced with their reason, and keys typed ahead of a prompt are not applied to it."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import trapoula
from trapoula.core.action import Action
from trapoula.tui import Ui, renderer_for
from trapoula.tui.strings import tr

from .conftest import RunCli


def test_a_save_path_in_a_missing_folder_is_refused_before_anything_is_played(
    run_cli: RunCli, tmp_path: Path
) -> None:
    bad = tmp_path / "no-such-folder" / "match.json"
    r = run_cli("play", "bourloto", "--seed", "1", "--save", str(bad), stdin="1\n" * 50)
    assert r.code == 2
    assert "does not exist" in r.err and "nothing was played" in r.err
    assert "Deal 1" not in r.out  # refused before the first deal was shown
    assert not bad.parent.exists()


def test_a_save_path_that_is_a_folder_is_refused_in_the_tables_language(
    run_cli: RunCli, tmp_path: Path
) -> None:
    r = run_cli("play", "bourre", "--lang", "el", "--save", str(tmp_path), stdin="")
    assert r.code == 2 and "δεν παίχτηκε τίποτα" in r.err


def test_forced_moves_are_announced_with_their_reason(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--players", "3", "--seed", "2", "--bots", "random",
                "max_deals=3", stdin="2\n" * 400)
    assert r.code == 0
    why = tuple(tr(k, "en") for k in ("forced_only", "forced_trump_lead", "forced_follow_suit",
                                      "forced_follow_trump"))
    forced = [line for line in r.out.splitlines() if line.startswith("P1 (you): ")
              and " — " in line]
    assert forced and all(line.endswith(why) for line in forced)


def test_the_reasons_of_bourre_and_burraco_forced_moves() -> None:
    from trapoula.games.bourre.view import BourreView
    from trapoula.games.burraco.view import BurracoView

    g = trapoula.make("bourre", players=3)
    s = g.new_deal(seed=4)
    while s.phase != "play":
        s = s.apply(next(a for a in s.legal_actions() if a.kind != "fold"))
    view = s.view(s.current_player)
    assert isinstance(view, BourreView)
    trumps = [c for c in view.hand if c.suit == view.trump]
    r = renderer_for("bourre", Ui("en"))
    if trumps and len(trumps) < len(view.hand):
        lead = Action("play", (max(trumps, key=lambda c: int(c.rank or 0)),))
        assert r.forced_reason(view, lead) == tr("forced_trump_lead", "en")
    bu = trapoula.make("burraco").new_deal(seed=1).view("P1")
    assert isinstance(bu, BurracoView)
    one = type(bu).__new__(type(bu))
    one.__dict__.update(bu.__dict__)
    object.__setattr__(one, "hand", bu.hand[:1])
    last = Action("discard", bu.hand[:1])
    assert renderer_for("burraco", Ui("it")).forced_reason(one, last) == tr(
        "forced_last_discard", "it")


def _read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    out = b""
    end = time.monotonic() + timeout
    while needle not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_keys_typed_ahead_are_not_applied_to_the_next_prompt() -> None:
    """A real terminal (a pty): "2" typed while nothing was asked must not answer the first
    prompt; only what is typed after the prompt plays."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from trapoula.cli.main import main; "
         "sys.exit(main(sys.argv[1:]))", "play", "bourloto", "--preset", "gr",
         "--seed", "5", "--color", "never", "--delay", "0"],
        stdin=slave, stdout=slave, stderr=slave, close_fds=True,
        env={**os.environ, "TERM": "dumb"},
    )
    os.close(slave)
    try:
        os.write(master, b"2\n")  # typed ahead, before any prompt
        first = _read_until(master, b"> ", 60)
        assert b"> " in first, first[-400:]
        later = _read_until(master, b"P1 (you)", 1.5)  # nothing is played on its own
        seen = first + later
        assert b"P1 (you) passes" not in seen and b"P2 " not in seen.split(b"> ")[-1]
        os.write(master, b"quit\n")
        bye = _read_until(master, b"Bye.", 30)
        assert b"Bye." in bye
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
