"""``trapoula admin accounts | reset-password | role``: find accounts, give one a new password,
add or remove a role (see :mod:`trapoula.cli.admin`).

- ``accounts [SEARCH] [--limit N]`` lists the accounts whose name contains SEARCH (all
  without it), oldest first: name, status, roles, languages, when it joined, its id.
- ``reset-password NAME`` sets a new random password and prints it (``--password-stdin``: the
  first line of standard input instead, not printed); every session of the account ends.
- ``role NAME add|remove admin|moderator``.
"""

from __future__ import annotations

import argparse
import secrets
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from trapoula.cli.admin import AdminError, admin_command
from trapoula.cli.common import Console

if TYPE_CHECKING:
    from trapoula.web.people.rows import Account, People

__all__ = ["ROLES"]

ROLES = ("admin", "moderator")


def _account(people: People, name: str) -> Account:
    account = people.find_account(name)
    if account is None:
        raise AdminError(f"no account named {name!r} (trapoula admin accounts lists them)")
    return account


def _list_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("search", nargs="?", default="", help="a part of the name (any case)")
    p.add_argument("--limit", type=int, default=50, help="at most this many (50)")


@admin_command("accounts", "list accounts (those whose name contains SEARCH)", _list_args)
def _accounts(args: argparse.Namespace, con: Console, people: People) -> int:
    found = people.list_accounts(args.search, max(1, args.limit))
    if not found:
        con.print("no accounts" + (f" with {args.search!r} in the name" if args.search else ""))
        return 0
    con.print(f"{'name':<24}  {'status':<9}  {'roles':<16}  {'languages':<11}  joined      id")
    for a in found:
        status = a.status
        if a.status == "suspended" and a.status_until is not None:
            status += "*"  # until a time
        joined = time.strftime("%Y-%m-%d", time.gmtime(a.created))
        con.print(f"{a.name:<24}  {status:<9}  {','.join(a.roles) or '-':<16}  "
                  f"{','.join(a.languages) or '-':<11}  {joined}  {a.account_id}")
    return 0


def _reset_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", help="the account's name (any case)")
    p.add_argument("--password-stdin", action="store_true",
                   help="read the new password from the first line of standard input")


@admin_command("reset-password", "give an account a new password (printed, or read with "
               "--password-stdin); its sessions end", _reset_args)
def _reset_password(args: argparse.Namespace, con: Console, people: People) -> int:
    from trapoula.web.people.passwords import PasswordError, Passwords, check_password

    account = _account(people, args.name)
    if account.status == "deleted":
        raise AdminError(f"{account.name} was deleted: it has no password to reset")
    if args.password_stdin:
        password = con.inp.readline().rstrip("\r\n")
    else:
        password = secrets.token_urlsafe(12)
    try:
        check_password(password, account.name)
    except PasswordError as exc:
        raise AdminError(str(exc)) from None
    people.put_account(replace(account, password_hash=Passwords().hash(password)))
    ended = people.drop_sessions(account.account_id)
    con.print(f"{account.name}: new password set; {ended} session(s) ended")
    if not args.password_stdin:
        con.print(password)
    return 0


def _role_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", help="the account's name (any case)")
    p.add_argument("change", choices=("add", "remove"))
    p.add_argument("role", choices=ROLES)


@admin_command("role", "add or remove a role (admin, moderator)", _role_args)
def _role(args: argparse.Namespace, con: Console, people: People) -> int:
    account = _account(people, args.name)
    roles = [r for r in account.roles if r != args.role]
    if args.change == "add":
        roles.append(args.role)
    people.put_account(replace(account, roles=tuple(sorted(roles))))
    con.print(f"{account.name}: roles {', '.join(sorted(roles)) or 'none'}")
    return 0
