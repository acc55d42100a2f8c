"""Issue 31, items 2-4: a rated match's rating on the player's profile (with its plot and a
link to the replay) and on the leaderboard; the finished match's replay shows every hand and
analyses a deal double-dummy."""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx
import pytest

from .helpers import Player

pytestmark = pytest.mark.e2e


def test_a_rated_match_on_the_profile_the_leaderboard_and_its_full_replay(
        open_player: Any, server: Any) -> None:
    name = "Rt" + uuid.uuid4().hex[:8]
    with httpx.Client(base_url=server.base, timeout=10) as http:
        r = http.post("/api/account/register", json={
            "name": name, "password": "a long pass phrase 42", "languages": ["el"]})
        assert r.status_code == 200, r.text
        bots = [{"kind": "bot", "level": "easy"}] * 3
        r = http.post("/api/tables", json={"game": "bourloto", "preset": "ru", "seat": "P1",
                                           "seats": [{"kind": "human"}, *bots]})
        assert r.status_code == 200, r.text
        table = r.json()
    ana: Player = open_player("ana", f"/t/{table['code']}#seat=P1&token={table['token']}")
    ana.wait_seated()
    assert ana.page.locator("#table-rated").inner_text().strip() == "rated"
    ana.page.locator("#to-bot").click()  # the bot plays the seat: a whole match in seconds
    deadline = time.monotonic() + 120
    while server.http.get(f"/api/tables/{table['code']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not end"
        time.sleep(0.2)
    while server.http.get(f"/api/players/{name}").json()["games"] == []:
        assert time.monotonic() < deadline, "the match was not rated"
        time.sleep(0.1)

    page = ana.page
    page.goto(f"{server.base}/players/{name}")
    page.wait_for_selector(".profile-game[data-game=bourloto][data-preset=ru]")
    assert page.locator("#profile-name").inner_text() == name
    rating = page.locator(".profile-game .rating").inner_text()
    assert rating.endswith("?") and rating[:-1].isdigit()  # provisional after one match
    assert page.locator(".profile-game svg.rating-plot circle").count() == 1
    assert page.locator(f".recent-list li[data-table='{table['table_id']}']").count() == 1

    page.goto(f"{server.base}/leaderboard")
    page.wait_for_selector("#leaderboard")
    page.select_option("#board-pick", "bourloto/ru")
    row = page.locator(f"#leaderboard tr[data-name='{name}']")
    row.wait_for()
    assert row.locator(".rating").inner_text() == rating
    assert page.locator("#leaderboard tr[data-name='bot (easy)']").count() == 1
    page.select_option("#lang", "el")  # the page's words in the page's language
    page.wait_for_selector("h2:has-text('Κατάταξη')")
    assert "Παίκτης" in page.locator("#leaderboard").inner_text()
    bots = page.locator("#leaderboard tr.bot")  # other tests' bots may be rated on this server
    assert bots.count() >= 1
    assert not any("easy" in bots.nth(i).inner_text() for i in range(bots.count()))
    page.select_option("#lang", "en")
    row.locator("a").click()
    page.wait_for_selector("#profile-name")

    page.locator(".recent-list .replay-link").first.click()
    page.wait_for_selector("#replay-hands .replay-hand")
    hands = page.locator("#replay-hands .replay-hand")
    assert hands.count() == 4
    for i in range(4):  # every seat's cards, not only the public ones
        assert hands.nth(i).locator(".replay-card").count() >= 5
    page.locator("#analyse-deal").click()
    page.wait_for_selector(".analysis-moves li", timeout=60000)
    assert page.locator(".analysis-players tr").count() == 5
