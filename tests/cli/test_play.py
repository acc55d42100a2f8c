"""``trapoula play``: a whole match from scripted input, bad input, quitting, saving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import trapoula
from trapoula.tui.strings import tr

from .conftest import RunCli

ALWAYS_FIRST = "1\n" * 5000
BAD_INPUTS = "garbage\n2h\nplay 2h\nhelp\n99\n\n"


def final_line(record_path: Path, lang: str = "en") -> str:
    result = trapoula.load(record_path).result
    assert result is not None
    s = result["scores"]
    return tr("final_score", lang, a=s["A"], b=s["B"], winner=result["winner"])


@pytest.mark.parametrize("preset", ["gr", "ru"])
def test_whole_match_with_bad_inputs_first_then_always_1(
    run_cli: RunCli, tmp_path: Path, preset: str
) -> None:
    save = tmp_path / "match.json"
    r = run_cli("play", "bourloto", "--preset", preset, "--seed", "11", "--bots", "random",
                "--save", str(save), stdin=BAD_INPUTS + ALWAYS_FIRST)
    assert r.code == 0, r.err
    assert "Traceback" not in r.out + r.err
    # each bad input got its own message and a new prompt
    assert "'garbage' is not a complete action, a card or a command. Allowed now: " in r.out
    assert "You cannot play 2♥ now" in r.out  # bare card that is not playable
    # "play 2h": the same style (what was wrong, then what is allowed), in the table's words
    assert "You do not hold 2♥. Playable:" in r.out or "2♥ is not allowed now. Allowed:" in r.out
    assert tr("help", "en").splitlines()[0] in r.out
    assert "There is no action 99" in r.out
    # the match was played to the end and the closing line is the record's result
    state: Any = trapoula.load(save)
    assert state.is_over
    assert final_line(save) in r.out
    assert tr("match_over", "en") in r.out
    # every deal got a score sheet
    assert r.out.count("is over") == len(state.deals)


def test_final_score_line_matches_the_saved_match(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    r = run_cli("play", "bourloto", "--preset", "gr", "--seed", "3", "--bots", "random",
                "--save", str(save), "target=300", stdin=ALWAYS_FIRST)
    assert r.code == 0
    result = trapoula.load(save).result
    assert result is not None and max(result["scores"].values()) >= 300
    mine = "A"  # the human is P1
    verdict = tr("you_win" if result["winner"] == mine else "you_lose", "en")
    assert f"{final_line(save)} {verdict}" in r.out


def test_option_words_reach_the_rules(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    run_cli("play", "bourloto", "--seed", "5", "--bots", "random", "--save", str(save),
            "target=200", "overtrump_required=yes", stdin=ALWAYS_FIRST)
    record = json.loads(save.read_text())
    assert {k: record["options"][k] for k in ("target", "overtrump_required")} == {
        "target": 200, "overtrump_required": True}
    assert trapoula.make("bourloto", record["preset"], **record["options"]).changed_options() \
        == {"target": 200, "overtrump_required": True}


def test_end_of_input_leaves_cleanly_and_saves(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    r = run_cli("play", "bourloto", "--preset", "gr", "--seed", "8", "--bots", "random",
                "--save", str(save), stdin="1\n1\n1\n")
    assert r.code == 0
    assert "Traceback" not in r.out + r.err
    assert tr("bye", "en") in r.out
    state = trapoula.load(save)  # the partial record replays
    assert not state.is_over
    assert sum(e.seat == "P1" for e in state.history) >= 1


def test_quit_saves_the_game_so_far(run_cli: RunCli, tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    r = run_cli("play", "bourloto", "--seed", "2", "--bots", "random", "--save", str(save),
                stdin="1\n1\nquit\n1\n")
    assert r.code == 0
    assert tr("saved", "en", path=str(save)) in r.out
    human_moves = [e for e in trapoula.load(save).history if e.seat == "P1"]
    # two answered prompts (plus any forced single actions, which are played for the human)
    assert len(human_moves) >= 2


def test_hint_names_a_legal_action(run_cli: RunCli) -> None:
    r = run_cli("play", "bourloto", "--preset", "gr", "--seed", "4", "--bots", "random",
                stdin="hint\nquit\n")
    assert r.code == 0
    lines = r.out.splitlines()
    at = lines.index("> hint")
    hint, menu = lines[at + 1], lines[at - 1]
    assert hint.startswith("Hint (")
    suggested = hint.split("): ", 1)[1].split(" (")[0]  # without the card's long name
    assert f" {suggested}" in menu  # one of the numbered legal actions


def test_other_seat_and_language(run_cli: RunCli) -> None:
    r = run_cli("play", "bourloto", "--preset", "gr", "--seed", "4", "--bots", "random",
                "--seat", "P2", "--lang", "el", stdin="quit\n")
    assert r.code == 0
    assert tr("welcome", "el", title="Bourloto", preset="gr", seat="P2",
              partner=tr("with_partner", "el", seat="P4")) in r.out
    assert tr("your_turn", "el", seat="P2") in r.out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "bourloto", "trgt=5"], "unknown option 'trgt'"),
        (["play", "bourloto", "target"], "key=value"),
        (["play", "bourloto", "--preset", "fr"], "unknown preset 'fr'"),
        (["play", "nosuch"], "unknown game 'nosuch'"),
        (["play", "bourloto", "--seat", "P7"], "--seat must be one of"),
        (["play", "bourloto", "--bots", "nosuchbot"], "no bot 'nosuchbot'"),
    ],
)
def test_bad_command_lines_are_errors_not_tracebacks(
    run_cli: RunCli, argv: list[str], message: str
) -> None:
    r = run_cli(*argv, stdin="quit\n")
    assert r.code == 2
    assert message in r.err
    assert "Traceback" not in r.err
