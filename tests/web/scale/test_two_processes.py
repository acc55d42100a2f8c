"""Scaling past one process (docs/web.md, "Scaling and load"): two ``trapoula serve`` processes
share one PostgreSQL database and one Redis; a table's players sit on different processes.

- A Bourloto deal played to its end: every client (four players, a spectator on each process)
  sees every move, in order, and in the end both processes hold the same state, hidden cards
  included (a second connection of each seat on the *other* process gets the same view).
- Racing: the same seat connected to both processes sends a move to both at the same instant
  (the same move, or two different ones): exactly one is accepted, the other gets ``stale``,
  and every client sees one move at that seq.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest

from .cluster import Client, Serve, post, serve_pair
from .services_redis import RedisServer

SEATS = ("P1", "P2", "P3", "P4")
PRIVATE = {"seat", "hand", "legal_actions", "my_declarations"}


@pytest.fixture(scope="module")
def cluster(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url) as pair:   # creates the schema
        yield pair


def new_table(a: Serve, b: Serve, seed: int) -> tuple[str, dict[str, str]]:
    """A Bourloto table created on ``a``, its seats joined alternately through ``b`` and ``a``."""
    made = post(a.base + "/api/tables", {
        # a table with other people gets the server's own seed (``seed`` only names the case)
        "game": "bourloto", "preset": "ru", "options": {},
        "seats": [{"kind": "human"} for _ in SEATS], "name": "Ann", "seat": "P1"})
    tokens = {"P1": made["token"]}
    for seat, via in (("P2", b), ("P3", a), ("P4", b)):
        joined = post(f"{via.base}/api/tables/{made['code']}/join",
                      {"name": f"Player {seat}", "seat": seat})
        assert joined["seat"] == seat
        tokens[seat] = joined["token"]
    return made["table_id"], tokens


def same_move(state: dict[str, Any], seat: str, action: str) -> bool:
    last = state.get("last") or {}
    return bool(last.get("seat") == seat and str(last.get("action", "")).lower() == action.lower())


async def play_one(players: dict[str, Client], everyone: list[Client], seq: int,
                   rng: random.Random) -> tuple[int, str, str]:
    """The seat to act plays a random legal move; returns (its seq, seat, action)."""
    seat = players["P1"].last["to_act"]
    actor = players[seat]
    await actor.wait(lambda: actor.seq == seq and bool(actor.last["legal"]), f"legal at {seq}")
    action = rng.choice(actor.last["legal"])
    await actor.act(action, seq)
    for client in everyone:
        await client.wait_seq(seq + 1)
    return seq + 1, seat, action


def check_saw_every_move(client: Client, moves: list[tuple[int, str, str]]) -> None:
    """The client's states go through every seq once and in order, each with its move."""
    seqs = [s["seq"] for s in client.states]
    assert seqs == sorted(seqs), f"{client.name}: states out of order: {seqs}"
    by_seq: dict[int, dict[str, Any]] = {}
    for state in client.states:
        by_seq.setdefault(state["seq"], state)
    for seq, seat, action in moves:
        assert seq in by_seq, f"{client.name} never saw seq {seq} ({seat} {action})"
        assert same_move(by_seq[seq], seat, action), (client.name, seq, by_seq[seq]["last"])
    assert client.seq == moves[-1][0]


