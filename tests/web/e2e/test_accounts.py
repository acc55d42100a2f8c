"""Accounts in the browser (web/static/account.js): register on one browser, sign in on
another ("another device"), join a table signed in, sign out; a guest who took a seat and then
registers keeps that seat."""

from __future__ import annotations

import sqlite3
import uuid
from typing import Any

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
