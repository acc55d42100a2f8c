"""What a person sees around a deal (issue 15): the end-of-deal score card that adds up and
stays until dismissed, the "last trick" view, a rematch with the same seats, and a phone
table that opens at its top with nothing under the sticky header."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE
from .helpers import Player, drive

pytestmark = pytest.mark.e2e

CARD_ROWS = """() => {
  const card = document.querySelector('.scorecard');
  const rows = [...card.querySelectorAll('table.card-rows tbody tr')].map((tr) => ({
    key: tr.dataset.row || '', total: tr.classList.contains('total-row'),
    values: [...tr.querySelectorAll('td.num')].map((td) => +td.textContent)}));
  return {deal: card.dataset.deal, rows: rows};
}"""


def _adds_up(rows: list[dict[str, Any]]) -> None:
    """Each bold total row is the sum of the rows above it (from the previous total on)."""
    sums: list[int] | None = None
    for r in rows:
        if not r["key"] or r["key"] == "match_total":
            continue
        if sums is None:
            sums = [0] * len(r["values"])
        if r["total"]:
            assert r["values"] == sums, rows
        else:
            sums = [a + b for a, b in zip(sums, r["values"], strict=True)]
    assert sums is not None


def test_score_card_last_trick_and_rematch(open_player: Any, server: Any) -> None:
    bots = [{"kind": "bot", "level": "medium"}] * 3
    table = server.create_table("bourloto", [{"kind": "human"}, *bots], preset="gr",
                                options={"target": 1}, name="Ana")
    ana: Player = open_player("ana", f"/t/{table['code']}#seat=P1&token={table['token']}")
    ana.wait_seated()
    # the last trick can be looked at during play
    drive([ana], until=lambda: bool(ana.page.evaluate(
        "(TP.page().view.view.tricks || []).length >= 1 && !document.body.dataset.scorecard")),
        max_moves=80)
    if not ana.over:
        last = ana.page.evaluate("TP.page().view.view.tricks.slice(-1)[0]")
        ana.page.locator(".last-trick-btn").click()
        shown = ana.page.locator(".felt .trick-card")
        assert shown.count() == 4 and ana.page.locator(".felt .trick-card.winner").count() == 1
        assert sorted(shown.nth(i).get_attribute("data-seat") for i in range(4)) == sorted(
            s for s, _ in last["plays"])
        ana.page.locator(".last-trick-btn").click()
    drive([ana], max_moves=200)
    # the match to 1 point ends with the first scored deal: its card stays with the banner
    ana.page.wait_for_selector(".scorecard")
    card = ana.page.evaluate(CARD_ROWS)
    result = ana.page.evaluate("TP.page().view.msg.result")
    written = next(r for r in card["rows"] if r["key"] == "written")
    assert written["values"] == [result["scores"]["A"], result["scores"]["B"]]
    _adds_up(card["rows"])
    keys = [r["key"] for r in card["rows"]]
    assert keys[:2] == ["card_points", "last_trick"] and "deal_total" in keys
    assert sum(r["values"][0] + r["values"][1] for r in card["rows"]
               if r["key"] == "last_trick") == 10
    ana.page.wait_for_timeout(300)
    assert ana.page.locator(".scorecard").count() == 1  # it stays until dismissed
    # the score sheet has the same rows
    ana.page.locator(".tab[data-tab='score']").click()
    ana.page.locator(".deal-sheet details summary").first.click()
    sheet = ana.page.locator(".deal-sheet details table.card-rows tbody tr")
    assert sheet.count() == ana.page.locator(".scorecard table.card-rows tbody tr").count()
    ana.page.locator(".scorecard .card-close").click()
    assert ana.page.locator(".scorecard").count() == 0
    # rematch: a new table, same game and seats, Ana at her seat
    old = ana.page.evaluate("TP.page().view.msg.table")
    ana.page.locator(".rematch-btn").click()
    ana.page.wait_for_function("c => !location.pathname.endsWith(c)", arg=table["code"])
    ana.page.wait_for_function("() => document.body.dataset.seat === 'P1' && "
                               "document.body.dataset.over === '0'")
    new = ana.page.evaluate("TP.page().view.msg.table")
    assert new["id"] != old["id"] and new["preset"] == "gr" and new["options"] == old["options"]
    assert [(s["seat"], s["kind"], s["level"]) for s in new["seats"]] == [
        (s["seat"], s["kind"], s["level"]) for s in old["seats"]]
    assert new["seats"][0]["name"] == "Ana"


def test_phone_table_opens_at_the_top_and_the_card_fits(open_player: Any, server: Any) -> None:
    bots = [{"kind": "bot", "level": "easy"}] * 3
    table = server.create_table("bourre", [{"kind": "human"}, *bots], name="Bo")
    bo: Player = open_player("bo", "/", viewport=PHONE)
    bo.page.evaluate("window.scrollTo(0, 400)")  # scrolled down in the lobby, then the table
    bo.page.goto(f"{server.base}/t/{table['code']}#seat=P1&token={table['token']}")
    bo.wait_seated()
    geo = bo.page.evaluate("""() => {
      const head = document.getElementById('header').getBoundingClientRect();
      const felt = document.querySelector('.felt').getBoundingClientRect();
      const top = document.querySelector('.topbar').getBoundingClientRect();
      return {y: window.scrollY, head: head.bottom, top: top.top, felt: [felt.top, felt.bottom,
              felt.left, felt.right], w: document.documentElement.scrollWidth};
    }""")
    assert geo["y"] == 0
    assert geo["top"] >= geo["head"] - 1  # nothing of the table under the sticky header
    assert geo["felt"][0] >= geo["head"] and geo["felt"][1] <= PHONE["height"]
    assert geo["felt"][2] >= 0 and geo["felt"][3] <= PHONE["width"] and geo["w"] <= PHONE["width"]
    # a deal of Bourré to its end: the card says who took the pot, and fits the screen
    drive([bo], until=lambda: bool(bo.page.evaluate("!!document.body.dataset.scorecard")),
          max_moves=60)
    # at the person's turn the card is folded to its title over the felt: a tap opens it
    bo.page.wait_for_selector(".scorecard")
    bo.page.wait_for_selector("body[data-my-turn='1']")  # (the card folds at the turn)
    if bo.page.locator(".scorecard.mini").count():
        bo.page.locator(".scorecard .card-head h3").click()
    bo.page.wait_for_selector(".scorecard .card-note")
    box = bo.page.locator(".scorecard").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    rows = bo.page.evaluate(CARD_ROWS)["rows"]
    assert rows[-1]["key"] == "br_net" and len(rows[-1]["values"]) == 4
    _adds_up(rows)  # ante, fees, the pot won, bourré paid: each seat's net for the deal
