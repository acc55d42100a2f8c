"""Write a web database with the trapoula that is importable, for the store's migration tests.

Run it with the code of the version whose schema must keep working, e.g.::

    git worktree add /tmp/old b0301f4
    PYTHONPATH=/tmp/old/src python tools/make_web_db.py tests/web/data/b0301f4

It writes ``tables.db`` (SQLite, checkpointed) holding running and finished tables of every
game (rows as that version's service writes them: changed options, seed, seats, the action
log, chat) and ``expected.json``: per table, its status, its seq, the seat to act and every
seat's view and legal actions as that version computed them.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import trapoula
from trapoula.web.serialize import to_json
from trapoula.web.store import SeatRow, SqlStore, TableRow

# table id, game, preset, options, seed, actions to play (None: to the end)
TABLES: list[tuple[str, str, str, dict[str, Any], int, int | None]] = [
    ("bl-ru-running", "bourloto", "ru", {}, 101, 23),
    ("bl-gr-running", "bourloto", "gr", {"target": 700}, 102, 57),
    ("bl-gr-finished", "bourloto", "gr", {"target": 301}, 103, None),
    ("br-running", "bourre", "ru", {"players": 5}, 104, 40),
    ("br-finished", "bourre", "ru", {"players": 3, "starting_stack": 8, "max_deals": 3}, 105,
     None),
    ("bu-4-running", "burraco", "seed", {}, 106, 61),
    ("bu-2-running", "burraco", "fibur", {"players": 2}, 107, 45),
    ("bu-3-finished", "burraco", "seed", {"players": 3, "target": 300}, 108, None),
]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    db = out / "tables.db"
    for extra in ("", "-wal", "-shm"):
        Path(f"{db}{extra}").unlink(missing_ok=True)
    store = SqlStore(f"sqlite:///{db}")
    expected: dict[str, Any] = {}
    for k, (table_id, name, preset, options, seed, stop) in enumerate(TABLES):
        game = trapoula.make(name, preset, **options)
        n = int(game.players)  # type: ignore[attr-defined]
        seats = [SeatRow("P1", "human", "Ann", token_hash=f"{k:064x}")] + [
            SeatRow(f"P{i + 1}", "bot", "bot (medium)", bot="medium", level="medium")
            for i in range(1, n)
        ]
        store.create_table(TableRow(table_id, f"C{k:05d}", game.name, game.preset,
                                    game.changed_options(), seed, "playing", 1e9 + k, seats))
        state = game.new_match(seed=seed)
        rng = random.Random(seed)
        seq = 0
        while not state.is_over and (stop is None or seq < stop):
            seat = state.current_player
            legal = state.legal_actions()
            action = str(legal[rng.randrange(len(legal))])
            seq += 1
            assert store.append_action(table_id, seq, seat, action)
            state = state.apply(f"{seat} {action}")
        if state.is_over:
            store.set_status(table_id, "finished")
        store.add_chat(table_id, "P1", "Ann", f"hello from table {k}")
        expected[table_id] = {
            "status": "finished" if state.is_over else "playing", "seq": seq,
            "to_act": state.current_player, "result": to_json(state.result),
            "views": {s.seat: to_json(state.view(s.seat)) for s in seats},
            "legal": {s.seat: [str(a) for a in state.legal_actions()]
                      if s.seat == state.current_player else [] for s in seats},
        }
        print(f"{table_id}: {seq} actions, {'finished' if state.is_over else 'running'}")
    store.close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
