"""Issue 32, item 5: motion and sound like a card table.  With motion (the default) the deal,
a card played and the trick gathered are animated (Web Animations, ids "tp-…"); with
``prefers-reduced-motion: reduce`` or the header's motion button off nothing animates; the
page always shows the current state while cards move; sounds are off until turned on."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE
from .helpers import FrameLog, Player, drive
from .test_burraco import PickupAndMeld

pytestmark = pytest.mark.e2e

# every animation the page runs: Element.animate ids and the most running at once
WATCH = """
window.__anims = [];
window.__maxRunning = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (k, o) {
  window.__anims.push((o && o.id) || "?");
  return animate.call(this, k, o);
};
(function loop() {
  window.__maxRunning = Math.max(window.__maxRunning, document.getAnimations().length);
  requestAnimationFrame(loop);
})();
"""


def _table(server: Any, browser: Any, game: str, **ctx_args: Any) -> tuple[Any, Player]:
    bot = {"kind": "bot", "level": "medium"}
    table = server.create_table(game, [{"kind": "human"}, bot, bot, bot],
                                preset="gr" if game == "bourloto" else None, name="Ana")
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True, **ctx_args)
    ctx.set_default_timeout(20000)
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"{server.base}/t/{table['code']}#seat=P1&token={table['token']}")
    player = Player(page, "ana", FrameLog(), server.base)
    player.wait_seated()
    page.wait_for_selector("body[data-my-turn='1']")
    return ctx, player


def _moves_until_a_trick_is_gathered(player: Player) -> list[str]:
    page = player.page

    def gathered() -> bool:
        # at every move the page shows the state it holds, even while cards fly
        shown = page.locator(".hand .card").count()
        assert shown == len(page.evaluate("TP.page().view.view.hand || []"))
        tricks = page.evaluate("(TP.page().view.view.tricks || []).length")
        return "tp-gather" in page.evaluate("window.__anims") or tricks >= 2 or player.over

    drive([player], until=gathered, max_moves=60)
    page.wait_for_timeout(2500)  # a held trick leaves the felt after a moment
    return list(page.evaluate("window.__anims"))


def test_cards_move_on_a_card_table(browser: Any, server: Any) -> None:
    ctx, ana = _table(server, browser, "bourloto")
    try:
        assert ana.page.evaluate("document.documentElement.dataset.motion") == "on"
        anims = _moves_until_a_trick_is_gathered(ana)
        assert "tp-play" in anims and "tp-gather" in anims, anims
        assert ana.page.evaluate("window.__maxRunning") > 0
        assert not ana.page.evaluate("TP.soundLog.length")  # sound is off by default
    finally:
        ctx.close()


def test_reduced_motion_moves_nothing(browser: Any, server: Any) -> None:
    ctx, ana = _table(server, browser, "bourloto", reduced_motion="reduce")
    try:
        assert ana.page.evaluate("document.documentElement.dataset.motion") == "off"
        assert ana.page.locator("#motion").is_disabled()
        _moves_until_a_trick_is_gathered(ana)
        assert ana.page.evaluate("window.__anims") == []
        assert ana.page.evaluate("window.__maxRunning") == 0
        assert ana.page.evaluate("document.getAnimations().length") == 0
    finally:
        ctx.close()


def test_motion_off_and_sound_on_from_the_header(browser: Any, server: Any) -> None:
    ctx, ana = _table(server, browser, "burraco")
    try:
        page = ana.page
        page.locator("#motion").click()
        assert page.evaluate("document.documentElement.dataset.motion") == "off"
        assert page.locator("#motion").get_attribute("aria-pressed") == "false"
        page.locator("#sound").click()
        assert page.locator("#sound").get_attribute("aria-pressed") == "true"
        page.evaluate("window.__anims = []; window.__maxRunning = 0")
        ana.policy = PickupAndMeld()
        drive([ana], until=lambda: "card" in page.evaluate("TP.soundLog"), max_moves=20)
        assert "card" in page.evaluate("TP.soundLog")
        assert page.evaluate("window.__anims") == []
        assert page.evaluate("window.__maxRunning") == 0
        # both settings are kept for the next visit
        page.reload()
        ana.wait_seated()
        assert page.evaluate("document.documentElement.dataset.motion") == "off"
        assert page.locator("#sound").get_attribute("aria-pressed") == "true"
    finally:
        ctx.close()


def test_burraco_meld_and_pile_taken_move(browser: Any, server: Any) -> None:
    ctx, ana = _table(server, browser, "burraco")
    try:
        page = ana.page
        turn = PickupAndMeld()
        ana.policy = turn
        drive([ana], until=lambda: turn.done, max_moves=60)
        page.wait_for_timeout(500)
        anims = set(page.evaluate("window.__anims"))
        assert {"tp-pickup", "tp-meld"} <= anims, anims
    finally:
        ctx.close()


def test_the_deal_flies_to_the_hand(browser: Any, server: Any) -> None:
    bot = {"kind": "bot", "level": "medium"}
    table = server.create_table("bourloto", [{"kind": "human"}, {"kind": "human"}, bot, bot],
                                preset="gr", name="Ana")
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    ctx.set_default_timeout(20000)
    ctx.add_init_script(WATCH)
    try:
        page = ctx.new_page()
        page.goto(f"{server.base}/t/{table['code']}#seat=P1&token={table['token']}")
        page.wait_for_function("document.body.dataset.seat === 'P1'")
        assert page.locator(".hand .card").count() == 0  # waiting for a player: no deal yet
        r = server.http.post(f"/api/tables/{table['code']}/join", json={"name": "Bo", "seat": "P2"})
        assert r.status_code == 200, r.text
        page.wait_for_function("document.querySelectorAll('.hand .card').length >= 5")
        anims = page.evaluate("window.__anims")
        assert anims.count("tp-deal") == page.locator(".hand .card").count(), anims
    finally:
        ctx.close()


def test_every_sound_of_a_card_table(browser: Any, server: Any) -> None:
    """With sound on: your turn, your card, a trick your side won and someone else's chat line
    each sound their tone (TP.soundLog)."""
    ctx, ana = _table(server, browser, "bourloto")
    watcher = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        page = ana.page
        page.evaluate("localStorage.setItem('trapoula.sound', 'true')")
        page.reload()
        ana.wait_seated()
        page.wait_for_selector("#sound[aria-pressed='true']")
        # the page may open at his turn (no tone then): play until a turn has come and gone
        drive([ana], until=lambda: {"trick", "turn"} <= set(page.evaluate("TP.soundLog")),
              max_moves=120)
        log = page.evaluate("TP.soundLog")
        assert {"turn", "card", "trick"} <= set(log), log
        assert "chat" not in log
        code = page.evaluate("location.pathname.split('/').pop()")
        other = watcher.new_page()
        other.goto(f"{server.base}/t/{code}")
        other.wait_for_selector(".badge.watch")
        other.wait_for_function("document.body.dataset.conn === 'open'")
        other.evaluate("TP.page().send({type: 'chat', text: 'hello'})")
        page.wait_for_function("TP.soundLog.includes('chat')")
    finally:
        watcher.close()
        ctx.close()
