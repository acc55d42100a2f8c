"""Issue 31, items 5 and 6 in Chromium: two players with accounts become friends, one sees the
other at his table, an invite appears in the friend's lobby at once, a quick chat phrase shows
in each reader's language, a mute hides a player's lines, a chat line is reported; a moderator
suspends the reported player on /admin, and the suspended player is refused."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from trapoula.cli.main import main

from .conftest import DESKTOP, PHONE, Server
from .helpers import Player

pytestmark = pytest.mark.e2e
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    made: list[Any] = []

    def make(lang: str = "en", viewport: dict[str, int] = DESKTOP) -> Any:
        ctx = browser.new_context(viewport=viewport, bypass_csp=True)
        ctx.set_default_timeout(15000)
        ctx.add_init_script(f"localStorage.setItem('trapoula.lang', JSON.stringify('{lang}'))")
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        with contextlib.suppress(Exception):
            ctx.close()


def _register(ctx: Any, server: Server, name: str) -> str:
    r = ctx.request.post(server.base + "/api/account/register",
                         data={"name": name, "password": "correct horse"})
    assert r.status == 200, r.text()
    return str(r.json()["account"]["id"])


def _chat_texts(p: Player) -> list[str]:
    return [str(x) for x in p.page.eval_on_selector_all(".chat-text", "els => els.map(e => "
                                                        "e.textContent)")]


def test_friends_invite_mute_report_and_a_moderators_suspension(
        contexts: Any, open_player: Any, server: Server) -> None:
    tag = uuid.uuid4().hex[:5]
    ann_n, bob_n, keeper_n = f"Ann{tag}", f"Bob{tag}", f"Keeper{tag}"
    # Bob on a phone, in Greek; Ann and the moderator on desktops, in English
    ann_ctx, bob_ctx, keeper_ctx = contexts("en"), contexts("el", PHONE), contexts("en")
    _register(ann_ctx, server, ann_n)
    _register(bob_ctx, server, bob_n)
    _register(keeper_ctx, server, keeper_n)
    url = "sqlite:///" + str(server.tmp / "e2e.db")  # type: ignore[attr-defined]
    assert main(["admin", "role", keeper_n, "add", "moderator", "--database-url", url]) == 0

    ann: Player = open_player("ann", "/", context=ann_ctx)
    bob: Player = open_player("bob", "/", context=bob_ctx)
    # Ann asks; Bob's lobby shows the request at once and he accepts
    ann.page.fill("#friend-name", bob_n)
    ann.page.click("#friends button[type=submit]")
    bob.page.click(f".friend.incoming[data-name='{ann_n}'] .accept")
    ann.page.wait_for_selector(f".friend.friend[data-name='{bob_n}']")

    # Ann sits at a table: Bob's lobby shows her there, with a link
    made = ann.page.evaluate("""async ([name, seats]) => (await fetch('/api/tables', {method:
        'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game:
        'bourloto', preset: 'gr', seats: seats, name: name})})).json()""", [ann_n, SEATS])
    code = made["code"]
    table: Player = open_player(
        "ann-table", f"/t/{code}#seat={made['seat']}&token={made['token']}", context=ann_ctx)
    table.wait_seated()
    bob.page.wait_for_selector(f".friend[data-name='{ann_n}'] a.at-table:has-text('{code}')")

    # Ann invites Bob from her lobby: the invite shows in his lobby at once; he joins
    ann.page.reload()
    ann.page.wait_for_selector(f".table-item.own[data-code='{code}']")
    ann.page.click(f".friend[data-name='{bob_n}'] .invite")
    bob.page.wait_for_selector(f".invite[data-code='{code}']", timeout=5000)
    bob.page.click(f".invite[data-code='{code}'] a")
    bob.page.wait_for_selector("#join-submit")  # signed in: the account's name
    bob.page.click("#join-submit")
    bob.wait_seated()
    for p in (table, bob):
        p.page.locator('.tab[data-tab="chat"]').click()

    # a quick chat phrase reads in each reader's language
    table.page.click("[data-phrase=good_luck]")
    bob.page.wait_for_selector(".chat-text:has-text('Καλή επιτυχία')")
    table.page.wait_for_selector(".chat-text:has-text('Good luck')")

    # Bob's rude line: Ann reports it, then mutes him; his next line does not reach her
    bob.page.fill(".chat-input", "you all play like idiots")
    bob.page.press(".chat-input", "Enter")
    line = table.page.wait_for_selector(".chat-msg:has-text('like idiots')")
    table.page.once("dialog", lambda d: d.accept("insults the table"))
    line.query_selector(".chat-report").click()
    table.page.wait_for_selector(".toast:has-text('moderator will look')")
    line.query_selector(".chat-mute").click()
    table.page.wait_for_function("() => !document.body.innerText.includes('like idiots')")
    bob.page.fill(".chat-input", "still here")
    bob.page.press(".chat-input", "Enter")
    bob.page.wait_for_selector(".chat-text:has-text('still here')")
    table.page.fill(".chat-input", "bye")
    table.page.press(".chat-input", "Enter")
    bob.page.wait_for_selector(".chat-text:has-text('bye')")
    assert "still here" not in _chat_texts(table) and "bye" in _chat_texts(table)

    # the moderator sees the report with its context and suspends Bob for a day
    keeper: Player = open_player("keeper", "/", context=keeper_ctx)
    keeper.page.click("#friends .admin-link")  # a moderator's way to the reports
    report = keeper.page.wait_for_selector(f".report[data-target='{bob_n}']")
    assert "insults the table" in report.inner_text()
    assert "like idiots" in report.query_selector("mark").inner_text()
    report.query_selector(".ad-reason").fill("insults")
    report.query_selector(".ad-suspend").click()
    keeper.page.wait_for_selector(".toast:has-text('suspended')")

    # the suspended player is signed out and refused a seat
    me = bob.page.evaluate("async () => (await fetch('/api/account')).json()")
    assert me == {"account": None}
    other = server.create_table("bourloto", SEATS, preset="gr", name="Host")
    bob.page.goto(server.base + f"/t/{other['code']}")
    bob.page.wait_for_selector("#join-submit")
    if bob.page.is_editable("#join-name"):
        bob.page.fill("#join-name", bob_n)
    bob.page.click("#join-submit")
    bob.page.wait_for_selector(".toast.error")
    refused = bob.page.evaluate(
        """async (code) => { const r = await fetch('/api/tables/' + code + '/join', {method:
        'POST', headers: {'Content-Type': 'application/json'}, body: '{"name": "x"}'});
        return [r.status, (await r.json()).error]; }""", other["code"])
    assert refused == [403, "suspended"]
