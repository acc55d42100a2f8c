"""The Bourré sit-and-go (web/club/tourney.py, tourneys.py): one table of single players with
equal stacks, antes rising by level within the session, bots in the empty seats if the
organiser allows them, places in reverse order of elimination."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from tests.web.test_tourneys import _autoplay, _until
from trapoula.club.sitgo import AnteSchedule
from trapoula.errors import IllegalActionError
from trapoula.web.club.tourney import load_tourney, new_tourney
from trapoula.web.club.tourneys import sitgo_places


def _session(seed: int, players: int = 4) -> Any:
    g = trapoula.make("bourre", players=players, starting_stack=12, ante_levels="1,2,4",
                      deals_per_level=2)
    s = g.new_match(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("seed", range(8))
def test_places_follow_the_order_of_elimination(seed: int) -> None:
    s = _session(seed)
    names = {f"P{i}": f"N{i}" for i in range(1, 5)}
    places = sitgo_places(s, names)
    assert sorted(places) == sorted(names.values())
    if s.winner is not None:
        assert places[0] == names[s.winner]
    # whoever was dealt in later is placed higher
    last = {}
    for k, deal in enumerate(s.dealt, 1):
        for seat in deal.seats:
            last[names[seat]] = k
    ranks = [last[n] for n in places[1:]]
    assert ranks == sorted(ranks, reverse=True)


def test_a_sitgo_is_set_up_registered_and_started_with_bots() -> None:
    t = new_tourney({"game": "bourre", "size": 4, "starting_stack": 20, "antes": [1, 2, 5],
                     "deals_per_level": 3})
    assert t.sitgo and t.settings["antes"] == [1, 2, 5] and t.round_no == 0
    t = t.register("a1", "Anna", "Anna")
    with pytest.raises(IllegalActionError, match="single players"):
        t.join("a2", "Bo", "Anna")
    t = t.register("a2", "Bo", "Bo").start()
    assert t.status == "playing" and t.round_no == 1 and t.tables_due()
    assert [e.name for e in t.entrants] == ["Anna", "Bo", "Bot 1", "Bot 2"]
    assert load_tourney(t.to_json()).entrants == t.entrants


def test_a_sitgo_without_bots_needs_two_players() -> None:
    t = new_tourney({"game": "bourre", "size": 5, "bots": False}).register("a1", "Anna", "A")
    with pytest.raises(IllegalActionError, match="2 players"):
        t.start()
    t = t.register("a2", "Bo", "B").start()
    assert len(t.entrants) == 2


@pytest.mark.parametrize(("raw", "why"), [
    ({"size": 8}, "size"), ({"antes": [3, 2]}, "rise"), ({"starting_stack": 1, "antes": [2]},
                                                         "first ante"),
    ({"bots": "yes"}, "bots"), ({"deals_per_level": 0}, "deals_per_level")])
def test_a_sitgos_settings_are_refused_with_the_reason(raw: dict[str, Any], why: str) -> None:
    with pytest.raises(IllegalActionError, match=why):
        new_tourney({"game": "bourre", **raw})


def test_a_sitgo_over_the_api_on_each_store(store) -> None:  # type: ignore[no-untyped-def]
    import csv
    import io

    from tests.web.test_club_score import client, register

    with client(store) as anna, client(store) as bo, client(store) as stranger:
        register(anna, "Anna")
        register(bo, "Bo")
        r = anna.post("/api/tourneys", json={
            "game": "bourre", "size": 4, "starting_stack": 10, "antes": [1, 2, 5],
            "deals_per_level": 2, "clock": 15, "title": "Friday sit-and-go"})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        assert anna.post(f"/api/tourneys/{tid}/register", json={"pair": "Anna"}).json()[
            "entry"] == "Anna"
        r = bo.post(f"/api/tourneys/{tid}/register", json={"pair": "Anna", "partner": True})
        assert r.status_code == 400 and "single players" in r.json()["message"]
        assert bo.post(f"/api/tourneys/{tid}/register", json={"pair": "Bo"}).status_code == 200
        t = anna.post(f"/api/tourneys/{tid}/start", json={}).json()
        assert t["status"] == "playing" and len(t["entrants"]) == 4
        assert t["mine"]["seat"] == "P1"
        assert t["rounds"][0]["tables"][0]["seats"] == {"P1": "Anna", "P2": "Bo",
                                                         "P3": "Bot 1", "P4": "Bot 2"}
        assert t["mine"]["token"] not in stranger.get(f"/api/tourneys/{tid}").text
        _autoplay(anna, t)
        t = _until(anna, tid, lambda x: x["status"] == "over")
        places = [s["entrant"] for s in t["standings"]]
        assert sorted(places) == ["Anna", "Bo", "Bot 1", "Bot 2"]
        # the table's own session: the antes rose by level; the winner holds every chip
        svc = anna.app.state.service

        async def session() -> Any:
            table_id = await svc._db(svc.store.find_code, t["rounds"][0]["tables"][0]["code"])
            return (await svc._get(table_id)).state
        s = anna.portal.call(session)
        sched = AnteSchedule((1, 2, 5), 2)
        assert [d.ante for d in s.dealt] == [sched.ante_for(k) for k in
                                             range(1, len(s.dealt) + 1)]
        seats = t["rounds"][0]["tables"][0]["seats"]
        if s.winner is not None:
            assert places[0] == seats[s.winner] and s.stacks[s.winner] == 40
        assert places == sitgo_places(s, seats)
        rows = list(csv.DictReader(io.StringIO(
            stranger.get(f"/api/tourneys/{tid}/standings.csv").text)))
        assert [r["entrant"] for r in rows] == places
        assert stranger.get(f"/api/tourneys/{tid}/standings.json").json()["standings"][0][
            "entrant"] == places[0]
