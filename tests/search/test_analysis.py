"""``trapoula analyse`` and the hint's search line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapoula
from trapoula.bots import make_bot
from trapoula.cli.main import main
from trapoula.core.record import save
from trapoula.search.analysis import analyse_record, analyse_states, hint_text, summary

_SETUP = {"phase": "play", "trump": "H", "buyer": "A", "hands": {
    "P1": "JH 7S AC 8C 9C 10C JC QC", "P2": "AS 8S 7C KC 7D 8D 9D 10D",
    "P3": "9H 10S JD QD KD AD 7H 8H", "P4": "KS QS JS 9S 10H AH KH QH"}}


def _played(game: str, seed: int, **options: object) -> trapoula.core.GameState:
    g = trapoula.make(game, **options)
    bots = {f"P{i + 1}": make_bot("heuristic", g, seed=i) for i in range(8)}
    s = g.new_deal(seed=seed)
    while not s.is_over:
        s = s.apply(bots[s.current_player].choose(s.view(s.current_player)))
    return s


def test_1_4_a_discarded_master_shows_as_points_lost() -> None:
    g = trapoula.make("bourloto", "gr")
    s = g.from_setup(_SETUP)
    # P1 leads his master trump jack or a small spade; then a deliberately poor play by P2
    states = [s]
    for text in ("P1 play JH", "P2 play AS"):
        states.append(states[-1].apply(text))
    rows = analyse_states(states)
    assert [r.seat for r in rows] == ["P1", "P2"]
    p2 = rows[1]
    # discarding the ace of spades on a trick the opponents win costs its 11 points at least
    assert p2.lost >= 11 and p2.values[p2.played] < p2.best_value
    assert all(v <= p2.best_value for v in p2.values.values())
    summ = summary(rows)
    assert summ["P2"]["mistakes"] == 1 and summ["P2"]["lost"] == pytest.approx(p2.lost)


def test_every_card_of_a_record_is_analysed_and_forced_cards_lose_nothing(
        tmp_path: Path) -> None:
    final = _played("bourloto", 11, preset="gr")
    rec = tmp_path / "deal.json"
    save(final, rec)
    rows = analyse_record(json.loads(rec.read_text()), bot=None)
    assert len(rows) == 32
    for r in rows:
        assert r.lost >= 0
        if len(r.values) == 1:
            assert r.lost == 0
    assert sum(r.seat == "P1" for r in rows) == 8


def test_bourre_records_are_analysed_in_tricks(tmp_path: Path) -> None:
    final = _played("bourre", 4, players=3)
    rec = tmp_path / "b.json"
    save(final, rec)
    rows = analyse_record(json.loads(rec.read_text()), bot=None)
    assert rows and all(r.unit == "tricks" and 0 <= r.lost <= 5 for r in rows)


def test_cli_prints_moves_and_the_summary(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    final = _played("bourloto", 3, preset="ru")
    rec = tmp_path / "deal.json"
    save(final, rec)
    out = tmp_path / "an.json"
    assert main(["analyse", str(rec), "--bot", "medium", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "trick 8" in text and "points lost" in text
    data = json.loads(out.read_text())
    assert len(data["moves"]) == 32 and set(data["players"]) == {"P1", "P2", "P3", "P4"}


def test_hint_text_comes_from_sampled_deals_only() -> None:
    g = trapoula.make("bourloto", "gr")
    s = g.from_setup(_SETUP)
    for _ in range(16):  # four tricks by the heuristic: the search is then quick
        s = s.apply(make_bot("heuristic", g).choose(s.view(s.current_player)))
    view = s.view(s.current_player)
    def hard(game: trapoula.core.Game) -> object:
        return make_bot("hard", game, seed=0)

    text = hint_text(make_bot("heuristic", g), view, search_bot=hard)
    if len(view.legal_actions) > 1:
        assert text is not None and text.startswith("search (sampled double-dummy points)")
    assert hint_text(make_bot("heuristic", g), view) is None  # no search bot given: no line
    assert hint_text(make_bot("heuristic", g), g.new_deal(seed=1).view("P1"),
                     search_bot=hard) is None
