"""House rule 11 for §1.2.2.7: records saved before the seven exchange became private
(the engine at b0301f4 asked the 7's holder right after the take) still load and replay to the
same result, through every replay path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapoula
from trapoula.core.record import replay

DATA = json.loads(
    (Path(__file__).parent / "data" / "records_before_private_exchange.json").read_text())
CASES = [(kind, i, r) for kind, recs in DATA.items() for i, r in enumerate(recs)]


@pytest.mark.parametrize("kind, i, record", CASES, ids=[f"{k}-{i}" for k, i, _ in CASES])
def test_1_2_2_7_old_records_replay_to_the_same_result(kind: str, i: int, record: dict) -> None:
    state = replay(record)
    assert state.is_over and state.result == record["result"]
    assert [str(e) for e in state.history] == record["actions"]  # the old answers stay logged
    again = replay(state.record())  # and the record saved now replays the same
    assert again.result == record["result"]
    assert [str(e) for e in again.history] == [str(e) for e in state.history]


def test_1_2_2_7_old_match_replays_through_the_web_log() -> None:
    pytest.importorskip("starlette")
    from trapoula.web.table import apply_as

    (record,) = DATA["match"]
    state = trapoula.make("bourloto", record["preset"]).new_match(seed=record["seed"])
    for text in record["actions"]:
        seat, action = text.split(" ", 1)
        state = apply_as(state, seat, action)
    assert state.result == record["result"]


def test_1_2_2_7_replay_still_refuses_a_wrong_record() -> None:
    (record,) = DATA["match"]
    bad = dict(record, actions=[*record["actions"][:1], "P3 exchange"])
    with pytest.raises(trapoula.errors.TrapoulaError):
        replay(bad)
