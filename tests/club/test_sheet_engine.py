"""The score sheets add up exactly as the engine does: whole matches played by the engine
(random legal actions) and written on a sheet deal by deal give the same points, totals and
winner."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.club.sheet import Sheet, new_sheet
from trapoula.core.seats import seat_index


def _play(game: Any, seed: int) -> tuple[Any, list[Any]]:
    """The finished match and each deal's final state."""
    match = game.new_match(seed=seed)
    rng = random.Random(seed)
    finals = []
    while not match.is_over:
        action = rng.choice(match.legal_actions())
        deal = match.deal.apply(action)
        if deal.is_over:
            finals.append(deal)
        match = match.apply(action)
    return match, finals


def _bourloto_entry(d: Any) -> dict[str, Any]:
    if d.thrown_in:
        return {"thrown": True}
    pa, pb, ta, tb, na, nb = d.tally
    decl, bourlot = d.declared[1], d.declared[2]
    entry: dict[str, Any] = {
        "buyer": d.buyer, "tricks": {"A": pa, "B": pb},
        "decl": {"A": decl[0] + bourlot[0], "B": decl[1] + bourlot[1]},
        "trump": {"A": ta, "B": tb}}
    if na == 8 or nb == 8:
        entry["capot"] = "A" if na == 8 else "B"
    return entry


@pytest.mark.parametrize("preset", ["ru", "gr", "pexevida"])
@pytest.mark.parametrize("seed", range(3))
def test_s1_5_s1_6_a_bourloto_match_on_the_sheet_is_the_engines(preset: str, seed: int) -> None:
    game = trapoula.make("bourloto", preset, target=400)
    match, finals = _play(game, seed)
    sheet = new_sheet("bourloto", preset, {"target": 400})
    for d in finals:
        sheet = sheet.add(_bourloto_entry(d))
    assert [r["scores"] for r in sheet.rows] == [s.points for s in match.deals]
    assert sheet.totals == match.deals[-1].totals
    assert sheet.winner == match.winner and sheet.over


def _bourre_entry(d: Any) -> dict[str, Any]:
    play: dict[str, Any] = {s: ("fold" if s in d.folded else d.draw_count(seat_index(s)))
                            for s in d.seats}
    tricks = {s: t for s, t in d.tricks_won().items() if play.get(s) != "fold"}
    return {"play": play, "tricks": tricks}


@pytest.mark.parametrize("options", [
    {}, {"ante_exemptions": "pagat"}, {"tie_rule": "carry", "players": 5},
    {"players": 3, "draw_fee_mode": "per_card", "ante": 2},
])
@pytest.mark.parametrize("seed", range(3))
def test_s2_4_a_bourre_session_on_the_sheet_is_the_engines(options: dict[str, Any],
                                                           seed: int) -> None:
    opts = {"starting_stack": 12, **options}
    session, finals = _play(trapoula.make("bourre", **opts), seed)
    sheet: Sheet = new_sheet("bourre", options=opts)
    for i, d in enumerate(finals):
        sheet = sheet.add(_bourre_entry(d))
        # the session hands the pot to the last player at the next ante; the sheet at once
        want = session.stacks if sheet.over else session.deals[i].stacks
        assert sheet.totals == want
    assert sheet.over and sheet.winner == session.winner


def _burraco_entry(d: Any) -> dict[str, Any]:
    from trapoula.games.burraco.melds import cards_text

    entry = {}
    for i, team in enumerate(d.team_names):
        held = [c for seat in d._ctx.members[i] for c in d.hand_indices(seat)]
        entry[team] = {"meld_cards": [cards_text(m.cards) for m in d.team_melds(team)],
                       "held_cards": cards_text(held), "pozzetto": bool(d.taken[i]),
                       "closed": d.closer == i}
    return entry


@pytest.mark.parametrize(("preset", "players"), [("seed", 4), ("fibur", 4), ("fibur", 3),
                                                 ("seed", 2)])
@pytest.mark.parametrize("seed", range(2))
def test_s3_7_s3_8_a_burraco_match_on_the_sheet_is_the_engines(preset: str, players: int,
                                                               seed: int) -> None:
    """Each hand written with its cards (the melds, the cards left, the pozzetti, who
    closed) scores what the engine scored, and the match ends as the engine's."""
    game = trapoula.make("burraco", preset, players=players, target=600)
    match, finals = _play(game, seed)
    sheet = new_sheet("burraco", preset, {"players": players, "target": 600})
    for d in finals:
        sheet = sheet.add(_burraco_entry(d))
        assert sheet.rows[-1]["scores"] == d.result["scores"]
    assert sheet.totals == match.deals[-1].totals
    assert sheet.winner == match.winner and sheet.over
