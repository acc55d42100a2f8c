"""``/api/tables/{id}/deals`` (score cards from public views) and ``…/rematch`` over HTTP."""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_score_cards_and_a_rematch_with_the_same_seats(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human"},
             {"kind": "bot", "level": "medium"}]
    t1 = client.post("/api/tables", json={"game": "bourloto", "preset": "gr", "seats": seats,
                                          "options": {"target": 1}, "name": "Ana",
                                          "seat": "P1", "seed": 5}).json()
    t3 = client.post(f"/api/tables/{t1['code']}/join", json={"name": "Cy"}).json()
    running = client.get(f"/api/tables/{t1['table_id']}/deals").json()
    assert running["over"] is False and running["deals"] == [] and running["rematch"] is None
    r = client.post(f"/api/tables/{t1['table_id']}/rematch", json={"token": t1["token"]})
    assert r.status_code == 409
    done = _drive(client, t1, t3)
    cards = client.get(f"/api/tables/{t1['table_id']}/deals").json()
    assert cards["over"] and cards["result"] == done["result"]
    last = cards["deals"][-1]
    assert last["game"] == "bourloto" and last["rows"][-1]["key"] == "written"
    assert last["rows"][-1]["values"] == done["result"]["scores"]
    assert len(cards["deals"]) == len(done["sheet"])
    # public information only: every card named was played (or shown in a declaration)
    record = client.get(f"/api/tables/{t1['table_id']}/record").json()
    played = {a.split()[2].upper() for a in record["actions"] if a.split()[1] == "play"}
    named = {c.upper() for d in cards["deals"] for c in
             [c for _, c in (d.get("last_trick") or {}).get("plays", [])]
             + [c for x in d.get("declarations", []) for c in x["cards"]]}
    assert named and named <= played
    # rematch: no seat → 403; Ana creates it; Cy joins his own seat; the link is announced
    assert client.post(f"/api/tables/{t1['table_id']}/rematch", json={}).status_code == 403
    a = client.post(f"/api/tables/{t1['table_id']}/rematch", json={"token": t1["token"]}).json()
    c = client.post(f"/api/tables/{t1['table_id']}/rematch", json={"token": t3["token"]}).json()
    assert a["table_id"] == c["table_id"] != t1["table_id"]
    assert (a["seat"], c["seat"]) == ("P1", "P3")
    new = client.get(f"/api/tables/{a['code']}").json()
    assert [(s["seat"], s["kind"], s["level"]) for s in new["seats"]] == [
        ("P1", "human", None), ("P2", "bot", "easy"), ("P3", "human", None),
        ("P4", "bot", "medium")]
    assert [s["name"] for s in new["seats"] if s["kind"] == "human"] == ["Ana", "Cy"]
    assert client.get(f"/api/tables/{t1['table_id']}/deals").json()["rematch"]["code"] == a["code"]


def _drive(client: TestClient, t1: dict[str, Any], t3: dict[str, Any]) -> dict[str, Any]:
    """P1 and P3 play their first legal action until the match ends (the bots play on).
    Every state reaches both sockets in order, so P3's socket is read up to the state P1 saw."""
    url = "/ws/{}?token={}"
    with client.websocket_connect(url.format(t1["table_id"], t1["token"])) as p1, \
            client.websocket_connect(url.format(t3["table_id"], t3["token"])) as p3:
        for _ in range(5000):
            msg = p1.receive_json()
            if msg.get("type") != "state":
                continue
            if msg["over"]:
                return msg  # type: ignore[no-any-return]
            if msg["to_act"] == "P1":
                p1.send_json({"type": "act", "action": msg["legal"][0], "seq": msg["seq"]})
            elif msg["to_act"] == "P3":
                other: dict[str, Any] = {}
                while other.get("type") != "state" or other["seq"] != msg["seq"]:
                    other = p3.receive_json()
                p3.send_json({"type": "act", "action": other["legal"][0], "seq": other["seq"]})
    raise AssertionError("the match did not end")
