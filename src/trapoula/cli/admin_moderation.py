"""``trapoula admin reports | warn | suspend | ban | lift | dismiss``: the players' reports and
a moderator's acts from the command line (see :mod:`trapoula.cli.admin` and
:mod:`trapoula.web.people.moderation`, which the admin page uses too).

- ``reports [--all]`` lists the open reports (every one with ``--all``), oldest first: id,
  when, reporter, reported player and his status, the text, and the chat lines stored with it
  (the reported line marked ``>``).
- ``warn NAME REASON`` — the player sees the warning the next time his lobby opens;
  ``suspend NAME HOURS REASON``; ``ban NAME REASON``; ``lift NAME [REASON]`` (active again).
  ``--report ID`` resolves that report with the act.
- ``dismiss ID [REASON]`` closes a report without an act.
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from trapoula.cli.admin import AdminError, admin_command
from trapoula.cli.common import Console

if TYPE_CHECKING:
    from trapoula.web.people.rows import People

__all__: list[str] = []


def _when(ts: float | None) -> str:
    return "-" if ts is None else time.strftime("%Y-%m-%d %H:%M", time.gmtime(ts))


def _reports_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--all", action="store_true", help="resolved ones too")
    p.add_argument("--limit", type=int, default=100, help="at most this many (100)")


@admin_command("reports", "list the players' reports (open ones; --all: every one)",
               _reports_args)
def _reports(args: argparse.Namespace, con: Console, people: People) -> int:
    from trapoula.web.people.moderation import report_view

    found = people.reports(None if args.all else "open", max(1, args.limit))
    if not found:
        con.print("no open reports" if not args.all else "no reports")
        return 0
    for r in found:
        v = report_view(people, r)
        con.print(f"{v['id']}  {_when(v['created'])}  {v['reporter']} reports {v['target']} "
                  f"({v['target_status']})  [{v['status']}]"
                  + (f" table {v['table_id']}" if v["table_id"] else ""))
        if v["text"]:
            con.print(f"    {v['text']!r}")
        for line in v["context"]:
            mark = ">" if line.get("reported") else " "
            con.print(f"   {mark} {line.get('name')}: {line.get('text')}")
        if v["status"] != "open":
            con.print(f"    resolved by {v['resolved_by']} at {_when(v['resolved_at'])}: "
                      f"{v['resolution']}")
    return 0


def _act(people: People, name: str, kind: str, reason: str, con: Console,
         until: float | None = None, report_id: str | None = None) -> int:
    from trapoula.web.people.moderation import ModerationError, act

    account = people.find_account(name)
    if account is None:
        raise AdminError(f"no account named {name!r} (trapoula admin accounts lists them)")
    if report_id is not None:
        rep = people.get_report(report_id)
        if rep is None or rep.target_id != account.account_id:
            raise AdminError(f"no report {report_id!r} about {account.name}")
    try:
        done = act(people, account.account_id, kind, by_id=None, reason=reason, until=until,
                   report_id=report_id)
    except ModerationError as exc:
        raise AdminError(str(exc)) from None
    con.print(f"{done.name}: {kind} done; status {done.status}"
              + (f" until {_when(done.status_until)} UTC" if done.status_until else ""))
    return 0


def _args(hours: bool = False, reason: bool = True) -> object:
    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("name", help="the account's name (any case)")
        if hours:
            p.add_argument("hours", type=float, help="how long, in hours")
        p.add_argument("reason", nargs=None if reason else "?", default="",
                       help="why (the player sees it with a warning)")
        p.add_argument("--report", help="the report this act resolves (its id)")
    return add


@admin_command("warn", "warn a player (he sees it the next time his lobby opens)",
               _args())  # type: ignore[arg-type]
def _warn(args: argparse.Namespace, con: Console, people: People) -> int:
    return _act(people, args.name, "warn", args.reason, con, report_id=args.report)


@admin_command("suspend", "suspend a player for HOURS: he cannot sign in or take a seat",
               _args(hours=True))  # type: ignore[arg-type]
def _suspend(args: argparse.Namespace, con: Console, people: People) -> int:
    if not args.hours > 0:
        raise AdminError("HOURS is more than 0")
    return _act(people, args.name, "suspend", args.reason, con,
                until=time.time() + args.hours * 3600, report_id=args.report)


@admin_command("ban", "ban a player: he cannot sign in or take a seat until lifted",
               _args())  # type: ignore[arg-type]
def _ban(args: argparse.Namespace, con: Console, people: People) -> int:
    return _act(people, args.name, "ban", args.reason, con, report_id=args.report)


@admin_command("lift", "lift a suspension or a ban (the account is active again)",
               _args(reason=False))  # type: ignore[arg-type]
def _lift(args: argparse.Namespace, con: Console, people: People) -> int:
    return _act(people, args.name, "lift", args.reason, con, report_id=args.report)


def _dismiss_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("report", help="the report's id (trapoula admin reports)")
    p.add_argument("reason", nargs="?", default="", help="why")


@admin_command("dismiss", "close a report without an act", _dismiss_args)
def _dismiss(args: argparse.Namespace, con: Console, people: People) -> int:
    from trapoula.web.people.moderation import ModerationError, dismiss

    try:
        dismiss(people, args.report, by_id=None, reason=args.reason)
    except ModerationError as exc:
        raise AdminError(str(exc)) from None
    con.print(f"report {args.report} dismissed")
    return 0
