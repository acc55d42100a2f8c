"""Accounts in the browser (web/static/account.js): register on one browser, sign in on
another ("another device"), join a table signed in, sign out; a guest who took a seat and then
registers keeps that seat."""

from __future__ import annotations

import json
import sqlite3
import uuid
from typing import Any

import httpx
import pytest

from .conftest import PHONE
from .helpers import Player

pytestmark = pytest.mark.e2e

BOT = {"kind": "bot", "bot": "heuristic"}


def _seat_accounts(server: Any, table_id: str) -> dict[str, str | None]:
    """``seat -> account_id`` as the server stored them (its SQLite file, read-only)."""
    con = sqlite3.connect(f"file:{server.tmp / 'e2e.db'}?mode=ro", uri=True)
    try:
        return dict(con.execute("SELECT seat, account_id FROM seats WHERE table_id = ?",
                                (table_id,)).fetchall())
    finally:
        con.close()


def _panel(p: Player, tab: str | None = None) -> Any:
    page = p.page
    page.click("#account-btn")
    page.wait_for_selector("#account-panel[open]")
    if tab:
        page.click(f"#acc-tab-{tab}")
    return page


def _fill(page: Any, name: str, password: str) -> None:
    page.fill("#acc-name", name)
    page.fill("#acc-password", password)
    page.click("#acc-submit")


def _signed_in_as(page: Any, name: str) -> None:
    page.wait_for_function("n => document.body.dataset.account === n", arg=name)
    assert name in page.locator("#account-btn").inner_text()


