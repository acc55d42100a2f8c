"""The social part of the players' home's store (web/people/social_*.py) in memory, SQLite and
PostgreSQL: friendships asked and accepted, blocks and mutes, invites, reports, sanctions,
presence, and the account that wrote a chat line."""

from __future__ import annotations

import json
import uuid
from typing import Any

from trapoula.web.people.rows import Account
from trapoula.web.people.social_rows import Invite, Report, Sanction
from trapoula.web.people.store import people_of
from trapoula.web.rows import SeatRow, TableRow


def _ids(people: Any, n: int) -> list[str]:
    out = []
    for _ in range(n):
        a = Account(uuid.uuid4().hex, "P" + uuid.uuid4().hex[:10], "h", 1.0)
        people.add_account(a)
        out.append(a.account_id)
    return out


def test_a_friendship_is_asked_then_accepted_by_the_other(store: Any) -> None:
    people = people_of(store)
    a, b, c = _ids(people, 3)
    assert people.ask_friend(a, b, 10.0) == "asked"
    assert people.ask_friend(a, b, 11.0) == "asked"  # asking twice changes nothing
    assert [(f.account_id, f.state) for f in people.friends_of(a)] == [(b, "outgoing")]
    assert [(f.account_id, f.state) for f in people.friends_of(b)] == [(a, "incoming")]
    assert people.ask_friend(b, a, 12.0) == "friends"  # his request accepts mine
    assert [(f.account_id, f.state, f.since) for f in people.friends_of(a)] == [
        (b, "friend", 12.0)]
    assert people.ask_friend(a, b, 13.0) == "friends"
    assert people.friends_of(c) == []
    assert people.drop_friend(b, a)
    assert people.friends_of(a) == [] and not people.drop_friend(a, b)


def test_a_block_ends_a_friendship_and_drops_his_invites(store: Any) -> None:
    people = people_of(store)
    a, b = _ids(people, 2)
    people.ask_friend(a, b, 1.0)
    people.ask_friend(b, a, 2.0)
    people.add_invite(Invite(uuid.uuid4().hex, b, a, "t1", "ABCDEF", 3.0))
    people.set_block(a, b, True, 4.0)
    people.set_block(a, b, True, 4.5)  # twice: still one block
    assert people.blocked_by(a) == {b} and people.blockers_of(b) == {a}
    assert people.blocked_by(b) == set() and people.blockers_of(a) == set()
    assert people.friends_of(a) == [] and people.invites_for(a) == []
    people.set_block(a, b, False, 5.0)
    assert people.blocked_by(a) == set()


def test_a_mute_is_one_way_and_can_be_lifted(store: Any) -> None:
    people = people_of(store)
    a, b, c = _ids(people, 3)
    people.set_mute(a, b, True, 1.0)
    people.set_mute(a, c, True, 1.0)
    people.set_mute(a, c, False, 2.0)
    assert people.muted_by(a) == {b} and people.muted_by(b) == set()


def test_invites_come_newest_first_and_are_marked_seen_by_their_addressee(store: Any) -> None:
    people = people_of(store)
    a, b, c = _ids(people, 3)
    i1 = Invite(uuid.uuid4().hex, a, b, "t1", "AAAAAA", 10.0)
    i2 = Invite(uuid.uuid4().hex, c, b, "t2", "BBBBBB", 20.0)
    people.add_invite(i1)
    people.add_invite(i2)
    assert people.invites_for(b) == [i2, i1]
    assert people.invites_for(b, since=15.0) == [i2]
    assert people.mark_invites_seen(c, [i1.invite_id]) == 0  # not his
    assert people.mark_invites_seen(b, [i1.invite_id, i2.invite_id]) == 2
    assert people.mark_invites_seen(b, [i1.invite_id]) == 0
    assert [i.seen for i in people.invites_for(b)] == [True, True]


def test_a_report_keeps_its_context_and_its_resolution(store: Any) -> None:
    people = people_of(store)
    a, b, mod = _ids(people, 3)
    ctx = json.dumps([{"name": "B", "text": "rude words", "ts": 5.0}])
    r = Report(uuid.uuid4().hex, a, b, "t1", ctx, "he insulted me", 6.0)
    people.add_report(r)
    assert people.get_report(r.report_id) == r
    assert r in people.reports()
    assert people.resolve_report(r.report_id, "suspended", "a day off", mod, 7.0)
    done = people.get_report(r.report_id)
    assert done is not None and (done.status, done.resolution, done.resolved_by,
                                 done.resolved_at) == ("suspended", "a day off", mod, 7.0)
    assert r.report_id not in {x.report_id for x in people.reports()}
    assert r.report_id in {x.report_id for x in people.reports(status=None, limit=10**6)}
    assert not people.resolve_report(uuid.uuid4().hex, "dismissed", "", mod, 8.0)


def test_sanctions_come_newest_first_and_a_warning_is_seen_once(store: Any) -> None:
    people = people_of(store)
    a, mod = _ids(people, 2)
    w = Sanction(uuid.uuid4().hex, a, "warn", mod, "be nice", 1.0)
    s = Sanction(uuid.uuid4().hex, a, "suspend", mod, "again", 2.0, until=100.0)
    people.add_sanction(w)
    people.add_sanction(s)
    assert people.sanctions_of(a) == [s, w]
    assert people.mark_sanctions_seen(a, [w.sanction_id]) == 1
    assert people.mark_sanctions_seen(a, [w.sanction_id]) == 0
    assert [x.seen for x in people.sanctions_of(a)] == [False, True]


def test_presence_keeps_the_last_sign_of_life_and_its_table(store: Any) -> None:
    people = people_of(store)
    a, b, c = _ids(people, 3)
    people.touch_presence([(a, None), (b, "t1")], 10.0)
    people.touch_presence([(a, "t2")], 20.0)
    got = people.presence_of([a, b, c])
    assert set(got) == {a, b}
    assert (got[a].table_id, got[a].last_seen) == ("t2", 20.0)
    assert (got[b].table_id, got[b].last_seen) == ("t1", 10.0)
    assert people.presence_of([]) == {}


def test_a_chat_line_keeps_the_account_that_wrote_it(store: Any) -> None:
    tid = uuid.uuid4().hex[:16]
    store.create_table(TableRow(tid, tid[:6].upper(), "bourloto", "ru", {}, 7, "open", 5.0,
                                [SeatRow("P1", "human"), SeatRow("P2", "human"),
                                 SeatRow("P3", "human"), SeatRow("P4", "human")]))
    store.add_chat(tid, "P1", "Eleni", "hello", account_id="acc1")
    store.add_chat(tid, None, "guest", "hi")
    assert [(r.text, r.account_id) for r in store.chat(tid)] == [("hello", "acc1"), ("hi", None)]
