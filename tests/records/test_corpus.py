"""Every record in tests/records/*/ replays to what the version that wrote it saw.

Each folder holds the records one version of trapoula wrote (``tools/make_record_corpus.py``)
and ``expected.json``: per record, the result, the seat to act and its legal actions at the
end, as that version computed them.  ``v1-156e42a``: trapoula-record/1 before commit f3061a1
(the old Bourloto dealing); ``v1-b0301f4``: trapoula-record/1 of b0301f4; ``v2-*``: this
format.  Later releases add their own folder; none is ever rewritten.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapoula

HERE = Path(__file__).parent
CASES = [
    (folder.name, name)
    for folder in sorted(p for p in HERE.iterdir() if p.is_dir() and p.name[:1] == "v")
    for name in sorted(json.loads((folder / "expected.json").read_text()))
]


def test_the_corpus_covers_every_game_and_both_formats() -> None:
    folders = {f for f, _ in CASES}
    assert {"v1-156e42a", "v1-b0301f4"} <= folders and any(f.startswith("v2") for f in folders)
    for folder in folders:
        if folder != "v1-156e42a":  # Burraco did not exist yet
            assert {n.split("-")[0] for f, n in CASES if f == folder} == {
                "bourloto", "bourre", "burraco"}


@pytest.mark.parametrize(("folder", "name"), CASES, ids=[f"{f}/{n}" for f, n in CASES])
def test_record_replays_as_written(folder: str, name: str) -> None:
    expected = json.loads((HERE / folder / "expected.json").read_text())[name]
    record = json.loads((HERE / folder / f"{name}.json").read_text())
    state = trapoula.replay(record)
    assert len(record["actions"]) == expected["actions"]
    assert json.loads(json.dumps(state.result)) == expected["result"]
    assert state.current_player == expected["to_act"]
    assert [str(a) for a in state.legal_actions()] == expected["legal"]
