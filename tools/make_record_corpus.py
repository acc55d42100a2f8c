"""Write a corpus of game records with the trapoula that is importable, for tests/records/.

Every release adds the records its own code writes, so that later versions prove they still
replay them (RULES: "a saved game is a promise").  Run it with the code of the version to
capture, for example the commit before a change of record format::

    git worktree add /tmp/old b0301f4
    PYTHONPATH=/tmp/old/src python tools/make_record_corpus.py tests/records/v1-b0301f4

It writes one ``NAME.json`` record per case (deals and matches of every game and preset, Bourré
sessions, Burraco for 2, 3 and 4 players, finished and unfinished) and ``expected.json``: per
record, what the writing version itself saw at the end (result, player to act, that player's
legal actions).  Only APIs that every version has are used (``make``, ``new_deal``,
``new_match``, ``legal_actions``, ``apply``, ``record``), and moves are chosen by a seeded
uniform policy or, for Burraco, the heuristic bot when it exists.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import trapoula

# name, game, preset, options, kind, seed, actions to stop after (None: to the end)
CASES: list[tuple[str, str, str, dict[str, Any], str, int, int | None]] = [
    ("bourloto-ru-deal", "bourloto", "ru", {}, "deal", 11, None),
    ("bourloto-gr-deal", "bourloto", "gr", {}, "deal", 12, None),
    ("bourloto-gr-deal-options", "bourloto", "gr", {"capot_mode": "bonus_90"}, "deal", 13, None),
    ("bourloto-ru-match", "bourloto", "ru", {}, "match", 14, None),
    ("bourloto-gr-match", "bourloto", "gr", {"target": 501}, "match", 15, None),
    ("bourloto-gr-match-unfinished", "bourloto", "gr", {}, "match", 16, 70),
    ("bourre-ru-deal", "bourre", "ru", {}, "deal", 21, None),
    ("bourre-ru-deal-6", "bourre", "ru", {"players": 6}, "deal", 22, None),
    ("bourre-ru-session", "bourre", "ru",
     {"players": 3, "starting_stack": 12, "max_deals": 8}, "match", 23, None),
    ("bourre-ru-session-unfinished", "bourre", "ru", {"players": 5}, "match", 24, 60),
    ("burraco-seed-deal", "burraco", "seed", {}, "deal", 31, None),
    ("burraco-fibur-deal", "burraco", "fibur", {}, "deal", 32, None),
    ("burraco-seed-match-4", "burraco", "seed", {"target": 1500}, "match", 33, None),
    ("burraco-fibur-match-4", "burraco", "fibur", {"target": 1000}, "match", 34, None),
    ("burraco-seed-match-2", "burraco", "seed", {"players": 2, "target": 1200}, "match", 35, None),
    ("burraco-seed-match-3", "burraco", "seed", {"players": 3, "target": 1000}, "match", 36, None),
    ("burraco-fibur-match-3-unfinished", "burraco", "fibur", {"players": 3}, "match", 37, 90),
]


def _chooser(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    bots: dict[str, Any] = {}
    if game.name == "burraco":
        try:
            from trapoula.bots import make_bot

            bots = {f"P{i}": make_bot("heuristic", game, seed=seed + i) for i in range(1, 9)}
        except Exception:  # an old version without a Burraco bot: uniform moves
            bots = {}

    def choose(state: Any) -> Any:
        seat = state.current_player
        if seat in bots:
            return bots[seat].choose(state.view(seat))
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    return choose


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def play(game_name: str, preset: str, options: dict[str, Any], kind: str, seed: int,
         stop: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
    game = trapoula.make(game_name, preset, **options)
    state = game.new_deal(seed=seed) if kind == "deal" else game.new_match(seed=seed)
    choose = _chooser(game, seed)
    n = 0
    while not state.is_over and (stop is None or n < stop):
        state = state.apply(choose(state))
        n += 1
    seat = state.current_player
    expected = {
        "result": _normal(state.result),
        "to_act": seat,
        "legal": [str(a) for a in state.legal_actions()],
        "actions": n,
    }
    return state.record(), expected


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    expected: dict[str, Any] = {}
    for name, game_name, preset, options, kind, seed, stop in CASES:
        try:
            record, exp = play(game_name, preset, options, kind, seed, stop)
        except (ImportError, trapoula.ConfigError) as exc:  # a game this version lacks
            print(f"{name}: skipped ({exc})")
            continue
        (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1)
                                          + "\n", encoding="utf-8")
        expected[name] = exp
        print(f"{name}: {exp['actions']} actions, result {exp['result']}", flush=True)
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