def test_register_sign_in_elsewhere_join_a_table_and_sign_out(open_player: Any,
                                                              server: Any) -> None:
    name = "Anna" + uuid.uuid4().hex[:6]
    home: Player = open_player("home", "/")
    page = _panel(home, "register")
    _fill(page, name, "a good password")
    _signed_in_as(page, name)
    assert page.locator("#name").input_value() == name  # the lobby's name is the account's
    assert page.locator("#name").get_attribute("readonly") is not None
    cookie = next(c for c in page.context.cookies() if c["name"] == "trapoula_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]
    assert "trapoula_session" not in page.evaluate("document.cookie")  # no script reads it

    # another device (a phone): a wrong password first, then the right one
    phone: Player = open_player("phone", "/", viewport=PHONE)
    other = _panel(phone)
    _fill(other, name, "not my password")
    other.wait_for_selector("#acc-error:not(:empty)")
    other.fill("#acc-password", "a good password")
    other.click("#acc-submit")
    _signed_in_as(other, name)

    # joining a table from the link: the seat gets the account and its name
    table = server.create_table("bourloto", [{"kind": "human"}, {"kind": "human"}, BOT, BOT],
                                preset="ru", name="Host")
    other.goto(f"{server.base}/t/{table['code']}")
    other.wait_for_selector("#join-name")
    _signed_in_as(other, name)
    assert other.locator("#join-name").input_value() == name
    other.click("#join-submit")
    phone.wait_seated()
    assert other.locator('.seat[data-seat="P2"] .name').inner_text() == name
    assert _seat_accounts(server, table["table_id"])["P2"] is not None

    # signing out on the phone leaves the first browser signed in
    _panel(phone)
    other.click("#acc-signout")
    other.wait_for_function("document.body.dataset.account === ''")
    assert other.locator("#account-btn").inner_text() != name
    page.reload()
    _signed_in_as(page, name)


def test_a_guest_who_took_a_seat_and_registers_keeps_it(open_player: Any, server: Any) -> None:
    table = server.create_table("bourloto", [{"kind": "human"}, BOT, BOT, BOT], preset="ru",
                                name="Guest")
    guest: Player = open_player("guest", f"/t/{table['code']}#seat=P1&token={table['token']}")
    guest.wait_seated()
    assert _seat_accounts(server, table["table_id"])["P1"] is None
    name = "Gus" + uuid.uuid4().hex[:6]
    page = _panel(guest, "register")
    _fill(page, name, "kept my seat")
    _signed_in_as(page, name)
    assert _seat_accounts(server, table["table_id"])["P1"] is not None  # claimed
    assert guest.seat == "P1"  # still seated, same table
    me = page.evaluate("fetch('/api/account').then((r) => r.json())")
    assert _seat_accounts(server, table["table_id"])["P1"] == me["account"]["id"]


def _evil_page(base: str) -> str:
    """A page of another site that tries, with the visitor's cookies, to sign him out
    everywhere, change his password and delete his account."""
    out = json.dumps({"all": True})
    password = json.dumps({"old": "victim's pass", "new": "attacker's pass"})
    delete = json.dumps({"password": "victim's pass"})
    field = delete[:-1] + ',"x":"'  # + '=' + '"}' -> JSON
    return f"""<!doctype html><meta charset="utf-8"><title>loading</title>
<iframe name="sink"></iframe>
<form id="plain" method="post" action="{base}/api/account/delete" enctype="text/plain"
 target="sink"><input type="hidden" name='{field}' value='"}}'></form>
<script>
const results = {{}};
async function attempt(name, fn) {{
  try {{ results[name] = await fn(); }} catch (e) {{ results[name] = "error: " + e; }}
}}
(async () => {{
  await attempt("nocors_signout", () => fetch("{base}/api/account/signout", {{method: "POST",
    mode: "no-cors", credentials: "include", headers: {{"Content-Type": "text/plain"}},
    body: {json.dumps(out)}}}).then(r => r.type));
  await attempt("cors_password", () => fetch("{base}/api/account/password", {{method: "POST",
    credentials: "include", headers: {{"Content-Type": "application/json"}},
    body: {json.dumps(password)}}}).then(r => r.status));
  await attempt("beacon", () => navigator.sendBeacon("{base}/api/account/delete",
    new Blob([{json.dumps(delete)}], {{type: "text/plain"}})));
  document.getElementById("plain").submit();
  await new Promise(r => setTimeout(r, 1500));
  window.results = results;
  document.title = "done";
}})();
</script>"""


def test_a_page_of_another_site_cannot_act_for_a_signed_in_visitor(browser: Any,
                                                                   server: Any) -> None:
    import http.server
    import threading

    from .conftest import _free_port
    from .test_cross_site import _Evil

    name = "Vic" + uuid.uuid4().hex[:6]
    ctx = browser.new_context(bypass_csp=True)
    handler = type("Evil", (_Evil,), {"page": _evil_page(server.base)})
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", _free_port()), handler)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        made = page.evaluate("""async (name) => {
            const r = await fetch("/api/account/register", {method: "POST",
              headers: {"Content-Type": "application/json"},
              body: JSON.stringify({name: name, password: "victim's pass"})});
            return r.status;
        }""", name)
        assert made == 200
        attacker = ctx.new_page()  # the same browser: its cookie would go with a request
        attacker.goto(f"http://localhost:{evil.server_address[1]}/")
        attacker.wait_for_function("document.title === 'done'", timeout=20000)
        results = attacker.evaluate("window.results")
        assert str(results["cors_password"]).startswith("error"), results  # no preflight
        page.reload()
        _signed_in_as(page, name)  # not signed out, not deleted
    finally:
        ctx.close()
        evil.shutdown()
        evil.server_close()
    with httpx.Client(base_url=server.base) as fresh:  # (server.http must stay a guest)
        r = fresh.post("/api/account/signin", json={"name": name, "password": "victim's pass"})
    assert r.status_code == 200, r.text  # the password did not change


def _panel_lines(p: Player, tabs: tuple[str | None, ...]) -> set[str]:
    """Every line a person reads in the account panel (each tab, every part opened) and on
    the header's button."""
    lines = {p.page.locator("#account-btn").inner_text().strip()}
    for tab in tabs:
        _panel(p, tab)
        panel = p.page.locator("#account-panel")
        for more in panel.locator("details").all():
            more.evaluate("d => { d.open = true; }")
        lines |= {x.strip() for x in panel.inner_text().splitlines() if x.strip()}
        for el in panel.locator("[title], [aria-label]").all():
            lines |= {el.get_attribute(a) or "" for a in ("title", "aria-label")}
        p.page.click("#acc-close")
    return lines - {""}


@pytest.mark.parametrize("lang", ["el", "ru", "it"])
def test_the_account_panel_speaks_the_pages_language(open_player: Any, lang: str) -> None:
    p: Player = open_player("lang", "/")
    page = p.page

    def lines(lang: str, tabs: tuple[str | None, ...]) -> set[str]:
        page.evaluate("l => localStorage.setItem('trapoula.lang', JSON.stringify(l))", lang)
        page.reload()
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.wait_for_function("TP.account.loaded")
        return _panel_lines(p, tabs)

    same = set(page.evaluate("""(l) => Object.values(TP.STRINGS).filter((r) =>
        r[0] === r[["en", "el", "ru", "it"].indexOf(l)]).map((r) => r[0])
        .concat(Object.values(TP.LANG_NAMES), ["✕"])""", lang))
    for tabs in (("signin", "register"), (None,)):
        english = lines("en", tabs)
        assert len(english) > 8
        leaks = {x for x in (english & lines(lang, tabs)) - same if "Lang" not in x}  # his name
        assert not leaks, leaks
        if tabs != (None,):  # then signed in
            name = "Lang" + uuid.uuid4().hex[:6]
            page.evaluate("""(n) => fetch("/api/account/register", {method: "POST",
                headers: {"Content-Type": "application/json"},
                body: JSON.stringify({name: n, password: "any password"})})""", name)
