"""Game records: JSON files that replay a game exactly (the event log is the save file).

A record of format ``trapoula-record/2`` holds everything it needs to replay without
re-deriving anything from code that may change: the game, its preset and **every** option
value, the engine version that wrote it, the dealing version (:mod:`trapoula.core.chance`),
how the game started (a deal's seed, dealer and dealt pack with its random keys; a match's
seed, first dealer and every deal's pack under ``deals``; or a scenario setup), the actions
in notation with their seats and, once over, the result, which loading checks.

Records of format ``trapoula-record/1`` (trapoula up to commit b0301f4) store only the seed,
the options that differ from the preset and the actions.  They load too: their options are
completed from the presets as they were then (:mod:`trapoula.core.record_v1`), and the packs
are re-dealt from the seed.  Format 1 does not say how its seed became packs, and commit
f3061a1 changed that for Bourloto without changing the format; so a format-1 record is
replayed with the dealing of b0301f4 (dealing version 2) and, if one of its actions is not
legal there, with the dealing from before f3061a1 (version 1).  A record whose every action is
legal under both (only bids, no card played) is read as version 2.

>>> import trapoula
>>> deal = trapoula.make("bourloto", "gr").new_deal(seed=3)
>>> rec = deal.apply("P1 take").record()
>>> rec["format"], rec["dealing"], len(rec["deck"]), rec["options"]["bidding"]
('trapoula-record/2', 2, 32, 'take_name')
>>> replay(rec).history == deal.apply("P1 take").history
True
>>> replay({**rec, "format": "trapoula-record/9"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.RecordError: unknown record format 'trapoula-record/9'; this version ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from trapoula.core.chance import DEALING, FORMAT, FORMAT_V1, FORMATS, check_dealing
from trapoula.core.game import Game
from trapoula.core.registry import make_stored
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, RecordError, TrapoulaError

__all__ = ["FORMAT", "FORMATS", "dumps", "load", "loads", "replay", "save", "start"]


def dumps(state: GameState) -> str:
    return json.dumps(state.record(), ensure_ascii=False, indent=1)


def save(state: GameState, path: str | Path) -> None:
    Path(path).write_text(dumps(state) + "\n", encoding="utf-8")


def _game(record: Mapping[str, Any]) -> Game:
    """The rules object a record was played under (every option as recorded)."""
    name, preset = record.get("game"), record.get("preset")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object")
    if record.get("format") == FORMAT_V1:
        from trapoula.core.record_v1 import full_options

        options = full_options(name, preset, options)
    try:
        return make_stored(str(name), preset, options)
    except ConfigError as exc:
        engine = record.get("engine", "an earlier version")
        raise RecordError(
            f"this version of trapoula cannot set up the record's game (written by trapoula "
            f"{engine}): {exc}"
        ) from None


def _check_head(record: Any) -> str:
    if not isinstance(record, Mapping):
        raise RecordError("a game record is a JSON object")
    fmt = record.get("format")
    if fmt not in FORMATS:
        raise RecordError(
            f"unknown record format {fmt!r}; this version of trapoula reads "
            f"{', '.join(FORMATS)} (a newer trapoula may read it)"
        )
    if fmt == FORMAT:
        check_dealing(record.get("dealing"))
    if "game" not in record:
        raise RecordError("the record has no 'game'")
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"the record's seed is {seed!r}; a seed is a whole number")
    return str(fmt)


def _replay_with(game: Game, record: Mapping[str, Any], dealing: int) -> GameState:
    """The record replayed (start, then every action, each checked)."""
    start = _start_with(game, record, dealing)
    state = start
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("the record's 'actions' must be a list of texts such as 'P1 take'")
    for n, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise RecordError(f"action {n} of the record is {text!r}, not text such as 'P1 take'")
        try:
            state = game.replay_action(state, text)
        except TrapoulaError as exc:
            by = f"trapoula {record['engine']}" if "engine" in record else "an earlier trapoula"
            raise RecordError(
                f"action {n} of the record ({text!r}) does not replay: {exc} (the record was "
                f"written by {by}, dealing version {dealing})") from None
    return state


def _start_with(game: Game, record: Mapping[str, Any], dealing: int) -> GameState:
    try:
        return game.from_record({**record, "actions": []}, dealing)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        if isinstance(exc, TrapoulaError):
            raise RecordError(f"the record's start cannot be set up: {exc}") from None
        raise RecordError(
            f"the record is malformed ({type(exc).__name__}: {exc})"
        ) from None


def _v1_dealing(game: Game, record: Mapping[str, Any]) -> int:
    """The dealing version of a format-1 record: 2 (b0301f4) if it replays, else 1."""
    try:
        _replay_with(game, record, 2)
        return 2
    except RecordError as first:
        try:
            _replay_with(game, record, 1)
        except RecordError:
            raise RecordError(
                f"this trapoula-record/1 replays with neither the dealing of trapoula before "
                f"f3061a1 nor the one after it: {first}"
            ) from None
        return 1


def start(record: Mapping[str, Any], dealing: int | None = None) -> GameState:
    """The state a record starts from (checked: the record must be one this version reads).

    ``dealing`` forces the dealing version of a format-1 record (see the module docs)."""
    fmt = _check_head(record)
    game = _game(record)
    if fmt == FORMAT:
        return _start_with(game, record, int(record["dealing"]))
    if dealing is None:
        dealing = _v1_dealing(game, record)
    return _start_with(game, record, check_dealing(dealing))


def replay(record: Mapping[str, Any], dealing: int | None = None) -> GameState:
    """The state a record ends in, replayed through the public ``apply``.

    Raises :class:`~trapoula.errors.RecordError`, saying what cannot be replayed and why,
    for an unknown format or dealing version, options this version does not have, a
    tampered pack, an action that is not legal, or a result other than the recorded one."""
    fmt = _check_head(record)
    game = _game(record)
    if fmt == FORMAT or dealing is not None:
        use = int(record["dealing"]) if fmt == FORMAT else check_dealing(dealing)
        state = _replay_with(game, record, use)
    else:
        try:
            state = _replay_with(game, record, DEALING)
        except RecordError as first:
            try:
                state = _replay_with(game, record, 1)
            except RecordError:
                raise RecordError(
                    f"this trapoula-record/1 replays with neither the dealing of trapoula "
                    f"before f3061a1 nor the one after it: {first}"
                ) from None
    if "result" in record:
        got = json.loads(json.dumps(state.result))
        if got != record["result"]:
            raise RecordError(
                f"the record's result is {record['result']!r} but replaying it gives {got!r}"
            )
    return state


def loads(text: str) -> GameState:
    """Replay the record in a JSON text (RecordError if it is no JSON)."""
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"a game record is a JSON object; this text is no JSON: {exc}") from None
    return replay(record)


def load(path: str | Path) -> GameState:
    """Replay the record in a JSON file."""
    return loads(Path(path).read_text(encoding="utf-8"))
