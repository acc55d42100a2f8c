"""Club nights over the API (web/club/api_nights.py) on each store: a director registers 8
pairs, pairs the rounds (trapoula.club's Swiss), the tables enter their results by their
codes with no account, the director corrects one, the standings follow FIBUR's scale and are
exported; strangers cannot direct; the night is its event log and replays."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from tests.web.test_club_score import client, register
from trapoula.club.scales import fibur_vp
from trapoula.web.club.nights import load_night
from trapoula.web.club.store import clubs_of

PAIRS = [f"Pair {c}" for c in "ABCDEFGH"]

# FIBUR's scale for a match of 3 hands, read by hand from docs/tournaments.md: the largest
# difference of each step from 10-10 up (above 1500: 20-0)
BY_HAND_3 = [(50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16),
             (1000, 17), (1250, 18), (1500, 19)]


def vp_by_hand(diff: int) -> float:
    d = abs(diff)
    win = next((vp for top, vp in BY_HAND_3 if d <= top), 20)
    return float(win if diff >= 0 else 20 - win)


def test_vp_by_hand_is_the_clubs_scale() -> None:
    for diff in (0, 50, 51, 600, -600, 1499, 1501, -2000):
        assert vp_by_hand(diff) == fibur_vp(diff, 3)[0]


def _night(c: Any) -> dict[str, Any]:
    r = c.post("/api/nights", json={"title": "Tuesday Burraco", "game": "burraco",
                                    "system": "swiss", "scoring": "fibur3"})
    assert r.status_code == 200, r.text
    n: dict[str, Any] = r.json()
    assert n["director"] and n["standings"] == [] and len(n["code"]) == 6
    return n


def test_a_club_night_of_8_pairs_runs_from_the_tables_pages(store: Any) -> None:
    with client(store) as director, client(store) as table, client(store) as stranger:
        register(director)
        n = _night(director)
        code = n["code"]
        n = director.post(f"/api/nights/{code}/register", json={"names": PAIRS}).json()
        assert n["entrants"] == PAIRS
        n = director.post(f"/api/nights/{code}/pair", json={}).json()
        tables = n["rounds"][0]["tables"]
        assert [(t["a"], t["b"]) for t in tables] == [(PAIRS[i], PAIRS[i + 1])
                                                      for i in range(0, 8, 2)]
        # anyone sees the standings, no table codes
        public = stranger.get(f"/api/nights/{code}").json()
        assert not public["director"] and "code" not in public["rounds"][0]["tables"][0]
        # the tables enter their results with their codes and no account
        points = [(1450, 850), (900, 900), (700, 1500), (1200, 1150)]
        for tb, (pa, pb) in zip(tables, points, strict=True):
            page = table.get(f"/api/nights/{code}/t/{tb['code'].lower()}").json()
            assert (page["a"], page["b"], page["result"]) == (tb["a"], tb["b"], None)
            r = table.post(f"/api/nights/{code}/t/{tb['code']}",
                           json={"points_a": pa, "points_b": pb})
            assert r.status_code == 200, r.text
        again = table.post(f"/api/nights/{code}/t/{tables[0]['code']}",
                           json={"points_a": 1, "points_b": 0})
        assert again.status_code == 400 and "director" in again.json()["message"]
        # only the director corrects
        fix = {"round": 1, "table": 2, "points_a": 1000, "points_b": 800}
        assert stranger.post(f"/api/nights/{code}/correct", json=fix).status_code == 401
        register(stranger, "Stranger")
        assert stranger.post(f"/api/nights/{code}/correct", json=fix).status_code == 403
        n = director.post(f"/api/nights/{code}/correct", json=fix).json()
        assert n["corrected"] == 1
        points[1] = (1000, 800)
        expected: dict[str, float] = {}
        for tb, (pa, pb) in zip(tables, points, strict=True):
            expected[tb["a"]] = vp_by_hand(pa - pb)
            expected[tb["b"]] = vp_by_hand(pb - pa)
        got = {s["entrant"]: s["vp"] for s in stranger.get(f"/api/nights/{code}").json()[
            "standings"]}
        assert got == expected
        assert [s["entrant"] for s in n["standings"]][0] == "Pair F"  # 1500 - 700: 16-4, the best
        # round 2 pairs the leaders, no rematch
        n = director.post(f"/api/nights/{code}/pair", json={}).json()
        second = {frozenset((t["a"], t["b"])) for t in n["rounds"][1]["tables"]}
        first = {frozenset((t["a"], t["b"])) for t in tables}
        assert len(second) == 4 and not second & first
        blocked = director.post(f"/api/nights/{code}/pair", json={})
        assert blocked.status_code == 400 and "to report" in blocked.json()["message"]
        # export: CSV and JSON say the same standings
        rows = list(csv.DictReader(io.StringIO(stranger.get(
            f"/api/nights/{code}/standings.csv").text)))
        assert {r["entrant"]: float(r["vp"]) for r in rows} == expected
        data = json.loads(stranger.get(f"/api/nights/{code}/standings.json").text)
        assert {r["entrant"]: r["vp"] for r in data["standings"]} == expected
        assert stranger.get(f"/api/nights/{code}/standings.xls").status_code == 404
        # the stored night is its event log, and it replays to the same standings
        row = clubs_of(store).night_by_code(code)
        assert row is not None and row.version == n["version"]
        assert [s.vp for s in load_night(row.data).standings()] == [
            s["vp"] for s in n["standings"]]


def test_a_night_needs_a_signed_in_director_and_sane_input(store: Any) -> None:
    with client(store) as c:
        assert c.post("/api/nights", json={"game": "burraco"}).status_code == 401
        assert c.get("/api/nights/NOPE00").status_code == 404
        register(c)
        bad = c.post("/api/nights", json={"game": "chess"})
        assert bad.status_code == 400 and "burraco" in bad.json()["message"]
        code = _night(c)["code"]
        dup = c.post(f"/api/nights/{code}/register", json={"names": ["X", "X"]})
        assert dup.status_code == 400 and "already registered" in dup.json()["message"]
        assert c.get(f"/api/nights/{code}").json()["entrants"] == []  # nothing written
        c.post(f"/api/nights/{code}/register", json={"names": ["X", "Y", "Z"]})
        n = c.post(f"/api/nights/{code}/pair", json={}).json()
        assert n["rounds"][0]["bye"] == "Z"
        assert c.get(f"/api/nights/{code}/t/QQQQ").status_code == 404
        tb = n["rounds"][0]["tables"][0]["code"]
        silly = c.post(f"/api/nights/{code}/t/{tb}", json={"points_a": "lots", "points_b": 1})
        assert silly.status_code == 400 and "whole numbers" in silly.json()["message"]
        assert [x["code"] for x in c.get("/api/nights/mine").json()["nights"]] == [code]
