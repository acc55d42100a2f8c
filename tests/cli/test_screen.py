"""The full-screen table (``trapoula.screen``, Textual): headless snapshots of the screen at
80×24 and 200×60, in several languages, asserted on content (not golden files)."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

import trapoula  # noqa: E402
from trapoula.cli.common import Console  # noqa: E402
from trapoula.cli.replay import step_through  # noqa: E402
from trapoula.cli.replay_cursor import ReplayCursor  # noqa: E402
from trapoula.cli.table import TableSession  # noqa: E402
from trapoula.core.action import Action  # noqa: E402
from trapoula.screen.felt import card_actions, strip_styles  # noqa: E402
from trapoula.screen.play_app import PlayApp  # noqa: E402
from trapoula.screen.replay_app import ReplayApp  # noqa: E402
from trapoula.tui import Ui, renderer_for  # noqa: E402
from trapoula.tui.strings_screen import st  # noqa: E402

from .conftest import RunCli  # noqa: E402


def session(game: str, lang: str = "en", seed: int = 3, preset: str | None = None,
            **options: Any) -> TableSession:
    g = trapoula.make(game, preset, **options)
    r = renderer_for(game, Ui(lang, color=True))
    r.options, r.teams = g.options, g.info.partnership
    return TableSession.create(g, seed, "P1", "heuristic", r)


def drive(app: Any, size: tuple[int, int], script: Callable[[Any, Any], Any]) -> Any:
    """Run ``script(app, pilot)`` (a coroutine function) on the headless app."""

    async def main() -> Any:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await script(app, pilot)

    return asyncio.run(main())


def check_fits(text: str, size: tuple[int, int]) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1]
    assert max(len(line) for line in lines) <= size[0]


def first_choice(s: TableSession) -> str:
    """A legal answer typed as the plain table would take it: a menu number."""
    return "1"


async def play_until(app: PlayApp, pilot: Any, done: Callable[[TableSession], bool],
                     limit: int = 400) -> None:
    s = app.session
    for _ in range(limit):
        if done(s) or s.over:
            return
        assert s.my_turn
        app.typed(first_choice(s))
        await pilot.pause()
    raise AssertionError("the game did not reach the wanted position")


def in_play(s: TableSession) -> bool:
    view = s.view()
    return s.my_turn and any(card_actions(view.legal_actions, c) for c in view.hand)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_bourloto_table_at_80x24_shows_seats_hand_and_legal_marks(lang: str) -> None:
    s = session("bourloto", lang, preset="gr")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> str:
        await play_until(app, pilot, in_play)
        return app.screen_text()

    text = drive(app, (80, 24), script)
    check_fits(text, (80, 24))
    view = s.view()
    for seat in ("P2", "P3", "P4"):
        assert seat in text
    plain = Ui(lang)
    hand_row = next(line for line in text.splitlines()
                    if line.startswith(st("your_hand", lang)))
    for card in view.hand:
        assert plain.card(card) in hand_row
    marks = text.splitlines()[text.splitlines().index(hand_row) + 1]
    playable = [c for c in view.hand if card_actions(view.legal_actions, c)]
    assert marks.count("▲") == len(playable) > 0
    assert st("sc_moves", lang) in text and st("sc_scores", lang) in text


def test_score_table_gains_a_line_per_finished_deal() -> None:
    s = session("bourloto", "en", preset="gr")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> str:
        await play_until(app, pilot, lambda s: len(s.log.rows) >= 2)
        return app.screen_text()

    text = drive(app, (200, 60), script)
    check_fits(text, (200, 60))
    match = s.view().match
    assert len(match.deal_scores) >= 2
    for k, scores in enumerate(match.deal_scores, 1):
        row = f"{k:>6} " + " ".join(f"{scores[side]:>9}" for side in match.scores)
        assert row in text
    total = " ".join(f"{match.scores[side]:>9}" for side in match.scores)
    assert f"total {total}" in text


def test_undo_restores_the_previous_decision_and_the_record_notes_it(tmp_path: Path) -> None:
    s = session("bourloto", "el", preset="gr")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> tuple[str, str, Any]:
        await play_until(app, pilot, in_play)
        before_state, before = s.state, app.screen_text()
        await pilot.press("enter")  # the chosen card (the first playable one)
        await pilot.pause()
        assert s.state is not before_state
        await pilot.press("ctrl+z")
        await pilot.pause()
        return before, app.screen_text(), before_state

    before, after, before_state = drive(app, (80, 24), script)
    assert s.state is before_state and s.undos == 1
    hand = [line for line in before.splitlines() if line.startswith(st("your_hand", "el"))]
    assert hand and hand[0] in after
    assert st("sc_practice", "el", n=1) in after
    path = tmp_path / "practice.json"
    s.save(str(path))
    record = json.loads(path.read_text())
    assert record["practice"] == {"undos": 1}
    loaded = trapoula.loads(path.read_text())
    assert loaded.history == s.state.history


def test_undo_without_a_decision_says_so_and_changes_nothing() -> None:
    s = session("burraco", "it")
    state = s.state
    out = s.submit("undo")
    assert out.kind == "message" and out.error
    assert out.text == st("sc_no_undo", "it") and s.state is state


def test_bourre_seven_players_fit_80x24_in_russian() -> None:
    s = session("bourre", "ru", players=7)
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> str:
        return app.screen_text()

    text = drive(app, (80, 24), script)
    check_fits(text, (80, 24))
    felt = "\n".join(line[:52] for line in text.splitlines()[1:14])
    for seat in s.game.info.seats:
        assert seat in felt
    assert st("sc_pot", "ru", n=s.view().pot) in text


def test_burraco_at_200x60_in_greek_shows_melds_piles_and_hand() -> None:
    s = session("burraco", "el")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> str:
        await play_until(app, pilot, lambda s: bool(s.view().melds.get("B")) and in_play(s))
        return app.screen_text()

    text = drive(app, (200, 60), script)
    check_fits(text, (200, 60))
    ui = Ui("el")
    view = s.view()
    assert ui.t("bu_discard_pile") in text and ui.t("bu_stock") in text
    for meld in view.melds["B"]:
        assert " ".join(ui.card(c) for c in meld.cards) in text
    assert text.count("▲") == len({c for c in view.hand
                                   if card_actions(view.legal_actions, c)})


def test_a_typed_illegal_card_gets_the_plain_tables_message() -> None:
    s = session("bourloto", "en", preset="gr")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> tuple[str, str]:
        await play_until(app, pilot, lambda s: in_play(s) and any(
            not card_actions(s.view().legal_actions, c) for c in s.view().hand))
        view = s.view()
        bad = next(c for c in view.hand if not card_actions(view.legal_actions, c))
        state = s.state
        app.typed(str(bad))
        await pilot.pause()
        assert s.state is state  # nothing was played
        expected = s.r.explain(view, Action("play", cards=(bad,)))
        return app.screen_text(), expected or ""

    text, expected = drive(app, (200, 60), script)
    assert expected.startswith("You cannot play")
    assert strip_styles(expected).split(".")[0] in text


@pytest.fixture
def record(tmp_path: Path) -> Path:
    g = trapoula.make("bourloto", "gr", target=300)
    m = g.new_match(seed=5)
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
    path = tmp_path / "match.json"
    trapoula.save(m, path)
    return path


def test_replay_steps_forward_and_back_and_jumps_to_a_deal(record: Path) -> None:
    cursor = ReplayCursor(json.loads(record.read_text()), "P1")
    r = renderer_for("bourloto", Ui("ru"))
    app = ReplayApp(cursor, r)

    async def script(app: ReplayApp, pilot: Any) -> list[str]:
        shots = [app.screen_text()]
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        shots.append(app.screen_text())
        await pilot.press("left")
        await pilot.pause()
        shots.append(app.screen_text())
        app.typed("deal 2")
        await pilot.pause()
        shots.append(app.screen_text())
        return shots

    start, six, five, deal2 = drive(app, (80, 24), script)
    check_fits(six, (80, 24))
    assert st("sc_replay_pos", "ru", i=6, n=cursor.last, d=1, deals=cursor.deals)[:8] in six
    assert "ход 6/" in six and "ход 5/" in five and "ход 0/" in start
    assert cursor.deal_of(cursor.at) == 2 and cursor.at == cursor.deal_starts[1]
    assert "сдача 2/" in deal2


def test_plain_step_replay_goes_back_and_to_a_deal(record: Path) -> None:
    cursor = ReplayCursor(json.loads(record.read_text()), "P1")

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = io.StringIO()
    con = Console(out=out, err=out, inp=Tty("\n\nback\ndeal 2\ndeal 99\nq\n"))
    assert step_through(cursor, renderer_for("bourloto", Ui()), con, False) == 0
    text = out.getvalue()
    assert "action 2/" in text and "action 1/" in text.split("action 2/")[-1]
    assert cursor.deal_of(cursor.at) == 2
    assert st("sc_no_deal", "en", n=99, max=cursor.deals) in text


def test_a_practice_record_replays_and_says_so(run_cli: RunCli, tmp_path: Path) -> None:
    s = session("bourre", "en", players=3, max_deals=1)
    while not s.my_turn:
        assert s.bot_step() is not None
    s.submit("1")
    while not s.my_turn and not s.over:
        s.bot_step()
    s.submit("undo")
    path = tmp_path / "practice.json"
    s.save(str(path))
    r = run_cli("replay", str(path), "--plain")
    assert r.code == 0, r.err
    assert st("sc_practice_record", "en", n=1) in r.out


def test_the_plain_mode_is_used_for_pipes_and_screen_needs_textual(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = run_cli("play", "bourloto", "--seed", "3", "--no-color", stdin="quit\n")
    assert r.code == 0 and "\x1b[" not in r.out  # piped: the plain lines, no colours
    monkeypatch.setattr("trapoula.screen.available", lambda: False)
    r = run_cli("play", "bourloto", "--screen", stdin="")
    assert r.code == 2 and "trapoula[tui]" in r.err


def test_clicks_on_a_card_and_on_the_action_bar_play_them() -> None:
    s = session("bourloto", "it", preset="gr")
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> None:
        bids = len(s.state.history)
        label = app.bar[0][0]
        await pilot.click("#actions", offset=(2, 0))  # the first item of the action bar
        await pilot.pause()
        assert len(s.state.history) > bids, label
        await play_until(app, pilot, in_play)
        view = s.view()
        k = next(k for k, c in enumerate(app.hand_cards) if card_actions(view.legal_actions, c))
        card = app.hand_cards[k]
        width = len(st("your_hand", "it")) + 1
        await pilot.click("#hand", offset=(width + 4 * k, 0))
        await pilot.pause()
        played = [e.action for e in s.state.history if e.seat == "P1"]
        assert played[-1].cards == (card,) or card not in s.view().hand

    drive(app, (80, 24), script)


@pytest.mark.parametrize("lang", ["en", "el", "ru", "it"])
def test_history_is_named_in_the_bourre_and_burraco_prompts_and_help(lang: str) -> None:
    for key in ("br_choose_decide", "br_choose_play", "br_help", "bu_choose_draw",
                "bu_choose_play", "bu_help"):
        assert "history" in st(key, lang), key


def test_no_color_and_light_dark(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from trapoula.cli.screen_mode import screen_ui

    monkeypatch.delenv("NO_COLOR", raising=False)
    game = trapoula.make("bourre", None, players=4)
    r = screen_ui(argparse.Namespace(color="never", lang="ru"), game)
    assert not r.ui.color
    s = TableSession.create(game, 2, "P1", "random", r)
    app = PlayApp(s, delay=0)  # Textual reads (and removes) NO_COLOR: monochrome
    assert app.no_color

    async def script(app: PlayApp, pilot: Any) -> tuple[str, str]:
        first = app.theme
        await pilot.press("ctrl+t")
        return first, app.theme

    first, second = drive(app, (80, 24), script)
    assert first != second and {first, second} == {"textual-dark", "textual-light"}
    assert s.log.lines and not any("\x1b" in line for line in s.log.lines)


def test_plain_lines_undo_too_and_the_record_notes_it(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    first = run_cli("play", "bourloto", "--preset", "gr", "--seed", "3", "--bots", "random",
                    "--save", str(path), stdin="undo\n2\nundo\n1\nquit\n")
    assert first.code == 0, first.err
    assert st("sc_no_undo", "en") in first.out  # nothing decided yet
    assert first.out.count(st("sc_undone", "en")) == 1
    record = json.loads(path.read_text())
    assert record["practice"] == {"undos": 1}
    mine = [a for a in record["actions"] if a.startswith("P1 ")]
    game = trapoula.make("bourloto", "gr")
    state = game.new_match(3)
    while state.current_player != "P1":
        state = state.apply(record["actions"][len(state.history)])
    menu = renderer_for("bourloto", Ui()).menu(state.view("P1"), state.legal_actions())
    assert mine[0] == f"P1 {menu[0]}"  # the answer given after the undo, not the first one
    assert [str(e) for e in trapoula.load(path).history] == record["actions"]


def test_bourre_score_table_has_a_line_per_deal_with_the_pot_and_your_chips() -> None:
    s = session("bourre", "en", players=4, max_deals=3)
    app = PlayApp(s, delay=0)

    async def script(app: PlayApp, pilot: Any) -> str:
        await play_until(app, pilot, lambda s: False)  # fold every deal, to the end
        return app.screen_text()

    text = drive(app, (200, 60), script)
    assert s.over and len(s.log.rows) == 3
    for k, step in enumerate(s.log.rows, 1):
        payouts = step.after.result.get("payouts", {})
        won = " ".join(f"{seat} +{v}" for seat, v in payouts.items()) or st("sc_carry", "en")
        assert f"{k:>3}  {won}  you {step.current.stacks['P1']}" in text