def test_a_deal_with_players_on_two_processes(cluster: tuple[Serve, Serve]) -> None:
    a, b = cluster
    table_id, tokens = new_table(a, b, seed=11)
    home = {"P1": a, "P2": b, "P3": a, "P4": b}

    async def main() -> None:
        players = {s: await Client.open(s, home[s].base, table_id, tokens[s]) for s in SEATS}
        watchers = [await Client.open("spectator@A", a.base, table_id, None),
                    await Client.open("spectator@B", b.base, table_id, None)]
        everyone = [*players.values(), *watchers]
        try:
            seq = players["P1"].seq
            for client in everyone:
                await client.wait_seq(seq)
            rng = random.Random(5)
            moves: list[tuple[int, str, str]] = []
            while not players["P1"].last["sheet"]:      # until the first deal is scored
                assert len(moves) < 300, "the first deal did not end"
                move = await play_one(players, everyone, seq, rng)
                moves.append(move)
                seq = move[0]
            assert len(moves) >= 8
            for client in everyone:
                check_saw_every_move(client, moves)
            finals = [c.last for c in everyone]
            for key in ("seq", "to_act", "over", "result", "sheet", "last"):
                assert all(f[key] == finals[0][key] for f in finals), key
            assert watchers[0].last["view"] == watchers[1].last["view"]
            public = {k: v for k, v in watchers[0].last["view"].items() if k not in PRIVATE}
            for seat, client in players.items():
                view = client.last["view"]
                assert view["seat"] == seat
                assert {k: v for k, v in view.items() if k not in PRIVATE and k in public} == {
                    k: v for k, v in public.items() if k in view}
                # the other process holds the same hidden state: the same seat there sees the same
                other = b if home[seat] is a else a
                twin = await Client.open(f"{seat}@other", other.base, table_id, tokens[seat])
                assert twin.last["seq"] == seq and twin.last["view"] == view
                await twin.close()
            hands = [set(players[s].last["view"]["hand"]) for s in SEATS]
            assert sum(map(len, hands)) == len(set().union(*hands))
        finally:
            for client in everyone:
                await client.close()

    asyncio.run(asyncio.wait_for(main(), 120))


def test_racing_moves_on_two_processes_one_wins(cluster: tuple[Serve, Serve]) -> None:
    a, b = cluster
    table_id, tokens = new_table(a, b, seed=23)

    async def main() -> None:
        p1a = await Client.open("P1@A", a.base, table_id, tokens["P1"])
        p1b = await Client.open("P1@B", b.base, table_id, tokens["P1"])
        players = {"P1": p1a, "P2": await Client.open("P2@A", a.base, table_id, tokens["P2"]),
                   "P3": await Client.open("P3@B", b.base, table_id, tokens["P3"]),
                   "P4": await Client.open("P4@A", a.base, table_id, tokens["P4"])}
        watchers = [await Client.open("spectator@A", a.base, table_id, None),
                    await Client.open("spectator@B", b.base, table_id, None)]
        everyone = [*players.values(), p1b, *watchers]
        try:
            seq = p1a.seq
            rng = random.Random(9)
            races = 0
            rounds = 0
            while races < 6:
                rounds += 1
                assert rounds < 400, "P1 did not get the move often enough"
                if p1a.last["over"]:
                    break
                if p1a.last["to_act"] != "P1":
                    seq = (await play_one(players, everyone, seq, rng))[0]
                    continue
                for twin in (p1a, p1b):
                    await twin.wait(lambda t=twin, s=seq: t.seq == s and bool(t.last["legal"]),
                                    f"P1's legal moves at {seq}")
                legal = p1a.last["legal"]
                assert p1b.last["legal"] == legal
                first = rng.choice(legal)
                # even races: the same move twice; odd ones: two different moves when there are
                second = first if races % 2 == 0 or len(legal) == 1 else rng.choice(
                    [x for x in legal if x != first])
                before = (len(p1a.errors), len(p1b.errors))
                await asyncio.gather(p1a.act(first, seq), p1b.act(second, seq))
                for client in everyone:
                    await client.wait_seq(seq + 1)
                await asyncio.sleep(0.3)   # room for a second acceptance to show, if any
                new_errors = p1a.errors[before[0]:] + p1b.errors[before[1]:]
                # one of the two was refused (the loser), the other accepted
                assert [e["code"] for e in new_errors] == ["stale"], new_errors
                seq += 1
                assert all(c.seq == seq for c in everyone), [(c.name, c.seq) for c in everyone]
                winners = {str(c.last["last"]["action"]).lower() for c in everyone}
                assert len(winners) == 1 and winners <= {first.lower(), second.lower()}
                races += 1
            assert races == 6
        finally:
            for client in everyone:
                await client.close()

    asyncio.run(asyncio.wait_for(main(), 120))
