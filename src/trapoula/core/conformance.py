"""The conformance runner of scenarios.md (``trapoula-scenarios/1``).

Runs every case, prints ``PASS id`` / ``FAIL id: expected …, got …`` / ``ERROR id: message``
and a closing ``N passed, N failed`` line (errors count as failed).  Game-specific checks are
answered by ``game.check(case)``; ``match`` and ``deal`` are run here through the public API.

>>> case = {"id": "M1", "game": "bourloto", "preset": "ru", "check": "match",
...         "scores_before": {"A": 980, "B": 900}, "deal": {"A": 112, "B": 120},
...         "expect": {"scores": {"A": 1092, "B": 1020}, "winner": "A", "extra_deals": 0}}
>>> run_case(case)
('PASS', '')
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from trapoula.cards import parse_card
from trapoula.core.conformance_schema import CaseError, validate_case
from trapoula.core.match import match_step
from trapoula.core.registry import game_class, make
from trapoula.errors import ConfigError, TrapoulaError

__all__ = ["FORMAT", "collect_cases", "run_case", "run_paths"]

FORMAT = "trapoula-scenarios/1"


class _CaseError(Exception):
    """A malformed case (reported as ERROR)."""


def _norm(value: Any) -> Any:
    """Canonical form for comparison: card lists become sorted canonical multisets."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            try:
                return sorted((str(parse_card(v)) for v in value), key=_card_key)
            except TrapoulaError:
                return [_norm(v) for v in value]
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def _card_key(text: str) -> int:
    return parse_card(text).index


def _make_game(case: Mapping[str, Any]) -> Any:
    name = case.get("game")
    if not isinstance(name, str):
        raise _CaseError("missing 'game'")
    raw = case.get("options")
    if raw is not None and not isinstance(raw, dict):
        raise _CaseError("'options' must be an object")
    preset = case.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise _CaseError(f"'preset' must be a preset name, not {preset!r}")
    options = dict(raw or {})
    if isinstance(case.get("players"), int):  # (settle: "players" is seat data)
        fields = {i.name for i in game_class(name).describe_options()}
        if "players" in fields:
            options.setdefault("players", case["players"])
        elif case["players"] != 4:
            raise ConfigError(f"{name} is played by 4 players, not {case['players']}")
    return make(name, case.get("preset"), **options)


def _canon_actions(game: Any, texts: Iterable[str]) -> list[str]:
    return sorted(str(game.parse_action(t)) for t in texts)


def _run_deal(game: Any, case: Mapping[str, Any]) -> tuple[str, str]:
    expect = case.get("expect") or {}
    state = game.from_setup(case["setup"])
    actions = list(case.get("actions", []))
    legal_at: dict[int, list[str]] = {}
    for item in expect.get("legal", []):
        legal_at[int(item["before"])] = _canon_actions(game, item["actions"])
    illegal = {int(item["at"]) for item in expect.get("illegal", [])}
    for k in range(len(actions) + 1):
        if k in legal_at:
            got_legal = sorted(str(a) for a in state.legal_actions())
            if got_legal != legal_at[k]:
                return "FAIL", f"legal before action {k}: expected {legal_at[k]}, got {got_legal}"
        if k == len(actions):
            break
        text = actions[k]
        if k in illegal:
            before = (state.current_player, [str(a) for a in state.legal_actions()])
            try:
                state.apply(text)
            except TrapoulaError:
                after = (state.current_player, [str(a) for a in state.legal_actions()])
                if after != before:
                    return "FAIL", f"action {k} {text!r} was refused but changed the state"
                continue
            return "FAIL", f"action {k} {text!r}: expected it to be refused, it was accepted"
        try:
            state = state.apply(text)
        except TrapoulaError as exc:
            return "FAIL", f"action {k} {text!r} was refused: {exc}"
    if "final" in expect:
        if not state.is_over:
            return "FAIL", f"expected the deal to be over, {state.current_player} is still to act"
        result = state.result or {}
        want = expect["final"]
        got = {key: result.get(key, "<missing>") for key in want}
        if _norm(got) != _norm(want):
            return "FAIL", f"final: expected {json.dumps(want)}, got {json.dumps(got)}"
    return "PASS", ""


def run_case(case: Mapping[str, Any]) -> tuple[str, str]:
    """Run one case: ``("PASS", "")``, ``("FAIL", why)`` or ``("ERROR", why)``."""
    try:
        if not isinstance(case, Mapping) or "check" not in case or "expect" not in case:
            raise _CaseError("a case needs 'id', 'game', 'check' and 'expect'")
        game = _make_game(case)
        validate_case(case, game)  # every field well formed, or ERROR
        check = case["check"]
        if check == "deal":
            return _run_deal(game, case)
        if check == "match":
            target = int(case.get("target", game.options.target))
            step = match_step(
                case["scores_before"], case["deal"], target=target,
                tie_extra_deals=int(getattr(game.options, "tie_extra_deals", 1)),
            )
            got: Any = {"scores": step.scores, "winner": step.winner,
                        "extra_deals": step.extra_deals}
        else:
            check_fn = getattr(game, "check", None)
            if check_fn is None:
                raise ConfigError(f"unknown check {check!r} for {game.name}")
            got = check_fn(case)
        want = case["expect"]
        if _norm(got) != _norm(want):
            return "FAIL", f"expected {json.dumps(want)}, got {json.dumps(got, default=str)}"
        return "PASS", ""
    except (TrapoulaError, _CaseError, CaseError) as exc:
        return "ERROR", str(exc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return "ERROR", f"malformed case ({type(exc).__name__}: {exc})"


def collect_cases(paths: Iterable[str | Path]) -> list[tuple[str, dict[str, Any]]]:
    """Every case in the given files and folders (``*.json``, recursively), with its file."""
    out: list[tuple[str, dict[str, Any]]] = []
    for p in paths:
        path = Path(p)
        if not path.exists():
            raise ConfigError(f"{path}: no such file or folder")
        files = sorted(path.rglob("*.json")) if path.is_dir() else [path]
        if not files:
            raise ConfigError(f"{path}: a folder without scenario files (*.json)")
        for f in files:
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
            except ValueError as exc:  # not JSON (or not UTF-8)
                raise ConfigError(f"{f}: not a scenario file ({exc})") from None
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ConfigError(f"{f}: not a scenario file (format must be {FORMAT!r})")
            for case in data.get("cases", []):
                out.append((str(f), case))
    return out


def run_paths(paths: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run every case of the files/folders, print one line per case and the closing line.

    A path that is missing or not a scenario file runs nothing: ``error: …`` goes to ``err``
    (standard error) and the return value is 2, a usage error (no case failed)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        cases = collect_cases(paths)
    except OSError as exc:
        print(f"error: {exc.filename}: {exc.strerror or exc}", file=err)
        return 2
    except (ValueError, TrapoulaError) as exc:
        print(f"error: {exc}", file=err)
        return 2
    passed = failed = 0
    for _, case in cases:
        status, why = run_case(case)
        cid = case.get("id", "?") if isinstance(case, dict) else "?"
        print(f"{status} {cid}" + (f": {why}" if why else ""), file=out)
        if status == "PASS":
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed", file=out)
    return 0 if failed == 0 else 1
