"""The end-of-deal score card (trapoula.tui.summary), shared by the terminal and the page:
every total row is the sum of the rows above it, and the points written are the engine's."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.games.burraco.scoring import CLOSING_BONUS, NO_POZZETTO_PENALTY
from trapoula.tui import summary
from trapoula.tui.summary import deal_summary


def _cards(game: Any, seed: int, deals: int) -> list[tuple[dict[str, Any], Any]]:
    """(score card, the match's deal summary) of the first deals of a random-play match."""
    rng = random.Random(seed)
    m = game.new_match(seed=seed)
    out = []
    while not m.is_over and len(out) < deals:
        a = rng.choice(m.legal_actions())
        new = m.apply(a)
        if new.is_over or new.deal_number != m.deal_number:
            finished = m.deal.apply(a).public_view()
            out.append((deal_summary(m.public_view(), finished, new.public_view(),
                                     game.options), new.deals[-1]))
        m = new
    return out


def _adds_up(card: dict[str, Any]) -> None:
    cols = card["columns"]
    acc = dict.fromkeys(cols, 0)
    for r in card["rows"]:
        if r.get("total"):
            assert r["values"] == acc, card
        else:
            acc = {c: acc[c] + r["values"][c] for c in cols}


@pytest.mark.parametrize("preset,options", [("gr", {}), ("ru", {}),
                                            ("gr", {"compare_declarations": False})])
def test_bourloto_rows_add_up_to_the_points_written(preset: str, options: dict[str, Any]) -> None:
    game = trapoula.make("bourloto", preset, **options)
    seen = set()
    for seed in range(12):
        for card, deal in _cards(game, seed, 4):
            if deal.result.get("thrown_in"):
                assert card["notes"] == [{"key": "thrown_in"}] and not card["rows"]
                continue
            _adds_up(card)
            written = next(r for r in card["rows"] if r["key"] == "written")
            assert written["values"] == deal.result["scores"]
            assert sum(next(r for r in card["rows"] if r["key"] == "last_trick")[
                "values"].values()) == 10
            seen.update(r["key"] for r in card["rows"])
            for d in card["declarations"]:
                assert d["counted"] != d["cancelled"] or d["points"] == 0
    assert {"card_points", "last_trick", "deal_total", "written"} <= seen


def test_bourloto_cancelled_declarations_are_marked() -> None:
    game = trapoula.make("bourloto", "gr")  # compare_declarations: the worse team's cancel
    found = 0
    for seed in range(60):
        for card, _ in _cards(game, seed, 3):
            teams = {d["team"] for d in card["declarations"]}
            if len(teams) == 2:
                assert any(d["cancelled"] for d in card["declarations"])
                row = next(r for r in card["rows"] if r["key"] == "declarations")
                assert row["cancelled"]
                found += 1
        if found >= 2:
            break
    assert found


def test_bourre_and_burraco_rows_add_up() -> None:
    br = trapoula.make("bourre", players=4, max_deals=6)
    for seed in range(4):
        for card, deal in _cards(br, seed, 6):
            _adds_up(card)
            assert card["winners"] == deal.result["payouts"]
    bu = trapoula.make("burraco")
    for card, deal in _cards(bu, 2, 1):
        _adds_up(card)
        assert next(r for r in card["rows"] if r["key"] == "bu_row_score")["values"] == \
            deal.result["scores"]
    assert (summary._CLOSING_BONUS, summary._NO_POZZETTO) == (CLOSING_BONUS,
                                                             NO_POZZETTO_PENALTY)
